import type { APIRequestContext } from "@playwright/test";
import { NOTICES } from "../../app/validation/messages";
import { addDays, dayInBrasilia } from "../../app/lib/dates";
import { createAccount, logIn, logInThroughForm, SENHA } from "./accounts-support";
import { ANSWERS } from "./applications-support";
import { waitForMail } from "./mail-support";
import { publishPet } from "./pets-support";
import { expect, expectNoAxeViolations, expectNoHorizontalScroll, saveScreenshot, test } from "./support";

/**
 * A volunteer's day (issue 62), on a phone and on a wide screen: invited by e-mail, they sign in
 * and land on their organisation's `Hoje`; they open the application assigned to them from there
 * and move it; they register one vaccine for a litter of three; they find an animal by `Dose
 * atrasada`. Set up through the API; each page walked is checked with axe.
 */
async function organizationAtWork(admin: APIRequestContext, adopter: APIRequestContext, tag: string) {
  const founder = await createAccount(admin, "Rita Fundadora");
  expect((await admin.post("/adopet/api/session", { data: { email: founder.email, senha: SENHA } })).status()).toBe(
    200,
  );
  const nome = `Patas da Serra ${tag}`;
  const created = await admin.post("/adopet/api/organizacoes", { data: { nome, cidade: "Petrópolis", uf: "RJ" } });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const bidu = await publishPet(admin, { nome: "Bidu" });
  const litter = [];
  for (const pet of ["Nina", "Nino", "Nana"]) litter.push(await publishPet(admin, { nome: pet, especie: "gato" }));
  const today = dayInBrasilia(new Date());
  const late = await admin.post(`/adopet/api/pets/${bidu.id}/saude`, {
    data: { tipo: "vacina", nome: "V10", data: addDays(today, -380), proxima_dose: addDays(today, -10) },
  });
  expect(late.status()).toBe(201);
  // An adopter applies for Bidu.
  const person = await createAccount(adopter, "Vera Adotante");
  expect((await adopter.post("/adopet/api/session", { data: { email: person.email, senha: SENHA } })).status()).toBe(
    200,
  );
  const applied = await adopter.post(`/adopet/api/pets/${bidu.id}/candidaturas`, { data: { respostas: ANSWERS } });
  expect(applied.status()).toBe(201);
  return { id, nome, founder, bidu, litter, application: ((await applied.json()) as { id: string }).id };
}

for (const width of [360, 1440] as const) {
  test(`at ${width}px a volunteer lands on Hoje, acts on the application assigned, vaccinates a litter and finds a late dose`, async ({
    page,
    playwright,
  }) => {
    await page.setViewportSize({ width, height: width < 768 ? 740 : 900 });
    const baseURL = test.info().project.use.baseURL;
    const admin = await playwright.request.newContext({ baseURL });
    const adopter = await playwright.request.newContext({ baseURL });
    const team = await organizationAtWork(admin, adopter, String(width));

    // Invited by e-mail as equipe; the invitation accepted from its link, then assigned Bidu's application.
    const volunteer = await createAccount(page.request, "Tiago Voluntário");
    const invited = await admin.post(`/adopet/api/organizacoes/${team.id}/convites`, {
      data: { email: volunteer.email, papel: "equipe" },
    });
    expect(invited.status()).toBe(201);
    const mail = await waitForMail(volunteer.email, new RegExp(`^Convite para a equipe de ${team.nome}$`));
    const token = /\/adopet\/convites\/([A-Za-z0-9_-]{43})/.exec(mail.text ?? "")![1]!;
    await logIn(page, volunteer.email);
    expect((await page.request.post(`/adopet/api/convites/${token}/aceitar`)).status()).toBe(200);
    const assigned = await admin.patch(`/adopet/api/candidaturas/${team.application}`, {
      data: { atribuida_a: volunteer.id },
    });
    expect(assigned.status()).toBe(200);
    await page.context().clearCookies();

    // Signing in lands on the organisation's home.
    await logInThroughForm(page, volunteer.email);
    await expect(page).toHaveURL(new RegExp(`/adopet/organizacoes/${team.id}/hoje$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hoje");
    const bar = page.getByRole("navigation", { name: "Menu da organização" });
    await expect(bar.getByRole("link", { name: team.nome })).toBeVisible();
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);

    // The application assigned to them, acted on from there.
    const applications = page.getByRole("region", { name: "Candidaturas" });
    await applications.getByRole("link", { name: "1 atribuída a você" }).click();
    await expect(page.getByText("1 candidatura", { exact: true })).toBeVisible();
    await page.getByRole("link", { name: "Vera Adotante · Bidu" }).click();
    await page.getByRole("radio", { name: "Em análise" }).check();
    await page.getByRole("button", { name: "Salvar", exact: true }).click();
    await expect(page.getByText(NOTICES.applicationMoved)).toBeVisible();
    await bar.getByRole("link", { name: "Hoje" }).click();
    await expect(applications.getByRole("link", { name: "0 novas" })).toBeVisible();

    // One vaccine for the litter of three.
    await bar.getByRole("link", { name: "Saúde" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Saúde");
    for (const pet of ["Nina", "Nino", "Nana"]) await page.getByRole("checkbox", { name: pet, exact: true }).check();
    await page.getByLabel("Vacina", { exact: true }).fill("V4");
    await page.getByLabel("Próxima dose (opcional)").fill(addDays(dayInBrasilia(new Date()), 5));
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Registrar vacina" }).click();
    await expect(page.getByRole("status")).toHaveText(NOTICES.healthAddedSeveral);
    // Saved once for each, and cleared: nothing ticked, the three now due within the week.
    await expect(page.getByRole("checkbox", { name: "Nina", exact: true })).not.toBeChecked();
    const coming = page.getByRole("region", { name: "Nos próximos 7 dias (3)" });
    for (const pet of team.litter) await expect(coming.getByRole("link", { name: pet.nome })).toBeVisible();
    await expectNoHorizontalScroll(page);

    // An animal found by `Dose atrasada`.
    await bar.getByRole("link", { name: "Animais" }).click();
    await page.getByText("Filtrar e ordenar").click();
    await page.getByRole("checkbox", { name: "Dose atrasada" }).check();
    await page.getByRole("button", { name: "Filtrar" }).click();
    await expect(page).toHaveURL(/dose_atrasada=1/);
    await expect(page.getByText("1 animal com esses filtros")).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: /Bidu/ })).toBeVisible();
    await expect(page.getByText(/^Dose atrasada: Vacina V10/)).toBeVisible();
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);
    await admin.dispose();
    await adopter.dispose();
  });
}

test("at 360px (the confirmation at 1440px too) an administradora sends two animals to another organisation, found by name and confirmed by its city, and turns off the morning summary", async ({
  page,
  playwright,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const baseURL = test.info().project.use.baseURL;
  const admin = await playwright.request.newContext({ baseURL });
  const adopter = await playwright.request.newContext({ baseURL });
  const other = await playwright.request.newContext({ baseURL });
  const team = await organizationAtWork(admin, adopter, "transfere");
  // The receiving organisation, in another city.
  const receiver = await createAccount(other, "Olga Abrigo");
  expect((await other.post("/adopet/api/session", { data: { email: receiver.email, senha: SENHA } })).status()).toBe(
    200,
  );
  const receiving = await other.post("/adopet/api/organizacoes", {
    data: { nome: "Abrigo Rio Acolhe", cidade: "Niterói", uf: "RJ" },
  });
  expect(receiving.status()).toBe(201);

  await logIn(page, team.founder.email);
  await page.goto(`/adopet/organizacoes/${team.id}/hoje`);
  const bar = page.getByRole("navigation", { name: "Menu da organização" });
  await page.getByRole("button", { name: "Não receber o resumo diário" }).click();
  await expect(page.getByRole("status")).toHaveText(NOTICES.dailySummaryOff);
  await expect(page.getByRole("button", { name: "Receber o resumo diário" })).toBeVisible();
  // The e-mail's stop link, altered or old, says where to turn it off instead.
  await page.goto("/adopet/organizacoes/resumo-diario/cancelar?token=nao-assinado.xxxxxxxxxxxxxxxx");
  await expect(page.getByRole("alert")).toHaveText(
    "Este link não é válido. Você pode desligar o resumo diário em Hoje, depois de entrar.",
  );
  await expectNoAxeViolations(page);
  await page.goto(`/adopet/organizacoes/${team.id}/hoje`);

  await bar.getByRole("link", { name: "Animais" }).click();
  for (const pet of ["Nina", "Nino"]) await page.getByRole("checkbox", { name: `Marcar ${pet}`, exact: true }).check();
  await page.getByRole("button", { name: "Transferir para outra organização" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Transferir animais");
  await page.getByLabel("Nome, CNPJ ou código da organização").fill("rio acolhe");
  await page.getByRole("button", { name: "Buscar" }).click();
  // The results' page, loaded, before axe reads it.
  const found = page.getByRole("list", { name: "Organizações encontradas" });
  await expect(found).toBeVisible();
  await expectNoAxeViolations(page);
  await found.getByRole("link", { name: "Abrigo Rio Acolhe" }).click();
  await expect(page.getByRole("heading", { name: "Confirme a organização" })).toBeVisible();
  await expect(page.getByText("Niterói/RJ")).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectNoAxeViolations(page);
  await saveScreenshot(page, "transferir-confirmar-360.png", { fullPage: true });
  // The same confirmation on a desk, where the team also works.
  await page.setViewportSize({ width: 1440, height: 900 });
  await expectNoHorizontalScroll(page);
  await expectNoAxeViolations(page);
  await saveScreenshot(page, "transferir-confirmar-1440.png", { fullPage: true });
  await page.getByRole("button", { name: "Pedir a transferência" }).click();
  await expect(page.getByRole("status")).toHaveText(NOTICES.transferRequested);
  await expect(page.getByText(/Nina: esperando a resposta de Abrigo Rio Acolhe/)).toBeVisible();
  await expect(page.getByText(/Nino: esperando a resposta de Abrigo Rio Acolhe/)).toBeVisible();
  for (const context of [admin, adopter, other]) await context.dispose();
});
