import type { JobDefinition, JobDependencies } from "~/services/jobs.server";
import { EMAIL_CONFIRMATION_JOB, sendEmailConfirmation, type EmailConfirmationJob } from "./email-confirmation.server";
import { PASSWORD_RESET_JOB, sendPasswordReset } from "./password-reset.server";

/** The jobs of accounts (app/jobs/definitions.server.ts hands them to the queue). */
export function accountJobs({
  db,
  mailer,
  publicUrl,
  now,
}: Pick<JobDependencies, "db" | "mailer" | "publicUrl" | "now">) {
  // A link to set a new password: worth retrying for a while, useless after its hour.
  const passwordReset: JobDefinition<{ resetId: string }> = {
    name: PASSWORD_RESET_JOB,
    retryLimit: 5,
    retryDelaySeconds: 30,
    expireInSeconds: 60,
    run: ({ resetId }) => sendPasswordReset(db, mailer, resetId, publicUrl(), now()),
  };
  // The link that confirms a new account's e-mail.
  const emailConfirmation: JobDefinition<EmailConfirmationJob> = {
    name: EMAIL_CONFIRMATION_JOB,
    retryLimit: 9,
    retryDelaySeconds: 30,
    expireInSeconds: 60,
    run: (job) => sendEmailConfirmation(db, mailer, job, publicUrl()),
  };
  return { passwordReset, emailConfirmation };
}
