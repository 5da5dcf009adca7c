import type { Db } from "~/db/client.server";
import { authenticate, findAccountId, verifyUserPassword, type UserRow } from "~/domain/accounts/accounts.server";
import { knownKey, rememberLogin, type LoginOrigin } from "~/domain/accounts/known-logins.server";
import { invalid, ok, type LimitName, type Result } from "~/services/outcome.server";
import { giveBack, resetLimit, takeAllowance } from "~/services/rate-limits.server";

/**
 * One login attempt, for the page and the API alike: the specification's messages, with
 * failed attempts limited without letting anyone lock the owner out (ADR 0012):
 * - from a device or address the account has logged in from: per account on that device
 *   or address alone;
 * - from anywhere else: per client address, and per account across all such addresses,
 *   which bounds guessing one person's password from a botnet.
 *
 * Every attempt takes its allowance before the password is checked, atomically, and a
 * successful one gives it back: a burst of guesses sent at once gets no more tries than
 * guesses sent one by one.
 */
export async function attemptLogin(
  db: Db,
  origin: LoginOrigin,
  credentials: { email: string; senha: string },
): Promise<Result<UserRow>> {
  const accountKey = credentials.email.trim().toLowerCase();
  const account = await findAccountId(db, credentials.email);
  const known = account ? await knownKey(db, account, origin) : null;
  const limits: [LimitName, string][] = known
    ? [["login-known", `${account}:${known}`]]
    : [
        ["login-client", origin.clientKey],
        ["login-account", accountKey],
      ];
  for (const [name, key] of limits) {
    const allowed = await takeAllowance(db, name, key);
    if (!allowed.ok) return allowed;
  }
  const result = await authenticate(db, credentials.email, credentials.senha);
  if (result.ok) {
    for (const [name, key] of limits) {
      if (name === "login-client") await giveBack(db, name, key);
      else await resetLimit(db, name, key);
    }
    await rememberLogin(db, result.value.id, origin);
    return result;
  }
  // An unknown e-mail counts as a wrong password does, per client and per e-mail (issue 60):
  // how many tries an address gets says nothing of whether it has an account.
  return result;
}

/**
 * Checks a signed-in person's password before a sensitive change (new password, account
 * deletion). Wrong guesses are limited per session: a stolen session cannot be used to
 * guess the password, and guesses elsewhere (failed logins) never stop the owner, in their
 * own session, from changing it.
 */
export async function confirmOwnPassword(
  db: Db,
  user: { id: string; sessionKey: string },
  senha: string,
): Promise<Result> {
  const allowed = await takeAllowance(db, "password-check", user.sessionKey);
  if (!allowed.ok) return allowed;
  if (!(await verifyUserPassword(db, user.id, senha))) return invalid("senha", "wrong-password");
  await resetLimit(db, "password-check", user.sessionKey);
  return ok();
}
