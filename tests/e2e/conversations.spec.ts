import path from "node:path";
import type { APIRequestContext } from "@playwright/test";
import { expectNoAxeViolations, expectNoHorizontalScroll, expect, test } from "./support";
import { signInThroughApi } from "./accounts-support";
import { newCaretaker, publishPet } from "./pets-support";

const SCREENSHOTS_DIR = path.resolve(process.env.SCREENSHOTS_DIR || "test-results/screenshots");

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

test("the adopter and the caretaker write to each other on the application, by keyboard too", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const ongContext = await browser.newContext();
  const ong = await ongContext.newPage();
  await newCaretaker(ong.request, "ONG Conversa");
  const pet = await publishPet(ong.request, { nome: "Pipoca" });
  await signInThroughApi(page);
  const applicationId = await applyThroughApi(page.request, pet.id);

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
    await page.screenshot({ path: path.join(SCREENSHOTS_DIR, `conversation-${width}.png`) });
  }
  await ongContext.close();
});
