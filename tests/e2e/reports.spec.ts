import { randomInt } from "node:crypto";
import { expectNoAxeViolations, expect, test } from "./support";
import { logIn, createAccount, logInThroughForm, OPERATOR, SENHA } from "./accounts-support";
import { newCaretaker, publishPet } from "./pets-support";

/**
 * Denúncias in the browser (issue 22): `Denunciar` on a pet page, the Maus-tratos explanation,
 * a listing three people reported hidden, and the operator who restores it and suspends its
 * caretaker's account, each with a reason, then restores the account.
 */

/** A name nobody else in the run has: letters only, as names take. */
const lettersOnly = () => Array.from({ length: 8 }, () => String.fromCharCode(97 + randomInt(26))).join("");

test("a visitor reports a pet from its page; Maus-tratos explains the crime and the authorities", async ({
  page,
  playwright,
}) => {
  const caretaker = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  await newCaretaker(caretaker, "Protetora Denunciada");
  const nome = `Sombra${randomInt(1_000_000)}`;
  const pet = await publishPet(caretaker, { nome });
  await caretaker.dispose();

  await page.goto(`/adopet/pets/${pet.id}`);
  await page.getByRole("link", { name: "Denunciar" }).click();
  await expect(page).toHaveURL(new RegExp(`/adopet/denunciar\\?tipo=pet&id=${pet.id}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Denunciar o anúncio de ${nome}`);
  const crime = page.getByRole("note").filter({ hasText: "Lei 14.064/2020" });
  await expect(crime).toBeHidden();
  await expectNoAxeViolations(page);

  // `Outro` says nothing by itself: its text is asked for, and focused.
  await page.getByLabel("Outro").check();
  await page.getByRole("button", { name: "Enviar denúncia" }).click();
  await expect(page.getByText("Conte o que aconteceu.")).toBeVisible();
  await expect(page.getByLabel("O que aconteceu")).toBeFocused();

  // By keyboard: the reasons are one radio group.
  await page.getByLabel("Venda de animais ou golpe").focus();
  await page.keyboard.press("ArrowUp");
  await expect(page.getByLabel("Maus-tratos")).toBeChecked();
  await expect(crime).toBeVisible();
  await expect(crime).toContainText("190");
  await expect(crime).toContainText("Ministério Público");
  await expectNoAxeViolations(page);
  await page.getByLabel("O que aconteceu").fill("Fica preso numa corrente curta, sem água.");
  await page.getByRole("button", { name: "Enviar denúncia" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Denúncia enviada");
  await expect(page.getByRole("status").filter({ hasText: "Recebemos" })).toHaveText(
    "Recebemos sua denúncia. A equipe de moderação vai analisá-la; quem foi denunciado não sabe quem denunciou.",
  );
  await expect(page.getByRole("note")).toContainText("Lei 14.064/2020");
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "Voltar" }).click();
  await expect(page).toHaveURL(new RegExp(`/adopet/pets/${pet.id}$`));
});

test("three people report a listing: it is hidden; an operator restores it, then suspends and restores its caretaker", async ({
  page,
  browser,
  playwright,
}) => {
  const baseURL = test.info().project.use.baseURL;
  const caretaker = await playwright.request.newContext({ baseURL });
  const { email: caretakerEmail, nome: caretakerNome } = await newCaretaker(caretaker, `Cuidadora ${lettersOnly()}`);
  const nome = `Faísca${randomInt(1_000_000)}`;
  const pet = await publishPet(caretaker, { nome });
  // Three people, each in a network of their own (the server trusts the suite's proxy header), with
  // confirmed accounts (REPORTER_MIN_AGE_DAYS=0 in the suite: no week to wait).
  const block = randomInt(256);
  for (let person = 0; person < 3; person++) {
    const reporter = await playwright.request.newContext({
      baseURL,
      extraHTTPHeaders: { "X-Forwarded-For": `10.${block}.${person + 1}.1` },
    });
    const { email } = await createAccount(reporter, "Pessoa Atenta");
    expect((await reporter.post("/adopet/api/session", { data: { email, senha: SENHA } })).status()).toBe(200);
    const filed = await reporter.post("/adopet/api/denuncias", {
      data: { alvo: { tipo: "pet", id: pet.id }, categoria: "anuncio_falso", texto: "Fotos de outro animal." },
    });
    expect(filed.status()).toBe(201);
    await reporter.dispose();
  }
  expect((await page.request.get(`/adopet/api/pets/${pet.id}`)).status()).toBe(404);

  // The caretaker sees why, on meus-pets.
  const own = await browser.newContext({ baseURL });
  const ownPage = await own.newPage();
  await logIn(ownPage, caretakerEmail);
  await ownPage.goto("/adopet/meus-pets");
  const mine = ownPage.getByRole("listitem").filter({ has: ownPage.getByRole("heading", { name: nome }) });
  await expect(mine.getByText("Oculto pela moderação")).toBeVisible();
  await expect(mine.getByText("Algumas pessoas denunciaram este anúncio")).toBeVisible();

  await logIn(page, OPERATOR.email, OPERATOR.senha);
  await page.goto("/adopet/moderacao");
  const card = page.getByRole("listitem").filter({
    has: page.getByRole("heading", { name: `Anúncio de ${nome}, de ${caretakerNome}` }),
  });
  await expect(card.getByText("3 pessoas denunciaram")).toBeVisible();
  await expect(card.getByText("Oculto por denúncias, à espera da moderação")).toBeVisible();
  await expectNoAxeViolations(page);
  await card.getByRole("button", { name: "Restaurar anúncio" }).click();
  await expect(card.getByText("Diga o motivo: ele fica no registro de ações.")).toBeVisible();
  await expect(card.getByLabel("Motivo da decisão")).toBeFocused();
  await card.getByLabel("Motivo da decisão").fill("Fotos conferidas: são do animal.");
  await card.getByRole("button", { name: "Restaurar anúncio" }).click();
  await expect(
    page.getByText("Anúncio restaurado. A ação ficou no registro, e quem cuida do animal recebe um email."),
  ).toBeVisible();
  await expect(page.getByText(`Restaurou o anúncio: ${nome}, de ${caretakerNome}`)).toBeVisible();
  expect((await page.request.get(`/adopet/api/pets/${pet.id}`)).status()).toBe(200);

  // A new report, then a suspension from the queue.
  const last = await playwright.request.newContext({ baseURL });
  expect(
    (
      await last.post("/adopet/api/denuncias", {
        data: { alvo: { tipo: "usuario", id: pet.responsavel.id }, categoria: "venda_ou_golpe", texto: "Cobra PIX." },
      })
    ).status(),
  ).toBe(201);
  await last.dispose();
  await page.goto("/adopet/moderacao?ordem=recentes");
  const profile = page.getByRole("listitem").filter({
    has: page.getByRole("heading", { name: `Perfil de ${caretakerNome}` }),
  });
  await profile.getByLabel("Motivo da decisão").fill("Vende animais como adoção.");
  await profile.getByRole("button", { name: `Suspender a conta de ${caretakerNome}` }).click();
  await expect(
    page.getByText("Conta suspensa. A ação ficou no registro, e a pessoa recebe um email com o motivo."),
  ).toBeVisible();
  expect((await page.request.get(`/adopet/api/pets/${pet.id}`)).status()).toBe(404);

  // The suspended caretaker's session ended, and the login says why.
  await ownPage.goto("/adopet/meus-pets");
  await expect(ownPage).toHaveURL(/\/adopet\/login/);
  await ownPage.getByLabel("Email").fill(caretakerEmail);
  await ownPage.getByLabel("Senha", { exact: true }).fill(SENHA);
  await ownPage.getByRole("button", { name: "Entrar" }).click();
  await expect(ownPage.getByText("Esta conta está suspensa pela moderação da Adopet.", { exact: false })).toBeVisible();

  const suspended = page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: caretakerNome, exact: true }) });
  await expect(suspended.getByText("Motivo: Vende animais como adoção.")).toBeVisible();
  await expectNoAxeViolations(page);
  await suspended.getByLabel("Motivo para restaurar").fill("Recurso aceito: era um mal-entendido.");
  await suspended.getByRole("button", { name: `Restaurar a conta de ${caretakerNome}` }).click();
  await expect(page.getByText("Conta restaurada. A ação ficou no registro, e a pessoa recebe um email.")).toBeVisible();
  expect((await page.request.get(`/adopet/api/pets/${pet.id}`)).status()).toBe(200);
  await logInThroughForm(ownPage, caretakerEmail);
  await own.close();
  await caretaker.dispose();
});
