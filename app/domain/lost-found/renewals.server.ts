import { and, eq, gt, isNull, lte } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { lostFoundReports, users } from "~/db/schema";
import { LostFoundRenewalEmail, lostFoundRenewalSubject } from "~/emails/lost-found.server";
import { renderEmail } from "~/emails/render.server";
import { formatLongDate } from "~/lib/dates";
import { reportAnimalName, reportTitle } from "~/lib/lost-found";
import type { Jobs } from "~/services/jobs.server";
import { composeAndSendOnce, type Mailer } from "~/services/mail.server";
import { findReport } from "./reports.server";

/**
 * Open reports end after 90 days unless renewed (issue 47): a week before, their author is
 * asked by e-mail to renew or close. Once per 90 days: the e-mail's key is the report and its end.
 */
export const LOST_FOUND_SWEEP_JOB = "lost-found-sweep";
export const LOST_FOUND_RENEWAL_JOB = "lost-found-renewal";
const ASK_DAYS_BEFORE = 7;

export type RenewalJob = { reportId: string; expiraEm: string };

/** Queues the e-mail of every open report ending within a week (or just ended: a sweep missed). */
export async function sweepReportRenewals(db: Db, jobs: Jobs, now: Date): Promise<number> {
  const rows = await db
    .select({ id: lostFoundReports.id, expiraEm: lostFoundReports.expiraEm })
    .from(lostFoundReports)
    .innerJoin(users, eq(users.id, lostFoundReports.authorId))
    .where(
      and(
        eq(lostFoundReports.status, "aberto"),
        lte(lostFoundReports.expiraEm, new Date(now.getTime() + ASK_DAYS_BEFORE * 86_400_000)),
        gt(lostFoundReports.expiraEm, new Date(now.getTime() - 86_400_000)),
        isNull(users.suspendedAt),
      ),
    );
  for (const row of rows) {
    const expiraEm = new Date(row.expiraEm).toISOString();
    await jobs.send(LOST_FOUND_RENEWAL_JOB, { reportId: row.id, expiraEm }, { singletonKey: `${row.id}:${expiraEm}` });
  }
  if (rows.length > 0) jobs.wake(LOST_FOUND_RENEWAL_JOB);
  return rows.length;
}

/** The e-mail, unless the report was renewed or closed meanwhile. */
export async function sendRenewalNotice(
  db: Db,
  mailer: Mailer,
  { reportId, expiraEm }: RenewalJob,
  publicUrl: string,
): Promise<void> {
  const found = await findReport(db, reportId);
  if (!found.ok) return;
  const report = found.value;
  if (report.status !== "aberto" || report.expiraEm.toISOString() !== expiraEm) return;
  const [author] = await db
    .select({ email: users.email, nome: users.nome, suspendedAt: users.suspendedAt })
    .from(users)
    .where(eq(users.id, report.autor.id));
  if (!author || author.suspendedAt) return;
  const animal = reportAnimalName(report);
  await composeAndSendOnce(db, mailer, `renovar-anuncio.${reportId}.${expiraEm}`, async () => ({
    to: author.email,
    subject: lostFoundRenewalSubject(animal),
    ...(await renderEmail(
      LostFoundRenewalEmail({
        nome: author.nome.split(" ")[0]!,
        titulo: reportTitle(report),
        animal,
        ate: formatLongDate(report.expiraEm),
        url: `${publicUrl}/adopet/perdidos-e-achados/${reportId}`,
      }),
    )),
  }));
}
