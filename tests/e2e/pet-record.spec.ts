import { expectNoAxeViolations, expect, test } from "./support";
import { createAccount, logIn, SENHA } from "./accounts-support";
import sharp from "sharp";
import { photo, uniqueCity } from "./pets-support";

test.describe("a pet's full record", () => {
  test("a caretaker fills the record, the pet page shows it, and an edit clears part of it", async ({
    page,
    request,
  }) => {
    const { email } = await createAccount(request, "Rita Protetora");
    await logIn(page, email);
    await page.goto("/adopet/meus-pets/novo");

    // The sex is required for a new pet.
    await page.getByRole("button", { name: "Publicar" }).click();
    await expect(page.getByLabel("Sexo")).toHaveAccessibleDescription("Escolha o sexo do animal.");

    await page.getByLabel("Nome do animal").fill("Paçoca");
    await page.getByLabel("Espécie").selectOption("gato");
    // A cat's vaccines, not a dog's.
    const vacinas = page.getByRole("group", { name: "Vacinas" });
    await expect(vacinas.getByRole("checkbox", { name: "V4" })).toBeVisible();
    await expect(vacinas.getByRole("checkbox", { name: "V10" })).toHaveCount(0);
    await page.getByLabel("Sexo").selectOption("femea");
    await page.getByLabel("Idade", { exact: true }).fill("2");
    await page.getByLabel("Porte").selectOption("pequeno");
    await page.getByLabel("Perfil").fill("Curiosa e ronronante. Vendo por R$ 200");
    await page.getByLabel("História (opcional)").fill("Chegou num dia de chuva.\nHoje dorme na janela.");
    await page.getByLabel("Castração", { exact: true }).selectOption("agendado");
    await vacinas.getByRole("checkbox", { name: "V4" }).check();
    await vacinas.getByRole("checkbox", { name: "Antirrábica" }).check();
    await page.getByLabel("Vermifugado").selectOption("sim");
    await page.getByLabel("Microchip (opcional)").fill("98200012345678");
    const conviveCom = page.getByRole("group", { name: "Convive bem com" });
    await conviveCom.getByRole("checkbox", { name: "Crianças" }).check();
    await conviveCom.getByRole("checkbox", { name: "Gatos" }).check();
    await page.getByLabel("Necessidades especiais (opcional)").fill("Ração renal");
    const { cidade, uf } = uniqueCity();
    await page.getByLabel("Cidade").fill(cidade);
    await page.getByLabel("Estado (UF)").selectOption(uf);
    await page.getByLabel("Taxa de adoção (opcional)").fill("1500");
    await page.getByLabel(/^Fotos/).setInputFiles(await photo("#d9c2a7"));
    await page.getByRole("button", { name: "Publicar" }).click();

    // Each refusal on its field, the first one focused.
    const saleText =
      "A Adopet é só para adoção: tire do texto o preço ou a oferta de venda. Se houver uma taxa de adoção, informe-a no campo Taxa de adoção.";
    await expect(page.getByLabel("Perfil")).toHaveAccessibleDescription(saleText);
    await expect(page.getByLabel("Perfil")).toBeFocused();
    await expect(page.getByLabel("Data agendada da castração")).toHaveAccessibleDescription(
      /Informe a data agendada para a castração\./,
    );
    await expect(page.getByLabel("Microchip (opcional)")).toHaveAccessibleDescription(
      /O microchip deve ter 15 dígitos\./,
    );
    await expect(page.getByLabel("Taxa de adoção (opcional)")).toHaveAccessibleDescription(
      /A taxa de adoção deve ser um valor de R\$ 0,00 a R\$ 1\.000,00\./,
    );
    await expectNoAxeViolations(page);

    await page.getByLabel("Perfil").fill("Curiosa e ronronante");
    await page.getByLabel("Data agendada da castração").fill("2027-03-12");
    await page.getByLabel("Microchip (opcional)").fill("982 000 123 456 789");
    await page.getByLabel("Taxa de adoção (opcional)").fill("50,00");
    await page.getByLabel(/^Fotos/).setInputFiles(await photo("#d9c2a7"));
    await page.getByRole("button", { name: "Publicar" }).click();
    await expect(page.getByRole("status")).toHaveText("Animal publicado com sucesso!");

    const main = page.getByRole("main");
    const fact = (term: string) => main.locator("dt", { hasText: term }).locator("+ dd");
    await expect(fact("Sexo")).toHaveText("Fêmea");
    await expect(fact("Castração")).toHaveText("Agendada para 12/03/2027");
    await expect(fact("Vacinas")).toHaveText("V4 e Antirrábica");
    await expect(fact("Vermifugado")).toHaveText("Sim");
    await expect(fact("Microchip")).toHaveText("982000123456789");
    await expect(fact("Convive bem com")).toHaveText("Crianças e gatos");
    await expect(fact("Necessidades especiais")).toHaveText("Ração renal");
    await expect(main.getByText("Taxa de adoção: R$ 50,00")).toBeVisible();
    const story = main.getByRole("region", { name: "História" });
    await expect(story).toContainText("Chegou num dia de chuva.");
    // The line break is kept.
    expect(await story.locator("p").evaluate((node) => (node as HTMLElement).innerText)).toBe(
      "Chegou num dia de chuva.\nHoje dorme na janela.",
    );
    await expectNoAxeViolations(page);

    // The card shows the sex with a named icon.
    await page.goto(`/adopet/home?cidade=${encodeURIComponent(cidade)}`);
    await expect(page.getByRole("article", { name: "Paçoca" }).getByRole("img", { name: "Fêmea" })).toBeVisible();

    // Edit: castrated now, no fee, no story; the vaccines stay ticked.
    await page.goto("/adopet/meus-pets");
    await page.getByRole("link", { name: "Editar Paçoca" }).click();
    await expect(vacinas.getByRole("checkbox", { name: "V4" })).toBeChecked();
    await expect(page.getByLabel("Taxa de adoção (opcional)")).toHaveValue("50,00");
    await page.getByLabel("Castração", { exact: true }).selectOption("sim");
    await page.getByLabel("Taxa de adoção (opcional)").fill("");
    await page.getByLabel("História (opcional)").fill("");
    await conviveCom.getByRole("checkbox", { name: "Crianças" }).uncheck();
    await page.getByRole("button", { name: "Salvar" }).click();
    await expect(page.getByRole("status")).toHaveText("Animal atualizado com sucesso!");
    await expect(fact("Castração")).toHaveText("Castrado");
    await expect(fact("Vacinas")).toHaveText("V4 e Antirrábica");
    await expect(fact("Convive bem com")).toHaveText("Gatos");
    await expect(main.getByText(/Taxa de adoção/)).toHaveCount(0);
    await expect(main.getByRole("region", { name: "História" })).toHaveCount(0);
  });
});

test.describe("a pet's full record without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("every species' vaccines are offered, and the server checks them against the species", async ({ page }) => {
    // The page's own request context shares its cookies: signed in by the API.
    const { email } = await createAccount(page.request, "Rita Protetora");
    expect((await page.request.post("/adopet/api/session", { data: { email, senha: SENHA } })).status()).toBe(200);
    await page.goto("/adopet/meus-pets/novo");
    const vacinas = page.getByRole("group", { name: "Vacinas" });
    await expect(vacinas.getByRole("checkbox")).toHaveCount(6);
    await page.getByLabel("Nome do animal").fill("Toddy");
    await page.getByLabel("Espécie").selectOption("cao");
    await page.getByLabel("Sexo").selectOption("macho");
    await page.getByLabel("Idade", { exact: true }).fill("3");
    await page.getByLabel("Porte").selectOption("medio");
    await page.getByLabel("Perfil").fill("Parceiro de caminhada");
    await vacinas.getByRole("checkbox", { name: "V3" }).check();
    await page.getByLabel("Cidade").fill("Cidadezinha Imaginária");
    await page.getByLabel("Estado (UF)").selectOption("RJ");
    await page.getByLabel(/^Fotos/).setInputFiles(await photo("#a7c2d9"));
    await page.getByRole("button", { name: "Publicar" }).click();
    // A dog's form comes back with a dog's vaccines, and the refusal.
    await expect(vacinas).toContainText("Escolha apenas vacinas de cães.");
    await expect(vacinas.getByRole("checkbox")).toHaveCount(3);

    // Without suggestions, the server resolves the typed name, or says it knows no such city.
    await page.getByLabel(/^Fotos/).setInputFiles(await photo("#a7c2d9"));
    await page.getByRole("button", { name: "Publicar" }).click();
    await expect(page.getByLabel("Cidade")).toHaveAccessibleDescription(
      "Cidade não encontrada: confira o nome e o estado, ou escolha uma das sugestões.",
    );
    await expect(page.getByLabel("Cidade")).toBeFocused();
    await page.getByLabel("Cidade").fill("marica");
    await page.getByLabel(/^Fotos/).setInputFiles(await photo("#a7c2d9"));
    await page.getByRole("button", { name: "Publicar" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Toddy" })).toBeVisible();
    await expect(page.getByRole("main")).toContainText("Maricá (RJ)");
  });
});

test.describe("the photos of a pet", () => {
  test("are chosen with a button in Portuguese, previewed, reordered and given a cover, by keyboard too", async ({
    page,
    request,
  }) => {
    const { email } = await createAccount(request, "Rita Protetora");
    await logIn(page, email);
    await page.goto("/adopet/meus-pets/novo");
    await expect(page.getByText("Escolher fotos", { exact: true })).toBeVisible();
    await page.getByLabel(/^Fotos/).setInputFiles([
      { ...(await photo("#ff0000")), name: "vermelha.png" },
      { ...(await photo("#0000ff")), name: "azul.png" },
    ]);
    const chosen = page.getByRole("list", { name: "Prévia das fotos escolhidas" });
    await expect(chosen.getByRole("img")).toHaveCount(2);
    await expect(chosen.getByRole("listitem").first()).toContainText("Capa");
    await expectNoAxeViolations(page);
    // The blue one becomes the cover, by keyboard.
    await chosen.getByRole("button", { name: "Usar a foto 2 como capa" }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByText("A foto 2 agora é a capa.")).toBeAttached();

    await page.getByLabel("Nome do animal").fill("Anil");
    await page.getByLabel("Espécie").selectOption("cao");
    await page.getByLabel("Sexo").selectOption("macho");
    await page.getByLabel("Idade", { exact: true }).fill("1");
    await page.getByLabel("Porte").selectOption("medio");
    await page.getByLabel("Perfil").fill("Azul de tão calmo");
    await page.getByLabel("Cidade").fill("Niterói");
    await page.getByLabel("Estado (UF)").selectOption("RJ");
    await page.getByRole("button", { name: "Publicar" }).click();
    await expect(page.getByRole("status")).toHaveText("Animal publicado com sucesso!");

    // The cover saved is the blue photo.
    const id = page.url().split("/").at(-1)!;
    const pet = (await (await request.get(`/adopet/api/pets/${id}`)).json()) as { fotos: { url: string }[] };
    expect(pet.fotos).toHaveLength(2);
    const cover = await sharp(Buffer.from(await (await request.get(pet.fotos[0]!.url)).body())).stats();
    const [red, , blue] = cover.channels.map((channel) => channel.mean);
    expect(blue).toBeGreaterThan(200);
    expect(red).toBeLessThan(60);
  });
});
