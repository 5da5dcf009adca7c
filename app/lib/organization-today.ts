import { organizationLinks } from "./organization-nav";

/**
 * The counts of a member's `Hoje` (issue 62) as sections, in the words both the page and the
 * morning summary e-mail use: each count with what it counts and the list that totals it.
 */

export type TodayNumbers = {
  team: {
    candidaturas: { minhas: number; novas: number; abertas: number };
    conversas: { aguardando: number; minhas: number };
    doses: { atrasadas: number; proximas: number };
    noticias: { pendentes: number };
    larTemporario: { precisam: number; urgentes: number };
    perdidosEAchados: { total: number };
    acompanhamentos: { semResposta: number; castracoes: number };
  } | null;
  admin: { transferencias: { paraAceitar: number }; extrato: { aDecidir: number } } | null;
  foster: {
    animais: number;
    doses: { atrasadas: number; proximas: number };
    noticias: { pendentes: number };
  } | null;
};

export type TodayCount = {
  count: number;
  one: string;
  many: string;
  /** The list it totals; none where the home itself lists them (follow-ups, lost and found). */
  to?: string;
  /** How things stand rather than work waiting (a foster's animals): never a reason to e-mail. */
  state?: true;
};

export type TodaySectionKey =
  | "candidaturas"
  | "conversas"
  | "doses"
  | "lar"
  | "noticias"
  | "acompanhamentos"
  | "perdidos"
  | "transferencias"
  | "extrato"
  | "meus-lares";

export type TodaySection = { key: TodaySectionKey; title: string; counts: TodayCount[] };

/** The sections the member's role fills, in the home's order. */
export function todaySections(organizationId: string, { team, admin, foster }: TodayNumbers): TodaySection[] {
  const links = organizationLinks(organizationId);
  const sections: TodaySection[] = [];
  if (team) {
    const { candidaturas, conversas, doses, noticias, larTemporario, acompanhamentos, perdidosEAchados } = team;
    sections.push(
      {
        key: "candidaturas",
        title: "Candidaturas",
        counts: [
          {
            count: candidaturas.minhas,
            one: "atribuída a você",
            many: "atribuídas a você",
            to: links.applicationsMine,
          },
          { count: candidaturas.novas, one: "nova", many: "novas", to: links.applicationsNew },
          { count: candidaturas.abertas, one: "em andamento", many: "em andamento", to: links.applicationsOpen },
        ],
      },
      {
        key: "conversas",
        title: "Conversas",
        counts: [
          {
            count: conversas.minhas,
            one: "sua aguarda resposta",
            many: "suas aguardam resposta",
            to: links.conversationsMine,
          },
          {
            count: conversas.aguardando,
            one: "aguarda resposta",
            many: "aguardam resposta",
            to: links.conversationsWaiting,
          },
        ],
      },
      {
        key: "doses",
        title: "Vacinas e remédios",
        counts: [
          {
            count: doses.atrasadas,
            one: "animal com dose atrasada",
            many: "animais com dose atrasada",
            to: links.dosesLate,
          },
          {
            count: doses.proximas,
            one: "animal com dose nos próximos 7 dias",
            many: "animais com dose nos próximos 7 dias",
            to: links.dosesComing,
          },
        ],
      },
      {
        key: "lar",
        title: "Precisam de lar temporário",
        counts: [
          {
            count: larTemporario.precisam,
            one: "animal precisa",
            many: "animais precisam",
            to: links.needingFoster,
          },
          { count: larTemporario.urgentes, one: "urgente", many: "urgentes", to: links.needingFosterUrgently },
        ],
      },
      {
        key: "noticias",
        title: "Notícias dos lares",
        counts: [
          { count: noticias.pendentes, one: "aguarda aprovação", many: "aguardam aprovação", to: links.newsWaiting },
        ],
      },
      {
        key: "acompanhamentos",
        title: "Acompanhamentos e castrações",
        counts: [
          {
            count: acompanhamentos.semResposta,
            one: "acompanhamento sem resposta",
            many: "acompanhamentos sem resposta",
          },
          {
            count: acompanhamentos.castracoes,
            one: "castração atrasada ou nos próximos 14 dias",
            many: "castrações atrasadas ou nos próximos 14 dias",
          },
        ],
      },
      {
        key: "perdidos",
        title: "Perdidos e achados",
        counts: [
          {
            count: perdidosEAchados.total,
            one: "animal acolhido tem anúncios parecidos",
            many: "animais acolhidos têm anúncios parecidos",
          },
        ],
      },
    );
  }
  if (admin) {
    sections.push(
      {
        key: "transferencias",
        title: "Transferências",
        counts: [
          {
            count: admin.transferencias.paraAceitar,
            one: "animal para aceitar",
            many: "animais para aceitar",
            to: links.transfers,
          },
        ],
      },
      {
        key: "extrato",
        title: "Extrato",
        counts: [
          { count: admin.extrato.aDecidir, one: "linha a decidir", many: "linhas a decidir", to: links.statementLines },
        ],
      },
    );
  }
  if (foster) {
    const mine = links.fosterAnimals;
    sections.push({
      key: "meus-lares",
      title: "No seu lar",
      counts: [
        { count: foster.animais, one: "animal com você", many: "animais com você", to: mine, state: true },
        { count: foster.doses.atrasadas, one: "com dose atrasada", many: "com dose atrasada", to: mine },
        {
          count: foster.doses.proximas,
          one: "com dose nos próximos 7 dias",
          many: "com dose nos próximos 7 dias",
          to: mine,
        },
        {
          count: foster.noticias.pendentes,
          one: "notícia sua aguarda aprovação",
          many: "notícias suas aguardam aprovação",
          to: mine,
        },
      ],
    });
  }
  return sections;
}

/** A count in words: "3 novas". */
export const countText = ({ count, one, many }: TodayCount) => `${count} ${count === 1 ? one : many}`;

/**
 * What the morning summary tells: the sections with work waiting, each with only its counts
 * above zero. Empty when there is nothing to do (no e-mail is sent then).
 */
export function summarySections(sections: TodaySection[]): TodaySection[] {
  return sections
    .map((section) => ({ ...section, counts: section.counts.filter((entry) => entry.count > 0 && !entry.state) }))
    .filter((section) => section.counts.length > 0);
}
