import type { JobDefinition, JobDependencies } from "~/services/jobs.server";
import { ORGANIZATION_INVITATION_JOB, sendOrganizationInvitation } from "./invitations.server";
import { ADMINISTRATOR_REMOVED_JOB, sendAdministratorRemoved } from "./members.server";
import { sendTransferRequested, TRANSFER_REQUESTED_JOB } from "./transfers.server";

/** The jobs of organisations (app/jobs/definitions.server.ts hands them to the queue). */
export function organizationJobs({
  db,
  mailer,
  publicUrl,
  now,
}: Pick<JobDependencies, "db" | "mailer" | "publicUrl" | "now">) {
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
  const transferRequested: JobDefinition<{ transferId: string }> = {
    name: TRANSFER_REQUESTED_JOB,
    retryLimit: 9,
    retryDelaySeconds: 30,
    expireInSeconds: 60,
    run: ({ transferId }) => sendTransferRequested(db, mailer, transferId, publicUrl()),
  };
  return { organizationInvitation, administratorRemoved, transferRequested };
}
