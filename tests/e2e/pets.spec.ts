import { expectNoAxeViolations, expect, test } from "./support";
import { createAccount, logIn } from "./accounts-support";
import { newCaretaker, photo, publishPet, uniqueCity } from "./pets-support";

test.describe("the home feed", () => {
  test("greets and shows the demo pets with every card field", async ({ page }) => {
    await page.goto("/adopet/home?cidade=Rio%20de%20Janeiro");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Olá! Veja os amigos disponíveis para adoção!");
    const dunga = page.getByRole("article", { name: "Dunga" });
    await expect(dunga.getByRole("img", { name: "Foto de Dunga" })).toBeVisible();
    await expect(dunga).toContainText("2 anos");
    await expect(dunga).toContainText("Porte pequeno");
    await expect(dunga).toContainText("Calmo e educado");
    await expect(dunga).toContainText("Rio de Janeiro (RJ)");
    await expect(dunga.getByRole("link", { name: "Falar com responsável por Dunga" })).toHaveText(
      "Falar com responsável",
    );
    await expectNoAxeViolations(page);
    // Other tests publish pets too: look for the rest of the sample list city by city.
    const byCity: Record<string, string[]> = {
      "Rio de Janeiro": ["Dunga", "Sid", "Zelda"],
      "Nova Iguaçu": ["Felícia", "Yoda"],
      "Duque de Caxias": ["Sirius", "Lua"],
      "São Gonçalo": ["Fiona", "Amora"],
    };
    for (const [cidade, nomes] of Object.entries(byCity)) {
      await page.goto(`/adopet/home?cidade=${encodeURIComponent(cidade)}`);
      for (const nome of nomes) await expect(page.getByRole("article", { name: nome })).toBeVisible();
    }
    await expect(page.getByRole("article", { name: "Amora" })).toContainText("45 dias");
    await page.goto("/adopet/home?cidade=Rio%20de%20Janeiro");
    await expect(page.getByRole("article", { name: "Sid" })).toContainText("Porte médio/grande");
  });

  test("card photos are sized, with a srcset, and lazy below the first ones", async ({ page }) => {
    await page.goto("/adopet/home?cidade=Rio%20de%20Janeiro");
    const first = page.getByRole("img", { name: "Foto de Dunga" });
    await expect(first).toHaveAttribute("width", "148");
    await expect(first).toHaveAttribute("height", "148");
    await expect(first).toHaveAttribute("srcset", /160w.*320w/);
    await expect(first).toHaveAttribute("loading", "eager");
    await expect(page.getByRole("img", { name: "Foto de Zelda" })).toHaveAttribute("loading", "lazy");
  });

  test("filters by city without accents, species, size and age, in a shareable URL", async ({ page, request }) => {
    await newCaretaker(request);
    // A name with an accent, filtered without it and in capitals.
    const { cidade, uf } = uniqueCity({ accented: true });
    const plain = cidade.normalize("NFD").replace(/\p{Diacritic}/gu, "");
    await publishPet(request, {
      nome: "Mingau",
      especie: "gato",
      cidade,
      uf,
      porte: "pequeno",
      idade: "3",
      idade__unidade: "meses",
    });
    await publishPet(request, {
      nome: "Trovão",
      especie: "cao",
      cidade,
      uf,
      porte: "grande",
      idade: "9",
      idade__unidade: "anos",
    });

    await page.goto("/adopet/home");
    await page.getByText("Filtrar por cidade, espécie, porte ou idade").click();
    await page.getByLabel("Cidade").fill(plain.toUpperCase());
    await page.getByRole("button", { name: "Filtrar" }).click();
    await expect(page.getByText("2 animais encontrados")).toBeVisible();
    await expect(page).toHaveURL(/cidade=/);

    await page.getByLabel("Espécie").selectOption("gato");
    await page.getByRole("button", { name: "Filtrar" }).click();
    await expect(page.getByText("1 animal encontrado")).toBeVisible();
    await expect(page.getByRole("article", { name: "Mingau" })).toBeVisible();

    const shared = page.url();
    await page.goto(shared);
    await expect(page.getByRole("article", { name: "Mingau" })).toBeVisible();
    await expect(page.getByRole("article", { name: "Trovão" })).toHaveCount(0);

    await page.goto(`/adopet/home?cidade=${encodeURIComponent(plain)}&idade=idoso&porte=grande`);
    await expect(page.getByRole("article", { name: "Trovão" })).toBeVisible();
    await expect(page.getByText("1 animal encontrado")).toBeVisible();

    await page.goto(`/adopet/home?cidade=${encodeURIComponent(plain)}&porte=medio`);
    await expect(page.getByText("Nenhum animal encontrado.")).toBeVisible();
    await page.getByRole("link", { name: "Limpar filtros" }).click();
    await expect(page).toHaveURL(/\/adopet\/home$/);
  });

  test("pages twelve at a time with real links, newest first", async ({ page, request }) => {
    await newCaretaker(request);
    const { cidade, uf } = uniqueCity();
    for (let index = 1; index <= 13; index += 1) {
      await publishPet(request, { nome: `Filhote ${index}`, cidade, uf });
    }
    await page.goto(`/adopet/home?cidade=${encodeURIComponent(cidade)}`);
    await expect(page.getByRole("article")).toHaveCount(12);
    await expect(page.getByRole("article").first()).toHaveAccessibleName("Filhote 13");
    const pagination = page.getByRole("navigation", { name: "Paginação" });
    await expect(pagination).toContainText("Página 1 de 2");
    await pagination.getByRole("link", { name: "Próxima" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByRole("article")).toHaveCount(1);
    await expect(page.getByRole("article", { name: "Filhote 1" })).toBeVisible();
    await pagination.getByRole("link", { name: "Anterior" }).click();
    await expect(page.getByRole("article")).toHaveCount(12);
  });
});

test.describe("a pet's page", () => {
  test("shows every field and the caretaker's public name only, with link-preview tags", async ({ page, request }) => {
    const { nome: caretaker } = await newCaretaker(request, "ONG Patinhas");
    const pet = await publishPet(request, { nome: "Biscoito", perfil: "Dorminhoco e fiel", cidade: "Maricá" });
    const response = await page.goto(`/adopet/pets/${pet.id}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "Biscoito" })).toBeVisible();
    await expect(page.getByRole("img", { name: "Foto de Biscoito" })).toBeVisible();
    for (const text of ["Cão", "2 anos", "Porte médio", "Dorminhoco e fiel", "Maricá (RJ)", caretaker]) {
      await expect(page.getByRole("main")).toContainText(text);
    }
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", "Biscoito para adoção");
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
      "content",
      /^http:\/\/127\.0\.0\.1:\d+\/adopet\/imagens\/[0-9a-f-]{36}\/640\.webp$/,
    );
    await expect(page.locator('meta[property="og:description"]')).toHaveAttribute("content", /Dorminhoco e fiel/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`/adopet/pets/${pet.id}$`));
    await expect(page.getByRole("link", { name: "Falar com responsável" })).toHaveAttribute(
      "href",
      `/adopet/contato?pet=${pet.id}`,
    );
    await expectNoAxeViolations(page);

    // Its caretaker's page, one click away: the animals available with them.
    await page.getByRole("link", { name: caretaker }).click();
    await expect(page.getByRole("heading", { level: 1, name: caretaker })).toBeVisible();
    await expect(page.getByRole("heading", { name: "1 animal disponível para adoção" })).toBeVisible();
    await expect(page.getByRole("article", { name: "Biscoito" })).toBeVisible();
    await expect(page.getByText("0 animais adotados pela Adopet")).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("an unknown pet gets a 404 page", async ({ page }) => {
    const response = await page.goto("/adopet/pets/00000000-0000-4000-8000-000000000000");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Animal não encontrado" })).toBeVisible();
  });
});

test.describe("publishing", () => {
  test("a caretaker publishes a pet with a photo, edits it, marks it adopted, and it leaves the feed", async ({
    page,
    request,
  }) => {
    const { email } = await createAccount(request, "Rita Protetora");
    await logIn(page, email);
    await page.goto("/adopet/meus-pets");
    await expect(page.getByText("Você ainda não publicou nenhum animal.")).toBeVisible();
    await page.getByRole("link", { name: "Publicar um animal" }).click();

    // Every rule on submit.
    await page.getByRole("button", { name: "Publicar" }).click();
    await expect(page.getByLabel("Nome do animal")).toHaveAccessibleDescription(
      "O campo nome do animal não pode estar vazio.",
    );
    await expect(page.getByLabel("Nome do animal")).toBeFocused();
    await expect(page.getByLabel("Espécie")).toHaveAccessibleDescription("Escolha a espécie do animal.");
    await expect(page.getByLabel("Sexo")).toHaveAccessibleDescription("Escolha o sexo do animal.");
    await expect(page.getByLabel("Idade", { exact: true })).toHaveAccessibleDescription(
      "O campo idade não pode estar vazio.",
    );
    await expect(page.getByLabel("Porte")).toHaveAccessibleDescription("Escolha o porte do animal.");
    await expect(page.getByLabel("Perfil")).toHaveAccessibleDescription("O campo perfil não pode estar vazio.");
    await expect(page.getByLabel("Cidade")).toHaveAccessibleDescription("O campo cidade não pode estar vazio.");
    await expect(page.getByLabel("Estado (UF)")).toHaveAccessibleDescription("Escolha o estado (UF).");
    await expect(page.getByText("Envie ao menos uma foto do animal.")).toBeVisible();
    await expectNoAxeViolations(page);

    const { cidade, uf } = uniqueCity();
    await page.getByLabel("Nome do animal").fill("Pipoca");
    await page.getByLabel("Espécie").selectOption("gato");
    await page.getByLabel("Sexo").selectOption("femea");
    await page.getByLabel("Idade", { exact: true }).fill("45");
    await page.getByLabel("Unidade").selectOption("dias");
    await page.getByLabel("Porte").selectOption("pequeno");
    await page.getByLabel("Perfil").fill("Curiosa e ronronante");
    await page.getByLabel("Cidade").fill(cidade);
    await page.getByLabel("Estado (UF)").selectOption(uf);
    await page.getByLabel(/^Fotos/).setInputFiles(await photo("#eeeeee"));
    await page.getByRole("button", { name: "Publicar" }).click();
    await expect(page.getByRole("status")).toHaveText("Animal publicado com sucesso!");
    await expect(page.getByRole("heading", { level: 1, name: "Pipoca" })).toBeVisible();
    await expect(page.getByRole("main")).toContainText("45 dias");
    const petUrl = page.url();

    // In the feed.
    await page.goto(`/adopet/home?cidade=${encodeURIComponent(cidade)}`);
    await expect(page.getByRole("article", { name: "Pipoca" })).toBeVisible();

    // Edit.
    await page.goto("/adopet/meus-pets");
    await page.getByRole("link", { name: "Editar Pipoca" }).click();
    await expect(page.getByLabel("Nome do animal")).toHaveValue("Pipoca");
    await page.getByLabel("Perfil").fill("Curiosa, ronronante e vacinada");
    await page.getByRole("button", { name: "Salvar" }).click();
    await expect(page.getByRole("status")).toHaveText("Animal atualizado com sucesso!");
    await expect(page.getByRole("main")).toContainText("Curiosa, ronronante e vacinada");

    // Adopted: out of the feed, the page says so.
    await page.goto("/adopet/meus-pets");
    await page.getByRole("button", { name: "Marcar Pipoca como adotado" }).click();
    await expect(page.getByRole("status")).toContainText("marcado como adotado");
    await page.goto(`/adopet/home?cidade=${encodeURIComponent(cidade)}`);
    await expect(page.getByText("Nenhum animal encontrado.")).toBeVisible();
    const gone = await page.goto(petUrl);
    expect(gone?.status()).toBe(410);
    await expect(page.getByText("Pipoca já foi adotado")).toBeVisible();
  });

  test("another user cannot edit someone else's pet", async ({ page, request, playwright }) => {
    const owner = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    await newCaretaker(owner);
    const pet = await publishPet(owner, { nome: "Alheio" });
    await owner.dispose();

    const { email } = await createAccount(request);
    await logIn(page, email);
    const response = await page.goto(`/adopet/meus-pets/${pet.id}`);
    expect(response?.status()).toBe(404);
    const forged = await page.request.post("/adopet/meus-pets", { form: { intent: "remover", pet: pet.id } });
    expect(forged.status()).toBe(403);
    await page.goto(`/adopet/pets/${pet.id}`);
    await expect(page.getByRole("heading", { level: 1, name: "Alheio" })).toBeVisible();
  });

  test("publishing requires signing in", async ({ page }) => {
    await page.goto("/adopet/meus-pets/novo");
    await expect(page).toHaveURL(/\/adopet\/login\?voltar=%2Fmeus-pets%2Fnovo$/);
  });
});
