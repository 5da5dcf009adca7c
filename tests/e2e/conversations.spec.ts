import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { expectNoAxeViolations, expectNoHorizontalScroll, expect, test, saveScreenshot } from "./support";
import { signInThroughApi } from "./accounts-support";
import { newCaretaker, publishPet, sendMessage } from "./pets-support";

/** Conversations (issue 20): the adopter and the caretaker talk on the application's page. */

/** Applies for `petId` through the API with the default questionnaire's answers. */
async function applyThroughApi(request: APIRequestContext, petId: string): Promise<string> {
  const questions = (await (await request.get(`/adopet/api/pets/${petId}/questionario`)).json()) as {
    perguntas: { id: string; tipo: string; opcoes?: string[] }[];
  };
  const respostas = Object.fromEntries(
    questions.perguntas.map((question) => [
      question.id,
      question.tipo === "sim_nao" ? true : question.opcoes ? question.opcoes[0] : "Com muito carinho.",
    ]),
  );
  const response = await request.post(`/adopet/api/pets/${petId}/candidaturas`, { data: { respostas } });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/**
 * A caretaker (in a browser context of their own, `ong`) with a pet named `nome`, and the
 * page's person signed in as an adopter who applied for it.
 */
async function applicationBetween(page: Page, browser: Browser, caretakerNome: string, nome: string) {
  const ongContext = await browser.newContext();
  const ong = await ongContext.newPage();
  await newCaretaker(ong.request, caretakerNome);
  const pet = await publishPet(ong.request, { nome });
  await signInThroughApi(page);
  const applicationId = await applyThroughApi(page.request, pet.id);
  return { ong, ongContext, applicationId };
}

test("the adopter and the caretaker write to each other on the application, by keyboard too", async ({
  page,
  browser,
}) => {
  const { ong, ongContext, applicationId } = await applicationBetween(page, browser, "ONG Conversa", "Pipoca");

  await page.goto(`/adopet/candidaturas/${applicationId}`);
  const conversation = page.getByRole("region", { name: "Conversa com ONG Conversa" });
  await expect(conversation.getByText("Nenhuma mensagem ainda.", { exact: false })).toBeVisible();
  await expectNoAxeViolations(page);

  // Empty: the field says what it needs and gets the focus.
  await conversation.getByRole("button", { name: "Enviar mensagem" }).click();
  await expect(conversation.getByLabel("Mensagem para ONG Conversa")).toBeFocused();
  await expect(conversation.getByText("Escreva a mensagem.")).toBeVisible();

  await conversation.getByLabel("Mensagem para ONG Conversa").fill("Oi! Posso visitar a Pipoca no sábado?");
  await page.keyboard.press("Tab");
  await expect(conversation.getByRole("button", { name: "Enviar mensagem" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Mensagem enviada.", { exact: true })).toBeVisible();
  await expect(conversation.getByRole("listitem").filter({ hasText: "Você" })).toContainText(
    "Oi! Posso visitar a Pipoca no sábado?",
  );

  // The caretaker reads it on the same application, and answers.
  await ong.goto(`/adopet/candidaturas/${applicationId}`);
  const theirs = ong.getByRole("region", { name: /^Conversa com / });
  await expect(theirs.getByRole("listitem")).toHaveCount(1);
  await expect(theirs.getByRole("listitem").first()).toContainText("Oi! Posso visitar a Pipoca no sábado?");
  await theirs.getByLabel(/^Mensagem para /).fill("Pode sim! Às 10h?\nTraga a coleira.");
  await theirs.getByRole("button", { name: "Enviar mensagem" }).click();
  await expect(theirs.getByRole("listitem")).toHaveCount(2);
  await expectNoAxeViolations(ong);

  await page.reload();
  await expect(conversation.getByRole("listitem").last()).toContainText("ONG Conversa");
  await expect(conversation.getByRole("listitem").last()).toContainText("Traga a coleira.");
  for (const width of [360, 768, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await conversation.scrollIntoViewIfNeeded();
    await expectNoHorizontalScroll(page);
    await saveScreenshot(page, `conversation-${width}.png`);
  }

  // The list of conversations leads to the thread's own page (the caretaker elsewhere: an open
  // thread reads what arrives).
  await ong.goto("/adopet/home");
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/adopet/mensagens");
  const conversations = page.getByRole("region", { name: "Conversas" });
  await conversations.getByRole("link", { name: "ONG Conversa · Pipoca" }).click();
  await expect(page).toHaveURL(/\/adopet\/mensagens\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Conversa com ONG Conversa");
  await page.getByLabel("Mensagem para ONG Conversa").fill("Combinado, até sábado!");
  await page.getByRole("button", { name: "Enviar mensagem" }).click();
  await expect(page.getByText("Mensagem enviada.", { exact: true })).toBeVisible();
  await expect(page.getByRole("listitem").last()).toContainText("Combinado, até sábado!");
  await expectNoAxeViolations(page);
  for (const width of [360, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoHorizontalScroll(page);
    await saveScreenshot(page, `conversation-thread-${width}.png`);
  }
  await page.getByRole("link", { name: "ver a candidatura" }).click();
  await expect(page).toHaveURL(new RegExp(`/adopet/candidaturas/${applicationId}$`));

  // The caretaker's header counts the unread message; the list marks it.
  await ong.goto("/adopet/mensagens");
  const unread = ong.getByRole("region", { name: "Conversas" }).getByRole("listitem").first();
  await expect(unread).toContainText("1 não lida");
  await expect(unread).toContainText("Combinado, até sábado!");
  await expectNoAxeViolations(ong);
  for (const width of [360, 1440]) {
    await ong.setViewportSize({ width, height: 900 });
    await expectNoHorizontalScroll(ong);
    await saveScreenshot(ong, `conversations-list-${width}.png`);
  }
  await ongContext.close();
});

test("a visitor's message: the caretaker answers by WhatsApp or calls", async ({ page, playwright }) => {
  await newCaretaker(page.request, "Rita Protetora");
  const pet = await publishPet(page.request, { nome: "Bolacha" });
  const visitor = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  await sendMessage(visitor, pet, "A Bolacha ainda está disponível?");
  await visitor.dispose();
  await page.goto("/adopet/mensagens");
  const message = page.getByRole("article").filter({ hasText: "A Bolacha ainda está disponível?" });
  const whatsApp = message.getByRole("link", { name: "Responder pelo WhatsApp" });
  const href = (await whatsApp.getAttribute("href"))!;
  expect(href.startsWith("https://wa.me/5521988887777?text=")).toBe(true);
  expect(decodeURIComponent(href.split("text=")[1]!)).toBe(
    "Olá, Carla Souza! Aqui é Rita Protetora, sobre Bolacha, que você viu na Adopet.",
  );
  await expect(message.getByRole("link", { name: "Ligar" })).toHaveAttribute("href", "tel:21988887777");
  await expectNoAxeViolations(page);
});

test("live: a message appears in the other party's open thread and header within 2 seconds, without reload", async ({
  page,
  browser,
}) => {
  const { ong, ongContext, applicationId } = await applicationBetween(page, browser, "ONG Ao Vivo", "Cometa");
  const conversationId = (
    (await (await page.request.get(`/adopet/api/candidaturas/${applicationId}`)).json()) as { conversa_id: string }
  ).conversa_id;
  await page.request.post(`/adopet/api/conversas/${conversationId}/mensagens`, { data: { texto: "Oi, ONG!" } });

  // The caretaker has the thread open; the adopter is on another page.
  await ong.goto(`/adopet/mensagens/${conversationId}`);
  const thread = ong.getByRole("list", { name: "Conversa com Ana Lúcia" }).getByRole("listitem");
  await expect(thread).toHaveCount(1);
  await ong.evaluate(() => ((window as unknown as { semRecarregar: boolean }).semRecarregar = true));
  await page.goto("/adopet/home");
  const inbox = page.getByRole("link", { name: /^Caixa de mensagens/ });
  await expect(inbox).toHaveAccessibleName("Caixa de mensagens");

  await ong.getByLabel("Mensagem para Ana Lúcia").fill("Oi! O Cometa está ótimo.");
  await ong.getByRole("button", { name: "Enviar mensagem" }).click();
  // The adopter's header counts it, without reload, and leads to the conversations.
  await expect(inbox).toHaveAccessibleName("Caixa de mensagens, 1 mensagem não lida", { timeout: 2_000 });
  await expect(inbox).toHaveAttribute("href", "/adopet/mensagens");

  // The adopter answers from the API: the caretaker's open thread shows it, without reload.
  await page.request.post(`/adopet/api/conversas/${conversationId}/mensagens`, { data: { texto: "Que bom! Amanhã?" } });
  await expect(thread.last()).toContainText("Que bom! Amanhã?", { timeout: 2_000 });
  await expect(thread).toHaveCount(3);
  expect(await ong.evaluate(() => (window as unknown as { semRecarregar?: boolean }).semRecarregar)).toBe(true);
  await ongContext.close();
});

test("from contato a signed-in adopter opens the conversation; WhatsApp by consent, live; a block; a report", async ({
  page,
  browser,
}) => {
  const ongContext = await browser.newContext();
  const ong = await ongContext.newPage();
  await newCaretaker(ong.request, "ONG Segura");
  const pet = await publishPet(ong.request, { nome: "Farofa" });
  await signInThroughApi(page);

  await page.goto(`/adopet/contato?pet=${pet.id}`);
  await expect(
    page.getByText("Sua mensagem abre uma conversa com quem cuida do animal", { exact: false }),
  ).toBeVisible();
  // Signed in, neither a name nor a phone is asked.
  await expect(page.getByLabel("Telefone")).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.getByLabel("Mensagem").fill("Oi! A Farofa se dá bem com gatos?");
  await page.getByRole("button", { name: "Enviar" }).click();
  await expect(page).toHaveURL(/\/adopet\/mensagens\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("status")).toHaveText("Mensagem enviada com sucesso!");
  await expect(page.getByRole("list", { name: "Conversa com ONG Segura" }).getByRole("listitem")).toHaveCount(1);
  const conversationUrl = new URL(page.url()).pathname;

  // The caretaker reads it without the adopter's phone; sharing theirs needs one in the profile.
  await ong.goto(conversationUrl);
  await expect(ong.getByText("Oi! A Farofa se dá bem com gatos?")).toBeVisible();
  await ong.getByRole("button", { name: "Compartilhar meu WhatsApp" }).click();
  await expect(ong.getByRole("status")).toHaveText(
    "Cadastre seu telefone no seu perfil para compartilhar seu WhatsApp.",
  );
  const { id: ongId } = (await (await ong.request.get("/adopet/api/session")).json()) as { id: string };
  expect(
    (await ong.request.patch(`/adopet/api/users/${ongId}`, { data: { telefone: "21 97777-2222" } })).status(),
  ).toBe(200);
  await page.evaluate(() => ((window as unknown as { semRecarregar: boolean }).semRecarregar = true));
  await ong.getByRole("button", { name: "Compartilhar meu WhatsApp" }).click();
  await expect(ong.getByRole("status")).toHaveText(
    "Pronto: a outra pessoa já vê o link para o seu WhatsApp nesta conversa.",
  );
  await expect(ong.getByRole("button", { name: "Parar de compartilhar" })).toBeVisible();
  // The adopter's open thread shows the link, without reload.
  const whatsApp = page.getByRole("link", { name: "Conversar com ONG Segura no WhatsApp (abre em nova aba)" });
  await expect(whatsApp).toHaveAttribute("href", /^https:\/\/wa\.me\/5521977772222\?text=Ol%C3%A1%2C%20ONG/, {
    timeout: 2_000,
  });
  expect(await page.evaluate(() => (window as unknown as { semRecarregar?: boolean }).semRecarregar)).toBe(true);
  await expectNoAxeViolations(page);
  for (const width of [360, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoHorizontalScroll(page);
    await saveScreenshot(page, `conversation-tools-${width}.png`, { fullPage: true });
  }

  // The caretaker blocks the adopter: neither writes any more, and the adopter is told politely.
  await ong.getByRole("button", { name: "Bloquear Ana Lúcia" }).click();
  await expect(ong.getByRole("status")).toHaveText(
    "Pessoa bloqueada: ela não pode mais escrever nem se candidatar aos seus animais, e verá isso se tentar.",
  );
  await expect(ong.getByText("Você bloqueou Ana Lúcia. Desbloqueie para voltar a escrever.")).toBeVisible();
  await expectNoAxeViolations(ong);
  await page.reload();
  await expect(page.getByText("ONG Segura preferiu não receber mais contatos seus.")).toBeVisible();
  await expect(page.getByLabel("Mensagem para ONG Segura")).toHaveCount(0);
  await expect(whatsApp).toHaveCount(0);

  // Blocks are listed in the inbox, and lifted there.
  await ong.goto("/adopet/mensagens");
  const blocks = ong.getByRole("region", { name: "Bloqueios" });
  await expect(blocks).toContainText("Ana Lúcia");
  await expectNoAxeViolations(ong);
  await ong.setViewportSize({ width: 360, height: 900 });
  await expectNoHorizontalScroll(ong);
  await saveScreenshot(ong, `conversation-blocks-360.png`, { fullPage: true });
  await blocks.getByRole("button", { name: "Desbloquear" }).click();
  await expect(ong.getByRole("status")).toHaveText("Desbloqueio feito: as mensagens voltam a chegar para você.");
  await expect(ong.getByRole("region", { name: "Bloqueios" })).toHaveCount(0);

  // The adopter reports the conversation to moderation.
  await page.goto(conversationUrl);
  await page.getByRole("link", { name: "Denunciar esta conversa" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Denunciar a conversa com ONG Segura sobre Farofa");
  await page.getByLabel("Outro").check();
  await page.getByLabel("O que aconteceu").fill("Pediu um PIX para reservar.");
  await page.getByRole("button", { name: "Enviar denúncia" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Denúncia enviada");
  await ongContext.close();
});
