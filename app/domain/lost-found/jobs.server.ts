import { queueImmediateReportAlerts } from "~/domain/alerts/alerts.server";
import type { JobDefinition, JobDependencies } from "~/services/jobs.server";
import {
  LOST_FOUND_RENEWAL_JOB,
  LOST_FOUND_SWEEP_JOB,
  sendRenewalNotice,
  sweepReportRenewals,
  type RenewalJob,
} from "./renewals.server";
import { LOST_FOUND_MATCH_JOB, LOST_FOUND_PUBLISHED_JOB, sendMatchNotice } from "./reports.server";

/** The jobs of lost and found animals (app/jobs/definitions.server.ts hands them to the queue). */
export function lostFoundJobs({ db, mailer, publicUrl, jobs, now }: JobDependencies) {
  // A likely match of a lost and a found animal (issue 47): both authors told, once per pair.
  const lostFoundMatch: JobDefinition<{ matchId: string }> = {
    name: LOST_FOUND_MATCH_JOB,
    retryLimit: 9,
    retryDelaySeconds: 60,
    expireInSeconds: 60,
    run: ({ matchId }) => sendMatchNotice(db, mailer, matchId, publicUrl()),
  };
  // A report published: the immediate alerts for its kind near it (issue 47), as for a pet.
  const lostFoundPublished: JobDefinition<{ reportId: string }> = {
    name: LOST_FOUND_PUBLISHED_JOB,
    retryLimit: 9,
    retryDelaySeconds: 30,
    expireInSeconds: 60,
    run: async ({ reportId }) => void (await queueImmediateReportAlerts(db, jobs(), reportId, now())),
  };
  // Reports a week from their 90 days' end (issue 47): each author asked to renew, once a day's sweep.
  const lostFoundSweep: JobDefinition = {
    name: LOST_FOUND_SWEEP_JOB,
    retryLimit: 3,
    retryDelaySeconds: 60,
    expireInSeconds: 600,
    // 09:00 in Brasília (UTC−3).
    cron: "0 12 * * *",
    catchUpAtStart: true,
    run: async () => void (await sweepReportRenewals(db, jobs(), now())),
  };
  const lostFoundRenewal: JobDefinition<RenewalJob> = {
    name: LOST_FOUND_RENEWAL_JOB,
    retryLimit: 9,
    retryDelaySeconds: 60,
    expireInSeconds: 60,
    run: (job) => sendRenewalNotice(db, mailer, job, publicUrl()),
  };
  return { lostFoundMatch, lostFoundPublished, lostFoundSweep, lostFoundRenewal };
}
