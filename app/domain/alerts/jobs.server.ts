import type { JobDefinition, JobDependencies } from "~/services/jobs.server";
import { ALERT_DIGEST_JOB, ALERT_SEND_JOB, queueDigest, sendAlert } from "./alerts.server";

/** The jobs of alerts (app/jobs/definitions.server.ts hands them to the queue). */
export function alertJobs({ db, mailer, publicUrl, jobs, now }: JobDependencies) {
  const alertSend: JobDefinition<{ alertId: string; ate?: string }> = {
    name: ALERT_SEND_JOB,
    // One waiting e-mail per alert: a second pet published meanwhile goes in the same e-mail.
    policy: "short",
    // A digest is thousands of e-mails, each mostly waiting on the mail server (its pool has 4 connections).
    concurrency: 4,
    retryLimit: 9,
    retryDelaySeconds: 30,
    expireInSeconds: 60,
    run: async (data) => void (await sendAlert(db, mailer, data, publicUrl(), now())),
  };
  const alertDigest: JobDefinition = {
    name: ALERT_DIGEST_JOB,
    retryLimit: 3,
    retryDelaySeconds: 300,
    expireInSeconds: 1_800,
    // 08:00 in Brasília (UTC−3), when people read their morning e-mail.
    cron: "0 11 * * *",
    run: async () => void (await queueDigest(db, jobs(), now())),
  };
  return { alertSend, alertDigest };
}
