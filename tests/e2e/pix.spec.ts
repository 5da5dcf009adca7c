import { NOTICES } from "../../app/validation/messages";
import { PIX_MESSAGES } from "../../app/validation/pix";
import { waitForMail } from "./mail-support";
import { newCaretaker, publishPet } from "./pets-support";
import { expect, expectNoAxeViolations, test, saveScreenshot } from "./support";

/**
 * Gifts by Pix (issue 46) in the browser: an organisation's administrador sets its key (and is
 * told by e-mail), and a visitor sponsors one of its animals: an amount, the QR code, and the
 * code copied for the bank's app.
 */

/** EMV fields of a BR Code, read apart from the app's builder. */
function fieldsOf(code: string): Map<string, string> {
  const fields = new Map<string, string>();
  for (let at = 0; at < code.length;) {
    const length = Number(code.slice(at + 2, at + 4));
    fields.set(code.slice(at, at + 2), code.slice(at + 4, at + 4 + length));
    at += 4 + length;
  }
  return fields;
}

test("an administrador sets the Pix key, and a visitor sponsors an animal with the code it makes", async ({
  page,
  browser,
}) => {
  const { email } = await newCaretaker(page.request, "Lar da Dona Cida");
  const pet = await publishPet(page.request, { nome: "Bolota" });
  const { organizacao } = (await (await page.request.get(`/adopet/api/pets/${pet.id}`)).json()) as {
    organizacao: { id: string };
  };
  // No key yet: no `Apadrinhe`, and its page says why.
  await page.goto(`/adopet/pets/${pet.id}`);
  await expect(page.getByRole("link", { name: "Apadrinhe", exact: true })).toHaveCount(0);

  await page.goto(`/adopet/organizacoes/${organizacao.id}/configuracoes`);
  const section = page.getByRole("form", { name: "Doações por Pix" });
  await expect(section.getByText("Ainda sem chave Pix")).toBeVisible();
  await section.getByLabel("Chave Pix").fill("123.456.789-00");
  await section.getByLabel("Nome de quem recebe").fill("Cida Protetora");
  await section.getByLabel("Cidade de quem recebe").fill("Niterói");
  await section.getByRole("button", { name: "Salvar a chave Pix" }).click();
  await expect(section.getByText(PIX_MESSAGES.chave)).toBeVisible();
  await expect(section.getByLabel("Chave Pix")).toBeFocused();
  await section.getByLabel("Chave Pix").fill("(21) 99876-5432");
  await section.getByRole("button", { name: "Salvar a chave Pix" }).click();
  await expect(page.getByText(NOTICES.pixSaved)).toBeVisible();
  await expect(page.getByRole("form", { name: "Doações por Pix" })).toContainText("+55 21 99876-5432 (Celular)");
  await expectNoAxeViolations(page);
  const mail = await waitForMail(email, /^A chave Pix de .+ foi alterada$/);
  expect(mail.text?.replace(/\s+/g, " ")).toContain("a chave +55 21 99876-5432 (Celular), de Cida Protetora, Niterói.");

  // A visitor, signed out, sponsors Bolota.
  const context = await browser.newContext();
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const visitor = await context.newPage();
  await visitor.goto(`/adopet/pets/${pet.id}`);
  await visitor.getByRole("link", { name: "Apadrinhe", exact: true }).click();
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("Apadrinhe Bolota");
  await expect(visitor.getByLabel("Pix copia e cola")).toHaveCount(0);
  await expectNoAxeViolations(visitor);
  // A wrong amount is said so; a right one makes the code.
  await visitor.getByLabel("Outro valor (R$)").fill("0,10");
  await visitor.getByRole("button", { name: "Gerar o código Pix" }).click();
  await expect(visitor.getByRole("alert")).toHaveText(PIX_MESSAGES.valor);
  await visitor.getByLabel("Outro valor (R$)").fill("35,50");
  await visitor.getByRole("button", { name: "Gerar o código Pix" }).click();
  await expect(visitor.getByRole("heading", { name: "Pix de R$ 35,50" })).toBeVisible();
  await expect(visitor.getByRole("img", { name: "QR code do Pix de R$ 35,50 para Cida Protetora" })).toBeVisible();
  const code = await visitor.getByLabel("Pix copia e cola").inputValue();
  const fields = fieldsOf(code);
  expect([fields.get("54"), fields.get("59"), fields.get("60")]).toEqual(["35.50", "Cida Protetora", "NITEROI"]);
  expect(fieldsOf(fields.get("26")!).get("01")).toBe("+5521998765432");
  await expect(visitor.getByText("Confira no app do banco: o Pix vai para Cida Protetora (Niterói)")).toBeVisible();
  await visitor.getByRole("button", { name: "Copiar código" }).click();
  await expect(visitor.getByText("Código copiado.")).toBeVisible();
  expect(await visitor.evaluate(() => navigator.clipboard.readText())).toBe(code);
  // A suggested amount is one tap.
  await visitor.getByRole("link", { name: "R$ 50" }).click();
  await expect(visitor.getByRole("heading", { name: "Pix de R$ 50,00" })).toBeVisible();
  await expect(visitor.getByRole("link", { name: "R$ 50" })).toHaveAttribute("aria-current", "true");
  await expectNoAxeViolations(visitor);
  await context.close();
});

test("a padrinho sponsors an animal every month, gets the month's code by e-mail, and stops", async ({ page }) => {
  const caretaker = await page.context().browser()!.newContext();
  await newCaretaker(caretaker.request, "Abrigo Padrinhos");
  const pet = await publishPet(caretaker.request, { nome: "Amora" });
  const { organizacao } = (await (await caretaker.request.get(`/adopet/api/pets/${pet.id}`)).json()) as {
    organizacao: { id: string };
  };
  const key = { chave: "pix@abrigopadrinhos.org", nome_recebedor: "Abrigo Padrinhos", cidade_recebedor: "Niterói" };
  expect((await caretaker.request.put(`/adopet/api/organizacoes/${organizacao.id}/pix`, { data: key })).status()).toBe(
    200,
  );
  await caretaker.close();

  const { email } = await newCaretaker(page.request, "Paulo Padrinho");
  await page.goto(`/adopet/pets/${pet.id}/apadrinhe`);
  const form = page.getByRole("form", { name: "Apadrinhe todo mês" });
  await form.getByLabel("Valor por mês (R$)").fill("0");
  await form.getByRole("button", { name: "Apadrinhar todo mês" }).click();
  await expect(form.getByText(PIX_MESSAGES.valor)).toBeVisible();
  await form.getByLabel("Valor por mês (R$)").fill("20,00");
  await form.getByLabel("Dia do mês").selectOption("15");
  await form.getByRole("button", { name: "Apadrinhar todo mês" }).click();
  await expect(page).toHaveURL(/\/adopet\/apadrinhamentos$/);
  await expect(page.getByText(NOTICES.sponsorshipStarted)).toBeVisible();
  await expect(page.getByRole("list", { name: "Apadrinhamentos" })).toContainText("R$ 20,00 por mês, todo dia 15");
  await expectNoAxeViolations(page);

  const mail = await waitForMail(email, /^Seu Pix do mês para Amora$/);
  const code = /^(000201.*)$/m.exec(mail.text ?? "")![1]!.trim();
  expect(fieldsOf(code).get("54")).toBe("20.00");
  await page.getByRole("link", { name: "Ver o código Pix do mês" }).click();
  await expect(page.getByLabel("Pix copia e cola")).toHaveValue(code);
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Parar de apadrinhar" }).click();
  await expect(page.getByText(NOTICES.sponsorshipStopped)).toBeVisible();
  await expect(page.getByRole("list", { name: "Apadrinhamentos" })).toContainText("Você parou em");

  // The e-mail's stop link, opened without a login: its page at 360 and 1440 px, once stopped.
  const stop = /\/adopet\/apadrinhamentos\/parar\?token=[\w.-]+/.exec(mail.text ?? "")![0]!;
  const visitor = await page.context().browser()!.newContext();
  const stopPage = await visitor.newPage();
  await stopPage.goto(stop);
  await expect(stopPage.getByRole("status").filter({ hasText: "Apadrinhamento de Amora" })).toHaveText(
    "Apadrinhamento de Amora encerrado: você não recebe mais códigos Pix dele. Obrigado pela ajuda!",
  );
  for (const width of [360, 1440]) {
    await stopPage.setViewportSize({ width, height: 800 });
    await expectNoAxeViolations(stopPage);
    await saveScreenshot(stopPage, `apadrinhamento-parar-${width}.png`, { fullPage: true });
  }
  await visitor.close();
});
