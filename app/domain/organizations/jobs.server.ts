import type { JobDefinition, JobDependencies } from "~/services/jobs.server";
import { ASSIGNMENT_NOTICE_JOB, sendAssignmentNotice, type AssignmentNoticeJob } from "./assignment-notices.server";
import {
  DAILY_SUMMARY_JOB,
  DAILY_SUMMARY_SWEEP_JOB,
  sendDailySummary,
  sweepDailySummaries,
  type DailySummaryJob,
} from "./daily-summary.server";
import { ORGANIZATION_INVITATION_JOB, sendOrganizationInvitation } from "./invitations.server";
import { ADMINISTRATOR_REMOVED_JOB, sendAdministratorRemoved } from "./members.server";
import { sendTransferRequested, TRANSFER_REQUESTED_JOB } from "./transfers.server";

/** The jobs of organisations (app/jobs/definitions.server.ts hands them to the queue). */
export function organizationJobs({ db, mailer, publicUrl, jobs, now }: JobDependencies) {
  // An invitation to an organisation's team: worth retrying for a while, useless after its 7 days.
  const organizationInvitation: JobDefinition<{ invitationId: string }> = {
    name: ORGANIZATION_INVITATION_JOB,
    retryLimit: 9,
    retryDelaySeconds: 30,
    expireInSeconds: 60,
    run: ({ invitationId }) => sendOrganizationInvitation(db, mailer, invitationId, publicUrl(), now()),
  };
  // An administrador demoted or removed by another is told (issue 60).
  const administratorRemoved: JobDefinition<Parameters<typeof sendAdministratorRemoved>[2]> = {
    name: ADMINISTRATOR_REMOVED_JOB,
    retryLimit: 9,
    retryDelaySeconds: 30,
    expireInSeconds: 60,
    run: (notice) => sendAdministratorRemoved(db, mailer, notice, publicUrl()),
  };
  // A transfer offered to an organisation: its administradores are told while it waits for them.
  // `transferId`: a job queued before requests of several animals (issue 62).
  const transferRequested: JobDefinition<{ transferIds?: string[]; transferId?: string }> = {
    name: TRANSFER_REQUESTED_JOB,
    retryLimit: 9,
    retryDelaySeconds: 30,
    expireInSeconds: 60,
    run: ({ transferIds, transferId }) =>
      sendTransferRequested(db, mailer, transferIds ?? (transferId ? [transferId] : []), publicUrl()),
  };
  // Assignments told to the member (issue 62): one waiting job per member, at most one e-mail an hour.
  const assignmentNotice: JobDefinition<AssignmentNoticeJob> = {
    name: ASSIGNMENT_NOTICE_JOB,
    policy: "short",
    retryLimit: 9,
    retryDelaySeconds: 30,
    expireInSeconds: 120,
    run: async (job) => void (await sendAssignmentNotice(db, mailer, jobs(), job, publicUrl(), now())),
  };
  // The morning summary of each member's `Hoje` (issue 62).
  const dailySummarySweep: JobDefinition = {
    name: DAILY_SUMMARY_SWEEP_JOB,
    retryLimit: 3,
    retryDelaySeconds: 60,
    expireInSeconds: 600,
    // 07:00 in Brasília (UTC−3), as the health reminders.
    cron: "0 10 * * *",
    // A morning missed while the app was down is sent at its start, if it is past 07:00 (once: the e-mails' keys).
    catchUpAtStart: true,
    run: async () => void (await sweepDailySummaries(db, jobs(), now())),
  };
  const dailySummary: JobDefinition<DailySummaryJob> = {
    name: DAILY_SUMMARY_JOB,
    policy: "short",
    retryLimit: 9,
    retryDelaySeconds: 30,
    expireInSeconds: 120,
    // Mostly waiting on the mail server and the counts' queries.
    concurrency: 4,
    run: async (job) => void (await sendDailySummary(db, mailer, job, publicUrl(), now())),
  };
  return {
    organizationInvitation,
    administratorRemoved,
    transferRequested,
    assignmentNotice,
    dailySummarySweep,
    dailySummary,
  };
}
