import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { dayInBrasilia, formatDay } from "../../app/lib/dates";
import { NOTICES } from "../../app/validation/messages";
import { newCaretaker, publishPet } from "./pets-support";
import { expect, expectNoAxeViolations, expectNoHorizontalScroll, saveScreenshot, test, WIDTHS } from "./support";

/**
 * Records the treasurer and the vet can trust (issue 63) in the browser: a form tapped twice
 * makes one record, and comes back empty for the next one; a delete asks once more, and what was
 * deleted by mistake comes back from the Lixeira.
 */

test("a double tap on the health, gift and expense forms makes one record each; the form is empty or closed after", async ({
  page,
}) => {
  const today = dayInBrasilia(new Date());
  await newCaretaker(page.request, "Abrigo Toque Duplo");
  const pet = await publishPet(page.request, { nome: "Pingo" });
  const { organizacao } = (await (await page.request.get(`/adopet/api/pets/${pet.id}`)).json()) as {
    organizacao: { id: string };
  };
  const api = `/adopet/api/organizacoes/${organizacao.id}`;
  const count = async (url: string, list: string) =>
    ((await (await page.request.get(url)).json()) as Record<string, unknown[]>)[list]!.length;

  // A weight on the health record.
  await page.goto(`/adopet/pets/${pet.id}/saude?tipo=peso`);
  await page.getByLabel("Peso (kg)").fill("12,5");
  await page.getByRole("button", { name: "Registrar peso" }).dblclick();
  await expect(page.getByText(NOTICES.healthAdded)).toBeVisible();
  await expect(page.getByText("Peso: 12,5 kg")).toHaveCount(1);
  await expect(page.getByLabel("Peso (kg)")).toHaveValue("");
  expect(await count(`/adopet/api/pets/${pet.id}/saude`, "registros")).toBe(1);

  // A gift, then an expense, on the accounts.
  await page.goto(`/adopet/organizacoes/${organizacao.id}/contas?registrar=doacao#registrar`);
  const gift = page.getByRole("form", { name: "Registrar doação" });
  await gift.getByLabel("Valor (R$)").fill("40,00");
  await gift.getByLabel("Nome de quem doou (opcional)").fill("Roberto Alves Nunes");
  await gift.getByRole("button", { name: "Registrar doação" }).dblclick();
  await expect(page.getByText(NOTICES.donationRecorded)).toBeVisible();
  expect(await count(`${api}/doacoes`, "doacoes")).toBe(1);
  // The accounts' forms close once saved, one at a time (`?registrar=`).
  await expect(gift).toBeHidden();

  await page.goto(`/adopet/organizacoes/${organizacao.id}/contas?registrar=despesa#registrar`);
  const expense = page.getByRole("form", { name: "Registrar despesa" });
  await expense.getByLabel("Categoria").selectOption({ label: "Ração" });
  await expense.getByLabel("Valor (R$)").fill("89,90");
  await expense.getByRole("button", { name: "Registrar despesa" }).dblclick();
  await expect(page.getByText(NOTICES.expenseRecorded)).toBeVisible();
  await expect(page.getByRole("region", { name: `Despesas de ${today.slice(0, 4)}` })).toContainText(
    `${formatDay(today)} · R$ 89,90 · Ração`,
  );
  expect(await count(`${api}/despesas`, "despesas")).toBe(1);
  await expect(expense).toBeHidden();
});

test("an expense deleted by mistake is restored from the Lixeira, and the transparency page shows it again", async ({
  page,
  browser,
}) => {
  const today = dayInBrasilia(new Date());
  await newCaretaker(page.request, "Abrigo Lixeira");
  const pet = await publishPet(page.request, { nome: "Fubá" });
  const { organizacao } = (await (await page.request.get(`/adopet/api/pets/${pet.id}`)).json()) as {
    organizacao: { id: string };
  };
  const api = `/adopet/api/organizacoes/${organizacao.id}`;
  const made = await page.request.post(`${api}/despesas`, {
    data: { categoria: "veterinario", valor: 120, data: today, descricao: "Castração da Fubá" },
  });
  expect(made.status()).toBe(201);
  expect((await page.request.put(`${api}/transparencia`, { data: { publica: true } })).status()).toBe(204);
  const visitor = await (await browser.newContext()).newPage();
  const transparency = `/adopet/organizacoes/${organizacao.id}/transparencia`;
  const spent = async () => {
    await visitor.goto(transparency);
    return visitor.getByText("Gasto", { exact: true }).locator("xpath=following-sibling::dd[1]").innerText();
  };
  expect(await spent()).toBe("R$ 120,00");

  // `Apagar` asks once more, saying where the expense goes; then it is gone from the public page.
  await page.goto(`/adopet/organizacoes/${organizacao.id}/contas`);
  await page.getByRole("link", { name: `Apagar a despesa de R$ 120,00 de ${formatDay(today)}` }).click();
  const question = page.getByRole("heading", { name: /^Apagar a despesa de R\$ 120,00 \(Veterinário\)/ });
  await expect(question).toBeFocused();
  await expect(page.getByText("Fica na Lixeira da organização por 30 dias")).toBeVisible();
  await expectNoAxeViolations(page);
  await page.locator("#confirmar").getByRole("button", { name: "Apagar" }).click();
  await expect(page.getByText(NOTICES.expenseDeleted)).toBeVisible();
  expect(await spent()).toBe("R$ 0,00");

  // From the organisation's menu to the Lixeira, where the administrador restores it.
  await page
    .getByRole("navigation", { name: "Menu da organização" })
    .getByRole("link", { name: "Lixeira", exact: true })
    .click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Lixeira");
  await expect(page.getByText(`Despesa de R$ 120,00 (Veterinário) em ${formatDay(today)}`)).toBeVisible();
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    await expectNoHorizontalScroll(page);
    await saveScreenshot(page, `lixeira-${width}.png`, { fullPage: true });
  }
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: /^Restaurar: Despesa de R\$ 120,00/ }).click();
  await expect(page.getByText(NOTICES.trashRestored)).toBeVisible();
  await expect(page.getByText("A Lixeira está vazia.")).toBeVisible();
  expect(await spent()).toBe("R$ 120,00");

  // The log says who deleted and who restored it, narrowed to restores.
  await page.getByRole("navigation", { name: "Menu da organização" }).getByRole("link", { name: "Atividade" }).click();
  await page.getByLabel("Tipo").selectOption({ label: "Restaurado da Lixeira" });
  await page.getByRole("button", { name: "Filtrar" }).click();
  await expect(page).toHaveURL(/acao=item_restaurado/);
  const entries = page.getByRole("list", { name: "Registros" }).getByRole("listitem");
  await expect(entries).toHaveCount(1);
  await expect(entries).toContainText("restaurou da Lixeira: Despesa de R$ 120,00 (Veterinário)");
  await expectNoAxeViolations(page);
});

test("a donor's name travels from the bank statement to the gift, its receipt and Doadores", async ({ page }) => {
  const today = dayInBrasilia(new Date());
  await newCaretaker(page.request, "Abrigo Doadores");
  const pet = await publishPet(page.request, { nome: "Cacau" });
  const { organizacao } = (await (await page.request.get(`/adopet/api/pets/${pet.id}`)).json()) as {
    organizacao: { id: string };
  };
  const api = `/adopet/api/organizacoes/${organizacao.id}`;
  const statement = [
    "Data,Valor,Identificador,Descrição",
    `${formatDay(today)},60.00,${crypto.randomUUID()},Transferência recebida pelo Pix - ROBERTO ALVES NUNES - •••.123.456-•• - NU PAGAMENTOS - IP (0260) Agência: 1 Conta: 1234567-8`,
  ].join("\n");
  const imported = await page.request.post(`${api}/extratos`, {
    multipart: { arquivo: { name: "extrato.csv", mimeType: "text/csv", buffer: Buffer.from(statement) } },
  });
  expect(imported.status()).toBe(200);

  // The team makes the line a gift for Cacau: the list names the payer.
  await page.goto(`/adopet/organizacoes/${organizacao.id}/contas`);
  await page.getByLabel("Para", { exact: true }).selectOption({ label: "Cacau" });
  await page.getByRole("button", { name: "Registrar como doação" }).click();
  await expect(page.getByText(NOTICES.donationRecorded)).toBeVisible();
  const gifts = page.getByRole("region", { name: `Doações de ${today.slice(0, 4)}` });
  await expect(gifts).toContainText(`${formatDay(today)} · R$ 60,00 · Cacau · Roberto Alves Nunes · do extrato`);

  // Its receipt names him.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    gifts.getByRole("link", { name: `Baixar o recibo de ${formatDay(today)} (PDF)` }).click(),
  ]);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "recibo-")), "recibo.pdf");
  await download.saveAs(file);
  const receipt = execFileSync("pdftotext", [file, "-"], { encoding: "utf8" }).replace(/\s+/g, " ");
  expect(receipt).toContain("recebeu de Roberto Alves Nunes a quantia de R$ 60,00 (sessenta reais)");

  // And Doadores lists him, with his year's statement.
  await page.getByRole("link", { name: "Ver os doadores" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Doadores");
  const donors = page.getByRole("list", { name: "Doadores" });
  await expect(donors).toContainText("Roberto Alves Nunes");
  await expect(donors).toContainText(`R$ 60,00 em 1 doação, a última em ${formatDay(today)}`);
  await expect(
    donors.getByRole("link", { name: `Declaração de ${today.slice(0, 4)} de Roberto Alves Nunes (PDF)` }),
  ).toBeVisible();
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    await expectNoHorizontalScroll(page);
    await saveScreenshot(page, `doadores-${width}.png`, { fullPage: true });
  }
  await expectNoAxeViolations(page);
});
