import { MESSAGES } from "../../app/validation/messages";
import { expectNoAxeViolations, expect, test } from "./support";
import { createAccount, logInThroughForm, SENHA, storedUser } from "./accounts-support";

test.describe("login", () => {
  test("shows the specified texts and the link to reset the password", async ({ page }) => {
    await page.goto("/adopet/login");
    await expect(page.getByRole("heading", { level: 1, name: "Já tem conta? Faça seu login:" })).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveAttribute("placeholder", "Insira seu email");
    await expect(page.getByLabel("Senha", { exact: true })).toHaveAttribute("placeholder", "Insira sua senha");
    await expect(page.getByRole("link", { name: "Esqueci minha senha" })).toHaveAttribute(
      "href",
      "/adopet/senha/esqueci",
    );
    await expect(page.getByRole("button", { name: "Entrar" })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("requires both fields", async ({ page }) => {
    await page.goto("/adopet/login");
    await page.getByRole("button", { name: "Entrar" }).click();
    await expect(page.getByLabel("Email")).toHaveAccessibleDescription(MESSAGES.email.required);
    await expect(page.getByLabel("Senha", { exact: true })).toHaveAccessibleDescription(MESSAGES.senha.required);
    await expect(page.getByLabel("Email")).toBeFocused();
  });

  test("says 'Usuário não cadastrado!' under email for an unknown address", async ({ page }) => {
    await page.goto("/adopet/login");
    await page.getByLabel("Email").fill("ninguem-aqui@exemplo.com");
    await page.getByLabel("Senha", { exact: true }).fill(SENHA);
    await page.getByRole("button", { name: "Entrar" }).click();
    await expect(page.getByLabel("Email")).toHaveAccessibleDescription(MESSAGES.email.unknown);
  });

  test("says the password does not match under senha, even if another account uses it", async ({ page, request }) => {
    const { email } = await createAccount(request);
    await createAccount(request, "Outra Pessoa"); // Its password is SENHA too.
    await page.goto("/adopet/login");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Senha", { exact: true }).fill("Outra@123");
    await page.getByRole("button", { name: "Entrar" }).click();
    const senha = page.getByLabel("Senha", { exact: true });
    await expect(senha).toHaveAccessibleDescription(MESSAGES.senha.wrong);
    await expect(senha).toBeFocused();
  });

  test("signs in: goes to home and stores {id, email} under local storage 'user'", async ({ page, request }) => {
    const { email, id } = await createAccount(request);
    await logInThroughForm(page, email);
    expect(JSON.parse((await storedUser(page))!)).toEqual({ id, email });
    // The session cookie is out of reach of scripts.
    expect(await page.evaluate(() => document.cookie)).not.toContain("adopet_sessao");
  });

  test("a signed-in visitor of login or cadastro goes to home", async ({ page, request }) => {
    const { email } = await createAccount(request);
    await logInThroughForm(page, email);
    await page.goto("/adopet/login");
    await expect(page).toHaveURL(/\/adopet\/home$/);
    await page.goto("/adopet/cadastro");
    await expect(page).toHaveURL(/\/adopet\/home$/);
  });
});

test.describe("login without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("shows the server's messages, then signs in", async ({ page, request }) => {
    const { email } = await createAccount(request);
    await page.goto("/adopet/login");
    await page.getByRole("button", { name: "Entrar" }).click();
    await expect(page.getByText(MESSAGES.email.required)).toBeVisible();
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Senha", { exact: true }).fill("Errada@1");
    await page.getByRole("button", { name: "Entrar" }).click();
    await expect(page.getByText(MESSAGES.senha.wrong)).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveValue(email);
    await page.getByLabel("Senha", { exact: true }).fill(SENHA);
    await page.getByRole("button", { name: "Entrar" }).click();
    await expect(page).toHaveURL(/\/adopet\/home$/);
  });
});
