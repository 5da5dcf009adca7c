import { randomInt } from "node:crypto";
import { NOTICES } from "../../app/validation/messages";
import { expectNoAxeViolations, expect, test } from "./support";
import { createAccount, logIn, SENHA } from "./accounts-support";
import { waitForMail } from "./mail-support";
import { newCaretaker, publishPet } from "./pets-support";
import { ANSWERS } from "./applications-support";

/**
 * An organisation's team at work on an application (issue 43): the administradora invites a
 * volunteer, who accepts; she assigns an application to him; he finds it under `Minhas`, answers
 * it, and she reads what each did in the activity log.
 */

test("invite, accept, assign an application, answer it as the team member, see it in the activity log", async ({
  page,
  browser,
}) => {
  const nome = `Bento${randomInt(1_000_000)}`;
  // The administradora: her organisation is made as she publishes.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await newCaretaker(admin.request, "Irene Fundadora");
  const pet = await publishPet(admin.request, { nome });
  const { organizacao } = (await (await admin.request.get(`/adopet/api/pets/${pet.id}`)).json()) as {
    organizacao: { id: string };
  };
  // An adopter applies.
  const adopterContext = await browser.newContext();
  await createAccount(adopterContext.request, "Vera Adotante").then(async ({ email }) => {
    expect((await adopterContext.request.post("/adopet/api/session", { data: { email, senha: SENHA } })).status()).toBe(
      200,
    );
  });
  const applied = await adopterContext.request.post(`/adopet/api/pets/${pet.id}/candidaturas`, {
    data: { respostas: ANSWERS },
  });
  expect(applied.status()).toBe(201);
  const { id: applicationId } = (await applied.json()) as { id: string };
  await adopterContext.close();

  // The volunteer is invited and accepts from the e-mail's link.
  const volunteer = await createAccount(page.request, "Davi Voluntário");
  const invited = await admin.request.post(`/adopet/api/organizacoes/${organizacao.id}/convites`, {
    data: { email: volunteer.email, papel: "equipe" },
  });
  expect(invited.status()).toBe(201);
  const mail = await waitForMail(volunteer.email, /^Convite para a equipe de Irene Fundadora$/);
  const link = /https?:\/\/[^\s"]+(\/adopet\/convites\/[A-Za-z0-9_-]{43})/.exec(mail.text ?? "");
  await logIn(page, volunteer.email);
  await page.goto(link![1]!);
  await page.getByRole("button", { name: "Aceitar convite" }).click();
  await expect(page.getByRole("status")).toHaveText(NOTICES.invitationAccepted);

  // The administradora (signed in with her context's cookie) assigns the application to him.
  await admin.goto(`/adopet/candidaturas/${applicationId}`);
  await expect(admin.getByRole("heading", { level: 1 })).toHaveText(`Vera Adotante quer adotar ${nome}`);
  await admin.getByLabel("Atribuída a").selectOption({ label: "Davi Voluntário" });
  await admin.getByRole("button", { name: "Atribuir" }).click();
  await expect(admin.getByRole("status")).toHaveText(NOTICES.applicationAssigned);
  await expect(admin.getByLabel("Atribuída a")).toHaveValue(volunteer.id);
  await expectNoAxeViolations(admin);

  // He finds it under `Minhas`, and answers it.
  await page.goto("/adopet/candidaturas/recebidas");
  await page.getByRole("checkbox", { name: "Minhas" }).check();
  await page.getByRole("button", { name: "Filtrar" }).click();
  await expect(page).toHaveURL(/minhas=1/);
  await expect(page.getByRole("checkbox", { name: "Minhas" })).toBeChecked();
  await expect(page.getByText("1 candidatura", { exact: true })).toBeVisible();
  await expect(page.getByText("Atribuída a Davi Voluntário")).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: `Vera Adotante · ${nome}` }).click();
  await page.getByRole("radio", { name: "Entrevista" }).check();
  await page.getByRole("button", { name: "Salvar", exact: true }).click();
  await expect(page.getByText(NOTICES.applicationMoved)).toBeVisible();
  // He answers in the application's conversation, for the team.
  await page.getByLabel("Mensagem para Vera Adotante").fill("Oi, Vera! Podemos conversar amanhã?");
  await page.getByRole("button", { name: "Enviar mensagem" }).click();
  await expect(page.getByText("Oi, Vera! Podemos conversar amanhã?")).toBeVisible();
  await expectNoAxeViolations(page);
  // The administradora reads it in the team's conversation, with who wrote it.
  await admin.goto("/adopet/mensagens");
  await admin.getByRole("link", { name: `Vera Adotante · ${nome}` }).click();
  const answer = admin.getByRole("listitem").filter({ hasText: "Oi, Vera! Podemos conversar amanhã?" });
  await expect(answer.locator(".thread__author")).toHaveText("Davi Voluntário");

  // The log says who did what.
  await admin.goto(`/adopet/organizacoes/${organizacao.id}/atividade`);
  const log = admin.getByRole("list", { name: "Registros" }).getByRole("listitem");
  await expect(log.nth(0)).toContainText(
    `Davi Voluntário moveu a candidatura de Vera Adotante (${nome}) para Entrevista`,
  );
  await expect(log.nth(1)).toContainText(
    `Irene Fundadora atribuiu a candidatura de Vera Adotante (${nome}) a Davi Voluntário`,
  );
  await expect(log.nth(2)).toContainText("Davi Voluntário entrou na organização como equipe");
  await expectNoAxeViolations(admin);
  await adminContext.close();
});
