import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { expectNoAxeViolations, expectNoHorizontalScroll, expect, test, saveScreenshot } from "./support";
import { logIn, signInThroughApi } from "./accounts-support";
import { waitForMail } from "./mail-support";
import { newCaretaker, photo, publishPet } from "./pets-support";
import { ANSWERS } from "./applications-support";

/** A photo of a castration certificate, as the browser uploads it. */
async function certificate() {
  return { ...(await photo("#ffffff")), name: "atestado.png" };
}

/**
 * The termo de adoção (issue 21) in the browser: approved → issued → signed by the adopter
 * (by keyboard, on a phone's width) → countersigned → the PDF downloaded, rendered and read →
 * verified by code and by file (and a tampered copy refused) → the animal adopted.
 */
const PDF_DIR = path.resolve("test-results/termo");

test("a termo is issued, signed on the phone, countersigned, downloaded and verified; the animal is adopted", async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  fs.mkdirSync(PDF_DIR, { recursive: true });
  const nome = `Paçoca${Date.now() % 100_000}`;
  const ongContext = await browser.newContext();
  const ong = await ongContext.newPage();
  const caretaker = await newCaretaker(ong.request, "ONG Focinhos Felizes");
  const pet = await publishPet(ong.request, { nome, castrado: "nao" });
  const adopter = await signInThroughApi(page);
  const applied = await page.request.post(`/adopet/api/pets/${pet.id}/candidaturas`, { data: { respostas: ANSWERS } });
  expect(applied.status()).toBe(201);
  const applicationId = ((await applied.json()) as { id: string }).id;
  expect(
    (await ong.request.patch(`/adopet/api/candidaturas/${applicationId}`, { data: { status: "aprovada" } })).status(),
  ).toBe(200);

  // The caretaker's template, with its preview.
  await ong.goto("/adopet/meus-pets/termo");
  await expect(ong.getByRole("heading", { level: 1, name: "Termo de adoção" })).toBeVisible();
  await ong.getByRole("button", { name: "Pré-visualizar" }).click();
  await expect(ong.getByRole("document", { name: "Pré-visualização do termo" })).toContainText("Maria da Silva");
  await expectNoAxeViolations(ong);

  // The caretaker issues it from the application, with the castration deadline.
  await ong.goto(`/adopet/candidaturas/${applicationId}`);
  await ong.getByRole("link", { name: "Abrir o termo de adoção" }).click();
  await expect(ong.getByRole("heading", { level: 1 })).toHaveText(`Termo de adoção de ${nome}`);
  await expectNoAxeViolations(ong);
  const deadline = new Date(Date.now() + 90 * 24 * 60 * 60_000);
  const prazo = deadline.toISOString().slice(0, 10);
  await ong.getByLabel("Prazo para a castração").fill(prazo);
  await ong.getByRole("button", { name: "Emitir o termo" }).click();
  await expect(ong.getByText("Termo de adoção emitido. Quem adota recebe um e-mail para ler e assinar.")).toBeVisible();
  await expect(ong.getByText("Aguardando a assinatura de quem adota")).toBeVisible();

  // The adopter opens it from the e-mail, on a phone's width, and signs by keyboard.
  const mail = await waitForMail(adopter.email, new RegExp(`O termo de adoção de ${nome} está pronto`));
  const link = /https?:\/\/[^\s]+\/adopet\/candidaturas\/[0-9a-f-]{36}\/termo/.exec(mail.text ?? "")![0];
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto(new URL(link).pathname);
  const text = page.getByRole("document", { name: `Texto do termo de adoção de ${nome}` });
  await expect(text).toContainText("CPF [seu CPF]");
  await expect(text).toContainText(`castrá-lo até ${prazo.split("-").reverse().join("/")}`);
  await expectNoAxeViolations(page);
  await expectNoHorizontalScroll(page);
  await saveScreenshot(page, "termo-assinar-360.png", { fullPage: true });

  await page.getByRole("button", { name: "Assinar o termo" }).click();
  await expect(page.getByLabel("Nome completo")).toBeFocused();
  await expect(page.getByText("Digite um CPF válido.")).toBeVisible();
  await expect(page.getByText("Marque “Li e concordo” para assinar.")).toBeVisible();
  await page.getByLabel("Nome completo").fill("Beatriz Nogueira Lima");
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("CPF")).toBeFocused();
  await page.keyboard.type("111.111.111-11");
  await page.keyboard.press("Tab");
  await page.keyboard.type("Rua Gavião Peixoto, 50, casa 2, Icaraí, Niterói (RJ)");
  await page.keyboard.press("Tab");
  await page.keyboard.type("24230-101");
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Li e concordo")).toBeFocused();
  await page.keyboard.press("Space");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Assinar o termo" })).toBeFocused();
  await page.keyboard.press("Enter");
  // A CPF whose check digits are wrong is refused, and focused.
  await expect(page.getByLabel("CPF")).toBeFocused();
  await expect(page.getByText("Digite um CPF válido.")).toBeVisible();
  await page.getByLabel("CPF").fill("529.982.247-25");
  await page.getByLabel("CPF").press("Enter");
  await expect(page.getByText("Termo assinado! Agora falta a assinatura de quem cuida do animal")).toBeVisible();
  await expect(text).toContainText("Beatriz Nogueira Lima, CPF 529.982.247-25, residente em Rua Gavião Peixoto");
  await expect(page.getByText("Aguardando a assinatura de quem cuida do animal")).toBeVisible();

  // The caretaker countersigns: the adoption is complete.
  await waitForMail(caretaker.email, new RegExp(`O termo de adoção de ${nome} foi assinado`));
  await ong.goto(`/adopet/candidaturas/${applicationId}/termo`);
  await ong.setViewportSize({ width: 1440, height: 900 });
  await expect(ong.getByText("Adotante: Beatriz Nogueira Lima")).toBeVisible();
  await ong.getByLabel("Nome completo").fill("Joana Focinhos");
  await ong.getByLabel("Li e concordo").check();
  await ong.getByRole("button", { name: "Assinar o termo" }).click();
  await expect(ong.getByText("Termo assinado pelas duas partes. A adoção está concluída!")).toBeVisible();
  await expect(ong.getByText("Assinado pelas duas partes", { exact: true })).toBeVisible();
  await expectNoAxeViolations(ong);
  await saveScreenshot(ong, "termo-assinado-1440.png", { fullPage: true });
  const code = (await ong.getByText(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/).textContent())!;

  // The PDF: downloaded, its text read (accents as typed), its pages rendered to look at.
  const [download] = await Promise.all([
    ong.waitForEvent("download"),
    ong.getByRole("link", { name: "Baixar o termo assinado (PDF)" }).click(),
  ]);
  const pdfPath = path.join(PDF_DIR, "termo.pdf");
  await download.saveAs(pdfPath);
  // Lines wrap where the page ends them: read the text as one line.
  const pdfText = execFileSync("pdftotext", [pdfPath, "-"], { encoding: "utf8" }).replace(/\s+/g, " ");
  expect(pdfText).toContain("TERMO DE ADOÇÃO E RESPONSABILIDADE");
  expect(pdfText).toContain("Beatriz Nogueira Lima");
  expect(pdfText).toContain("Gavião Peixoto");
  expect(pdfText).toContain(`Código de verificação: ${code}`);
  expect(pdfText).toContain("Responsável pelo animal: Joana Focinhos");
  expect(execFileSync("pdffonts", [pdfPath], { encoding: "utf8" })).toMatch(
    /Poppins-Regular\s+CID TrueType\s+Identity-H\s+yes/,
  );
  // Rendered, as a person's PDF reader would (a broken file fails here).
  execFileSync("pdftoppm", ["-png", "-r", "60", pdfPath, path.join(PDF_DIR, "termo-pdf")]);
  expect(fs.existsSync(path.join(PDF_DIR, "termo-pdf-1.png"))).toBe(true);
  // The same bytes by the termo's own address, from the caretaker's list of signed termos.
  await ong.goto("/adopet/meus-pets/termo");
  const signedList = ong.getByRole("region", { name: "Termos de adoção assinados" });
  await expect(signedList).toContainText(code);
  await expectNoAxeViolations(ong);
  const [byId] = await Promise.all([
    ong.waitForEvent("download"),
    signedList.getByRole("link", { name: `Termo de adoção de ${nome} (PDF)` }).click(),
  ]);
  expect(fs.readFileSync((await byId.path())!).equals(fs.readFileSync(pdfPath))).toBe(true);

  // The adopter's application and the animal say so; the follow-up is scheduled, and the adopter
  // informs the castration with the certificate's photo.
  await page.goto(`/adopet/candidaturas/${applicationId}`);
  await expect(page.getByText("A adoção foi concluída")).toBeVisible();
  const followup = page.getByRole("region", { name: "Acompanhamento" });
  await expect(followup.getByText("7 dias: Agendado")).toBeVisible();
  await expect(followup.getByText(`Castração até ${prazo.split("-").reverse().join("/")}.`)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel("Foto do atestado (opcional)").setInputFiles(await certificate());
  await page.getByRole("button", { name: "Informar a castração" }).click();
  await expect(page.getByText("Castração informada. Obrigado!")).toBeVisible();
  await expect(followup.getByRole("link", { name: "Ver o atestado" })).toBeVisible();
  await saveScreenshot(page, "adocao-acompanhamento-360.png", { fullPage: true });
  await page.goto(`/adopet/pets/${pet.id}`);
  await expect(page.getByText(`${nome} já foi adotado e encontrou um lar.`)).toBeVisible();

  // Anyone verifies it, by code and by file; a copy changed by one byte does not match.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto("/adopet/termos/verificar");
  await visitor.getByLabel("Código de verificação").fill(code.toLowerCase());
  await visitor.getByRole("button", { name: "Verificar o código" }).click();
  await expect(visitor.getByRole("heading", { name: "Termo válido" })).toBeVisible();
  await expect(visitor.getByText("Adotante: Beatriz Nogueira Lima")).toBeVisible();
  await expect(visitor.getByText("529.982.247-25")).toHaveCount(0);
  await expectNoAxeViolations(visitor);
  await visitor.getByLabel("PDF do termo").setInputFiles(pdfPath);
  await visitor.getByRole("button", { name: "Verificar o PDF" }).click();
  await expect(visitor.getByRole("heading", { name: "Termo válido" })).toBeVisible();
  const tampered = Buffer.from(fs.readFileSync(pdfPath));
  const middle = Math.floor(tampered.length / 2);
  tampered[middle] = tampered[middle]! ^ 0x01;
  await visitor
    .getByLabel("PDF do termo")
    .setInputFiles({ name: "termo.pdf", mimeType: "application/pdf", buffer: tampered });
  await visitor.getByRole("button", { name: "Verificar o PDF" }).click();
  await expect(visitor.getByRole("heading", { name: "Não confere" })).toBeVisible();
  await expectNoAxeViolations(visitor);
  for (const width of [360, 1440]) {
    await visitor.setViewportSize({ width, height: 900 });
    await expectNoHorizontalScroll(visitor);
    await saveScreenshot(visitor, `termo-verificar-${width}.png`, { fullPage: true });
  }

  // A happy ending: the adopter tells it with a photo; the caretaker publishes it; anyone reads it.
  await page.goto(`/adopet/candidaturas/${applicationId}`);
  const story = page.getByRole("region", { name: "Final feliz" });
  await story.getByRole("button", { name: "Enviar para aprovação" }).click();
  await expect(story.getByLabel("A história")).toBeFocused();
  await expect(story.getByText("Conte a história: como está a vida com o animal?")).toBeVisible();
  await story.getByLabel("A história").fill(`${nome} chegou assustado e hoje dorme no pé da cama do meu filho.`);
  await story.getByLabel("Foto (opcional)").setInputFiles(await photo("#d08040"));
  await story.getByRole("button", { name: "Enviar para aprovação" }).click();
  await expect(page.getByText("História enviada!")).toBeVisible();
  await expect(story.getByText("Aguardando a aprovação de ONG Focinhos Felizes")).toBeVisible();
  await expectNoAxeViolations(page);
  await waitForMail(caretaker.email, new RegExp(`contou o final feliz de ${nome}`));
  await ong.goto(`/adopet/candidaturas/${applicationId}#final-feliz`);
  const review = ong.getByRole("region", { name: "Final feliz" });
  await expect(review.getByText("chegou assustado")).toBeVisible();
  await review.getByLabel("Publicar em Finais felizes").check();
  await review.getByRole("button", { name: "Salvar a decisão" }).click();
  await expect(ong.getByText("História publicada em Finais felizes e na sua página.")).toBeVisible();
  await visitor.goto("/adopet/finais-felizes");
  // Signed by the adopter's first name only.
  await visitor.getByRole("link", { name: `${nome} e Ana` }).click();
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(`${nome} e Ana`);
  await expect(visitor.getByText(adopter.nome)).toHaveCount(0);
  await expect(visitor.locator('meta[property="og:image"]')).toHaveAttribute(
    "content",
    /\/adopet\/imagens\/.+\/640\.webp$/,
  );
  await expectNoAxeViolations(visitor);
  for (const width of [360, 1440]) {
    await visitor.setViewportSize({ width, height: 900 });
    await expectNoHorizontalScroll(visitor);
    await saveScreenshot(visitor, `final-feliz-${width}.png`, { fullPage: true });
  }

  // Devolução: the caretaker records the animal's return and publishes it again; the story goes.
  await ong.goto(`/adopet/candidaturas/${applicationId}`);
  const devolution = ong.getByRole("region", { name: "Devolução" });
  await devolution.getByLabel("Motivo da devolução").fill("A família vai se mudar para o exterior.");
  await devolution.getByLabel(`Publicar ${nome} para adoção de novo agora`).check();
  await devolution.getByRole("button", { name: "Registrar a devolução" }).click();
  await expect(ong.getByText("Confirme a devolução.")).toBeVisible();
  await devolution.getByLabel(`Confirmo que ${nome} voltou para mim`).check();
  await devolution.getByRole("button", { name: "Registrar a devolução" }).click();
  await expect(ong.getByText("Devolução registrada.")).toBeVisible();
  await expect(ong.getByText(/^Devolução registrada em/)).toBeVisible();
  await expect(ong.getByText("A família vai se mudar para o exterior.")).toBeVisible();
  await expectNoAxeViolations(ong);
  await visitor.goto(`/adopet/pets/${pet.id}`);
  await expect(visitor.getByRole("link", { name: "Quero adotar" })).toBeVisible();
  await visitor.goto("/adopet/finais-felizes");
  await expect(visitor.getByRole("link", { name: `${nome} e Ana` })).toHaveCount(0);
  await ongContext.close();
  await visitorContext.close();
});

test("the demo adopter's first check-in is answered by its link, without login; the caretaker reads it", async ({
  page,
  browser,
}) => {
  // Due three days ago (the demo's adoption is ten days old): sent when the server started.
  const mail = await waitForMail("adotante@adopet.example", /^Como está a Bolota\?$/);
  const link = new URL(/https?:\/\/\S+\/adopet\/acompanhamento\?token=[A-Za-z0-9_.-]+/.exec(mail.text ?? "")![0]);
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto(link.pathname + link.search);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Como está Bolota?");
  await expectNoAxeViolations(page);
  await expectNoHorizontalScroll(page);
  await saveScreenshot(page, "acompanhamento-360.png", { fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  await saveScreenshot(page, "acompanhamento-1440.png", { fullPage: true });
  await page.getByRole("button", { name: "Enviar notícias" }).click();
  await expect(page.getByText("Conte as novidades.")).toBeVisible();
  await page.getByLabel("Como Bolota está?").fill("Está ótima: já sobe no sofá e ronrona a noite toda.");
  await page.getByLabel("Fotos (até 3, opcional)").setInputFiles([await photo("#8060c0"), await photo("#60a080")]);
  await page.getByRole("button", { name: "Enviar notícias" }).click();
  await expect(page.getByText("Recebemos suas notícias de Bolota.")).toBeVisible();
  await expectNoAxeViolations(page);

  // The caretaker reads it on the adoption's page, with the photos.
  const ongContext = await browser.newContext();
  const ong = await ongContext.newPage();
  await logIn(ong, "ong@adopet.example", "Adote@2022");
  await ong.goto("/adopet/candidaturas/recebidas");
  await ong.getByRole("link", { name: /Carla Souza · Bolota/ }).click();
  const followup = ong.getByRole("region", { name: "Acompanhamento" });
  await expect(followup.getByText("Está ótima: já sobe no sofá")).toBeVisible();
  await expect(followup.getByRole("img", { name: "Foto 2 de Bolota aos 7 dias" })).toBeVisible();
  await expectNoAxeViolations(ong);
  await ongContext.close();
});
