import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { addDays, dayInBrasilia, formatDay } from "../../app/lib/dates";
import { HEALTH_MESSAGES } from "../../app/lib/health";
import { NOTICES } from "../../app/validation/messages";
import { createAccount, logIn, SENHA } from "./accounts-support";
import { ANSWERS } from "./applications-support";
import { waitForMail } from "./mail-support";
import { newCaretaker, publishPet } from "./pets-support";
import { expect, expectNoAxeViolations, expectNoHorizontalScroll, saveScreenshot, test, WIDTHS } from "./support";

/**
 * An animal's health record (issue 45) in the browser: its foster records a vaccine with a
 * photo of the card, the reminder arrives, and after the termo is signed the adopter reads the
 * record and downloads the carteira de saúde.
 */

test("a foster records a dose with the card's photo, is reminded, and the adopter downloads the carteira after signing", async ({
  browser,
}) => {
  test.slow();
  const teamContext = await browser.newContext();
  const fosterContext = await browser.newContext();
  const adopterContext = await browser.newContext();
  const team = await teamContext.newPage();
  const foster = await fosterContext.newPage();
  const adopter = await adopterContext.newPage();
  const today = dayInBrasilia(new Date());

  // An organisation's animal, placed with a foster who joined through an invitation.
  await newCaretaker(team.request, "Abrigo Saúde Animal");
  const pet = await publishPet(team.request, { nome: "Pipoca", especie: "gato", sexo: "femea", porte: "pequeno" });
  const { organizacao } = (await (await team.request.get(`/adopet/api/pets/${pet.id}`)).json()) as {
    organizacao: { id: string };
  };
  const fosterAccount = await createAccount(foster.request, "Fernanda Acolhe");
  const invited = await team.request.post(`/adopet/api/organizacoes/${organizacao.id}/convites`, {
    data: { email: fosterAccount.email, papel: "lar_temporario" },
  });
  expect(invited.status()).toBe(201);
  const invitation = await waitForMail(fosterAccount.email, /Convite para a equipe/);
  const token = /\/adopet\/convites\/([A-Za-z0-9_-]{43})/.exec(invitation.text ?? "")![1]!;
  await logIn(foster, fosterAccount.email);
  expect((await foster.request.post(`/adopet/api/convites/${token}/aceitar`)).status()).toBe(200);
  const placed = await team.request.post(`/adopet/api/pets/${pet.id}/lar`, {
    data: { lar_id: fosterAccount.id, inicio: today },
  });
  expect(placed.status()).toBe(201);

  // The foster opens Pipoca's record from their page and records a vaccine, with the card's photo.
  await foster.goto("/adopet/meus-lares");
  await foster.getByRole("link", { name: "Saúde de Pipoca" }).click();
  await expect(foster.getByRole("heading", { level: 1 })).toHaveText("Saúde de Pipoca");
  await expect(foster.getByText("Nada registrado ainda.")).toBeVisible();
  await expectNoAxeViolations(foster);
  // Missing the vaccine's name: told under the field, which takes the focus.
  await foster.getByRole("button", { name: "Registrar vacina" }).click();
  await expect(foster.getByLabel("Vacina", { exact: true })).toBeFocused();
  await expect(foster.getByText(HEALTH_MESSAGES.nome.required)).toBeVisible();
  const nextDose = addDays(today, 7);
  await foster.getByLabel("Vacina", { exact: true }).fill("V4");
  await foster.getByLabel("Lote (opcional)").fill("V4-7781");
  await foster.getByLabel("Próxima dose (opcional)").fill(nextDose);
  await foster.locator('input[name="arquivos"]').setInputFiles({
    name: "carteira.jpg",
    mimeType: "image/jpeg",
    buffer: await sharp({ create: { width: 900, height: 600, channels: 3, background: "#f2e3c6" } })
      .jpeg()
      .toBuffer(),
  });
  await foster.getByRole("button", { name: "Registrar vacina" }).click();
  await expect(foster.getByText(NOTICES.healthAdded)).toBeVisible();
  await expect(foster.getByText(`${formatDay(today)} · Vacina V4`)).toBeVisible();
  await expect(foster.getByText("Lote V4-7781")).toBeVisible();
  await expect(foster.getByRole("link", { name: "Arquivo 1 (foto)" })).toBeVisible();
  await expect(foster.getByRole("region", { name: "Próximas doses" })).toContainText(`V4: ${formatDay(nextDose)}`);
  await expectNoAxeViolations(foster);
  // A weight, by choosing its kind.
  await foster.getByRole("link", { name: "Peso", exact: true }).click();
  await foster.getByLabel("Peso (kg)").fill("3,2");
  await foster.getByRole("button", { name: "Registrar peso" }).click();
  await expect(foster.getByText("Peso: 3,2 kg")).toBeVisible();

  // The dose is due in a week: the reminder arrives.
  const reminder = await waitForMail(fosterAccount.email, /^Lembrete de saúde de Pipoca: dose chegando$/);
  expect((reminder.text ?? "").replace(/\s+/g, " ")).toContain(
    `Vacina V4: a próxima dose vence em 7 dias, em ${formatDay(nextDose)}.`,
  );

  // Adopted: applied, approved, the termo issued and signed by both.
  const adopterAccount = await createAccount(adopter.request, "Paula Adota");
  await logIn(adopter, adopterAccount.email, SENHA);
  const applied = await adopter.request.post(`/adopet/api/pets/${pet.id}/candidaturas`, {
    data: { respostas: ANSWERS },
  });
  expect(applied.status()).toBe(201);
  const { id: applicationId } = (await applied.json()) as { id: string };
  expect(
    (await team.request.patch(`/adopet/api/candidaturas/${applicationId}`, { data: { status: "aprovada" } })).status(),
  ).toBe(200);
  const issued = await team.request.post(`/adopet/api/candidaturas/${applicationId}/termo`, {
    data: { prazo_castracao: addDays(today, 60) },
  });
  expect(issued.status()).toBe(201);
  const signed = await adopter.request.post(`/adopet/api/candidaturas/${applicationId}/termo/assinaturas`, {
    data: {
      nome_completo: "Paula Adota Souza",
      cpf: "529.982.247-25",
      endereco: "Rua das Acácias, 45, Niterói (RJ)",
      cep: "24220-000",
      concordo: true,
    },
  });
  expect(signed.status()).toBe(201);
  const countersigned = await team.request.post(`/adopet/api/candidaturas/${applicationId}/termo/assinaturas`, {
    data: { nome_completo: "Abrigo Saúde Animal", concordo: true },
  });
  expect(countersigned.status()).toBe(201);

  // The adopter finds the record on the adoption's page, and the carteira beside the signed termo.
  await adopter.goto(`/adopet/candidaturas/${applicationId}`);
  await adopter.getByRole("link", { name: "Abrir o registro de saúde" }).click();
  await expect(adopter.getByRole("heading", { level: 1 })).toHaveText("Saúde de Pipoca");
  await expect(adopter.getByText(`${formatDay(today)} · Vacina V4`)).toBeVisible();
  await expect(adopter.getByRole("button", { name: "Desligar os lembretes" })).toBeVisible();
  await expectNoAxeViolations(adopter);
  await adopter.goto(`/adopet/candidaturas/${applicationId}/termo`);
  const [download] = await Promise.all([
    adopter.waitForEvent("download"),
    adopter.getByRole("link", { name: "Baixar a carteira de saúde de Pipoca (PDF)" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("carteira-de-saude-pipoca.pdf");
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "carteira-")), "carteira.pdf");
  await download.saveAs(file);
  const text = execFileSync("pdftotext", [file, "-"], { encoding: "utf8" }).replace(/\s+/g, " ");
  expect(text).toContain("Carteira de saúde de Pipoca");
  expect(text).toContain("V4-7781");
  expect(text).toContain("3,2 kg");

  // The foster's stay ended with the adoption: the record is no longer theirs to read.
  expect((await foster.request.get(`/adopet/api/pets/${pet.id}/saude`)).status()).toBe(404);

  await teamContext.close();
  await fosterContext.close();
  await adopterContext.close();
});

test("a vaccine typed with its brand closes the earlier dose's reminder, its next dose suggested by the protocol", async ({
  page,
}) => {
  const today = dayInBrasilia(new Date());
  await newCaretaker(page.request, "Abrigo Vacina Certa");
  const pet = await publishPet(page.request, { nome: "Faísca", especie: "cao" });
  // Last year's dose, its booster due in three days.
  const earlier = await page.request.post(`/adopet/api/pets/${pet.id}/saude`, {
    data: { tipo: "vacina", nome: "V10", data: addDays(today, -365), proxima_dose: addDays(today, 3) },
  });
  expect(earlier.status()).toBe(201);
  await page.goto(`/adopet/pets/${pet.id}/saude`);
  const due = page.getByRole("region", { name: "Próximas doses" });
  await expect(due).toContainText(`V10: ${formatDay(addDays(today, 3))}`);

  // Today's booster, typed as its box says: the protocol suggests next year's.
  await page.getByLabel("Vacina", { exact: true }).fill("V10 Vanguard Plus");
  const booster = addDays(today, 365);
  await expect(page.getByText(`Pelo protocolo da V10 (reforço anual): ${formatDay(booster)}.`)).toBeVisible();
  await page.getByRole("button", { name: "Usar esta data" }).click();
  await expect(page.getByLabel("Próxima dose (opcional)")).toHaveValue(booster);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    await expectNoHorizontalScroll(page);
    await saveScreenshot(page, `saude-vacina-protocolo-${width}.png`, { fullPage: true });
  }
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Registrar vacina" }).click();
  await expect(page.getByText(NOTICES.healthAdded)).toBeVisible();

  // One V10 reminder, next year's; the entry named by the catalogue, the brand kept; the form empty again.
  await expect(due).toContainText(`V10: ${formatDay(booster)}`);
  await expect(due).not.toContainText(formatDay(addDays(today, 3)));
  await expect(page.getByText(`${formatDay(today)} · Vacina V10`)).toBeVisible();
  await expect(page.getByText("Produto: Vanguard Plus")).toBeVisible();
  await expect(page.getByLabel("Vacina", { exact: true })).toHaveValue("");
  await expect(page.getByLabel("Próxima dose (opcional)")).toHaveValue("");
});
