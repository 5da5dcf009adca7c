import { randomInt } from "node:crypto";
import { addDays, dayInBrasilia } from "../../app/lib/dates";
import { EMERGENCY_FORM_MESSAGES } from "../../app/validation/emergency-forms";
import { NOTICES } from "../../app/validation/messages";
import { LOST_FOUND_MESSAGES } from "../../app/validation/lost-found";
import { animalPhoto, photographedAgain } from "../support/animal-photos";
import { logIn, OPERATOR, signInThroughApi } from "./accounts-support";
import { expect, expectNoAxeViolations, test } from "./support";

/**
 * Emergencies (issue 47) in the browser: an operator opens one from the moderation page; a
 * shelter's administrator registers an animal it took in, in the first of the form's fieldsets,
 * the others left blank.
 */

test("an operator opens an emergency; a shelter registers an animal it took in", async ({ page, browser }) => {
  test.slow();
  const today = dayInBrasilia(new Date());
  const nome = `Enchente ${randomInt(1_000_000)}`;

  // Not an operator: the page does not exist.
  const shelter = await browser.newContext();
  const shelterPage = await shelter.newPage();
  await signInThroughApi(shelterPage);
  expect((await shelterPage.goto("/adopet/perdidos-e-achados/emergencias/nova"))!.status()).toBe(404);

  await logIn(page, OPERATOR.email, OPERATOR.senha);
  await page.goto("/adopet/moderacao");
  await page.getByRole("link", { name: "Abrir uma emergência" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Abrir uma emergência");
  await expectNoAxeViolations(page);
  const form = page.getByRole("form", { name: "Emergência" });
  await form.getByLabel("Nome da emergência").fill(nome);
  await form.getByLabel(/^Cidades da área/).fill("Porto Alegre (RS)\nCidade Que Não Existe");
  await form.getByLabel("Primeiro dia").fill(addDays(today, -2));
  await form.getByLabel("Último dia (opcional)").fill(today);
  await form.getByRole("button", { name: "Abrir emergência" }).click();
  // The city not found is named, on the cities' field.
  const unknown = EMERGENCY_FORM_MESSAGES.cidadeDesconhecida("Cidade Que Não Existe");
  await expect(form.getByText(unknown)).toBeVisible();
  await expect(form.getByLabel(/^Cidades da área/)).toHaveAccessibleDescription(unknown);
  await expectNoAxeViolations(page);
  await form.getByLabel(/^Cidades da área/).fill("Porto Alegre (RS)\nCanoas (RS)");
  await form.getByRole("button", { name: "Abrir emergência" }).click();
  await expect(page.getByText(NOTICES.emergencyOpened)).toBeVisible();
  await expect(page).toHaveURL(/\/adopet\/perdidos-e-achados\?emergencia=[0-9a-f-]{36}$/);
  const emergencyId = new URL(page.url()).searchParams.get("emergencia")!;

  // A shelter's administrator, with an organisation of her own. (Far from the other specs' Niterói:
  // an animal found there would reach their alerts and matches.)
  const created = await shelterPage.request.post("/adopet/api/organizacoes", {
    data: { nome: `Abrigo ${randomInt(1_000_000)}`, cidade: "Canoas", uf: "RS" },
  });
  expect(created.status()).toBe(201);
  // Not verified: the operator admits it to this emergency (issue 60).
  const admitted = await page.request.post(`/adopet/api/emergencias/${emergencyId}/abrigos`, {
    data: { organizacao_id: ((await created.json()) as { id: string }).id },
  });
  expect(admitted.status()).toBe(204);
  await shelterPage.goto(`/adopet/perdidos-e-achados/emergencias/${emergencyId}/animais`);
  await expect(shelterPage.getByRole("heading", { level: 1 })).toHaveText("Registrar animais acolhidos");
  await expect(shelterPage.getByText(`Emergência: ${nome}`)).toBeVisible();
  await expectNoAxeViolations(shelterPage);

  const animals = shelterPage.getByRole("form", { name: "Animais acolhidos" });
  // With JavaScript, another fieldset is added and takes the focus.
  await animals.getByRole("button", { name: "Adicionar outro animal" }).click();
  const fourth = animals.getByRole("group", { name: "Animal 4", exact: true });
  await expect(fourth.getByLabel("Espécie", { exact: true })).toBeFocused();

  const first = animals.getByRole("group", { name: "Animal 1", exact: true });
  await first.getByLabel("Espécie", { exact: true }).selectOption("cao");
  await first.getByLabel("Porte", { exact: true }).selectOption("grande");
  await first.getByLabel("Caramelo", { exact: true }).check();
  await first.getByLabel("Cidade onde foi encontrado").fill("Canoas (RS)");
  await first.getByLabel("Bairro (opcional)").fill("Mathias Velho");
  // Without its photo: refused on that fieldset's photo.
  await animals.getByRole("button", { name: "Registrar animais" }).click();
  await expect(first.getByText(EMERGENCY_FORM_MESSAGES.foto)).toBeVisible();
  await expectNoAxeViolations(shelterPage);
  await first
    .getByLabel("Foto do animal")
    .setInputFiles({ name: "acolhido.jpg", mimeType: "image/jpeg", buffer: await animalPhoto(77) });
  await animals.getByRole("button", { name: "Registrar animais" }).click();
  await expect(shelterPage.getByText(NOTICES.shelterAnimalRegistered)).toBeVisible();
  await expect(shelterPage).toHaveURL(new RegExp(`/adopet/perdidos-e-achados\\?emergencia=${emergencyId}$`));
  await expect(shelterPage.getByText(`Emergência: ${nome}`)).toBeVisible();
  await shelter.close();

  // A family, signed out, looks for their dog by a photo of their own: he comes first.
  const family = await browser.newContext();
  const familyPage = await family.newPage();
  await familyPage.goto(`/adopet/perdidos-e-achados?emergencia=${emergencyId}`);
  const search = familyPage.getByRole("form", { name: "Procurar pela foto" });
  await search.getByRole("button", { name: "Procurar" }).click();
  await expect(search.getByText(LOST_FOUND_MESSAGES.foto)).toBeVisible();
  await search.getByLabel("Foto do seu animal").setInputFiles({
    name: "meu-cao.jpg",
    mimeType: "image/jpeg",
    buffer: await photographedAgain(await animalPhoto(77)),
  });
  await search.getByLabel("Espécie (opcional)").selectOption("cao");
  await search.getByRole("button", { name: "Procurar" }).click();
  const results = familyPage.getByRole("region", { name: "Os mais parecidos com a sua foto" });
  await expect(results.getByRole("status")).toHaveText("1 animal, os mais parecidos primeiro.");
  await expect(results.getByText(/^Semelhança da foto: \d+%$/)).toBeVisible();
  await expectNoAxeViolations(familyPage);
  await results.getByRole("link").first().click();
  await expect(familyPage.getByRole("heading", { level: 1 })).toHaveText("Cão encontrado em Canoas");
  await family.close();
});
