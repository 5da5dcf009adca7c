import type { Request } from "@playwright/test";
import { expectNoAxeViolations, expect, test } from "./support";
import { createAccount, logIn } from "./accounts-support";

test.describe("choosing a city from the IBGE list", () => {
  test("the profile suggests cities as a person types, accents and case aside, by keyboard", async ({
    page,
    request,
  }) => {
    const { email } = await createAccount(request, "Carla Cidade");
    await logIn(page, email);
    await page.goto("/adopet/perfil");
    const cidade = page.getByRole("combobox", { name: "Cidade" });
    await cidade.fill("sao goncalo");
    const list = page.getByRole("listbox", { name: "Sugestões" });
    await expect(list.getByRole("option").first()).toHaveText("São Gonçalo (RJ)");
    await expect(cidade).toHaveAttribute("aria-expanded", "true");
    await expectNoAxeViolations(page);
    await cidade.press("ArrowDown");
    await expect(list.getByRole("option").first()).toHaveAttribute("aria-selected", "true");
    await expect(cidade).toHaveAttribute("aria-activedescendant", /.+/);
    await cidade.press("Enter");
    await expect(cidade).toHaveValue("São Gonçalo (RJ)");
    await expect(list).toBeHidden();

    // A name several states have, typed without its state, is asked about; with it, saved.
    await page.getByLabel("Telefone").fill("21 98888-7777");
    await page.getByLabel("Sobre").fill("Gosto de gatos.");
    // Suggestions still on their way when Escape closed the list do not open it again (they
    // would cover the form's button): those for "Bom Jesus" are held back until Escape is pressed.
    const bomJesus = /\/api\/cidades\?q=Bom\+Jesus/;
    let pressed!: () => void;
    const escaped = new Promise<void>((resolve) => (pressed = resolve));
    await page.route(bomJesus, async (route) => {
      await escaped;
      // The page gave it up (Escape aborts it): then there is nothing left to let through.
      await route.continue().catch(() => undefined);
    });
    const asked = page.waitForRequest(bomJesus);
    await cidade.fill("Bom Jesus");
    const suggestions = await asked;
    const ended = new Promise<void>((resolve) => {
      const end = (request: Request) => void (request === suggestions && resolve());
      page.on("requestfinished", end).on("requestfailed", end);
    });
    await cidade.press("Escape");
    pressed();
    // Answered or given up; then two frames drawn, so the page has shown whatever its script made of it.
    await ended;
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await expect(list).toBeHidden();
    await expect(cidade).toHaveAttribute("aria-expanded", "false");
    await page.unroute(bomJesus);
    await page.getByRole("button", { name: "Salvar" }).click();
    await expect(cidade).toHaveAccessibleDescription(
      "Há mais de uma cidade com esse nome: escolha uma das sugestões ou escreva também o estado, como “Bom Jesus (RS)”.",
    );
    await cidade.fill("bom jesus (rs)");
    await cidade.press("Escape");
    await page.getByRole("button", { name: "Salvar" }).click();
    await expect(page.getByRole("status")).toHaveText("Usuário modificado com sucesso!");
    await expect(page.getByRole("combobox", { name: "Cidade" })).toHaveValue("Bom Jesus (RS)");
  });

  test("in the pet form a chosen city fills in its state", async ({ page, request }) => {
    const { email } = await createAccount(request, "Rita Protetora");
    await logIn(page, email);
    await page.goto("/adopet/meus-pets/novo");
    await page.getByRole("combobox", { name: "Cidade" }).fill("campos do jord");
    await page.getByRole("option", { name: "Campos do Jordão (SP)" }).click();
    await expect(page.getByRole("combobox", { name: "Cidade" })).toHaveValue("Campos do Jordão");
    await expect(page.getByLabel("Estado (UF)")).toHaveValue("SP");
    // A state chosen first narrows the suggestions.
    await page.getByLabel("Estado (UF)").selectOption("MG");
    await page.getByRole("combobox", { name: "Cidade" }).fill("bom jes");
    const options = page.getByRole("listbox").getByRole("option");
    await expect(options.first()).toHaveText(/\(MG\)$/);
    for (const text of await options.allTextContents()) expect(text).toMatch(/\(MG\)$/);
  });
});
