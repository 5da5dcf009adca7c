import type { HiddenListing, SuspendedAccount } from "~/domain/moderation/actions.server";
import type { AuditEntry, OngToVerify } from "~/domain/moderation/operators.server";
import type { QueuedTarget } from "~/domain/moderation/reports.server";
import { ACTION_LABEL } from "~/domain/moderation/actions.server";
import type { ApiModeration } from "~/openapi/responses";

/** What waits for the operators, in the API's shape (`GET /api/moderacao`). */
export function toApiModeration(work: {
  queue: QueuedTarget[];
  hidden: HiddenListing[];
  suspended: SuspendedAccount[];
  ongs: OngToVerify[];
  log: AuditEntry[];
}): ApiModeration {
  return {
    denuncias: work.queue.map((target) => ({
      alvo: { tipo: target.tipo, id: target.id },
      titulo: target.titulo,
      endereco: target.href && `/adopet${target.href}`,
      trecho: target.trecho,
      oculto: target.oculto,
      conta: target.conta,
      pessoas: target.pessoas,
      total: target.total,
      ultima_em: target.ultima.toISOString(),
      relatos: target.denuncias.map((report) => ({
        id: report.id,
        categoria: report.categoria,
        texto: report.texto,
        quem: report.quem,
        em: report.em.toISOString(),
      })),
    })),
    anuncios_ocultos: work.hidden.map((pet) => ({ ...pet, desde: pet.desde.toISOString() })),
    contas_suspensas: work.suspended.map((account) => ({ ...account, desde: account.desde.toISOString() })),
    ongs_a_verificar: work.ongs.map((ong) => ({
      id: ong.id,
      nome: ong.nome,
      nome_publico: ong.nomePublico,
      cnpj: ong.cnpj,
      local: ong.local,
      desde: ong.desde.toISOString(),
      concorrentes: ong.concorrentes.map((other) => ({
        id: other.id,
        nome_publico: other.nomePublico,
        nome: other.nome,
        email: other.email,
      })),
    })),
    registro: work.log.map((entry) => ({
      ...entry,
      acao: ACTION_LABEL[entry.acao as keyof typeof ACTION_LABEL] ?? entry.acao,
      em: entry.em.toISOString(),
    })),
  };
}
