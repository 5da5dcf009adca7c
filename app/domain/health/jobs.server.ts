import type { JobDefinition, JobDependencies } from "~/services/jobs.server";
import { HEALTH_REMINDER_JOB, HEALTH_SWEEP_JOB, sendHealthReminder, sweepHealthReminders } from "./reminders.server";

/** The jobs of animals' health (app/jobs/definitions.server.ts hands them to the queue). */
export function healthJobs({ db, mailer, publicUrl, jobs, now }: JobDependencies) {
  // Health reminders (issue 45): each morning, the doses due and the day's medication, per animal.
  const healthSweep: JobDefinition = {
    name: HEALTH_SWEEP_JOB,
    retryLimit: 3,
    retryDelaySeconds: 60,
    expireInSeconds: 600,
    // 07:00 in Brasília (UTC−3), before the morning's first medication.
    cron: "0 10 * * *",
    // A morning missed while the app was down is sent at its start, if it is past 07:00 (once: the e-mails' keys).
    catchUpAtStart: true,
    run: async () => void (await sweepHealthReminders(db, jobs(), now())),
  };
  const healthReminder: JobDefinition<{ petId: string; dia: string }> = {
    name: HEALTH_REMINDER_JOB,
    // One waiting job per animal and day, however many sweeps ran.
    policy: "short",
    retryLimit: 9,
    retryDelaySeconds: 30,
    expireInSeconds: 120,
    run: (job) => sendHealthReminder(db, mailer, job, publicUrl()),
  };
  return { healthSweep, healthReminder };
}
