import { randomUUID } from "node:crypto";
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { waitForMail } from "./mail-support";

export const SENHA = "Abc@123";

/**
 * The run's operator, made before the server starts (tests/support/e2e-operator.ts) as a real
 * site makes one: no demo account holds operator powers.
 */
export const OPERATOR = {
  email: process.env.ADOPET_E2E_OPERATOR_EMAIL ?? "",
  senha: process.env.ADOPET_E2E_OPERATOR_SENHA ?? "",
};

export function uniqueEmail(prefix = "pessoa") {
  return `${prefix}-${randomUUID().slice(0, 8)}@exemplo.com`;
}

/**
 * Creates an account through the API (fast set-up for tests about other pages), its e-mail
 * confirmed through the link it is sent (issue 41) unless `confirmed` is false.
 */
export async function createAccount(request: APIRequestContext, nome = "Ana Lúcia", { confirmed = true } = {}) {
  const email = uniqueEmail();
  const response = await request.post("/adopet/api/users", { data: { email, nome, senha: SENHA } });
  expect(response.status()).toBe(201);
  if (confirmed) await confirmEmailThroughLink(request, email);
  return { email, nome, id: ((await response.json()) as { id: string }).id };
}

/** The link of `Confirme seu e-mail` sent to `email`, as a path within the site. */
export async function confirmationPath(email: string): Promise<string> {
  const mail = await waitForMail(email, /^Confirme seu e-mail$/);
  const link = /https?:\/\/[^\s"]+\/adopet\/email\/confirmar\?token=[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}/.exec(
    mail.text ?? "",
  );
  expect(link).not.toBeNull();
  const url = new URL(link![0]);
  return url.pathname + url.search;
}

/** Confirms `email`'s account as its button does (a POST with the link's token). */
export async function confirmEmailThroughLink(request: APIRequestContext, email: string) {
  const token = new URL(await confirmationPath(email), "http://x").searchParams.get("token")!;
  const response = await request.post("/adopet/email/confirmar", { form: { token }, maxRedirects: 0 });
  expect(response.status()).toBe(302);
}

/**
 * Signs the page's browser in through the API (its request context shares the page's cookies):
 * for tests of what comes after the login. The form itself is tested in login.spec.ts.
 */
export async function logIn(page: Page, email: string, senha = SENHA) {
  const response = await page.request.post("/adopet/api/session", { data: { email, senha } });
  expect(response.status()).toBe(200);
}

/** Where a person lands after signing in: the feed, or their organisation's `Hoje`. */
const LANDING = /\/adopet\/(home|organizacoes\/[0-9a-f-]{36}\/hoje)$/;

export async function logInThroughForm(page: Page, email: string, senha = SENHA) {
  await page.goto("/adopet/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Senha", { exact: true }).fill(senha);
  await page.getByRole("button", { name: "Entrar" }).click();
  // The feed, or for a member of an organisation its home (`Hoje`, issue 62).
  await expect(page).toHaveURL(LANDING);
  // The URL changes before the new page is rendered and the local-storage mirror written.
  await expect.poll(() => storedUser(page)).toContain(email);
}

export async function storedUser(page: Page) {
  return page.evaluate(() => window.localStorage.getItem("user"));
}

/** Signs the page's browser in as a new account, through the API (the context shares its cookies). */
export async function signInThroughApi(page: Page) {
  const account = await createAccount(page.request);
  await logIn(page, account.email);
  return account;
}
