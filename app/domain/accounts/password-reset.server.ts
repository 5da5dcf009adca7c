import { createHash, randomBytes } from "node:crypto";
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { passwordResets, sessions, users } from "~/db/schema";
import { hashResetPassword } from "~/domain/accounts/passwords.server";
import { PasswordResetEmail, passwordResetSubject } from "~/emails/password-reset.server";
import { renderEmail } from "~/emails/render.server";
import type { Jobs } from "~/services/jobs.server";
import { composeAndSendOnce, type Mailer } from "~/services/mail.server";
import { invalid, ok, type Result } from "~/services/outcome.server";
import { resetLimit, takeAllowance } from "~/services/rate-limits.server";

/**
 * `Esqueci minha senha` (issue 22): a link to set a new password, e-mailed through the job
 * queue, valid for an hour and once. The token is made by the job that sends it and only its
 * SHA-256 is stored, so neither the database nor the queue holds a usable link. Asking says
 * the same whether or not the account exists.
 */

export const PASSWORD_RESET_JOB = "password-reset";
const VALID_MS = 60 * 60_000;
/** Used or expired links are kept a day (the purge), then forgotten. */
const KEPT_MS = 24 * 60 * 60_000;

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
const mailKey = (resetId: string) => `senha-nova.${resetId}`;

/**
 * Asks for a link for the account of `email`, if there is one. Refused only by the limit on
 * the client (which says nothing of the account); the account's own limit drops the request
 * silently.
 */
export async function requestPasswordReset(
  db: Db,
  jobs: Jobs,
  email: string,
  clientKey: string,
  now = new Date(),
): Promise<Result> {
  const allowed = await takeAllowance(db, "reset-client", clientKey);
  if (!allowed.ok) return allowed;
  const [account] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  if (!account) return ok();
  const perAccount = await takeAllowance(db, "reset-account", account.id);
  if (!perAccount.ok) return ok();
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(passwordResets)
      .values({ userId: account.id, createdAt: now, expiresAt: new Date(now.getTime() + VALID_MS) })
      .returning({ id: passwordResets.id });
    await jobs.send(PASSWORD_RESET_JOB, { resetId: row!.id }, { tx });
  });
  jobs.wake(PASSWORD_RESET_JOB);
  return ok();
}

/**
 * The job `PASSWORD_RESET_JOB`: makes the link's token, keeps its hash, and e-mails the link,
 * once. The token is made only once this run has claimed the e-mail: a run after the e-mail
 * went out, or beside one sending it, makes no new token (the sent one must keep working).
 */
export async function sendPasswordReset(
  db: Db,
  mailer: Mailer,
  resetId: string,
  publicUrl: string,
  now = new Date(),
): Promise<void> {
  await composeAndSendOnce(db, mailer, mailKey(resetId), async () => {
    const [row] = await db
      .select({
        email: users.email,
        nome: users.nome,
        expiresAt: passwordResets.expiresAt,
        usedAt: passwordResets.usedAt,
      })
      .from(passwordResets)
      .innerJoin(users, eq(users.id, passwordResets.userId))
      .where(eq(passwordResets.id, resetId));
    // Gone with the account, or too late to be of use.
    if (!row || row.usedAt || row.expiresAt <= now) return null;
    const token = randomBytes(32).toString("base64url");
    await db
      .update(passwordResets)
      .set({ tokenHash: hashToken(token) })
      .where(eq(passwordResets.id, resetId));
    const url = `${publicUrl}/adopet/senha/nova?token=${token}`;
    const content = await renderEmail(PasswordResetEmail({ nome: row.nome, url }));
    return { to: row.email, subject: passwordResetSubject, ...content };
  });
}

/**
 * Sets the new password of the link's account: the link is then used, the account's other
 * links too, and every session of the account ends. An unknown, used or expired link is refused
 * before any password is hashed (hashing costs 19 MiB and tens of milliseconds, and anyone may
 * send made-up links); every attempt counts against the client's limit.
 */
export async function resetPassword(
  db: Db,
  input: { token: string; senha: string },
  clientKey: string,
  now = new Date(),
): Promise<Result<{ userId: string; email: string }>> {
  const allowed = await takeAllowance(db, "reset-use-client", clientKey);
  if (!allowed.ok) return allowed;
  const usable = and(
    eq(passwordResets.tokenHash, hashToken(input.token)),
    isNull(passwordResets.usedAt),
    sql`${passwordResets.expiresAt} > ${now}`,
  );
  const [link] = await db.select({ id: passwordResets.id }).from(passwordResets).where(usable).limit(1);
  if (!link) return invalid("token", "reset-token");
  const passwordHash = await hashResetPassword(input.senha);
  const done = await db.transaction(async (tx) => {
    // Again, under a lock: the link may have been used meanwhile.
    const [row] = await tx
      .select({ userId: passwordResets.userId, email: users.email })
      .from(passwordResets)
      .innerJoin(users, eq(users.id, passwordResets.userId))
      .where(usable)
      .for("update", { of: passwordResets });
    if (!row) return null;
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, row.userId));
    await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.userId, row.userId), isNull(passwordResets.usedAt)));
    await tx.delete(sessions).where(eq(sessions.userId, row.userId));
    return row;
  });
  if (!done) return invalid("token", "reset-token");
  // The owner proved they read the mailbox: failed logins counted against the account are forgotten.
  await resetLimit(db, "login-account", done.email.toLowerCase());
  return ok(done);
}

/** Forgets links used or expired more than a day ago (the hourly purge). */
export async function forgetOldResets(db: Db, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - KEPT_MS);
  const gone = await db
    .delete(passwordResets)
    .where(or(lt(passwordResets.expiresAt, before), lt(passwordResets.usedAt, before)))
    .returning({ id: passwordResets.id });
  return gone.length;
}
