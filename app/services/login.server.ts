import type { Db } from "~/db/client.server";
import { MESSAGES } from "~/validation/messages";
import { authenticate, verifyUserPassword, type OwnUser } from "./accounts.server";
import { giveBack, resetLimit, retryText, takeAllowance } from "./rate-limits.server";

export type LoginResult =
  | { ok: true; user: OwnUser }
  | { ok: false; status: 400; field: "email" | "senha"; message: string }
  | { ok: false; status: 429; message: string; retryAfterSeconds: number };

/**
 * One login attempt, for the page and the API alike: the specification's
 * messages, with failed attempts limited per account and per client.
 *
 * Every attempt takes its allowance before the password is checked, atomically,
 * and a successful one gives it back: a burst of guesses sent at once gets no
 * more tries than guesses sent one by one.
 */
export async function attemptLogin(
  db: Db,
  clientKey: string,
  credentials: { email: string; senha: string },
): Promise<LoginResult> {
  const accountKey = credentials.email.trim().toLowerCase();
  for (const [name, key] of [
    ["login-client", clientKey],
    ["login-account", accountKey],
  ] as const) {
    const state = await takeAllowance(db, name, key);
    if (state.limited) {
      return {
        ok: false,
        status: 429,
        message: `Muitas tentativas de login. ${retryText(state.retryAfterSeconds)}`,
        retryAfterSeconds: state.retryAfterSeconds,
      };
    }
  }
  const result = await authenticate(db, credentials.email, credentials.senha);
  if (result.ok) {
    await resetLimit(db, "login-account", accountKey);
    await giveBack(db, "login-client", clientKey);
    return result;
  }
  if (result.reason === "unknown-email") {
    // No account to protect: only the client's count stays.
    await resetLimit(db, "login-account", accountKey);
    return { ok: false, status: 400, field: "email", message: MESSAGES.email.unknown };
  }
  return { ok: false, status: 400, field: "senha", message: MESSAGES.senha.wrong };
}

export type PasswordCheck =
  { ok: true } | { ok: false; limited: false } | { ok: false; limited: true; retryAfterSeconds: number };

/**
 * Checks a signed-in person's password before a sensitive change (new
 * password, account deletion). Wrong guesses count like failed logins of the
 * account, so a stolen session cannot be used to guess the password.
 */
export async function confirmOwnPassword(
  db: Db,
  user: { id: string; email: string },
  senha: string,
): Promise<PasswordCheck> {
  const key = user.email.toLowerCase();
  const state = await takeAllowance(db, "login-account", key);
  if (state.limited) return { ok: false, limited: true, retryAfterSeconds: state.retryAfterSeconds };
  if (!(await verifyUserPassword(db, user.id, senha))) return { ok: false, limited: false };
  await resetLimit(db, "login-account", key);
  return { ok: true };
}
