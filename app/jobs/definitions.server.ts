import { DONATION_RECEIPT_JOB } from "~/domain/giving/ledger.server";
import { sendDonationReceipt } from "~/domain/giving/receipts.server";
import { LOST_FOUND_MATCH_JOB, LOST_FOUND_PUBLISHED_JOB, sendMatchNotice } from "~/domain/lost-found/reports.server";
import {
  LOST_FOUND_RENEWAL_JOB,
  LOST_FOUND_SWEEP_JOB,
  sendRenewalNotice,
  sweepReportRenewals,
  type RenewalJob,
} from "~/domain/lost-found/renewals.server";
import type { Db } from "~/db/client.server";
import type { Mailer } from "~/services/mail.server";
import { MESSAGE_NOTICE_JOB, sendMessageNotice } from "~/domain/messages/messages.server";
import {
  CONVERSATION_NOTICE_JOB,
  sendConversationNotice,
  type ConversationNoticeJob,
} from "~/domain/conversations/notices.server";
import { PURGE_JOB, purgeExpired } from "./maintenance.server";
import { PIX_KEY_CHANGED_JOB, sendPixKeyChanged } from "~/domain/giving/pix.server";
import { ADMINISTRATOR_REMOVED_JOB, sendAdministratorRemoved } from "~/domain/organizations/members.server";
import {
  sendSponsorshipEnded,
  sendSponsorshipMonth,
  sendSponsorshipTransferred,
  SPONSORSHIP_TRANSFERRED_JOB,
  SPONSORSHIP_ENDED_JOB,
  SPONSORSHIP_MONTH_JOB,
  SPONSORSHIP_SWEEP_JOB,
  sweepSponsorships,
} from "~/domain/giving/sponsorships.server";
import {
  ALERT_DIGEST_JOB,
  ALERT_SEND_JOB,
  queueDigest,
  queueImmediateAlerts,
  queueImmediateReportAlerts,
  sendAlert,
} from "~/domain/alerts/alerts.server";
import { PET_PUBLISHED_JOB } from "~/domain/pets/pets.server";
import { APPLICATION_STATUS_JOB } from "~/domain/adoptions/lifecycle.server";
import { APPLICATION_NEW_JOB } from "~/domain/applications/applications.server";
import { sendNewApplicationNotice, sendStatusNotice } from "~/domain/applications/notices.server";
import { PASSWORD_RESET_JOB, sendPasswordReset } from "~/domain/accounts/password-reset.server";
import { ORGANIZATION_INVITATION_JOB, sendOrganizationInvitation } from "~/domain/organizations/invitations.server";
import { sendTransferRequested, TRANSFER_REQUESTED_JOB } from "~/domain/organizations/transfers.server";
import { FOSTER_INTEREST_JOB, sendFosterInterest } from "~/domain/foster/interest.server";
import { PET_NEWS_JOB, sendPetNews } from "~/domain/foster/news.server";
import { FOSTER_VISIT_JOB, sendFosterVisit } from "~/domain/foster/visits.server";
import {
  HEALTH_REMINDER_JOB,
  HEALTH_SWEEP_JOB,
  sendHealthReminder,
  sweepHealthReminders,
} from "~/domain/health/reminders.server";
import {
  EMAIL_CONFIRMATION_JOB,
  sendEmailConfirmation,
  type EmailConfirmationJob,
} from "~/domain/accounts/email-confirmation.server";
import { MODERATION_NOTICE_JOB, type ModerationNotice } from "~/domain/moderation/reports.server";
import { sendModerationNotice } from "~/domain/moderation/notices.server";
import { TERMO_ISSUED_JOB, TERMO_SIGNED_JOB } from "~/domain/termos/termos.server";
import { sendTermoIssuedNotice, sendTermoSignedNotice } from "~/domain/termos/notices.server";
import {
  CASTRATION_REMINDER_JOB,
  CHECKIN_EMAIL_JOB,
  CHECKIN_UNANSWERED_JOB,
  FOLLOWUP_SWEEP_JOB,
  sweepFollowups,
} from "~/domain/termos/followups.server";
import { ADOPTION_RETURNED_JOB } from "~/domain/termos/returns.server";
import { STORY_SHARED_JOB } from "~/domain/termos/happy-endings.server";
import {
  sendAdoptionReturned,
  sendCastrationReminder,
  sendCheckinEmail,
  sendCheckinUnanswered,
  sendStoryShared,
} from "~/domain/termos/followup-notices.server";
import type { Jobs } from "~/services/jobs.server";
import type { JobDefinition } from "./queue.server";

export type JobContext = {
  db: Db;
  mailer: Mailer;
  /** The site's origin for links in e-mails (known only once the server listens). */
  publicUrl: () => string;
  /** The queue these jobs run on, for jobs that send others (known once it has started). */
  jobs: () => Jobs;
  /** The clock purges and alerts go by (tests set it). */
  now?: () => Date;
  /** Days the answers of closed applications are kept (APPLICATION_RETENTION_DAYS). */
  applicationRetentionDays?: number;
  /** Where people contest a moderation decision (PRIVACY_CONTACT), in the e-mails that tell them of it. */
  privacyContact?: string;
};

/** Every kind of job the app runs, with its retry policy. */
export function appJobs({
  db,
  mailer,
  publicUrl,
  jobs,
  now = () => new Date(),
  applicationRetentionDays,
  privacyContact,
}: JobContext): JobDefinition<never>[] {
  const messageNotice: JobDefinition<{ messageId: string }> = {
    name: MESSAGE_NOTICE_JOB,
    // A mail server down for a while: tries over about four hours (30 s, 1 min, 2 min, … doubling).
    retryLimit: 9,
    retryDelaySeconds: 30,
    // Longer than a send may take (the mailer gives up on a silent server within 40 s).
    expireInSeconds: 60,
    run: ({ messageId }) => sendMessageNotice(db, mailer, messageId, publicUrl()),
  };
  // Unread for 10 minutes: one waiting job per conversation and reader (messages pile up in it).
  const conversationNotice: JobDefinition<ConversationNoticeJob> = {
    name: CONVERSATION_NOTICE_JOB,
    policy: "short",
    retryLimit: 9,
    retryDelaySeconds: 30,
    expireInSeconds: 60,
    run: (notice) => sendConversationNotice(db, mailer, jobs(), notice, publicUrl(), now()),
  };
  const purge: JobDefinition = {
    name: PURGE_JOB,
    retryLimit: 3,
    retryDelaySeconds: 60,
    expireInSeconds: 600,
    cron: "0 * * * *",
    run: async () => void (await purgeExpired(db, now(), { applicationRetentionDays })),
  };
  const alertNewPet: JobDefinition<{ petId: string }> = {
    name: PET_PUBLISHED_JOB,
    retryLimit: 5,
    retryDelaySeconds: 30,
    expireInSeconds: 300,
    run: async ({ petId }) => void (await queueImmediateAlerts(db, jobs(), petId, now())),
  };
  const alertSend: JobDefinition<{ alertId: string; ate?: string }> = {
    name: ALERT_SEND_JOB,
    // One waiting e-mail per alert: a second pet published meanwhile goes in the same e-mail.
    policy: "short",
    // A digest is thousands of e-mails, each mostly waiting on the mail server (its pool has 4 connections).
    concurrency: 4,
    retryLimit: 9,
    retryDelaySeconds: 30,
    expireInSeconds: 60,
    run: async (data) => void (await sendAlert(db, mailer, data, publicUrl(), now())),
  };
  const alertDigest: JobDefinition = {
    name: ALERT_DIGEST_JOB,
    retryLimit: 3,
    retryDelaySeconds: 300,
    expireInSeconds: 1_800,
    // 08:00 in Brasília (UTC−3), when people read their morning e-mail.
    cron: "0 11 * * *",
    run: async () => void (await queueDigest(db, jobs(), now())),
  };
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
  // A link to set a new password: worth retrying for a while, useless after its hour.
  const passwordReset: JobDefinition<{ resetId: string }> = {
    name: PASSWORD_RESET_JOB,
    retryLimit: 5,
    retryDelaySeconds: 30,
    expireInSeconds: 60,
    run: ({ resetId }) => sendPasswordReset(db, mailer, resetId, publicUrl(), now()),
  };
  // An invitation to an organisation's team: worth retrying for a while, useless after its 7 days.
  const organizationInvitation: JobDefinition<{ invitationId: string }> = {
    name: ORGANIZATION_INVITATION_JOB,
    retryLimit: 9,
    retryDelaySeconds: 30,
    expireInSeconds: 60,
    run: ({ invitationId }) => sendOrganizationInvitation(db, mailer, invitationId, publicUrl(), now()),
  };
  // The Pix key changed: every administrador is told (each one's e-mail sent once, whatever the retries).
  const pixKeyChanged: JobDefinition<Parameters<typeof sendPixKeyChanged>[2]> = {
    name: PIX_KEY_CHANGED_JOB,
    retryLimit: 9,
    retryDelaySeconds: 30,
    expireInSeconds: 60,
    run: (change) => sendPixKeyChanged(db, mailer, change, publicUrl()),
  };
  // A padrinho whose animal went to another organisation chooses to continue or stop (issue 60).
  const sponsorshipTransferred: JobDefinition<{ sponsorshipId: string }> = {
    name: SPONSORSHIP_TRANSFERRED_JOB,
    retryLimit: 9,
    retryDelaySeconds: 30,
    expireInSeconds: 60,
    run: ({ sponsorshipId }) => sendSponsorshipTransferred(db, mailer, sponsorshipId, publicUrl()),
  };
  // An administrador demoted or removed by another is told (issue 60).
  const administratorRemoved: JobDefinition<Parameters<typeof sendAdministratorRemoved>[2]> = {
    name: ADMINISTRATOR_REMOVED_JOB,
    retryLimit: 9,
    retryDelaySeconds: 30,
    expireInSeconds: 60,
    run: (notice) => sendAdministratorRemoved(db, mailer, notice, publicUrl()),
  };
  // Padrinhos (issue 46): once a day, the month's codes of those whose day came, and the ends.
  const sponsorshipSweep: JobDefinition = {
    name: SPONSORSHIP_SWEEP_JOB,
    retryLimit: 3,
    retryDelaySeconds: 60,
    expireInSeconds: 600,
    // 09:00 in Brasília (UTC−3): a code that arrives in the morning is paid the same day.
    cron: "0 12 * * *",
    catchUpAtStart: true,
    run: () => sweepSponsorships(db, jobs(), now()),
  };
  const sponsorshipMonth: JobDefinition<{ chargeId: string }> = {
    name: SPONSORSHIP_MONTH_JOB,
    retryLimit: 9,
    retryDelaySeconds: 60,
    expireInSeconds: 60,
    run: ({ chargeId }) => sendSponsorshipMonth(db, mailer, chargeId, publicUrl()),
  };
  const sponsorshipEnded: JobDefinition<{ sponsorshipId: string }> = {
    name: SPONSORSHIP_ENDED_JOB,
    retryLimit: 9,
    retryDelaySeconds: 60,
    expireInSeconds: 60,
    run: ({ sponsorshipId }) => sendSponsorshipEnded(db, mailer, sponsorshipId, publicUrl()),
  };
  // A padrinho's month confirmed (by hand or from a statement): their receipt.
  const donationReceipt: JobDefinition<{ donationId: string }> = {
    name: DONATION_RECEIPT_JOB,
    retryLimit: 9,
    retryDelaySeconds: 60,
    expireInSeconds: 60,
    run: ({ donationId }) => sendDonationReceipt(db, mailer, donationId, publicUrl()),
  };
  // A likely match of a lost and a found animal (issue 47): both authors told, once per pair.
  const lostFoundMatch: JobDefinition<{ matchId: string }> = {
    name: LOST_FOUND_MATCH_JOB,
    retryLimit: 9,
    retryDelaySeconds: 60,
    expireInSeconds: 60,
    run: ({ matchId }) => sendMatchNotice(db, mailer, matchId, publicUrl()),
  };
  // A report published: the immediate alerts for its kind near it (issue 47), as for a pet.
  const lostFoundPublished: JobDefinition<{ reportId: string }> = {
    name: LOST_FOUND_PUBLISHED_JOB,
    retryLimit: 9,
    retryDelaySeconds: 30,
    expireInSeconds: 60,
    run: async ({ reportId }) => void (await queueImmediateReportAlerts(db, jobs(), reportId, now())),
  };
  // Reports a week from their 90 days' end (issue 47): each author asked to renew, once a day's sweep.
  const lostFoundSweep: JobDefinition = {
    name: LOST_FOUND_SWEEP_JOB,
    retryLimit: 3,
    retryDelaySeconds: 60,
    expireInSeconds: 600,
    // 09:00 in Brasília (UTC−3).
    cron: "0 12 * * *",
    catchUpAtStart: true,
    run: async () => void (await sweepReportRenewals(db, jobs(), now())),
  };
  const lostFoundRenewal: JobDefinition<RenewalJob> = {
    name: LOST_FOUND_RENEWAL_JOB,
    retryLimit: 9,
    retryDelaySeconds: 60,
    expireInSeconds: 60,
    run: (job) => sendRenewalNotice(db, mailer, job, publicUrl()),
  };
  // A transfer offered to an organisation: its administradores are told while it waits for them.
  const transferRequested: JobDefinition<{ transferId: string }> = {
    name: TRANSFER_REQUESTED_JOB,
    retryLimit: 9,
    retryDelaySeconds: 30,
    expireInSeconds: 60,
    run: ({ transferId }) => sendTransferRequested(db, mailer, transferId, publicUrl()),
  };
  // A person offers their home for an animal that needs one: its team is told.
  const fosterInterest: JobDefinition<{ petId: string; userId: string }> = {
    name: FOSTER_INTEREST_JOB,
    retryLimit: 9,
    retryDelaySeconds: 30,
    expireInSeconds: 60,
    run: (job) => sendFosterInterest(db, mailer, job, publicUrl()),
  };
  // An adoption visit arranged at a foster home: that foster is told.
  const fosterVisit: JobDefinition<{ applicationId: string; version: string }> = {
    name: FOSTER_VISIT_JOB,
    retryLimit: 9,
    retryDelaySeconds: 30,
    expireInSeconds: 60,
    run: (job) => sendFosterVisit(db, mailer, job, publicUrl()),
  };
  // News of an animal published: those who favourited it are told.
  const petNewsJob: JobDefinition<{ newsId: string }> = {
    name: PET_NEWS_JOB,
    retryLimit: 9,
    retryDelaySeconds: 30,
    expireInSeconds: 120,
    run: (job) => sendPetNews(db, mailer, job, publicUrl()),
  };
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
  // The link that confirms a new account's e-mail.
  const emailConfirmation: JobDefinition<EmailConfirmationJob> = {
    name: EMAIL_CONFIRMATION_JOB,
    retryLimit: 9,
    retryDelaySeconds: 30,
    expireInSeconds: 60,
    run: (job) => sendEmailConfirmation(db, mailer, job, publicUrl()),
  };
  const moderationNotice: JobDefinition<ModerationNotice> = {
    name: MODERATION_NOTICE_JOB,
    retryLimit: 9,
    retryDelaySeconds: 30,
    expireInSeconds: 60,
    run: (notice) => sendModerationNotice(db, mailer, notice, publicUrl(), privacyContact ?? null),
  };
  return [
    messageNotice,
    conversationNotice,
    moderationNotice,
    passwordReset,
    emailConfirmation,
    organizationInvitation,
    pixKeyChanged,
    administratorRemoved,
    sponsorshipTransferred,
    sponsorshipSweep,
    sponsorshipMonth,
    sponsorshipEnded,
    donationReceipt,
    lostFoundMatch,
    transferRequested,
    fosterInterest,
    fosterVisit,
    petNewsJob,
    healthSweep,
    lostFoundSweep,
    lostFoundRenewal,
    lostFoundPublished,
    healthReminder,
    purge,
    alertNewPet,
    alertSend,
    alertDigest,
    applicationNew,
    applicationStatus,
    termoIssued,
    termoSigned,
    followupSweep,
    checkinEmail,
    checkinUnanswered,
    castrationReminder,
    adoptionReturned,
    storyShared,
  ] as JobDefinition<never>[];
}
