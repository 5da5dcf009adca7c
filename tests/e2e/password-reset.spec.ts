import { expectNoAxeViolations, expect, test } from "./support";
import { createAccount, logInThroughForm } from "./accounts-support";
import { waitForMail } from "./mail-support";

/** `Esqueci minha senha` (issue 22) in the browser, from the login page to the new password. */
test("a forgotten password: the link by e-mail, a new password, every session ended, login with it", async ({
  page,
  browser,
}) => {
  const { email } = await createAccount(page.request, "Nina Esquecida");
  // A session elsewhere, which the new password ends.
  const elsewhere = await browser.newContext();
  const other = await elsewhere.newPage();
  await logInThroughForm(other, email);

  await page.context().clearCookies();
  await page.goto("/adopet/login");
  await page.getByRole("link", { name: "Esqueci minha senha" }).click();
  await expect(page).toHaveURL(/\/adopet\/senha\/esqueci$/);
  await expectNoAxeViolations(page);
  // Refused, then sent: the answer does not say whether the account exists.
  await page.getByRole("button", { name: "Enviar link" }).click();
  await expect(page.getByLabel("Email")).toBeFocused();
  await page.getByLabel("Email").fill(email.toUpperCase());
  await page.getByRole("button", { name: "Enviar link" }).click();
  await expect(
    page.getByText("Se houver uma conta com esse email, enviaremos um link para criar uma nova senha."),
  ).toBeVisible();

  const mail = await waitForMail(email, /^Crie uma nova senha na Adopet$/);
  const link = /https?:\/\/[^\s"]+\/adopet\/senha\/nova\?token=[A-Za-z0-9_-]{43}/.exec(mail.text ?? "")![0];
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Crie uma nova senha");
  await expectNoAxeViolations(page);
  await page.getByLabel("Nova senha").fill("fraca");
  await page.getByLabel("Confirma sua senha").fill("fraca");
  await page.getByRole("button", { name: "Criar senha" }).click();
  await expect(page.getByLabel("Nova senha")).toBeFocused();
  await page.getByLabel("Nova senha").fill("Nova@2026");
  await page.getByLabel("Confirma sua senha").fill("Nova@2026");
  await page.getByRole("button", { name: "Criar senha" }).click();
  await expect(page).toHaveURL(/\/adopet\/login$/);
  await expect(page.getByText("Senha criada! Entre com a sua nova senha.")).toBeVisible();
  await logInThroughForm(page, email, "Nova@2026");

  // The other session ended.
  await other.goto("/adopet/perfil");
  await expect(other).toHaveURL(/\/adopet\/login/);
  await elsewhere.close();

  // The link works once.
  await page.context().clearCookies();
  await page.goto(new URL(link).pathname + new URL(link).search);
  await page.getByLabel("Nova senha").fill("Outra@2026");
  await page.getByLabel("Confirma sua senha").fill("Outra@2026");
  await page.getByRole("button", { name: "Criar senha" }).click();
  await expect(
    page.getByText("Este link para criar uma nova senha expirou ou já foi usado. Peça um novo link."),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Pedir um novo link" })).toBeVisible();
});

test("a link cut short says so at once, with the way to ask again", async ({ page }) => {
  await page.goto("/adopet/senha/nova?token=curto");
  await expect(page.getByRole("alert")).toHaveText(
    "Este link para criar uma nova senha expirou ou já foi usado. Peça um novo link.",
  );
  await page.getByRole("link", { name: "Pedir um novo link" }).click();
  await expect(page).toHaveURL(/\/adopet\/senha\/esqueci$/);
});
