import type { JobDefinition, JobDependencies } from "~/services/jobs.server";
import { sendModerationNotice } from "./notices.server";
import { MODERATION_NOTICE_JOB, type ModerationNotice } from "./reports.server";

/** The jobs of moderation (app/jobs/definitions.server.ts hands them to the queue). */
export function moderationJobs({
  db,
  mailer,
  publicUrl,
  privacyContact,
}: Pick<JobDependencies, "db" | "mailer" | "publicUrl"> & {
  /** Where people contest a moderation decision (PRIVACY_CONTACT), in the e-mails that tell them of it. */
  privacyContact?: string;
}) {
  const moderationNotice: JobDefinition<ModerationNotice> = {
    name: MODERATION_NOTICE_JOB,
    retryLimit: 9,
    retryDelaySeconds: 30,
    expireInSeconds: 60,
    run: (notice) => sendModerationNotice(db, mailer, notice, publicUrl(), privacyContact ?? null),
  };
  return { moderationNotice };
}
