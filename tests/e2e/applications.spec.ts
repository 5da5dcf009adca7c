import { randomInt } from "node:crypto";
import type { Page } from "@playwright/test";
import { expectNoAxeViolations, expect, test } from "./support";
import { confirmEmailThroughLink, createAccount, logIn, SENHA } from "./accounts-support";
import { waitForMail } from "./mail-support";
import { newCaretaker, publishPet } from "./pets-support";

/** Adoption applications (issue 19), both sides, in the browser. */

/** Answers the default questionnaire on the application form. */
async function answerDefaultQuestionnaire(page: Page) {
  const group = (name: string) => page.getByRole("group", { name });
  await group("Você mora em casa ou apartamento? *").getByLabel("Apartamento").check();
  await group("O imóvel é próprio ou alugado? *").getByLabel("Alugado").check();
  await group("O condomínio ou o proprietário permite animais? *").getByLabel("Sim").check();
  await group("As janelas e sacadas têm telas de proteção? *").getByLabel("Sim").check();
  await page
    .getByLabel("Quem mora com você? Se houver crianças, quais as idades delas? *")
    .fill("Eu e meu filho de 8.");
  await page.getByLabel("Você tem outros animais? Eles são castrados e vacinados? *").fill("Não.");
  await page.getByLabel("Você já teve animais antes? O que aconteceu com eles? *").fill("Uma gata, viveu 16 anos.");
  await page.getByLabel("Quantas horas por dia o animal ficará sozinho? *").fill("Duas");
  await page.getByLabel("Quem cuidará dele quando você viajar? *").fill("Minha irmã");
  await page.getByLabel("Por que você quer adotar? *").fill("Para fazer companhia ao meu filho.");
  await group("Você concorda com visitas e com o acompanhamento após a adoção? *").getByLabel("Sim").check();
}

test.describe("applications", () => {
  test("an adopter applies (signed out: login and back) and follows it; the caretaker moves it, notes, and approves", async ({
    page,
    browser,
  }) => {
    const nome = `Tico${randomInt(1_000_000)}`;
    const ongEmail = `ong-${randomInt(1_000_000)}@exemplo.com`;
    // The caretaker, in a browser of their own.
    const ongContext = await browser.newContext();
    const ong = await ongContext.newPage();
    expect(
      (
        await ong.request.post("/adopet/api/users", { data: { email: ongEmail, nome: "ONG Focinhos", senha: SENHA } })
      ).status(),
    ).toBe(201);
    // Publishing waits for the e-mail's confirmation (issue 41).
    await confirmEmailThroughLink(ong.request, ongEmail);
    await logIn(ong, ongEmail);
    const pet = await publishPet(ong.request, { nome });

    const { email } = await createAccount(page.request, "Bia Adotante");
    await page.context().clearCookies();
    await page.goto(`/adopet/pets/${pet.id}`);
    await page.getByRole("link", { name: "Quero adotar" }).click();
    await expect(page).toHaveURL(/\/adopet\/login\?voltar=/);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Senha", { exact: true }).fill(SENHA);
    await page.getByRole("button", { name: "Entrar" }).click();
    await expect(page).toHaveURL(new RegExp(`/adopet/pets/${pet.id}/adotar$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Quero adotar ${nome}`);
    await expectNoAxeViolations(page);

    // Sent empty: the first field with an error is focused, each question says what it needs.
    await page.getByRole("button", { name: "Enviar candidatura" }).click();
    await expect(page.getByLabel("Telefone")).toBeFocused();
    await expect(page.getByText("Responda esta pergunta.")).toHaveCount(11);
    await page.getByLabel("Telefone").fill("(21) 99876-5432");
    await page.getByLabel("Cidade").fill("Niterói (RJ)");
    await answerDefaultQuestionnaire(page);
    await page.getByRole("button", { name: "Enviar candidatura" }).click();

    await expect(page).toHaveURL(/\/adopet\/candidaturas\/[0-9a-f-]{36}$/);
    const applicationUrl = page.url();
    await expect(page.getByText("Candidatura enviada! Acompanhe aqui cada passo da adoção.")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Sua candidatura para ${nome}`);
    await expect(
      page.getByText("Sua candidatura foi enviada. Quem cuida do animal vai ler suas respostas."),
    ).toBeVisible();
    await expect(page.getByText("Minha irmã")).toBeVisible();
    await expectNoAxeViolations(page);

    // A second one is refused, with the way to the first.
    await page.goto(`/adopet/pets/${pet.id}/adotar`);
    await expect(page.getByText("Você já tem uma candidatura em andamento para este animal.")).toBeVisible();
    await page.getByRole("link", { name: "Ver a sua candidatura" }).click();
    await expect(page).toHaveURL(applicationUrl);

    // The caretaker is e-mailed, and sees it waiting in the menu and in the pipeline.
    await waitForMail(ongEmail, new RegExp(`^Nova candidatura para adotar ${nome}$`));
    await ong.goto("/adopet/home");
    await ong.getByText("Minha conta").click();
    await expect(ong.getByRole("link", { name: "Candidaturas recebidas, 1 nova" })).toBeVisible();
    await ong.getByRole("link", { name: "Candidaturas recebidas, 1 nova" }).click();
    await expect(ong.getByText("1 candidatura", { exact: true })).toBeVisible();
    await ong.getByLabel("Status").selectOption("nova");
    await ong.getByRole("button", { name: "Filtrar" }).click();
    await expect(ong).toHaveURL(/status=nova/);
    // The filter by animal suggests the caretaker's animals as a name is typed, by keyboard.
    // Typed once the page's scripts run: the filter above may have loaded a new document, and
    // what is typed before hydration asks for no suggestions.
    await expect(ong.locator("html[data-hydrated]")).toBeAttached();
    const animal = ong.getByLabel("Animal", { exact: true });
    await animal.fill(nome.slice(0, 3).toLowerCase());
    await expect(ong.getByRole("listbox", { name: "Sugestões" }).getByRole("option", { name: nome })).toBeVisible();
    await animal.press("ArrowDown");
    await expect(animal).toHaveAttribute("aria-activedescendant", /.+/);
    await expectNoAxeViolations(ong);
    await animal.press("Enter");
    await expect(animal).toHaveValue(nome);
    await expect(animal).toHaveAttribute("aria-expanded", "false");
    // Enter again sends the filter, and the field keeps the focus.
    await animal.press("Enter");
    await expect(ong).toHaveURL(new RegExp(`pet=${pet.id}`));
    await expect(ong.getByText("1 candidatura", { exact: true })).toBeVisible();
    await expect(animal).toHaveValue(nome);
    await expect(animal).toBeFocused();
    // A name typed over the choice is a search by that text, not the animal chosen before.
    await animal.fill("nenhum-animal-assim");
    await animal.press("Enter");
    await expect(ong).toHaveURL(/animal=nenhum-animal-assim&pet=&/);
    await expect(ong.getByText("0 candidaturas", { exact: true })).toBeVisible();
    await expect(animal).toHaveValue("nenhum-animal-assim");
    await ong.goto("/adopet/candidaturas/recebidas");
    await ong.getByRole("link", { name: `Bia Adotante · ${nome}` }).click();
    await expect(ong.getByRole("heading", { level: 1 })).toHaveText(`Bia Adotante quer adotar ${nome}`);
    await expect(ong.getByRole("link", { name: "(21) 99876-5432" })).toHaveAttribute("href", "tel:21998765432");
    await expectNoAxeViolations(ong);

    // A private note, then the interview.
    await ong.getByLabel("Nova nota").fill("Ligar depois das 18h.");
    await ong.getByRole("button", { name: "Salvar nota" }).click();
    await expect(ong.getByText("Nota salva. Só a equipe que cuida do animal vê as notas.")).toBeVisible();
    await ong.getByRole("radio", { name: "Entrevista" }).check();
    await ong.getByRole("button", { name: "Salvar", exact: true }).click();
    await expect(ong.getByText("Candidatura atualizada. Quem se candidatou recebe um e-mail.")).toBeVisible();

    // A refusal asks for its reason and a confirmation; the first missing is focused.
    await ong.getByRole("radio", { name: "Recusar" }).check();
    await ong.getByRole("button", { name: "Salvar", exact: true }).click();
    await expect(ong.getByLabel(/^Motivo/)).toBeFocused();
    await expect(ong.getByText("Diga o motivo: quem se candidatou vai ler.")).toBeVisible();
    await expect(ong.getByText("Confirme a decisão.")).toBeVisible();
    // Approving, confirmed.
    await ong.getByRole("radio", { name: "Aprovar (o animal fica reservado)" }).check();
    await ong.getByLabel("Confirmo a decisão (aprovar ou recusar)").check();
    await ong.getByRole("button", { name: "Salvar", exact: true }).click();
    await expect(ong.getByText("Candidatura atualizada. Quem se candidatou recebe um e-mail.")).toBeVisible();
    await expect(ong.getByRole("heading", { level: 2, name: "A adoção não se concretizou?" })).toBeVisible();

    // The adopter hears of it, and reads where it stands; the notes are not theirs to read.
    const approved = await waitForMail(email, new RegExp(`^Sua candidatura para adotar ${nome}: Aprovada$`));
    expect(approved.text).toContain(applicationUrl.replace(/^http:\/\/[^/]+/, ""));
    await page.goto("/adopet/candidaturas");
    await expect(page.getByRole("heading", { level: 2, name: nome })).toBeVisible();
    await expect(page.getByText(/Sua candidatura foi aprovada!/)).toBeVisible();
    await expect(page.getByText("Ligar depois das 18h.")).toHaveCount(0);
    // The animal is reserved: said on its page, without `Quero adotar`.
    await page.goto(`/adopet/pets/${pet.id}`);
    await expect(page.getByText("Reservado", { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "Quero adotar" })).toHaveCount(0);
    // Still in the feed, labelled.
    await page.goto(`/adopet/home?q=${nome}`);
    await expect(page.getByRole("article", { name: nome }).getByText("Reservado")).toBeVisible();
    await ongContext.close();
  });

  test("the pipeline's animal filter keeps what is typed while a search is still loading", async ({ page }) => {
    await logIn(page, "ong@adopet.example", "Adote@2022");
    await page.goto("/adopet/candidaturas/recebidas");
    // The search's data waits until the person has typed, as on a slow connection.
    let release!: () => void;
    const typed = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/candidaturas\/recebidas\.data/, async (route) => {
      await typed;
      await route.continue();
    });
    await page.getByLabel("Status").selectOption("entrevista");
    await page.getByRole("button", { name: "Filtrar" }).click();
    const animal = page.getByLabel("Animal", { exact: true });
    await animal.fill("Dun");
    await expect(page.getByRole("listbox", { name: "Sugestões" }).getByRole("option", { name: "Dunga" })).toBeVisible();
    release();
    // The search arrived (Dunga's application alone is at the interview), and the page's effects ran.
    await expect(page).toHaveURL(/status=entrevista/);
    await expect(page.getByText("1 candidatura", { exact: true })).toBeVisible();
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
    await expect(animal).toHaveValue("Dun");
    await expect(animal).toBeFocused();
  });

  test("a visitor without an account signs up from `Quero adotar`, logs in, and lands on the form", async ({
    page,
    playwright,
  }) => {
    const caretaker = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    await newCaretaker(caretaker, "ONG Recomeço");
    const nome = `Paçoca${randomInt(1_000_000)}`;
    const pet = await publishPet(caretaker, { nome });
    await caretaker.dispose();
    await page.goto(`/adopet/pets/${pet.id}`);
    await page.getByRole("link", { name: "Quero adotar" }).click();
    await page.getByRole("link", { name: "Cadastre-se" }).click();
    await expect(page).toHaveURL(/\/adopet\/cadastro\?voltar=/);
    const email = `nova-${randomInt(1_000_000)}@exemplo.com`;
    await page.getByLabel("Email*").fill(email);
    await page.getByLabel("Nome*").fill("Lia Nova");
    await page.getByLabel("Senha*", { exact: true }).fill(SENHA);
    await page.getByLabel("Confirma sua senha*").fill(SENHA);
    await page.getByRole("button", { name: "Cadastrar" }).click();
    await expect(page.getByText("Usuário cadastrado com sucesso!")).toBeVisible();
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Senha", { exact: true }).fill(SENHA);
    await page.getByRole("button", { name: "Entrar" }).click();
    await expect(page).toHaveURL(new RegExp(`/adopet/pets/${pet.id}/adotar$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Quero adotar ${nome}`);
  });

  test("applying works without JavaScript: a refusal comes back focused on its first field, then it is sent", async ({
    browser,
    playwright,
  }) => {
    const caretaker = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    await newCaretaker(caretaker, "ONG Sem Script");
    const nome = `Fubá${randomInt(1_000_000)}`;
    const pet = await publishPet(caretaker, { nome });
    await caretaker.dispose();
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const { email } = await createAccount(page.request, "Rui Sem Script");
    await page.goto(`/adopet/pets/${pet.id}/adotar`);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Senha", { exact: true }).fill(SENHA);
    await page.getByRole("button", { name: "Entrar" }).click();
    await expect(page).toHaveURL(new RegExp(`/adopet/pets/${pet.id}/adotar$`));
    await page.getByLabel("Telefone").fill("(11) 98765-4321");
    await page.getByLabel("Cidade").fill("Campinas (SP)");
    await page.getByRole("button", { name: "Enviar candidatura" }).click();
    // The first question is the first error: its first option has the focus.
    await expect(
      page.getByRole("group", { name: "Você mora em casa ou apartamento? *" }).getByLabel("Casa"),
    ).toBeFocused();
    await expect(page.getByLabel("Telefone")).toHaveValue("(11) 98765-4321");
    await answerDefaultQuestionnaire(page);
    await page.getByRole("button", { name: "Enviar candidatura" }).click();
    await expect(page.getByText("Candidatura enviada! Acompanhe aqui cada passo da adoção.")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Sua candidatura para ${nome}`);
    await context.close();
  });

  test("the adopter withdraws an application from the list", async ({ page, playwright }) => {
    const caretaker = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    await newCaretaker(caretaker, "ONG Rabicó");
    const nome = `Nino${randomInt(1_000_000)}`;
    const pet = await publishPet(caretaker, { nome });
    await caretaker.dispose();
    const { email } = await createAccount(page.request, "Duda");
    await logIn(page, email);
    const answers = {
      moradia: "Casa",
      imovel: "Próprio",
      permite_animais: true,
      telas: true,
      moradores: "Sozinha",
      outros_animais: "Não",
      animais_antes: "Não",
      horas_sozinho: "Três",
      viagens: "Vizinha",
      motivo: "Companhia",
      acompanhamento: true,
    };
    expect(
      (await page.request.post(`/adopet/api/pets/${pet.id}/candidaturas`, { data: { respostas: answers } })).status(),
    ).toBe(201);
    await page.goto("/adopet/candidaturas");
    await page.getByRole("button", { name: `Desistir da candidatura para ${nome}` }).click();
    await expect(page.getByText("Você desistiu da candidatura.")).toBeVisible();
    await expect(page.getByText("Você desistiu desta candidatura.")).toBeVisible();
    await expect(page.getByRole("button", { name: `Desistir da candidatura para ${nome}` })).toHaveCount(0);
  });
});

test.describe("the questionnaire editor", () => {
  test("adds, moves, removes and saves questions; refuses an empty one; applications then ask them", async ({
    page,
    playwright,
  }) => {
    const { email } = await createAccount(page.request, "Protetora Lia");
    await logIn(page, email);
    await page.goto("/adopet/meus-pets/questionario");
    await expect(page.getByRole("group", { name: /^Pergunta \d+$/ })).toHaveCount(11);
    // Remove all but the first two, with the keyboard-reachable buttons.
    for (let index = 11; index > 2; index--) {
      await page.getByRole("button", { name: `Remover a pergunta ${index}` }).click();
    }
    await page.getByRole("button", { name: "Adicionar pergunta" }).click();
    // The focus goes to the new question's text.
    const third = page.getByRole("group", { name: "Pergunta 3", exact: true });
    await expect(third.getByLabel("Pergunta", { exact: true })).toBeFocused();
    await page.getByRole("button", { name: "Salvar questionário" }).click();
    await expect(third.getByText("Escreva a pergunta.")).toBeVisible();
    await expect(third.getByLabel("Pergunta", { exact: true })).toBeFocused();
    await third.getByLabel("Pergunta", { exact: true }).fill("Que cores de coleira você prefere?");
    await third.getByLabel("Tipo de resposta").selectOption("escolha_multipla");
    await third.getByLabel("Opções, uma por linha").fill("Azul\nVerde\nVermelha");
    await third.getByLabel("Obrigatória").uncheck();
    await page.getByRole("button", { name: "Subir a pergunta 3" }).click();
    await expect(
      page.getByRole("group", { name: "Pergunta 2", exact: true }).getByLabel("Pergunta", { exact: true }),
    ).toHaveValue("Que cores de coleira você prefere?");
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Salvar questionário" }).click();
    await expect(page.getByText(/^Questionário salvo\./)).toBeVisible();
    await expect(page.getByRole("group", { name: /^Pergunta \d+$/ })).toHaveCount(3);

    // A pet of this caretaker asks these questions, in this order.
    const pet = await publishPet(page.request, { nome: `Lulu${randomInt(1_000_000)}` });
    const visitor = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    const asked = (await (await visitor.get(`/adopet/api/pets/${pet.id}/questionario`)).json()) as {
      perguntas: { enunciado: string; tipo: string; obrigatoria: boolean }[];
    };
    await visitor.dispose();
    expect(asked.perguntas.map((question) => [question.enunciado, question.tipo, question.obrigatoria])).toEqual([
      ["Você mora em casa ou apartamento?", "escolha_unica", true],
      ["Que cores de coleira você prefere?", "escolha_multipla", false],
      ["O imóvel é próprio ou alugado?", "escolha_unica", true],
    ]);
  });

  test("works without JavaScript: each button posts the draft, and the page comes back with it changed", async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const { email } = await createAccount(page.request, "Protetor Sem Script");
    await page.goto("/adopet/login");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Senha", { exact: true }).fill(SENHA);
    await page.getByRole("button", { name: "Entrar" }).click();
    await page.goto("/adopet/meus-pets/questionario");
    await page
      .getByRole("group", { name: "Pergunta 1", exact: true })
      .getByLabel("Pergunta", { exact: true })
      .fill("Mora em casa?");
    await page.getByRole("button", { name: "Adicionar pergunta" }).click();
    await expect(page.getByRole("group", { name: /^Pergunta \d+$/ })).toHaveCount(12);
    // The edit made before the round trip is kept.
    await expect(
      page.getByRole("group", { name: "Pergunta 1", exact: true }).getByLabel("Pergunta", { exact: true }),
    ).toHaveValue("Mora em casa?");
    await page.getByRole("button", { name: "Descer a pergunta 1", exact: true }).click();
    await expect(
      page.getByRole("group", { name: "Pergunta 2", exact: true }).getByLabel("Pergunta", { exact: true }),
    ).toHaveValue("Mora em casa?");
    await page.getByRole("button", { name: "Remover a pergunta 12", exact: true }).click();
    await page.getByRole("button", { name: "Salvar questionário" }).click();
    await expect(page.getByText(/^Questionário salvo\./)).toBeVisible();
    await expect(
      page.getByRole("group", { name: "Pergunta 2", exact: true }).getByLabel("Pergunta", { exact: true }),
    ).toHaveValue("Mora em casa?");
    await context.close();
  });
});
