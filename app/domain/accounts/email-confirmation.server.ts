import { randomUUID } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { users } from "~/db/schema";
import { EmailConfirmationEmail, emailConfirmationSubject } from "~/emails/email-confirmation.server";
import { renderEmail } from "~/emails/render.server";
import { isId } from "~/lib/ids";
import type { Jobs } from "~/services/jobs.server";
import { composeAndSendOnce, type Mailer } from "~/services/mail.server";
import { forbidden, invalid, ok, type Result } from "~/services/outcome.server";
import { takeAllowance } from "~/services/rate-limits.server";
import { signToken, verifyToken } from "~/services/signing.server";

/**
 * `Confirme seu e-mail` (issue 41): sign-up e-mails a link; until it is opened the account
 * browses and writes, but publishes no animal, claims no CNPJ and counts towards hiding no
 * listing.
 *
 * The link is signed (app/services/signing.server.ts), not a stored token: confirming only
 * records that the address received mail, so it may be opened more than once and need not
 * expire, and a signed link needs no table, no purge and no token made by the job. The
 * signature covers the account's e-mail too, so a link would stop working if the address
 * ever changed.
 */

export const EMAIL_CONFIRMATION_JOB = "email-confirmation";

/** Each request its own e-mail: `pedido` tells a resend from a retry of the same send. */
export type EmailConfirmationJob = { userId: string; pedido: string };

const purposeFor = (email: string) => `email-confirmation:${email.trim().toLowerCase()}`;
const mailKey = (job: EmailConfirmationJob) => `confirmacao.${job.userId}.${job.pedido}`;

/**
 * Queues the e-mail with the link; within `tx` when given (sign-up: the account and its
 * e-mail together), and then the caller wakes the job's worker once it commits.
 */
export async function queueEmailConfirmation(jobs: Jobs, userId: string, tx?: Db): Promise<void> {
  const job: EmailConfirmationJob = { userId, pedido: randomUUID() };
  await jobs.send(EMAIL_CONFIRMATION_JOB, job, tx ? { tx } : {});
}

/** The job `EMAIL_CONFIRMATION_JOB`: e-mails the link, once, unless the account is gone or confirmed. */
export async function sendEmailConfirmation(
  db: Db,
  mailer: Mailer,
  job: EmailConfirmationJob,
  publicUrl: string,
): Promise<void> {
  // Composed once its key is claimed: a run that finds the e-mail sent or being sent makes no link.
  await composeAndSendOnce(db, mailer, mailKey(job), async () => {
    const [row] = await db
      .select({ email: users.email, nome: users.nome, confirmedAt: users.emailConfirmedAt })
      .from(users)
      .where(eq(users.id, job.userId));
    if (!row || row.confirmedAt) return null;
    const token = await signToken(db, purposeFor(row.email), job.userId);
    const url = `${publicUrl}/adopet/email/confirmar?token=${token}`;
    const content = await renderEmail(EmailConfirmationEmail({ nome: row.nome, url }));
    return { to: row.email, subject: emailConfirmationSubject, ...content };
  });
}

/** Whether `token` looks whole (a link cut short in a mail program is told at once). */
export function looksLikeConfirmationToken(token: string): boolean {
  const [value, signature] = token.split(".");
  return isId(value) && /^[A-Za-z0-9_-]{43}$/.test(signature ?? "");
}

/** Confirms the e-mail of the link's account; opening it again changes nothing. */
export async function confirmEmail(db: Db, token: string, now = new Date()): Promise<Result<{ userId: string }>> {
  const userId = token.split(".")[0] ?? "";
  if (!looksLikeConfirmationToken(token)) return invalid("token", "confirmation-token");
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  if (!row || (await verifyToken(db, purposeFor(row.email), token)) !== userId) {
    return invalid("token", "confirmation-token");
  }
  await db
    .update(users)
    .set({ emailConfirmedAt: now })
    .where(and(eq(users.id, userId), isNull(users.emailConfirmedAt)));
  return ok({ userId });
}

/** Sends the link again (from the profile), within a few an hour per account; nothing for a confirmed one. */
export async function resendEmailConfirmation(db: Db, jobs: Jobs, userId: string): Promise<Result> {
  if (await isEmailConfirmed(db, userId)) return ok();
  const allowed = await takeAllowance(db, "confirmation-account", userId);
  if (!allowed.ok) return allowed;
  await queueEmailConfirmation(jobs, userId);
  return ok();
}

/** Whether the account confirmed its e-mail (a page says what waits for it, before any form). */
export async function isEmailConfirmed(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ confirmedAt: users.emailConfirmedAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return Boolean(row?.confirmedAt);
}

/** Publishing animals and claiming a CNPJ wait for the e-mail's confirmation. */
export async function requireConfirmedEmail(db: Db, userId: string): Promise<Result> {
  return (await isEmailConfirmed(db, userId)) ? ok() : forbidden("email-unconfirmed");
}
