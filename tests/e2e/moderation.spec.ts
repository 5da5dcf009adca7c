import { randomInt } from "node:crypto";
import { expectNoAxeViolations, expect, test } from "./support";
import { logInThroughForm, OPERATOR, signInThroughApi } from "./accounts-support";

/** `/moderacao` (issue 22) in the browser: an operator (made as a real site makes one) verifies an ONG, with a reason, logged. */

/** A CNPJ with right check digits, new for each run. */
function newCnpj(): string {
  const digits = [...Array.from({ length: 8 }, () => randomInt(10)), 0, 0, 0, 1];
  const check = (base: number[]) => {
    const weights = base.length === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    const rest = base.reduce((total, digit, index) => total + digit * weights[index]!, 0) % 11;
    return rest < 2 ? 0 : 11 - rest;
  };
  const first = check(digits);
  return [...digits, first, check([...digits, first])].join("");
}

test("an operator verifies an ONG with a reason; the badge shows and the log says who, what and why", async ({
  page,
  browser,
}) => {
  // An ONG, in a browser of its own.
  const ongContext = await browser.newContext();
  const ongPage = await ongContext.newPage();
  const { id } = await signInThroughApi(ongPage);
  const nome = `Abrigo ${randomInt(1_000_000)}`;
  const made = await ongPage.request.patch(`/adopet/api/users/${id}`, {
    data: { tipo: "ong", cnpj: newCnpj(), nome_publico: nome },
  });
  expect(made.status()).toBe(200);
  await ongContext.close();

  // Not an operator: the page does not exist.
  const response = await page.goto("/adopet/moderacao");
  expect(response!.status()).toBe(404);

  await logInThroughForm(page, OPERATOR.email, OPERATOR.senha);
  // Two steps from any page, as every entry: the menu, then Moderação with what waits.
  await page.getByText("Minha conta").click();
  await page
    .getByRole("navigation", { name: "Sua conta" })
    .getByRole("link", { name: /^Moderação, \d+ ite(m|ns) a analisar$/ })
    .click();
  await expect(page).toHaveURL(/\/adopet\/moderacao$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Moderação");
  await expectNoAxeViolations(page);
  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: nome }) });
  await card.getByRole("button", { name: `Verificar ${nome}` }).click();
  await expect(card.getByText("Diga o motivo: ele fica no registro de ações.")).toBeVisible();
  await expect(card.getByLabel("Motivo (como o CNPJ foi conferido)")).toBeFocused();
  await card.getByLabel("Motivo (como o CNPJ foi conferido)").fill("CNPJ ativo na Receita Federal");
  await card.getByRole("button", { name: `Verificar ${nome}` }).click();
  await expect(page.getByText("ONG verificada. A ação ficou no registro.")).toBeVisible();
  await expect(page.getByText(`Verificou a ONG: ${nome}`, { exact: false })).toBeVisible();
  await expect(page.getByText("Motivo: CNPJ ativo na Receita Federal").first()).toBeVisible();
  const seen = (await (await page.request.get(`/adopet/api/users/${id}`)).json()) as { verificada: boolean };
  expect(seen.verificada).toBe(true);
});
