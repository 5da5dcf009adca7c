import type { JobDefinition, JobDependencies } from "~/services/jobs.server";
import {
  sendAdoptionReturned,
  sendCastrationReminder,
  sendCheckinEmail,
  sendCheckinUnanswered,
  sendStoryShared,
} from "./followup-notices.server";
import {
  CASTRATION_REMINDER_JOB,
  CHECKIN_EMAIL_JOB,
  CHECKIN_UNANSWERED_JOB,
  FOLLOWUP_SWEEP_JOB,
  sweepFollowups,
} from "./followups.server";
import { STORY_SHARED_JOB } from "./happy-endings.server";
import { sendTermoIssuedNotice, sendTermoSignedNotice } from "./notices.server";
import { ADOPTION_RETURNED_JOB } from "./returns.server";
import { TERMO_ISSUED_JOB, TERMO_SIGNED_JOB } from "./termos.server";

/** The jobs of termos de adoção and the life after adoption (app/jobs/definitions.server.ts hands them to the queue). */
export function termoJobs({ db, mailer, publicUrl, jobs, now }: JobDependencies) {
  const termoIssued: JobDefinition<{ termoId: string }> = {
    name: TERMO_ISSUED_JOB,
    retryLimit: 9,
    retryDelaySeconds: 30,
    expireInSeconds: 60,
    run: ({ termoId }) => sendTermoIssuedNotice(db, mailer, termoId, publicUrl()),
  };
  const termoSigned: JobDefinition<{ termoId: string }> = {
    name: TERMO_SIGNED_JOB,
    retryLimit: 9,
    retryDelaySeconds: 30,
    expireInSeconds: 60,
    run: ({ termoId }) => sendTermoSignedNotice(db, mailer, termoId, publicUrl()),
  };
  // Life after adoption: a sweep finds what is due (by the clock given), each e-mail is a job.
  const followupSweep: JobDefinition = {
    name: FOLLOWUP_SWEEP_JOB,
    retryLimit: 3,
    retryDelaySeconds: 60,
    expireInSeconds: 600,
    cron: "*/15 * * * *",
    // Check-ins and reminders that came due while the app was down go at its start.
    catchUpAtStart: true,
    run: async () => void (await sweepFollowups(db, jobs(), now())),
  };
  const checkinEmail: JobDefinition<{ checkinId: string }> = {
    name: CHECKIN_EMAIL_JOB,
    retryLimit: 9,
    retryDelaySeconds: 30,
    expireInSeconds: 60,
    run: ({ checkinId }) => sendCheckinEmail(db, mailer, checkinId, publicUrl()),
  };
  const checkinUnanswered: JobDefinition<{ checkinId: string }> = {
    name: CHECKIN_UNANSWERED_JOB,
    retryLimit: 9,
    retryDelaySeconds: 30,
    expireInSeconds: 60,
    run: ({ checkinId }) => sendCheckinUnanswered(db, mailer, checkinId, publicUrl()),
  };
  const castrationReminder: JobDefinition<{ adoptionId: string; dias: number }> = {
    name: CASTRATION_REMINDER_JOB,
    retryLimit: 9,
    retryDelaySeconds: 30,
    expireInSeconds: 60,
    run: (data) => sendCastrationReminder(db, mailer, data, publicUrl()),
  };
  const adoptionReturned: JobDefinition<{ eventId: string }> = {
    name: ADOPTION_RETURNED_JOB,
    retryLimit: 9,
    retryDelaySeconds: 30,
    expireInSeconds: 60,
    run: ({ eventId }) => sendAdoptionReturned(db, mailer, eventId, publicUrl()),
  };
  const storyShared: JobDefinition<{ storyId: string }> = {
    name: STORY_SHARED_JOB,
    retryLimit: 9,
    retryDelaySeconds: 30,
    expireInSeconds: 60,
    run: ({ storyId }) => sendStoryShared(db, mailer, storyId, publicUrl()),
  };
  return {
    termoIssued,
    termoSigned,
    followupSweep,
    checkinEmail,
    checkinUnanswered,
    castrationReminder,
    adoptionReturned,
    storyShared,
  };
}
