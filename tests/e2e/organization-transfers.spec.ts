import { randomInt } from "node:crypto";
import { NOTICES } from "../../app/validation/messages";
import { expectNoAxeViolations, expect, test } from "./support";
import { newCaretaker, publishPet } from "./pets-support";

/**
 * An animal passed between organisations (issue 43): one administradora asks from the animal's
 * transfer page, finding the other organisation by its code (issue 62: or its name or CNPJ) and
 * confirming it; the other accepts on her organisation's page; the animal's page then names the
 * new organisation.
 */
test("an animal is transferred: asked with the other organisation's code, accepted on its page", async ({
  page,
  browser,
}) => {
  const nome = `Tufão${randomInt(1_000_000)}`;
  // The receiving administradora, in a browser of her own: her organisation is made as she publishes.
  const receiverContext = await browser.newContext();
  const receiver = await receiverContext.newPage();
  await newCaretaker(receiver.request, "Olga Recebe");
  const own = await publishPet(receiver.request, { nome: `Casa${randomInt(1_000_000)}` });
  const { organizacao } = (await (await receiver.request.get(`/adopet/api/pets/${own.id}`)).json()) as {
    organizacao: { id: string };
  };
  await receiver.goto(`/adopet/organizacoes/${organizacao.id}/configuracoes`);
  const code = await receiver.getByRole("region", { name: "Transferências" }).locator("code").textContent();
  expect(code).toBe(organizacao.id);

  // The giving administradora asks, from the animal's edit page.
  await newCaretaker(page.request, "Ivo Doa");
  const pet = await publishPet(page.request, { nome });
  await page.goto(`/adopet/meus-pets/${pet.id}`);
  await page.getByRole("link", { name: "Transferir para outra organização" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Transferir ${nome}`);
  const search = page.getByLabel("Nome, CNPJ ou código da organização");
  await search.fill("nao-e-um-codigo");
  await page.getByRole("button", { name: "Buscar" }).click();
  await expect(page.getByText("Nenhuma organização encontrada.", { exact: false })).toBeVisible();
  await expectNoAxeViolations(page);
  await search.fill(code!);
  await page.getByRole("button", { name: "Buscar" }).click();
  await page.getByRole("list", { name: "Organizações encontradas" }).getByRole("link", { name: "Olga Recebe" }).click();
  await expect(page.getByRole("heading", { name: "Confirme a organização" })).toBeVisible();
  await page.getByRole("button", { name: "Pedir a transferência" }).click();
  await expect(page.getByRole("status").first()).toHaveText(NOTICES.transferRequested);
  await expect(page.getByText("esperando a resposta de Olga Recebe.", { exact: false })).toBeVisible();

  // The receiving administradora accepts it on her organisation's page.
  await receiver.reload();
  const transfers = receiver.getByRole("region", { name: "Transferências" });
  await expect(transfers).toContainText(`${nome} de Ivo Doa`);
  await expectNoAxeViolations(receiver);
  await transfers.getByRole("button", { name: `Aceitar ${nome}` }).click();
  await expect(receiver.getByRole("status").first()).toHaveText(NOTICES.transferAccepted);
  await expect(transfers).toContainText("Aceita");
  await receiver.goto(`/adopet/pets/${pet.id}`);
  await expect(receiver.getByRole("main").getByText("Olga Recebe").first()).toBeVisible();
  await receiverContext.close();
});
