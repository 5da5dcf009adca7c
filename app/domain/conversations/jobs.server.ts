import type { JobDefinition, JobDependencies } from "~/services/jobs.server";
import { CONVERSATION_NOTICE_JOB, sendConversationNotice, type ConversationNoticeJob } from "./notices.server";

/** The jobs of conversations (app/jobs/definitions.server.ts hands them to the queue). */
export function conversationJobs({ db, mailer, publicUrl, jobs, now }: JobDependencies) {
  // Unread for 10 minutes: one waiting job per conversation and reader (messages pile up in it).
  const conversationNotice: JobDefinition<ConversationNoticeJob> = {
    name: CONVERSATION_NOTICE_JOB,
    policy: "short",
    retryLimit: 9,
    retryDelaySeconds: 30,
    expireInSeconds: 60,
    run: (notice) => sendConversationNotice(db, mailer, jobs(), notice, publicUrl(), now()),
  };
  return { conversationNotice };
}
