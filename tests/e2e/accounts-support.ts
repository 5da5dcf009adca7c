import { randomUUID } from "node:crypto";
import { expect, type APIRequestContext, type Page } from "@playwright/test";

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

/** Creates an account through the API (fast set-up for tests about other pages). */
export async function createAccount(request: APIRequestContext, nome = "Ana Lúcia") {
  const email = uniqueEmail();
  const response = await request.post("/adopet/api/users", { data: { email, nome, senha: SENHA } });
  expect(response.status()).toBe(201);
  return { email, nome, id: ((await response.json()) as { id: string }).id };
}

export async function logInThroughForm(page: Page, email: string, senha = SENHA) {
  await page.goto("/adopet/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Senha", { exact: true }).fill(senha);
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page).toHaveURL(/\/adopet\/home$/);
  // The URL changes before the new page is rendered and the local-storage mirror written.
  await expect.poll(() => storedUser(page)).toContain(email);
}

export async function storedUser(page: Page) {
  return page.evaluate(() => window.localStorage.getItem("user"));
}

/** Signs the page's browser in as a new account, through the API (the context shares its cookies). */
export async function signInThroughApi(page: Page) {
  const account = await createAccount(page.request);
  const response = await page.request.post("/adopet/api/session", { data: { email: account.email, senha: SENHA } });
  expect(response.status()).toBe(200);
  return account;
}
