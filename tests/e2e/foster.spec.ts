import { FOSTER_MESSAGES } from "../../app/validation/foster";
import { NOTICES } from "../../app/validation/messages";
import { expectNoAxeViolations, expect, test } from "./support";
import sharp from "sharp";
import { createAccount, logIn, signInThroughApi } from "./accounts-support";
import { waitForMail } from "./mail-support";

/** The foster network (issue 44) in the browser: a person offers their home, pauses and withdraws it. */

test("a visitor reads what fostering is and is asked to sign in to offer a home", async ({ page }) => {
  await page.goto("/adopet/");
  await page
    .getByRole("navigation", { name: "Informações do site" })
    .getByRole("link", { name: "Lar temporário", exact: true })
    .click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Lar temporário");
  await expect(page.getByText("Um lar temporário recebe em casa")).toBeVisible();
  await page.getByRole("link", { name: "Entre na sua conta" }).click();
  await expect(page).toHaveURL(/\/adopet\/login\?voltar=%2Fadopet%2Flar-temporario$/);
});

test("a person offers their home, is told what is missing, then pauses, resumes and withdraws the offer", async ({
  page,
}) => {
  await signInThroughApi(page);
  await page.goto("/adopet/lar-temporario");
  await page.getByRole("button", { name: "Oferecer meu lar" }).click();
  // Nothing chosen: the first field with an error takes the focus.
  await expect(page.getByLabel("Cidade")).toBeFocused();
  await expect(page.getByRole("group", { name: "Quais animais você pode receber" })).toContainText(
    FOSTER_MESSAGES.especies,
  );
  await expectNoAxeViolations(page);

  await page.getByLabel("Cidade").fill("Niterói");
  await page.getByLabel("Cidade").press("Escape");
  await page.getByLabel("Estado (UF)").selectOption("RJ");
  const group = (name: string) => page.getByRole("group", { name });
  await group("Quais animais você pode receber").getByLabel("Gato").check();
  await group("De que porte").getByLabel("Pequeno").check();
  await page.getByLabel("Quantos de uma vez").fill("2");
  await group("Você tem outros animais em casa?").getByLabel("Sim").check();
  await group("Há crianças em casa?").getByLabel("Não").check();
  await group("As janelas têm tela de proteção?").getByLabel("Sim").check();
  await page.getByLabel("Observações (opcional)").fill("Apartamento telado, trabalho em casa.");
  await page.getByRole("button", { name: "Oferecer meu lar" }).click();
  await expect(page.getByText(NOTICES.fosterOfferSaved)).toBeVisible();
  await expect(page.getByText("Ativa: organizações perto de você podem encontrá-la e convidar você.")).toBeVisible();
  await expect(page.getByLabel("Quantos de uma vez")).toHaveValue("2");
  await expectNoAxeViolations(page);

  await page.getByRole("button", { name: "Pausar a oferta" }).click();
  await expect(page.getByText(NOTICES.fosterOfferPaused)).toBeVisible();
  await page.getByRole("button", { name: "Retomar a oferta" }).click();
  await expect(page.getByText(NOTICES.fosterOfferResumed)).toBeVisible();
  await page.getByRole("button", { name: "Retirar a oferta" }).click();
  await expect(page.getByText(NOTICES.fosterOfferWithdrawn)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Oferecer meu lar" })).toBeVisible();
});

test("an organisation finds a home, invites and places an animal there; the foster sends news, published on its page", async ({
  browser,
}) => {
  const teamContext = await browser.newContext();
  const fosterContext = await browser.newContext();
  const team = await teamContext.newPage();
  const foster = await fosterContext.newPage();

  // The foster offers a home in Rio de Janeiro.
  const account = await createAccount(foster.request, "Beatriz Acolhe");
  await logIn(foster, account.email);
  await foster.goto("/adopet/lar-temporario");
  await foster.getByLabel("Cidade").fill("Rio de Janeiro");
  await foster.getByLabel("Cidade").press("Escape");
  await foster.getByLabel("Estado (UF)").selectOption("RJ");
  const group = (name: string) => foster.getByRole("group", { name });
  await group("Quais animais você pode receber").getByLabel("Cão").check();
  await group("De que porte").getByLabel("Pequeno").check();
  await foster.getByLabel("Quantos de uma vez").fill("1");
  await group("Você tem outros animais em casa?").getByLabel("Não").check();
  await group("Há crianças em casa?").getByLabel("Não").check();
  await group("As janelas têm tela de proteção?").getByLabel("Sim").check();
  await foster.getByRole("button", { name: "Oferecer meu lar" }).click();
  await expect(foster.getByText(NOTICES.fosterOfferSaved)).toBeVisible();

  // The demo NGO's team finds her offer near Rio (first name only) and invites her.
  await logIn(team, "ong@adopet.example", "Adote@2022");
  // By name: the other tests publish many animals, and the demo's are no longer the newest.
  const feed = (await (await team.request.get("/adopet/api/pets?q=Lua&limit=50")).json()) as {
    pets: { id: string; nome: string; organizacao: { id: string } }[];
  };
  const lua = feed.pets.find((pet) => pet.nome === "Lua")!;
  await team.goto(`/adopet/organizacoes/${lua.organizacao.id}/lares?perto=3304557`);
  await expect(team.getByText(account.email)).toHaveCount(0);
  await team.getByRole("button", { name: "Convidar Beatriz" }).click();
  await expect(team.getByText(NOTICES.fosterInvited)).toBeVisible();
  await expectNoAxeViolations(team);

  // She accepts the invitation e-mailed to her, and joins as a foster home.
  const mail = await waitForMail(account.email, /Convite para a equipe/);
  const link = /https?:\/\/[^\s"]+(\/adopet\/convites\/[A-Za-z0-9_-]{43})/.exec(mail.text ?? "")![1]!;
  await foster.goto(link);
  await foster.getByRole("button", { name: "Aceitar convite" }).click();
  await expect(foster).not.toHaveURL(/convites/);

  // The team takes Lua to her home.
  await team.goto(`/adopet/organizacoes/${lua.organizacao.id}/lares`);
  await team.getByLabel("Animal", { exact: true }).selectOption({ label: "Lua" });
  await team.getByLabel("Lar temporário", { exact: true }).selectOption({ label: "Beatriz Acolhe (Lar temporário)" });
  await team.getByRole("button", { name: "Levar para o lar temporário" }).click();
  await expect(team.getByText(NOTICES.fosterPlaced)).toBeVisible();
  await expect(team.getByText(account.email)).toBeVisible();

  // She sees Lua with her, and sends news with a photo.
  await foster.goto("/adopet/meus-lares");
  await expect(foster.getByRole("link", { name: "Lua", exact: true })).toBeVisible();
  await foster.getByLabel("Notícias", { exact: true }).fill("Lua já dorme na caminha e adora passear.");
  await foster.locator('input[name="fotos"]').setInputFiles({
    name: "lua.png",
    mimeType: "image/png",
    buffer: await sharp({ create: { width: 320, height: 320, channels: 3, background: "#f4a261" } })
      .png()
      .toBuffer(),
  });
  // Tapped twice (issue 63): sent once, and the form is empty again.
  await foster.getByRole("button", { name: "Enviar notícias" }).dblclick();
  await expect(foster.getByText(NOTICES.newsSent)).toBeVisible();
  await expect(foster.getByLabel("Notícias", { exact: true })).toHaveValue("");
  await expect(foster.getByText("Lua já dorme na caminha e adora passear.")).toHaveCount(1);
  await expectNoAxeViolations(foster);

  // The team publishes them; Lua's page says she is in a foster home, never where, with the news.
  await team.goto(`/adopet/organizacoes/${lua.organizacao.id}/lares`);
  await team.getByRole("button", { name: "Publicar as notícias de Lua" }).click();
  await expect(team.getByText(NOTICES.newsPublished)).toBeVisible();
  await foster.goto(`/adopet/pets/${lua.id}`);
  await expect(foster.getByText("Em lar temporário", { exact: true })).toBeVisible();
  await expect(foster.getByRole("heading", { name: "Notícias" })).toBeVisible();
  await expect(foster.getByText("Lua já dorme na caminha e adora passear.")).toBeVisible();
  await expect(foster.getByRole("img", { name: "Foto 1 das notícias de Lua" })).toBeVisible();
  // The page never names the foster (the header's avatar names the person signed in, to them).
  await expect(foster.locator("main").getByText("Beatriz")).toHaveCount(0);
  await expectNoAxeViolations(foster);

  await teamContext.close();
  await fosterContext.close();
});

test("a visit at the foster home: the team changes its day, the foster and the adopter see it", async ({ browser }) => {
  const teamContext = await browser.newContext();
  const fosterContext = await browser.newContext();
  const adopterContext = await browser.newContext();
  const team = await teamContext.newPage();
  const foster = await fosterContext.newPage();
  const adopter = await adopterContext.newPage();

  // The demo's adopter is to visit Sid at Marta's, his foster home: she sees where, never whose home.
  await logIn(adopter, "adotante@adopet.example", "Adote@2022");
  await adopter.goto("/adopet/candidaturas");
  const sidCard = adopter
    .getByRole("listitem")
    .filter({ has: adopter.getByRole("link", { name: "Sid", exact: true }) });
  await expect(sidCard).toContainText("Você vai conhecer o animal no lar temporário onde ele está, em");
  await expect(sidCard).not.toContainText("Marta");

  // The team opens the application and moves the visit to another day.
  await logIn(team, "ong@adopet.example", "Adote@2022");
  await adopter.getByRole("link", { name: "Sid", exact: true }).click();
  await expect(adopter).toHaveURL(/\/adopet\/candidaturas\/[0-9a-f-]{36}$/);
  const applicationUrl = adopter.url();
  await team.goto(applicationUrl);
  const visit = team.getByRole("region", { name: "Visita", exact: true });
  await expect(visit).toContainText("No lar temporário de Marta Lar Temporário, em");
  await expectNoAxeViolations(team);
  const day = new Date(Date.now() + 5 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  await visit.getByLabel("Dia e hora da visita (opcional)").fill(`${day}T16:30`);
  await visit.getByRole("button", { name: "Salvar a visita" }).click();
  await expect(team.getByText(NOTICES.visitChanged)).toBeVisible();
  const shown = `${day.split("-").reverse().join("/")}, 16:30`;
  await expect(team.getByRole("region", { name: "Visita", exact: true })).toContainText(`em ${shown}.`);

  // Marta sees who comes and when on her page, and is e-mailed.
  await logIn(foster, "lar@adopet.example", "Adote@2022");
  await foster.goto("/adopet/meus-lares");
  await expect(foster.getByRole("region", { name: "Visitas de adoção na sua casa" })).toContainText(
    `Carla vem conhecer Sid em ${shown}.`,
  );
  await expectNoAxeViolations(foster);
  const mail = await waitForMail("lar@adopet.example", /^Carla vai visitar Sid no seu lar temporário$/);
  expect(mail.text!.replace(/\s+/g, " ")).toContain(`A visita está marcada para ${shown}.`);

  // The adopter reads the new day.
  await adopter.goto(applicationUrl);
  await expect(adopter.getByText(`no lar temporário onde ele está, em ${shown}.`)).toBeVisible();

  await teamContext.close();
  await fosterContext.close();
  await adopterContext.close();
});
