import type { Route } from "../+types/organizacoes.configuracoes";
import {
  INVITATION_DAYS,
  listPendingInvitations,
  type PendingInvitation,
} from "~/domain/organizations/invitations.server";
import { listMembers, organizationForMember } from "~/domain/organizations/organizations.server";
import { listTransfers, type TransferView } from "~/domain/organizations/transfers.server";
import { pixKeyForMember } from "~/domain/giving/pix.server";
import { formatPixKey, PIX_KEY_TYPE_LABEL } from "~/lib/pix";
import { dayInBrasilia, formatDateTime, formatDay } from "~/lib/dates";
import { ORGANIZATION_ROLE_LABEL, roleMay } from "~/lib/organizations";
import { requireUser } from "~/web/auth.server";
import { foundOr404, pageId } from "~/web/not-found.server";

// Written on the server: the day in Brasília, whatever the browser's time zone.
const day = (date: Date) => formatDay(dayInBrasilia(date));

const pendingRow = ({ id, convidado, papel, convidadoPor, expiraEm }: PendingInvitation) => ({
  id,
  convidado,
  papel: ORGANIZATION_ROLE_LABEL[papel],
  convidadoPor,
  expiraEm: day(expiraEm),
});

const TRANSFER_STATUS: Record<TransferView["status"], string> = {
  pendente: "Esperando resposta",
  aceita: "Aceita",
  recusada: "Recusada",
  cancelada: "Cancelada",
};

/** A transfer as the page lists it: received (`recebida`) or sent, and what can be done with it. */
const transferRow = (transfer: TransferView, organizationId: string) => ({
  id: transfer.id,
  pet: transfer.pet.nome,
  recebida: transfer.to.id === organizationId,
  outra: transfer.to.id === organizationId ? transfer.from.nome : transfer.to.nome,
  pendente: transfer.status === "pendente",
  status: TRANSFER_STATUS[transfer.status],
  em: day(transfer.decidedAt ?? transfer.createdAt),
});

/** Members only: to anyone else the organisation's inside does not exist (404), as in the API. */
export async function loadOrganizationPage({ request, params, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context.db);
  const id = pageId(params.id, "organization");
  const organization = await organizationForMember(context.db, user.id, id);
  foundOr404(organization.ok, "organization");
  const members = await listMembers(context.db, user.id, id);
  foundOr404(members.ok, "organization");
  const admin = roleMay(organization.value.papel, "administrar");
  // The invitations waiting for an answer hold e-mails: only administradores see them.
  const pending = admin ? await listPendingInvitations(context.db, user.id, id) : null;
  const transfers = admin ? await listTransfers(context.db, user.id, id) : null;
  // The key is public in every code, but only the team reads it here (a foster home has no use for it).
  const pix = roleMay(organization.value.papel, "cuidar") ? await pixKeyForMember(context.db, user.id, id) : null;
  const pixKey = pix?.ok ? pix.value : null;
  return {
    organization: organization.value,
    admin,
    me: user.id,
    members: members.value.map(({ id: memberId, nome, papel, desde, novoAte }) => ({
      id: memberId,
      nome,
      papel,
      desde: day(desde),
      novoAte: novoAte ? formatDateTime(novoAte) : null,
    })),
    // A settled administrador may let a new one through (issue 60).
    settled: admin && members.value.some((member) => member.id === user.id && member.novoAte === null),
    pending: pending?.ok ? pending.value.map(pendingRow) : [],
    transfers: transfers?.ok ? transfers.value.map((transfer) => transferRow(transfer, id)) : [],
    invitationDays: INVITATION_DAYS,
    pix: pixKey && {
      tipo: PIX_KEY_TYPE_LABEL[pixKey.tipo],
      chave: formatPixKey(pixKey.tipo, pixKey.chave),
      nomeRecebedor: pixKey.nomeRecebedor,
      cidadeRecebedor: pixKey.cidadeRecebedor,
      alteradaEm: day(pixKey.updatedAt),
    },
  };
}
