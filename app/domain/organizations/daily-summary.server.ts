import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { organizationMembers, organizations, users } from "~/db/schema";
import { DailySummaryEmail, dailySummarySubject } from "~/emails/daily-summary.server";
import { renderEmail } from "~/emails/render.server";
import { brasiliaTime, dayInBrasilia } from "~/lib/dates";
import { summarySections, todaySections } from "~/lib/organization-today";
import { firstName } from "~/lib/people";
import type { Jobs } from "~/services/jobs.server";
import { composeAndSendOnce, type Mailer } from "~/services/mail.server";
import { invalid, notFound, ok, type Result } from "~/services/outcome.server";
import { signToken, verifyToken } from "~/services/signing.server";
import { organizationToday } from "./today.server";

/**
 * The morning summary (issue 62): at 07:00 in Brasília a sweep queues one job per member and
 * organisation, and each job e-mails that member the counts of their `Hoje` with work waiting.
 * Nothing to do, no e-mail; one e-mail per member, organisation and day, however many sweeps
 * run (the e-mail's key). A member turns it off on `Hoje`, in the API, or from the e-mail's link.
 */

export const DAILY_SUMMARY_SWEEP_JOB = "daily-summary-sweep";
export const DAILY_SUMMARY_JOB = "daily-summary";
/** The hour in Brasília the summaries go: a sweep before it (a start's catch-up) leaves them to the cron. */
const SUMMARY_HOUR = 7;

export type DailySummaryJob = { userId: string; organizationId: string; dia: string };

/** Queues the day's summaries: one per member who keeps it on, in an organisation, unsuspended. */
export async function sweepDailySummaries(db: Db, jobs: Jobs, now: Date): Promise<number> {
  const dia = dayInBrasilia(now);
  if (now < brasiliaTime(dia, SUMMARY_HOUR)) return 0;
  const rows = await db
    .select({ userId: organizationMembers.userId, organizationId: organizationMembers.organizationId })
    .from(organizationMembers)
    .innerJoin(users, eq(users.id, organizationMembers.userId))
    .where(and(eq(organizationMembers.resumoDiario, true), isNull(users.suspendedAt)));
  if (rows.length === 0) return 0;
  await jobs.sendMany(
    DAILY_SUMMARY_JOB,
    rows.map((row) => ({
      data: { ...row, dia } satisfies DailySummaryJob,
      singletonKey: `${row.userId}:${row.organizationId}:${dia}`,
    })),
  );
  jobs.wake(DAILY_SUMMARY_JOB);
  return rows.length;
}

/** The job: the member's counts of `dia`, when some work waits, once. A day gone by is not sent late. */
export async function sendDailySummary(
  db: Db,
  mailer: Mailer,
  { userId, organizationId, dia }: DailySummaryJob,
  publicUrl: string,
  now: Date,
): Promise<boolean> {
  if (dayInBrasilia(now) !== dia) return false;
  const [member] = await db
    .select({ nome: users.nome, email: users.email, organizacao: organizations.nome })
    .from(organizationMembers)
    .innerJoin(users, eq(users.id, organizationMembers.userId))
    .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
    .where(
      and(
        eq(organizationMembers.userId, userId),
        eq(organizationMembers.organizationId, organizationId),
        eq(organizationMembers.resumoDiario, true),
        isNull(users.suspendedAt),
      ),
    );
  if (!member) return false;
  const today = await organizationToday(db, userId, organizationId, now);
  if (!today.ok) return false;
  const sections = summarySections(todaySections(organizationId, today.value));
  if (sections.length === 0) return false;
  const stopUrl = `${publicUrl}/adopet/organizacoes/resumo-diario/cancelar?token=${await summaryToken(db, userId, organizationId)}`;
  return composeAndSendOnce(
    db,
    mailer,
    `resumo.${organizationId}.${userId}.${dia}`,
    async () => ({
      to: member.email,
      subject: dailySummarySubject(member.organizacao),
      ...(await renderEmail(
        DailySummaryEmail({
          nome: firstName(member.nome),
          organizacao: member.organizacao,
          sections: sections.map((section) => ({
            title: section.title,
            counts: section.counts.map((entry) => ({ ...entry, to: entry.to && `${publicUrl}/adopet${entry.to}` })),
          })),
          url: `${publicUrl}/adopet/organizacoes/${organizationId}/hoje`,
          stopUrl,
        }),
      )),
      // Mail programs' own "unsubscribe" turns it off in one click (RFC 8058), as the link does.
      headers: { "List-Unsubscribe": `<${stopUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
    }),
    now,
  );
}

/** Turns the member's summary on or off: 404 outside the organisation. */
export async function setDailySummary(
  db: Db,
  userId: string,
  organizationId: string,
  on: boolean,
): Promise<Result<{ on: boolean }>> {
  const changed = await db
    .update(organizationMembers)
    .set({ resumoDiario: on })
    .where(and(eq(organizationMembers.userId, userId), eq(organizationMembers.organizationId, organizationId)))
    .returning({ on: organizationMembers.resumoDiario });
  return changed[0] ? ok(changed[0]) : notFound("organization");
}

const STOP_PURPOSE = "resumo-diario";
/** A signed value holds no dots and 64 characters at most: both ids, without their dashes. */
const compact = (id: string) => id.replaceAll("-", "");
const uuidOf = (hex: string) =>
  `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;

const summaryToken = (db: Db, userId: string, organizationId: string) =>
  signToken(db, STOP_PURPOSE, `${compact(organizationId)}${compact(userId)}`);

/** The member and organisation a stop link names, or null for a link not signed here. */
export async function summaryOfToken(
  db: Db,
  token: string,
): Promise<{ userId: string; organizationId: string; organizacao: string | null } | null> {
  const value = await verifyToken(db, STOP_PURPOSE, token);
  if (!value || !/^[0-9a-f]{64}$/.test(value)) return null;
  const organizationId = uuidOf(value.slice(0, 32));
  const userId = uuidOf(value.slice(32));
  const [row] = await db
    .select({ nome: organizations.nome })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return { userId, organizationId, organizacao: row?.nome ?? null };
}

/** The e-mail's stop link: turns that member's summary off (nothing, once they left the organisation). */
export async function stopDailySummary(db: Db, token: string): Promise<Result> {
  const found = await summaryOfToken(db, token);
  if (!found) return invalid("token", "unsubscribe-token");
  await setDailySummary(db, found.userId, found.organizationId, false);
  return ok();
}
