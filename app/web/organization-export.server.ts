import { toApiActivity, toApiMembers, toApiOrganization } from "~/presenters/organizations";
import { toApiDonation, toApiExpense } from "~/presenters/ledger";
import { toApiPet } from "~/presenters/pets";
import { toApiTransfer } from "~/presenters/transfers";
import type { OrganizationExport } from "~/domain/organizations/organization-export.server";

/** An organisation's records (issue 43) as a JSON download in the API's shapes, never cached on the way. */
export function organizationExportResponse(body: OrganizationExport): Response {
  const exported = {
    exportado_em: body.exportedAt.toISOString(),
    organizacao: toApiOrganization(body.organization),
    membros: toApiMembers(body.members).membros,
    animais: body.animals.map(toApiPet),
    transferencias: body.transfers.map(toApiTransfer),
    doacoes: body.donations.map(toApiDonation),
    despesas: body.expenses.map(toApiExpense),
    atividade: toApiActivity(body.activity, null).atividade,
  };
  return new Response(JSON.stringify(exported, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="adopet-organizacao-${exported.exportado_em.slice(0, 10)}.json"`,
      "Cache-Control": "private, no-store",
    },
  });
}
