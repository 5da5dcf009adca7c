import type { Db } from "~/db/client.server";
import { listDonations, listExpenses } from "~/domain/giving/ledger.server";
import { listOrganizationPets } from "~/domain/pets/pet-views.server";
import { ok } from "~/services/outcome.server";
import { activityForExport } from "./activity.server";
import { recordActivity } from "./activity-records.server";
import { listMembers, organizationForMember } from "./organizations.server";
import { listTransfers } from "./transfers.server";

/**
 * An organisation's own records (issue 43), for its administradores to keep: its data, members,
 * animals (removed ones too), transfers, its accounts (issue 46: every gift and expense, without
 * the receipts' files) and the whole activity log. No adopter's personal data:
 * applications and conversations stay in Adopet, each adopter exports their own.
 */
export async function exportOrganization(db: Db, userId: string, organizationId: string) {
  const activity = await activityForExport(db, userId, organizationId);
  if (!activity.ok) return activity;
  const [organization, members, animals, transfers, donations, expenses] = await Promise.all([
    organizationForMember(db, userId, organizationId),
    listMembers(db, userId, organizationId),
    listOrganizationPets(db, organizationId),
    listTransfers(db, userId, organizationId, { limit: null }),
    listDonations(db, userId, organizationId, null),
    listExpenses(db, userId, organizationId, null),
  ]);
  // The administrador was checked above; the reads below are theirs.
  if (!organization.ok) return organization;
  if (!members.ok) return members;
  if (!transfers.ok) return transfers;
  if (!donations.ok) return donations;
  if (!expenses.ok) return expenses;
  // Members' e-mails and donors' names: the download goes in the log (issue 63).
  await recordActivity(db, {
    organizationId,
    actorId: userId,
    acao: "dados_pessoais_baixados",
    detalhe: "os dados da organização, com os membros e os nomes de quem doou",
  });
  return ok({
    exportedAt: new Date(),
    organization: organization.value,
    members: members.value,
    animals,
    transfers: transfers.value,
    donations: donations.value,
    expenses: expenses.value,
    activity: activity.value,
  });
}

export type OrganizationExport = Extract<Awaited<ReturnType<typeof exportOrganization>>, { ok: true }>["value"];
