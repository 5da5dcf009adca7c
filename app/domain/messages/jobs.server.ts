import type { JobDefinition, JobDependencies } from "~/services/jobs.server";
import { MESSAGE_NOTICE_JOB, sendMessageNotice } from "./messages.server";

/** The jobs of messages (app/jobs/definitions.server.ts hands them to the queue). */
export function messageJobs({ db, mailer, publicUrl }: Pick<JobDependencies, "db" | "mailer" | "publicUrl">) {
  const messageNotice: JobDefinition<{ messageId: string }> = {
    name: MESSAGE_NOTICE_JOB,
    // A mail server down for a while: tries over about four hours (30 s, 1 min, 2 min, … doubling).
    retryLimit: 9,
    retryDelaySeconds: 30,
    // Longer than a send may take (the mailer gives up on a silent server within 40 s).
    expireInSeconds: 60,
    run: ({ messageId }) => sendMessageNotice(db, mailer, messageId, publicUrl()),
  };
  return { messageNotice };
}
