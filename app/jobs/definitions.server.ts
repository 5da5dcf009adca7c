import { accountJobs } from "~/domain/accounts/jobs.server";
import { alertJobs } from "~/domain/alerts/jobs.server";
import { applicationJobs } from "~/domain/applications/jobs.server";
import { conversationJobs } from "~/domain/conversations/jobs.server";
import { fosterJobs } from "~/domain/foster/jobs.server";
import { givingJobs } from "~/domain/giving/jobs.server";
import { healthJobs } from "~/domain/health/jobs.server";
import { lostFoundJobs } from "~/domain/lost-found/jobs.server";
import { messageJobs } from "~/domain/messages/jobs.server";
import { moderationJobs } from "~/domain/moderation/jobs.server";
import { organizationJobs } from "~/domain/organizations/jobs.server";
import { petJobs } from "~/domain/pets/jobs.server";
import { termoJobs } from "~/domain/termos/jobs.server";
import type { JobDefinition, JobDependencies } from "~/services/jobs.server";
import { maintenanceJobs } from "./maintenance.server";

export type JobContext = Omit<JobDependencies, "now"> & {
  /** The clock purges and alerts go by (tests set it). */
  now?: () => Date;
  /** Days the answers of closed applications are kept (APPLICATION_RETENTION_DAYS). */
  applicationRetentionDays?: number;
  /** Where people contest a moderation decision (PRIVACY_CONTACT), in the e-mails that tell them of it. */
  privacyContact?: string;
};

/**
 * Every kind of job the app runs, with its retry policy. Each area defines its own jobs next to
 * its domain (`app/domain/<area>/jobs.server.ts`, maintenance in `./maintenance.server.ts`); this
 * is the one place that gathers them for the queue.
 */
export function appJobs({
  db,
  mailer,
  publicUrl,
  jobs,
  now = () => new Date(),
  applicationRetentionDays,
  privacyContact,
}: JobContext): JobDefinition<never>[] {
  const dependencies: JobDependencies = { db, mailer, publicUrl, jobs, now };
  const messages = messageJobs(dependencies);
  const conversations = conversationJobs(dependencies);
  const moderation = moderationJobs({ ...dependencies, privacyContact });
  const accounts = accountJobs(dependencies);
  const organizations = organizationJobs(dependencies);
  const giving = givingJobs(dependencies);
  const lostFound = lostFoundJobs(dependencies);
  const foster = fosterJobs(dependencies);
  const health = healthJobs(dependencies);
  const maintenance = maintenanceJobs({ ...dependencies, applicationRetentionDays });
  const pets = petJobs(dependencies);
  const alerts = alertJobs(dependencies);
  const applications = applicationJobs(dependencies);
  const termos = termoJobs(dependencies);
  // In the order of the single list they were split from: the queue starts the workers and cron
  // schedules, and `runDue` takes each kind's due jobs, in this order, so a job sent by a kind
  // listed earlier (a sweep's e-mails, a published pet's alerts) runs in the same pass.
  return [
    messages.messageNotice,
    conversations.conversationNotice,
    moderation.moderationNotice,
    accounts.passwordReset,
    accounts.emailConfirmation,
    organizations.organizationInvitation,
    giving.pixKeyChanged,
    organizations.administratorRemoved,
    giving.sponsorshipTransferred,
    giving.sponsorshipSweep,
    giving.sponsorshipMonth,
    giving.sponsorshipEnded,
    giving.donationReceipt,
    lostFound.lostFoundMatch,
    organizations.transferRequested,
    foster.fosterInterest,
    foster.fosterVisit,
    foster.petNewsJob,
    health.healthSweep,
    lostFound.lostFoundSweep,
    lostFound.lostFoundRenewal,
    lostFound.lostFoundPublished,
    health.healthReminder,
    maintenance.purge,
    pets.alertNewPet,
    alerts.alertSend,
    alerts.alertDigest,
    applications.applicationNew,
    applications.applicationStatus,
    termos.termoIssued,
    termos.termoSigned,
    termos.followupSweep,
    termos.checkinEmail,
    termos.checkinUnanswered,
    termos.castrationReminder,
    termos.adoptionReturned,
    termos.storyShared,
    organizations.assignmentNotice,
    organizations.dailySummarySweep,
    organizations.dailySummary,
  ] as JobDefinition<never>[];
}
