import type { JobDefinition, JobDependencies } from "~/services/jobs.server";
import { DONATION_RECEIPT_JOB } from "./ledger.server";
import { PIX_KEY_CHANGED_JOB, sendPixKeyChanged } from "./pix.server";
import { sendDonationReceipt } from "./receipts.server";
import {
  sendSponsorshipEnded,
  sendSponsorshipMonth,
  sendSponsorshipTransferred,
  SPONSORSHIP_TRANSFERRED_JOB,
  SPONSORSHIP_ENDED_JOB,
  SPONSORSHIP_MONTH_JOB,
  SPONSORSHIP_SWEEP_JOB,
  sweepSponsorships,
} from "./sponsorships.server";

/** The jobs of giving: the Pix key, padrinhos and receipts (app/jobs/definitions.server.ts hands them to the queue). */
export function givingJobs({ db, mailer, publicUrl, jobs, now }: JobDependencies) {
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
  return {
    pixKeyChanged,
    sponsorshipTransferred,
    sponsorshipSweep,
    sponsorshipMonth,
    sponsorshipEnded,
    donationReceipt,
  };
}
