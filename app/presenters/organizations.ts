import type { Member, OrganizationView } from "~/domain/organizations/organizations.server";
import type { Membership } from "~/domain/organizations/membership.server";
import { imageUrl } from "~/lib/image-urls";
import type { z } from "zod";
import type { ActivityRow } from "~/domain/organizations/activity.server";
import { activityText } from "~/lib/organizations";
import type { PendingInvitation } from "~/domain/organizations/invitations.server";
import type {
  activitySchema,
  invitationsSchema,
  membersSchema,
  organizationSchema,
  organizationSummarySchema,
  todaySchema,
} from "~/openapi/responses";
import type { Today } from "~/domain/organizations/today.server";

/** Organisations in the API's shape (issue 43). */

export function toApiMembership(membership: Membership): z.input<typeof organizationSummarySchema> {
  return { id: membership.id, nome: membership.nome, papel: membership.papel, verificada: membership.verificada };
}

export function toApiOrganization(organization: OrganizationView): z.input<typeof organizationSchema> {
  return {
    id: organization.id,
    nome: organization.nome,
    cnpj: organization.cnpj,
    cidade: organization.cidade,
    uf: organization.uf,
    cidade_ibge: organization.cidadeIbge,
    sobre: organization.sobre,
    logo: organization.logoId ? imageUrl(organization.logoId, 320) : null,
    verificada: organization.verificada,
    criada_em: new Date(organization.criadaEm).toISOString(),
    papel: organization.papel,
  };
}

export function toApiMembers(members: Member[]): z.input<typeof membersSchema> {
  return {
    membros: members.map((member) => ({
      id: member.id,
      nome: member.nome,
      papel: member.papel,
      desde: new Date(member.desde).toISOString(),
      novo_administrador_ate: member.novoAte ? member.novoAte.toISOString() : null,
    })),
  };
}

export function toApiActivity(entries: ActivityRow[], next: string | null): z.input<typeof activitySchema> {
  return {
    atividade: entries.map((entry) => ({
      id: entry.id,
      em: entry.createdAt.toISOString(),
      membro: { id: entry.actorId, nome: entry.actorNome },
      acao: entry.acao,
      alvo: entry.alvoId || entry.alvoNome ? { id: entry.alvoId, nome: entry.alvoNome } : null,
      detalhe: entry.detalhe,
      texto: `${entry.actorNome} ${activityText(entry.acao, entry.alvoNome, entry.detalhe)}`,
    })),
    proxima: next,
  };
}

export function toApiInvitations(invitations: PendingInvitation[]): z.input<typeof invitationsSchema> {
  return {
    convites: invitations.map((invitation) => ({
      id: invitation.id,
      convidado: invitation.convidado,
      papel: invitation.papel,
      convidado_por: invitation.convidadoPor,
      criado_em: invitation.criadoEm.toISOString(),
      expira_em: invitation.expiraEm.toISOString(),
    })),
  };
}

/** The home of a member (issue 62): only the blocks their role may act on. */
export function toApiToday(today: Today): z.input<typeof todaySchema> {
  const { organization, team, admin, foster } = today;
  return {
    organizacao: {
      id: organization.id,
      nome: organization.nome,
      logo: organization.logoId ? imageUrl(organization.logoId, 160) : null,
      papel: organization.papel,
    },
    ...(team && {
      candidaturas: {
        minhas: team.candidaturas.minhas,
        novas: team.candidaturas.novas,
        em_andamento: team.candidaturas.abertas,
      },
      conversas: team.conversas,
      doses: team.doses,
      noticias: team.noticias,
      lar_temporario: team.larTemporario,
      perdidos_e_achados: team.perdidosEAchados,
      acompanhamentos: {
        sem_resposta: team.acompanhamentos.semResposta,
        castracoes: team.acompanhamentos.castracoes,
        itens: team.acompanhamentos.itens.map(({ applicationId, ...item }) => ({
          candidatura_id: applicationId,
          ...item,
        })),
      },
    }),
    ...(admin && {
      transferencias: { para_aceitar: admin.transferencias.paraAceitar },
      extrato: { a_decidir: admin.extrato.aDecidir },
    }),
    ...(foster && {
      meus_animais: { total: foster.animais },
      doses: foster.doses,
      noticias: foster.noticias,
    }),
    resumo_diario: today.resumoDiario,
  };
}
