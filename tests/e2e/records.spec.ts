import { dayInBrasilia, formatDay } from "../../app/lib/dates";
import { NOTICES } from "../../app/validation/messages";
import { newCaretaker, publishPet } from "./pets-support";
import { expect, test } from "./support";

/**
 * Records the treasurer and the vet can trust (issue 63) in the browser: a form tapped twice
 * makes one record, and comes back empty for the next one.
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
