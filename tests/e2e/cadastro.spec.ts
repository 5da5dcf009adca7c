import { MESSAGES } from "../../app/validation/messages";
import { expectNoAxeViolations, expect, test } from "./support";
import { SENHA, uniqueEmail } from "./accounts-support";

test.describe("cadastro", () => {
  test.beforeEach(async ({ page }) => {
    await page.goto("/adopet/cadastro");
  });

  test("shows the specified texts, and its logo leads to the welcome page", async ({ page }) => {
    await expect(page.getByRole("heading", { level: 1, name: "Ainda não tem cadastro?" })).toBeVisible();
    await expect(page.getByText("Então, antes de buscar seu melhor amigo, precisamos de alguns dados:")).toBeVisible();
    await expect(page.getByLabel("Email*")).toHaveAttribute("placeholder", "Escolha seu melhor email");
    await expect(page.getByLabel("Nome*")).toHaveAttribute("placeholder", "Digite seu nome completo");
    await expect(page.getByLabel("Senha*", { exact: true })).toHaveAttribute("placeholder", "Crie uma senha");
    await expect(page.getByLabel("Confirma sua senha*")).toHaveAttribute("placeholder", "Repita a senha criada acima");
    await page.getByRole("main").getByRole("link", { name: "Logomarca da Adopet" }).click();
    await expect(page.getByRole("heading", { name: "Boas-vindas!" })).toBeVisible();
  });

  test("validates on submit, focuses the first error, and revalidates as the user types", async ({ page }) => {
    await page.getByRole("button", { name: "Cadastrar" }).click();
    await expect(page.getByText(MESSAGES.email.required)).toBeVisible();
    await expect(page.getByText(MESSAGES.nome.required)).toBeVisible();
    await expect(page.getByText(MESSAGES.senha.required)).toBeVisible();
    await expect(page.getByText(MESSAGES.senhaConfirma.required)).toBeVisible();
    const email = page.getByLabel("Email*");
    await expect(email).toBeFocused();
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(email).toHaveAccessibleDescription(MESSAGES.email.required);

    await email.fill("ana@exemplo.com");
    await expect(page.getByText(MESSAGES.email.required)).toBeHidden();
    await expect(email).not.toHaveAttribute("aria-invalid", "true");
    await expectNoAxeViolations(page);
  });

  const cases: [string, string, string][] = [
    ["Email*", "ana.exemplo.com", MESSAGES.email.format],
    ["Email*", `${"a".repeat(40)}@exemplo.com`, MESSAGES.email.max],
    ["Nome*", "A", MESSAGES.nome.min],
    ["Nome*", "A".repeat(51), MESSAGES.nome.max],
    ["Nome*", "Ana 2", MESSAGES.nome.pattern],
    ["Nome*", "Ana + Bia", MESSAGES.nome.pattern],
    ["Senha*", "Abc@123456789012", MESSAGES.senha.max],
    ["Senha*", "abc@123", MESSAGES.senha.pattern],
    ["Senha*", "Ab@1", MESSAGES.senha.pattern],
  ];
  for (const [label, value, message] of cases) {
    test(`${label} "${value.slice(0, 20)}" → ${message.slice(0, 40)}`, async ({ page }) => {
      const field = page.getByLabel(label, { exact: true });
      await field.fill(value);
      await page.getByRole("button", { name: "Cadastrar" }).click();
      await expect(field).toHaveAccessibleDescription(message);
    });
  }

  test("accepts accented names with apostrophes and hyphens", async ({ page }) => {
    const nome = page.getByLabel("Nome*");
    await nome.fill("Maria D'Ávila-Conceição Jr.");
    await page.getByRole("button", { name: "Cadastrar" }).click();
    await expect(nome).not.toHaveAttribute("aria-invalid", "true");
  });

  test("tells when the confirmation differs", async ({ page }) => {
    await page.getByLabel("Senha*", { exact: true }).fill(SENHA);
    await page.getByLabel("Confirma sua senha*").fill("Abc@124");
    await page.getByRole("button", { name: "Cadastrar" }).click();
    await expect(page.getByLabel("Confirma sua senha*")).toHaveAccessibleDescription(MESSAGES.senhaConfirma.differs);
  });

  test("the eye toggle shows and hides the password, as a real button", async ({ page }) => {
    const senha = page.getByLabel("Senha*", { exact: true });
    await senha.fill(SENHA);
    await expect(senha).toHaveAttribute("type", "password");
    const toggle = page.getByRole("button", { name: "Mostrar senha" }).first();
    await expect(toggle).toHaveAttribute("aria-pressed", "false");
    await toggle.focus();
    await page.keyboard.press("Enter");
    await expect(senha).toHaveAttribute("type", "text");
    await expect(toggle).toHaveAttribute("aria-pressed", "true");
    await page.keyboard.press("Space");
    await expect(senha).toHaveAttribute("type", "password");
  });

  test("registers, then shows the notice on the login page", async ({ page }) => {
    await page.getByLabel("Email*").fill(uniqueEmail("cadastro"));
    await page.getByLabel("Nome*").fill("João da Silva");
    await page.getByLabel("Senha*", { exact: true }).fill(SENHA);
    await page.getByLabel("Confirma sua senha*").fill(SENHA);
    await page.getByRole("button", { name: "Cadastrar" }).click();
    await expect(page).toHaveURL(/\/adopet\/login$/);
    await expect(page.getByRole("status")).toHaveText("Usuário cadastrado com sucesso!");
  });

  test("says so under email when the address is already registered, whatever its case", async ({ page, request }) => {
    const email = uniqueEmail("repetido");
    await request.post("/adopet/api/users", { data: { email, nome: "Primeira", senha: SENHA } });
    await page.getByLabel("Email*").fill(email.toUpperCase());
    await page.getByLabel("Nome*").fill("Segunda Pessoa");
    await page.getByLabel("Senha*", { exact: true }).fill(SENHA);
    await page.getByLabel("Confirma sua senha*").fill(SENHA);
    await page.getByRole("button", { name: "Cadastrar" }).click();
    await expect(page.getByLabel("Email*")).toHaveAccessibleDescription(MESSAGES.email.taken);
    await expect(page.getByLabel("Email*")).toBeFocused();
  });
});

test.describe("cadastro without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("validates on the server with the same messages, then registers", async ({ page }) => {
    await page.goto("/adopet/cadastro");
    await page.getByLabel("Email*").fill("sem-js");
    await page.getByLabel("Nome*").fill("Ana 2");
    await page.getByRole("button", { name: "Cadastrar" }).click();
    await expect(page.getByText(MESSAGES.email.format)).toBeVisible();
    await expect(page.getByText(MESSAGES.nome.pattern)).toBeVisible();
    await expect(page.getByText(MESSAGES.senha.required)).toBeVisible();
    await expect(page.getByText(MESSAGES.senhaConfirma.required)).toBeVisible();
    // What was typed is kept, but the server never sends passwords back.
    await expect(page.getByLabel("Nome*")).toHaveValue("Ana 2");
    await page.getByLabel("Senha*", { exact: true }).fill(SENHA);
    await page.getByRole("button", { name: "Cadastrar" }).click();
    await expect(page.getByText(MESSAGES.senhaConfirma.required)).toBeVisible();
    await expect(page.getByLabel("Senha*", { exact: true })).toHaveValue("");

    await page.getByLabel("Email*").fill(uniqueEmail("semjs"));
    await page.getByLabel("Nome*").fill("Ana Sem Script");
    await page.getByLabel("Senha*", { exact: true }).fill(SENHA);
    await page.getByLabel("Confirma sua senha*").fill(SENHA);
    await page.getByRole("button", { name: "Cadastrar" }).click();
    await expect(page).toHaveURL(/\/adopet\/login$/);
    await expect(page.getByText("Usuário cadastrado com sucesso!")).toBeVisible();
  });
});
