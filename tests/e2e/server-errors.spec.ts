import { randomUUID } from "node:crypto";
import { test as plain, type Locator, type Page } from "@playwright/test";
import { MESSAGES } from "../../app/validation/messages";
import { SENHA_MESSAGES } from "../../app/validation/accounts";
import { PET_MESSAGES } from "../../app/validation/pets";
import { expectNoAxeViolations, expect, test } from "./support";
import { createAccount, SENHA, signInThroughApi } from "./accounts-support";
import { newCaretaker, publishPet } from "./pets-support";

/**
 * A form refused by the server (no JavaScript, or posted before the page's scripts
 * arrived) comes back as a new page: its first invalid field has the focus, with its
 * message as its accessible description, as after a refusal in the browser.
 */
async function expectFocusedError(field: Locator, message: string) {
  await expect(field).toBeFocused();
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toHaveAccessibleDescription(message);
  await expect(field.page().getByText(message)).toBeVisible();
}

const GIF = { name: "gato.gif", mimeType: "image/gif", buffer: Buffer.from("GIF89a") };

async function fillPet(page: Page) {
  await page.getByLabel("Nome do animal").fill("Pipoca");
  await page.getByLabel("Espécie").selectOption("gato");
  await page.getByLabel("Sexo").selectOption("femea");
  await page.getByLabel("Idade", { exact: true }).fill("2");
  await page.getByLabel("Porte").selectOption("pequeno");
  await page.getByLabel("Perfil").fill("Curiosa");
  await page.getByLabel("Cidade").fill("Niterói");
  await page.getByLabel("Estado (UF)").selectOption("RJ");
}

// (axe needs scripts: the same answers are checked below, before the page's scripts arrive.)
test.describe("a refused form without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("cadastro focuses its first invalid field", async ({ page }) => {
    await page.goto("/adopet/cadastro");
    await page.getByRole("button", { name: "Cadastrar" }).click();
    await expectFocusedError(page.getByLabel("Email*"), MESSAGES.email.required);
    await expect(page.getByLabel("Nome*")).toHaveAccessibleDescription(MESSAGES.nome.required);

    // The first invalid field, not the first field.
    await page.getByLabel("Email*").fill("ana@exemplo.com");
    await page.getByLabel("Nome*").fill("Ana 2");
    await page.getByRole("button", { name: "Cadastrar" }).click();
    await expectFocusedError(page.getByLabel("Nome*"), MESSAGES.nome.pattern);
  });

  test("login focuses its first invalid field, and the server's own answers", async ({ page, request }) => {
    await page.goto("/adopet/login");
    await page.getByRole("button", { name: "Entrar" }).click();
    await expectFocusedError(page.getByLabel("Email"), MESSAGES.email.required);

    await page.getByLabel("Email").fill("ninguem-aqui@exemplo.com");
    await page.getByLabel("Senha", { exact: true }).fill(SENHA);
    await page.getByRole("button", { name: "Entrar" }).click();
    await expectFocusedError(page.getByLabel("Email"), MESSAGES.email.unknown);

    const { email } = await createAccount(request);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Senha", { exact: true }).fill("Errada@1");
    await page.getByRole("button", { name: "Entrar" }).click();
    await expectFocusedError(page.getByLabel("Senha", { exact: true }), MESSAGES.senha.wrong);
  });

  test("contato focuses its first invalid field", async ({ page }) => {
    await page.goto("/adopet/contato");
    await page.getByRole("button", { name: "Enviar" }).click();
    await expectFocusedError(page.getByLabel("Nome", { exact: true }), MESSAGES.nome.required);
    await expect(page.getByLabel("Mensagem")).toHaveAccessibleDescription(MESSAGES.contatoTexto.required);
  });

  test("contato focuses the form's own message when no field has one", async ({ page, request }) => {
    await newCaretaker(request);
    const twin = `Gemeo${randomUUID()
      .replace(/[^a-f]/g, "")
      .slice(0, 8)}`;
    await publishPet(request, { nome: twin, cidade: "Niterói" });
    await publishPet(request, { nome: twin, cidade: "Petrópolis" });
    await page.goto("/adopet/contato");
    await page.getByLabel("Nome", { exact: true }).fill("Carla Souza");
    await page.getByLabel("Telefone").fill("21 98888-7777");
    await page.getByLabel("Nome do animal").fill(twin);
    await page.getByLabel("Mensagem").fill("Olá! Quero conhecer.");
    await page.getByRole("button", { name: "Enviar" }).click();
    const alert = page.getByRole("alert");
    await expect(alert).toHaveText("Escolha um dos animais abaixo.");
    await expect(alert).toBeFocused();
    await expect(page.getByRole("radio")).toHaveCount(2);
  });

  test("perfil, perfil/senha and perfil/excluir focus their first invalid field", async ({ page }) => {
    await signInThroughApi(page);
    await page.goto("/adopet/perfil");
    await page.getByLabel("Nome").fill("");
    await page.getByRole("button", { name: "Salvar" }).click();
    await expectFocusedError(page.getByLabel("Nome"), MESSAGES.nome.required);
    // The photo comes first on the page (last in the schema).
    await page.getByLabel("Nome").fill("");
    await page.getByLabel("Foto").setInputFiles(GIF);
    await page.getByRole("button", { name: "Salvar" }).click();
    await expectFocusedError(page.getByLabel("Foto"), MESSAGES.foto.type);
    await expect(page.getByLabel("Nome")).toHaveAccessibleDescription(MESSAGES.nome.required);

    await page.goto("/adopet/perfil/senha");
    await page.getByRole("button", { name: "Alterar senha" }).click();
    await expectFocusedError(page.getByLabel("Senha atual"), SENHA_MESSAGES.currentRequired);
    await page.getByLabel("Senha atual").fill("Errada@1");
    await page.getByLabel("Nova senha", { exact: true }).fill("Nova@123");
    await page.getByLabel("Confirme a nova senha").fill("Nova@123");
    await page.getByRole("button", { name: "Alterar senha" }).click();
    await expectFocusedError(page.getByLabel("Senha atual"), SENHA_MESSAGES.currentWrong);

    await page.goto("/adopet/perfil/excluir");
    await page.getByRole("button", { name: "Excluir minha conta" }).click();
    await expectFocusedError(page.getByLabel("Digite sua senha para confirmar"), SENHA_MESSAGES.currentRequired);
  });

  test("publishing and editing a pet focus the first invalid field", async ({ page }) => {
    await signInThroughApi(page);
    await page.goto("/adopet/meus-pets/novo");
    await page.getByRole("button", { name: "Publicar" }).click();
    await expectFocusedError(page.getByLabel("Nome do animal"), "O campo nome do animal não pode estar vazio.");
    // A photo's own error (fotos[0]) is the photos field's.
    await fillPet(page);
    await page.getByLabel(/^Fotos/).setInputFiles(GIF);
    await page.getByRole("button", { name: "Publicar" }).click();
    await expectFocusedError(page.getByLabel(/^Fotos/), PET_MESSAGES.fotos.type);

    const pet = await publishPet(page.request, { nome: "Farofa" });
    await page.goto(`/adopet/meus-pets/${pet.id}`);
    await page.getByLabel("Cidade").fill("");
    await page.getByRole("button", { name: "Salvar" }).click();
    await expectFocusedError(page.getByLabel("Cidade"), "O campo cidade não pode estar vazio.");
  });
});

/**
 * The page's scripts load after its first paint (docs/decisions/0009): on a slow phone a
 * form can be sent before they arrive. Held back here until the answer is on screen.
 */
async function holdScripts(page: Page) {
  const held: (() => Promise<void>)[] = [];
  let holding = true;
  await page.route("**/adopet/assets/*.js", async (route) => {
    if (!holding) return route.continue();
    // A request of a page left meanwhile is gone: nothing to answer then.
    held.push(() => route.continue().catch(() => undefined));
  });
  return async () => {
    holding = false;
    await Promise.all(held.splice(0).map((release) => release()));
  };
}

// Playwright's own test: ours waits for the page to hydrate, which is what these hold back.
plain.describe("a form sent before the page's scripts arrive", () => {
  plain("login: the answer focuses the first invalid field, and hydrating keeps the focus", async ({ page }) => {
    const release = await holdScripts(page);
    await page.goto("/adopet/login", { waitUntil: "domcontentloaded" });
    await page.getByLabel("Email").fill("ninguem-aqui@exemplo.com");
    await page.getByRole("button", { name: "Entrar" }).click();
    const email = page.getByLabel("Email");
    const senha = page.getByLabel("Senha", { exact: true });
    await expectFocusedError(senha, MESSAGES.senha.required);
    await expect(page.locator("html[data-hydrated]")).not.toBeAttached();
    await expectNoAxeViolations(page);

    await release();
    await expect(page.locator("html[data-hydrated]")).toBeAttached();
    await expect(senha).toBeFocused();
    await expect(email).toHaveValue("ninguem-aqui@exemplo.com");
    // Hydrated: the browser validates again, as the user types.
    await senha.fill("x");
    await expect(senha).not.toHaveAttribute("aria-invalid", "true");
    await expectNoAxeViolations(page);
  });

  plain("cadastro and contato: the same", async ({ page }) => {
    await holdScripts(page);
    await page.goto("/adopet/cadastro", { waitUntil: "domcontentloaded" });
    await page.getByRole("button", { name: "Cadastrar" }).click();
    await expectFocusedError(page.getByLabel("Email*"), MESSAGES.email.required);
    await expectNoAxeViolations(page);

    await page.goto("/adopet/contato", { waitUntil: "domcontentloaded" });
    await page.getByLabel("Nome", { exact: true }).fill("Carla Souza");
    await page.getByRole("button", { name: "Enviar" }).click();
    await expectFocusedError(page.getByLabel("Telefone"), MESSAGES.telefone.required);
    await expectNoAxeViolations(page);
  });
});

test.describe("a refused form after hydration", () => {
  test("still focuses the first invalid field (Conform), with no attribute left behind", async ({ page }) => {
    await newCaretaker(page.request);
    await page.goto("/adopet/perfil/senha");
    await page.getByLabel("Senha atual").fill(SENHA);
    await page.getByLabel("Nova senha", { exact: true }).fill("Nova@123");
    await page.getByLabel("Confirme a nova senha").fill("Nova@124");
    await page.getByRole("button", { name: "Alterar senha" }).click();
    await expectFocusedError(page.getByLabel("Confirme a nova senha"), MESSAGES.senhaConfirma.differs);
    await expect(page.locator("[autofocus]")).toHaveCount(0);
  });

  test("a photo of the wrong type is the photos field's error", async ({ page }) => {
    await newCaretaker(page.request);
    await page.goto("/adopet/meus-pets/novo");
    await fillPet(page);
    await page.getByLabel(/^Fotos/).setInputFiles(GIF);
    await page.getByRole("button", { name: "Publicar" }).click();
    await expectFocusedError(page.getByLabel(/^Fotos/), PET_MESSAGES.fotos.type);
  });
});
