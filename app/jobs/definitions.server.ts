import type { Db } from "~/db/client.server";
import type { Mailer } from "~/services/mail.server";
import { MESSAGE_NOTICE_JOB, sendMessageNotice } from "~/domain/messages/messages.server";
import { PURGE_JOB, purgeExpired } from "~/services/maintenance.server";
import type { JobDefinition } from "./queue.server";

export type JobContext = {
  db: Db;
  mailer: Mailer;
  /** The site's origin for links in e-mails (known only once the server listens). */
  publicUrl: () => string;
  /** The clock purges go by (tests set it). */
  now?: () => Date;
};

/** Every kind of job the app runs, with its retry policy. */
export function appJobs({ db, mailer, publicUrl, now = () => new Date() }: JobContext): JobDefinition<never>[] {
  const messageNotice: JobDefinition<{ messageId: string }> = {
    name: MESSAGE_NOTICE_JOB,
    // A mail server down for a while: tries over about four hours (30 s, 1 min, 2 min, … doubling).
    retryLimit: 9,
    retryDelaySeconds: 30,
    // Longer than a send may take (the mailer gives up on a silent server within 40 s).
    expireInSeconds: 60,
    run: ({ messageId }) => sendMessageNotice(db, mailer, messageId, publicUrl()),
  };
  const purge: JobDefinition = {
    name: PURGE_JOB,
    retryLimit: 3,
    retryDelaySeconds: 60,
    expireInSeconds: 600,
    cron: "0 * * * *",
    run: async () => void (await purgeExpired(db, now())),
  };
  return [messageNotice, purge] as JobDefinition<never>[];
}
