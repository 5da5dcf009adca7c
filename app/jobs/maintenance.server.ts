import { lt } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { emailDeliveries } from "~/db/schema";
import { forgetUnusedLogins } from "~/domain/accounts/known-logins.server";
import { forgetOldInvitations } from "~/domain/organizations/invitations.server";
import { forgetOldActivity } from "~/domain/organizations/activity.server";
import { deleteExpiredSessions } from "~/domain/accounts/sessions.server";
import { eraseClosedAnswers } from "~/domain/applications/application-privacy.server";
import { forgetOldResets } from "~/domain/accounts/password-reset.server";
import { forgetClosedReports } from "~/domain/moderation/reports.server";
import { forgetExpiredTermos } from "~/domain/termos/termo-retention.server";
import { forgetFollowupsOfDeletedAccounts } from "~/domain/termos/followups.server";
import { forgetStoriesOfDeletedAccounts } from "~/domain/termos/happy-endings.server";
import type { JobDefinition, JobDependencies } from "~/services/jobs.server";
import { forgetExpiredCounters } from "~/services/rate-limits.server";
import { forgetOldSubmissionKeys } from "~/services/submission-keys.server";
import { forgetExpiredTrash } from "~/domain/organizations/trash.server";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Longer than any job retries or runs again: a key forgotten sooner could let an e-mail go twice. */
const EMAIL_KEYS_KEPT_DAYS = 90;

/**
 * What has outlived its use: expired sessions, devices and addresses unused for 90 days, and
 * the keys of e-mails sent long ago, links to set a new password used or expired a day ago, and the answers of applications closed for longer than
 * APPLICATION_RETENTION_DAYS, reports closed a year ago, termos de adoção past their retention (forgetExpiredTermos), the check-ins of deleted adopters, and rate-limit counters whose window ended.
 * Runs as the hourly job `PURGE_JOB`.
 */
export async function purgeExpired(
  db: Db,
  now = new Date(),
  { applicationRetentionDays }: { applicationRetentionDays?: number } = {},
): Promise<{
  sessions: number;
  knownLogins: number;
  emailKeys: number;
  applicationAnswers: number;
  passwordResets: number;
  reports: number;
  termos: number;
  checkins: number;
  stories: number;
  invitations: number;
  activity: number;
  rateLimits: number;
  submissionKeys: number;
  trash: number;
}> {
  const emailKeys = await db
    .delete(emailDeliveries)
    .where(lt(emailDeliveries.sentAt, new Date(now.getTime() - EMAIL_KEYS_KEPT_DAYS * DAY_MS)))
    .returning({ key: emailDeliveries.idempotencyKey });
  return {
    sessions: await deleteExpiredSessions(db, now),
    knownLogins: await forgetUnusedLogins(db, now),
    emailKeys: emailKeys.length,
    applicationAnswers: await eraseClosedAnswers(db, now, applicationRetentionDays),
    passwordResets: await forgetOldResets(db, now),
    reports: await forgetClosedReports(db, now),
    termos: await forgetExpiredTermos(db, now, applicationRetentionDays),
    checkins: await forgetFollowupsOfDeletedAccounts(db),
    stories: await forgetStoriesOfDeletedAccounts(db),
    invitations: await forgetOldInvitations(db, now),
    activity: await forgetOldActivity(db, now),
    rateLimits: await forgetExpiredCounters(db, now),
    submissionKeys: await forgetOldSubmissionKeys(db, now),
    trash: await forgetExpiredTrash(db, now),
  };
}

export const PURGE_JOB = "purge-expired";

/** The jobs of maintenance (app/jobs/definitions.server.ts hands them to the queue). */
export function maintenanceJobs({
  db,
  now,
  applicationRetentionDays,
}: Pick<JobDependencies, "db" | "now"> & {
  /** Days the answers of closed applications are kept (APPLICATION_RETENTION_DAYS). */
  applicationRetentionDays?: number;
}) {
  const purge: JobDefinition = {
    name: PURGE_JOB,
    retryLimit: 3,
    retryDelaySeconds: 60,
    expireInSeconds: 600,
    cron: "0 * * * *",
    run: async () => void (await purgeExpired(db, now(), { applicationRetentionDays })),
  };
  return { purge };
}
