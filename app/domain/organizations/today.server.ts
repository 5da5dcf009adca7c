import { and, count, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { organizationMembers, pets } from "~/db/schema";
import { countWaitingApplications } from "~/domain/applications/application-views.server";
import { countConversationsWaiting } from "~/domain/conversations/conversations.server";
import { doseComing, doseLate } from "~/domain/health/reminders.server";
import { countPendingNews } from "~/domain/foster/news.server";
import { fosteredFor } from "~/domain/foster/placements.server";
import { countPendingLines } from "~/domain/giving/statements.server";
import { organizationReportsWithMatches } from "~/domain/lost-found/reports.server";
import { countOrganizationAnimalsBy, firstOrganizationAnimals } from "~/domain/pets/organization-animals.server";
import { followupsToChase, type FollowupToChase } from "~/domain/termos/followups.server";
import { roleMay } from "~/lib/organizations";
import type { Species } from "~/lib/pets";
import type { ReportType } from "~/lib/lost-found";
import { ok, type Result } from "~/services/outcome.server";
import { organizationForMember, type OrganizationView } from "./organizations.server";
import { countTransfersToAccept } from "./transfers.server";

/**
 * A member's day in their organisation (issue 62): `Hoje`, the page and `GET /organizacoes/{id}/hoje`.
 * Each block is what the member's role may act on, with counts that are the totals of the lists
 * its links open (the same filters, read by the same functions). A foster home's member gets only
 * their own: the animals with them, those animals' doses, and the news they wrote still waiting.
 */

/** How many of the animals needing a foster home the home names, urgent first. */
const NEEDING_SHOWN = 5;
/** How many follow-ups and lost-and-found reports the home lists (the counts are whole). */
const LISTED = 50;

export type Today = {
  organization: OrganizationView;
  /** Administradores and equipe: the team's work. */
  team: {
    candidaturas: { minhas: number; novas: number; abertas: number };
    conversas: { aguardando: number; minhas: number };
    doses: { atrasadas: number; proximas: number };
    noticias: { pendentes: number };
    larTemporario: {
      precisam: number;
      urgentes: number;
      primeiros: { id: string; nome: string; urgente: boolean; prazo: string | null }[];
    };
    perdidosEAchados: {
      total: number;
      anuncios: { id: string; tipo: ReportType; nome: string | null; especie: Species; parecidos: number }[];
    };
    acompanhamentos: { semResposta: number; castracoes: number; itens: FollowupToChase[] };
  } | null;
  /** Administradores only: money and the organisation's animals coming in. */
  admin: {
    transferencias: { paraAceitar: number };
    extrato: { aDecidir: number };
  } | null;
  /** A foster home's member: their own animals, doses and news. */
  foster: {
    animais: number;
    doses: { atrasadas: number; proximas: number };
    noticias: { pendentes: number };
  } | null;
  /** Whether the member gets these counts by e-mail each morning (daily-summary.server.ts). */
  resumoDiario: boolean;
};

/** The member's home: 404 for someone outside the organisation, as every inside page. */
export async function organizationToday(
  db: Db,
  userId: string,
  organizationId: string,
  now: Date,
): Promise<Result<Today>> {
  const organization = await organizationForMember(db, userId, organizationId);
  if (!organization.ok) return organization;
  const { papel } = organization.value;
  const [team, admin, foster, [membership]] = await Promise.all([
    roleMay(papel, "cuidar") ? teamWork(db, userId, organizationId, now) : null,
    roleMay(papel, "administrar") ? adminWork(db, organizationId) : null,
    papel === "lar_temporario" ? fosterWork(db, userId, organizationId, now) : null,
    db
      .select({ resumoDiario: organizationMembers.resumoDiario })
      .from(organizationMembers)
      .where(and(eq(organizationMembers.userId, userId), eq(organizationMembers.organizationId, organizationId))),
  ]);
  return ok({ organization: organization.value, team, admin, foster, resumoDiario: membership?.resumoDiario ?? false });
}

async function teamWork(db: Db, userId: string, organizationId: string, now: Date): Promise<Today["team"]> {
  const [candidaturas, conversas, noticias, animais, primeiros, perdidos, acompanhamentos] = await Promise.all([
    countWaitingApplications(db, userId, organizationId),
    countConversationsWaiting(db, userId, organizationId),
    countPendingNews(db, organizationId),
    // The animals, as the list's filters count them.
    countOrganizationAnimalsBy(
      db,
      organizationId,
      {
        atrasadas: { doseAtrasada: true },
        proximas: { doseProxima: true },
        precisam: { precisaLar: true },
        urgentes: { precisaLar: true, urgente: true },
      },
      now,
    ),
    firstOrganizationAnimals(db, organizationId, { precisaLar: true, ordem: "urgencia" }, NEEDING_SHOWN, now),
    organizationReportsWithMatches(db, organizationId, LISTED),
    followupsToChase(db, organizationId, now, LISTED),
  ]);
  const { atrasadas, proximas, precisam, urgentes } = animais;
  return {
    candidaturas,
    conversas,
    doses: { atrasadas, proximas },
    noticias: { pendentes: noticias },
    larTemporario: { precisam, urgentes, primeiros },
    perdidosEAchados: { total: perdidos.total, anuncios: perdidos.items },
    acompanhamentos: {
      semResposta: acompanhamentos.semResposta,
      castracoes: acompanhamentos.castracoes,
      itens: acompanhamentos.items,
    },
  };
}

async function adminWork(db: Db, organizationId: string): Promise<Today["admin"]> {
  const [paraAceitar, aDecidir] = await Promise.all([
    countTransfersToAccept(db, organizationId),
    countPendingLines(db, organizationId),
  ]);
  return { transferencias: { paraAceitar }, extrato: { aDecidir } };
}

async function fosterWork(db: Db, userId: string, organizationId: string, now: Date): Promise<Today["foster"]> {
  const [[placed], noticias] = await Promise.all([
    db
      .select({
        animais: count(),
        atrasadas: sql<number>`count(*) filter (where ${doseLate(now)})`.mapWith(Number),
        proximas: sql<number>`count(*) filter (where ${doseComing(now)})`.mapWith(Number),
      })
      .from(pets)
      .where(inArray(pets.id, fosteredFor(db, userId, organizationId))),
    countPendingNews(db, organizationId, userId),
  ]);
  return {
    animais: placed?.animais ?? 0,
    doses: { atrasadas: placed?.atrasadas ?? 0, proximas: placed?.proximas ?? 0 },
    noticias: { pendentes: noticias },
  };
}
