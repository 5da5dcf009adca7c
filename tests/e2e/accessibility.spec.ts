import type { Page } from "@playwright/test";
import { MESSAGES } from "../../app/validation/messages";
import { SENHA_MESSAGES } from "../../app/validation/accounts";
import { expectNoAxeViolations, expect, test } from "./support";
import { createAccount, SENHA, signInThroughApi } from "./accounts-support";
import { newCaretaker, publishPet, sendMessage } from "./pets-support";

/**
 * axe on what the other tests see mostly empty or in its first state: lists with
 * content, a pet's edit page, the pages of an adopted pet and of errors, and the
 * server's refusals of login and of a password change.
 */

/** The page's browser signed in as a caretaker with a pet available, another adopted. */
async function caretakerWithPets(page: Page) {
  await newCaretaker(page.request, "Rita Protetora");
  const available = await publishPet(page.request, { nome: "Paçoca" });
  const adopted = await publishPet(page.request, { nome: "Quindim", status: "adotado" });
  return { available, adopted };
}

test.describe("axe with content and in error states", () => {
  // expectNoAxeViolations loads axe once per document (tests/e2e/support.ts): it must still find
  // what a page breaks after its first pass, at another width, and on the next document.
  test("the check finds a violation on a page's first pass, on its next, and after navigating", async ({ page }) => {
    await page.goto("/adopet/");
    await expectNoAxeViolations(page);
    await page.evaluate(() => document.body.append(Object.assign(document.createElement("img"), { src: "/x.png" })));
    await expect(expectNoAxeViolations(page)).rejects.toThrow(/image-alt/);
    await page.setViewportSize({ width: 360, height: 740 });
    await expect(expectNoAxeViolations(page)).rejects.toThrow(/image-alt/);
    await page.goto("/adopet/login");
    // Grey on grey, through the CSSOM (the pages' CSP refuses a new style sheet).
    await page.evaluate(() => {
      for (const element of Array.from(document.querySelectorAll<HTMLElement>("*"))) {
        element.style.setProperty("color", "#777", "important");
        element.style.setProperty("background", "#888", "important");
      }
    });
    await expect(expectNoAxeViolations(page)).rejects.toThrow(/color-contrast/);
  });

  test("meus-pets with pets, and a pet's edit page, also refused", async ({ page }) => {
    const { available } = await caretakerWithPets(page);
    await page.goto("/adopet/meus-pets");
    await expect(page.getByRole("link", { name: "Editar Paçoca" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Disponibilizar Quindim de novo" })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.goto(`/adopet/meus-pets/${available.id}`);
    await expect(page.getByRole("heading", { level: 1, name: "Editar Paçoca" })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByLabel("Nome do animal").fill("");
    await page.getByLabel("Perfil").fill("");
    await page.getByRole("button", { name: "Salvar" }).click();
    await expect(page.getByLabel("Nome do animal")).toBeFocused();
    await expect(page.getByLabel("Perfil")).toHaveAccessibleDescription("O campo perfil não pode estar vazio.");
    await expectNoAxeViolations(page);
  });

  test("mensagens with visitors' messages, read and unread, and a conversation", async ({ page, playwright }) => {
    const { available } = await caretakerWithPets(page);
    const baseURL = test.info().project.use.baseURL;
    const other = await playwright.request.newContext({ baseURL });
    await newCaretaker(other, "Outra Protetora");
    const theirs = await publishPet(other, { nome: "Cocada" });
    const visitor = await playwright.request.newContext({ baseURL });
    await sendMessage(visitor, available, "Olá! Posso visitar a Paçoca no sábado?");
    await sendMessage(visitor, available, "Ela se dá bem com gatos?");
    // Signed in, a message opens a conversation.
    await sendMessage(page.request, theirs, "Oi! A Cocada ainda está disponível?");
    await other.dispose();
    await visitor.dispose();

    await page.goto("/adopet/mensagens");
    await expect(page.getByRole("heading", { name: "Recebidas (2 não lidas)" })).toBeVisible();
    await page.getByRole("button", { name: "Marcar como lida" }).first().click();
    await expect(page.getByRole("heading", { name: "Recebidas (1 não lida)" })).toBeVisible();
    await expect(page.getByText("Oi! A Cocada ainda está disponível?")).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("the page of an adopted pet (410)", async ({ page, request }) => {
    await newCaretaker(request);
    const adopted = await publishPet(request, { nome: "Quindim", status: "adotado" });
    const response = await page.goto(`/adopet/pets/${adopted.id}`);
    expect(response?.status()).toBe(410);
    await expect(page.getByRole("note")).toContainText("Quindim já foi adotado");
    await expectNoAxeViolations(page);
  });

  test("the 404 pages and the page of a refused request", async ({ page }) => {
    expect((await page.goto("/adopet/pagina-que-nao-existe"))?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Página não encontrada" })).toBeVisible();
    await expectNoAxeViolations(page);

    expect((await page.goto("/adopet/pets/00000000-0000-4000-8000-000000000000"))?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Animal não encontrado" })).toBeVisible();
    await expectNoAxeViolations(page);

    // A request the page itself would never make: the error page, as a whole document.
    await signInThroughApi(page);
    await page.goto("/adopet/mensagens");
    await Promise.all([
      page.waitForResponse((response) => response.url().endsWith("/adopet/mensagens") && response.status() === 400),
      page.evaluate(() => {
        const form = document.createElement("form");
        form.method = "post";
        form.action = "/adopet/mensagens";
        document.body.append(form);
        form.submit();
      }),
    ]);
    await expect(page.getByRole("heading", { level: 1, name: "Não foi possível concluir" })).toBeVisible();
    await expect(page.getByText("Pedido inválido.")).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("login refused: unknown email, wrong password", async ({ page, request }) => {
    const { email } = await createAccount(request);
    await page.goto("/adopet/login");
    await page.getByLabel("Email").fill("ninguem-aqui@exemplo.com");
    await page.getByLabel("Senha", { exact: true }).fill(SENHA);
    await page.getByRole("button", { name: "Entrar" }).click();
    await expect(page.getByLabel("Email")).toHaveAccessibleDescription(MESSAGES.email.unknown);
    await expectNoAxeViolations(page);

    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Senha", { exact: true }).fill("Errada@1");
    await page.getByRole("button", { name: "Entrar" }).click();
    await expect(page.getByLabel("Senha", { exact: true })).toHaveAccessibleDescription(MESSAGES.senha.wrong);
    await expectNoAxeViolations(page);
  });

  test("perfil/senha refused: wrong current password, confirmation that differs", async ({ page }) => {
    await newCaretaker(page.request);
    await page.goto("/adopet/perfil/senha");
    await page.getByLabel("Senha atual").fill("Errada@1");
    await page.getByLabel("Nova senha", { exact: true }).fill("Nova@123");
    await page.getByLabel("Confirme a nova senha").fill("Nova@123");
    await page.getByRole("button", { name: "Alterar senha" }).click();
    await expect(page.getByLabel("Senha atual")).toHaveAccessibleDescription(SENHA_MESSAGES.currentWrong);
    await expectNoAxeViolations(page);

    await page.getByLabel("Senha atual").fill(SENHA);
    await page.getByLabel("Nova senha", { exact: true }).fill("Nova@123");
    await page.getByLabel("Confirme a nova senha").fill("Nova@124");
    await page.getByRole("button", { name: "Alterar senha" }).click();
    await expect(page.getByLabel("Confirme a nova senha")).toHaveAccessibleDescription(MESSAGES.senhaConfirma.differs);
    await expectNoAxeViolations(page);
  });
});
