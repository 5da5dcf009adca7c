import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { dayInBrasilia, formatDay } from "../../app/lib/dates";
import { monthLabel } from "../../app/lib/panel";
import { STATEMENT_MESSAGES } from "../../app/validation/giving";
import { NOTICES } from "../../app/validation/messages";
import { createAccount, SENHA } from "./accounts-support";
import { waitForMail } from "./mail-support";
import { newCaretaker, publishPet } from "./pets-support";
import { expect, expectNoAxeViolations, test } from "./support";

/**
 * An organisation's accounts (issue 46) in the browser: a padrinho sponsors an animal every
 * month; the administrador imports the bank's statement, which confirms the padrinho's month
 * (the padrinho gets the receipt), sets aside a line that is no gift, records an expense and
 * opens the accounts; a visitor reads the transparency page, with the padrinho named by consent.
 */

const STATEMENT_LABEL = "Extrato do banco (OFX ou CSV, até 2 MB)";

/** A Nubank account CSV, as the app exports it: `Data,Valor,Identificador,Descrição`. */
function nubankCsv(rows: { data: string; valor: string; id: string; descricao: string }[]) {
  const lines = rows.map(({ data, valor, id, descricao }) => {
    const [y, m, d] = data.split("-");
    return `${d}/${m}/${y},${valor},${id},${descricao}`;
  });
  return Buffer.from(["Data,Valor,Identificador,Descrição", ...lines].join("\n") + "\n", "utf8");
}

test("a padrinho's Pix is matched from the bank statement, the padrinho gets the receipt, and the accounts open to the public", async ({
  page,
  browser,
}) => {
  test.slow();
  const today = dayInBrasilia(new Date());
  const month = monthLabel(today.slice(0, 7));

  // The organisation: an animal, and the Pix key set by its administrador.
  await newCaretaker(page.request, "Abrigo Contas Abertas");
  const pet = await publishPet(page.request, { nome: "Tobias" });
  const { organizacao } = (await (await page.request.get(`/adopet/api/pets/${pet.id}`)).json()) as {
    organizacao: { id: string };
  };
  const key = { chave: "pix@contasabertas.org", nome_recebedor: "Abrigo Contas Abertas", cidade_recebedor: "Niterói" };
  expect((await page.request.put(`/adopet/api/organizacoes/${organizacao.id}/pix`, { data: key })).status()).toBe(200);

  // Closed accounts: the public sees no transparency page.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  const transparency = `/adopet/organizacoes/${organizacao.id}/transparencia`;
  expect((await visitor.goto(transparency))?.status()).toBe(404);

  // The padrinho, e-mail confirmed and signed in, sponsors Tobias every month and may be named.
  const padrinhoContext = await browser.newContext();
  const padrinho = await padrinhoContext.newPage();
  const { email: padrinhoEmail } = await createAccount(padrinho.request, "Márcia Albuquerque");
  const session = await padrinho.request.post("/adopet/api/session", { data: { email: padrinhoEmail, senha: SENHA } });
  expect(session.status()).toBe(200);
  await padrinho.goto(`/adopet/pets/${pet.id}`);
  await padrinho.getByRole("link", { name: "Apadrinhe", exact: true }).click();
  const monthly = padrinho.getByRole("form", { name: "Apadrinhe todo mês" });
  await monthly.getByLabel("Valor por mês (R$)").fill("37,90");
  await monthly.getByLabel("Dia do mês").selectOption("10");
  await monthly
    .getByLabel("Pode mostrar meu nome entre os padrinhos na página de transparência da organização")
    .check();
  await monthly.getByRole("button", { name: "Apadrinhar todo mês" }).click();
  await expect(padrinho.getByText(NOTICES.sponsorshipStarted)).toBeVisible();
  await waitForMail(padrinhoEmail, /^Seu Pix do mês para Tobias$/);

  // The administrador sees the month awaiting its Pix.
  await page.goto(`/adopet/organizacoes/${organizacao.id}/configuracoes`);
  await page.getByRole("link", { name: "Ver as contas e os padrinhos" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Contas de Abrigo Contas Abertas");
  const padrinhos = page.getByRole("region", { name: "Padrinhos" });
  await expect(padrinhos).toContainText("Márcia Albuquerque apadrinha Tobias: R$ 37,90 por mês, todo dia 10.");
  await expect(padrinhos).toContainText(`${month}: aguardando o Pix`);
  await expect(
    padrinhos.getByRole("button", { name: `Confirmar o Pix de Márcia Albuquerque de ${month}` }),
  ).toBeVisible();

  // A file that is no statement is refused beside its field, which takes the focus.
  await page.getByRole("link", { name: "Importar extrato" }).click();
  const statementForm = page.getByRole("form", { name: "Importar extrato" });
  await expect(statementForm).toBeVisible();
  const fileField = statementForm.getByLabel(STATEMENT_LABEL);
  await fileField.setInputFiles({ name: "extrato.csv", mimeType: "text/csv", buffer: Buffer.from("oi\n") });
  await statementForm.getByRole("button", { name: "Importar extrato" }).click();
  await expect(statementForm.getByText(STATEMENT_MESSAGES.formato)).toBeVisible();
  await expect(fileField).toBeFocused();
  await expect(fileField).toHaveAccessibleDescription(STATEMENT_MESSAGES.formato);
  await expectNoAxeViolations(page);

  // Nubank's CSV: the padrinho's Pix (matched by amount, day and name), another credit, a debit.
  const statement = nubankCsv([
    {
      data: today,
      valor: "37.90",
      id: randomUUID(),
      descricao:
        "Transferência recebida pelo Pix - MARCIA ALBUQUERQUE - •••.123.456-•• - NU PAGAMENTOS - IP (0260) Agência: 1 Conta: 1234567-8",
    },
    {
      data: today,
      valor: "150.00",
      id: randomUUID(),
      descricao: "Transferência recebida pelo Pix - JOAO PEREIRA LIMA - •••.987.654-•• - BCO BRADESCO S.A. (0237)",
    },
    {
      data: today,
      valor: "-89.90",
      id: randomUUID(),
      descricao: "Pagamento de boleto efetuado - CASA DA RACAO LTDA",
    },
  ]);
  await fileField.setInputFiles({ name: "nubank.csv", mimeType: "text/csv", buffer: statement });
  await expect(statementForm.getByText("nubank.csv")).toBeVisible();
  await statementForm.getByRole("button", { name: "Importar extrato" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Extrato importado" })).toHaveText(
    "Extrato importado: 1 doação conciliada, 1 linha pendente, 1 saída, que não é doação.",
  );
  await expect(padrinhos).toContainText(`${month}: recebido.`);
  await expect(padrinhos.getByRole("button", { name: /^Confirmar o Pix de/ })).toHaveCount(0);
  const gifts = page.getByRole("region", { name: `Doações de ${today.slice(0, 4)}` });
  await expect(gifts).toContainText(
    `${formatDay(today)} · R$ 37,90 · Tobias · Márcia Albuquerque · apadrinhamento de ${month} · do extrato`,
  );
  await expect(gifts.getByRole("link", { name: `Baixar o recibo de ${formatDay(today)} (PDF)` })).toBeVisible();
  // The other credit waits for a decision: it is no gift (say, a transfer between accounts).
  const pending = page.getByRole("region", { name: "Linhas do extrato pendentes" });
  await expect(pending.getByRole("listitem")).toHaveCount(1);
  await expect(pending).toContainText(`${formatDay(today)} · R$ 150,00`);
  await expect(pending).toContainText("JOAO PEREIRA LIMA");
  await pending.getByRole("button", { name: "Ignorar" }).click();
  await expect(page.getByText(NOTICES.lineIgnored)).toBeVisible();
  await expect(pending).toContainText("Nenhuma linha esperando decisão.");

  // An expense for Tobias at the vet.
  await page.getByRole("link", { name: "Registrar despesa" }).click();
  const expenseForm = page.getByRole("form", { name: "Registrar despesa" });
  await expenseForm.getByLabel("Categoria").selectOption({ label: "Veterinário" });
  await expenseForm.getByLabel("Valor (R$)").fill("25,00");
  await expenseForm.getByLabel("Para qual animal (opcional)").selectOption({ label: "Tobias" });
  await expenseForm.getByLabel("Descrição (opcional)").fill("Consulta e vermífugo");
  await expectNoAxeViolations(page);
  await expenseForm.getByRole("button", { name: "Registrar despesa" }).click();
  await expect(page.getByText(NOTICES.expenseRecorded)).toBeVisible();
  await expect(page.getByRole("region", { name: `Despesas de ${today.slice(0, 4)}` })).toContainText(
    `${formatDay(today)} · R$ 25,00 · Veterinário · Tobias`,
  );
  const summary = page.getByRole("region", { name: `Resumo de ${today.slice(0, 4)}` });
  await expect(summary.getByText("Recebido: R$ 37,90", { exact: true })).toBeVisible();
  await expect(summary.getByText("Gasto: R$ 25,00", { exact: true })).toBeVisible();

  // The accounts opened to everyone.
  await page.getByRole("button", { name: "Abrir as contas ao público" }).click();
  await expect(page.getByText(NOTICES.accountsOpened)).toBeVisible();
  await expect(page.getByRole("button", { name: "Fechar as contas ao público" })).toBeVisible();

  // The padrinho is told the month arrived, and downloads the receipt signed in.
  const receiptMail = await waitForMail(padrinhoEmail, /^Recebemos o seu apadrinhamento de Tobias$/);
  const receiptLink = /https?:\/\/[^\s"]+(\/adopet\/apadrinhamentos\/recibos\/[0-9a-f-]{36})/.exec(
    receiptMail.text ?? "",
  );
  expect(receiptLink).not.toBeNull();
  const [download] = await Promise.all([
    padrinho.waitForEvent("download"),
    // Navigating to a file downloads it, and Chromium reports the navigation as aborted.
    padrinho.goto(receiptLink![1]!).catch(() => null),
  ]);
  expect(download.suggestedFilename()).toMatch(/^recibo-[0-9a-f]{10}\.pdf$/);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "recibo-")), "recibo.pdf");
  await download.saveAs(file);
  const text = execFileSync("pdftotext", [file, "-"], { encoding: "utf8" }).replace(/\s+/g, " ");
  expect(text).toContain("Recibo de doação");
  expect(text).toContain("R$ 37,90");
  expect(text).toContain("como apadrinhamento de Tobias");

  // A visitor, signed out, reads the figures, and the padrinho named as she allowed.
  await visitor.goto(transparency);
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("Transparência de Abrigo Contas Abertas");
  const totals = visitor.locator(".organization-panel__totals").first();
  await expect(totals.getByRole("definition")).toHaveText(["R$ 37,90", "R$ 25,00", "R$ 12,90"]);
  await expect(totals.getByRole("term")).toHaveText(["Recebido", "Gasto", "Saldo do ano"]);
  const byPet = visitor.getByRole("region", { name: "Recebido e gasto por animal" });
  await expect(byPet.getByRole("row", { name: /^Tobias/ }).getByRole("cell")).toHaveText([
    "R$ 37,90",
    "R$ 25,00",
    "Márcia Albuquerque",
  ]);
  await expect(visitor.getByRole("region", { name: "Recebido e gasto por mês" })).toContainText("R$ 37,90");
  await expect(visitor.getByText("JOAO PEREIRA")).toHaveCount(0);
  await expectNoAxeViolations(visitor);

  await padrinhoContext.close();
  await visitorContext.close();
});
