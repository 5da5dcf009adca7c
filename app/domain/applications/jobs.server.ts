import { APPLICATION_STATUS_JOB } from "~/domain/adoptions/lifecycle.server";
import type { JobDefinition, JobDependencies } from "~/services/jobs.server";
import { APPLICATION_NEW_JOB } from "./applications.server";
import { sendNewApplicationNotice, sendStatusNotice } from "./notices.server";

/** The jobs of applications (app/jobs/definitions.server.ts hands them to the queue). */
export function applicationJobs({ db, mailer, publicUrl }: Pick<JobDependencies, "db" | "mailer" | "publicUrl">) {
  // Applications' e-mails: retried as message notices are (a mail server down for a while).
  const applicationNew: JobDefinition<{ applicationId: string }> = {
    name: APPLICATION_NEW_JOB,
    // Many at once when adopters answer a campaign: fetched four at a time and sent together,
    // over the mail pool's connections (shared with the other e-mails).
    concurrency: 4,
    retryLimit: 9,
    retryDelaySeconds: 30,
    expireInSeconds: 60,
    run: ({ applicationId }) => sendNewApplicationNotice(db, mailer, applicationId, publicUrl()),
  };
  const applicationStatus: JobDefinition<{ eventId: string }> = {
    name: APPLICATION_STATUS_JOB,
    retryLimit: 9,
    retryDelaySeconds: 30,
    expireInSeconds: 60,
    run: ({ eventId }) => sendStatusNotice(db, mailer, eventId, publicUrl()),
  };
  return { applicationNew, applicationStatus };
}
