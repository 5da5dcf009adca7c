import { expectNoAxeViolations, expect, test } from "./support";
import { signInThroughApi } from "./accounts-support";
import { publishPet } from "./pets-support";

/** ONGs (issue 22) in the browser: becoming one from the profile, and the verified badge. */
test("a person makes their account an ONG: CNPJ and public name asked, checked, and shown as ONG", async ({ page }) => {
  const { id } = await signInThroughApi(page);
  await publishPet(page.request, { nome: "Farofa" });
  await page.goto("/adopet/perfil");
  await page.getByLabel("Telefone").fill("(21) 98765-4321");
  await page.getByLabel("Cidade").fill("Niterói (RJ)");
  await page.getByLabel("Sobre").fill("Resgatamos gatos em Niterói.");
  await page.getByRole("group", { name: "Tipo de conta" }).getByLabel("ONG").check();
  await expect(page.getByLabel("CNPJ")).toBeVisible();
  await page.getByRole("button", { name: "Salvar" }).click();
  await expect(page.getByLabel("CNPJ")).toBeFocused();
  await expect(page.getByText("Informe o CNPJ da ONG.")).toBeVisible();
  await page.getByLabel("CNPJ").fill("11.222.333/0001-82");
  await page.getByLabel("Nome público da ONG").fill("Gatinhos de Niterói");
  await page.getByRole("button", { name: "Salvar" }).click();
  await expect(page.getByText("CNPJ inválido: confira os números.")).toBeVisible();
  // A CNPJ of its own (another test may hold the demo's): generated with right check digits.
  const cnpj = await page.evaluate(() => {
    const digits = Array.from({ length: 8 }, () => Math.floor(Math.random() * 10)).concat([0, 0, 0, 1]);
    const check = (base: number[]) => {
      const weights =
        base.length === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
      const sum = base.reduce((total, digit, index) => total + digit * weights[index]!, 0);
      const rest = sum % 11;
      return rest < 2 ? 0 : 11 - rest;
    };
    const first = check(digits);
    const second = check([...digits, first]);
    return [...digits, first, second].join("");
  });
  await page.getByLabel("CNPJ").fill(cnpj);
  await page.getByRole("button", { name: "Salvar" }).click();
  await expect(page.getByText("Usuário modificado com sucesso!")).toBeVisible();
  await page.goto(`/adopet/responsaveis/${id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Gatinhos de Niterói");
  await expect(page.getByText("ONG", { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("the demo NGO's verified badge says what it means on focus", async ({ page, request }) => {
  const feed = (await (await request.get("/adopet/api/pets?q=Dunga")).json()) as {
    pets: { id: string; nome: string; responsavel: { tipo: string; verificada: boolean } }[];
  };
  const dunga = feed.pets.find((pet) => pet.nome === "Dunga")!;
  expect(dunga.responsavel).toMatchObject({ tipo: "ong", verificada: true });
  await page.goto(`/adopet/pets/${dunga.id}`);
  const badge = page.getByText("ONG verificada");
  await expect(page.getByRole("tooltip")).toBeHidden();
  await badge.focus();
  await expect(page.getByRole("tooltip")).toHaveText("Um operador da Adopet conferiu os dados desta ONG, como o CNPJ.");
  await expect(badge).toHaveAccessibleDescription("Um operador da Adopet conferiu os dados desta ONG, como o CNPJ.");
  await expectNoAxeViolations(page);
});
