import { randomInt } from "node:crypto";
import { expectNoAxeViolations, expect, test } from "./support";
import { newCaretaker, publishPet } from "./pets-support";

test.describe("searching the feed", () => {
  test("by words, near a city chosen from the suggestions, and by the record's filters", async ({ page, request }) => {
    await newCaretaker(request, "ONG Busca");
    // A made-up word only this test's pets have, so the feed shows only them.
    const marker = `quixabeira${randomInt(1_000_000)}`;
    await publishPet(request, {
      nome: "Jabuticaba",
      perfil: `Brincalhona, ${marker}`,
      cidade: "Niterói",
      uf: "RJ",
      sexo: "femea",
    });
    await publishPet(request, {
      nome: "Caju",
      perfil: `Calmo, ${marker}`,
      historia: "Cresceu entre gatinhas.",
      cidade: "São Gonçalo",
      uf: "RJ",
      sexo: "macho",
      castrado: "sim",
    });
    await publishPet(request, { nome: "Pequi", perfil: `Esperto, ${marker}`, cidade: "Curitiba", uf: "PR" });

    await page.goto("/adopet/home");
    await page.getByLabel("Buscar", { exact: true }).fill(marker);
    await page.getByRole("button", { name: "Buscar" }).click();
    await expect(page.getByText("3 animais encontrados")).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`q=${marker}`));

    // Near Niterói: nearest first, with the distance on each card.
    await page.getByText("Filtrar por cidade, espécie, porte ou idade").click();
    const perto = page.getByRole("combobox", { name: "Perto de" });
    await perto.fill("niter");
    await page.getByRole("option", { name: "Niterói (RJ)" }).click();
    await expect(perto).toHaveValue("Niterói (RJ)");
    await page.getByLabel("Raio").selectOption("25");
    await page.getByRole("button", { name: "Filtrar" }).click();
    await expect(page.getByText("2 animais encontrados")).toBeVisible();
    const cards = page.getByRole("article");
    await expect(cards).toHaveText([/Jabuticaba.*na cidade/s, /Caju.*a 7 km/s]);
    await expectNoAxeViolations(page);

    // The record's filters narrow it further; the URL keeps everything.
    await page.getByLabel("Castração").selectOption("sim");
    await page.getByRole("group", { name: "Convive bem com" }).getByRole("checkbox", { name: "Crianças" }).check();
    await page.getByRole("button", { name: "Filtrar" }).click();
    await expect(page.getByText("Nenhum animal encontrado.")).toBeVisible();
    await expect(page).toHaveURL(/castrado=sim/);
    await expect(page).toHaveURL(/convive_com=criancas/);
    await page.getByRole("group", { name: "Convive bem com" }).getByRole("checkbox", { name: "Crianças" }).uncheck();
    await page.getByRole("button", { name: "Filtrar" }).click();
    await expect(cards).toHaveText([/Caju/]);

    // Words are stemmed and accents ignored: "gatinha" finds "gatinhas".
    await page.goto(`/adopet/home?q=${encodeURIComponent(`gatinha ${marker}`)}`);
    await expect(cards).toHaveText([/Caju/]);
  });

  test("a city it does not know is said so, without a list of pets", async ({ page }) => {
    await page.goto("/adopet/home?perto=Atl%C3%A2ntida");
    await expect(page.getByText("Cidade não encontrada: escolha uma das sugestões.")).toBeVisible();
    await expect(
      page.getByRole("textbox", { name: "Perto de" }).or(page.getByRole("combobox", { name: "Perto de" })),
    ).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("Nenhum animal encontrado.")).toBeVisible();
  });
});
