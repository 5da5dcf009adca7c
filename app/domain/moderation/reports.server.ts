import { and, count, countDistinct, desc, eq, inArray, isNotNull, isNull, lt, max, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { cities, lostFoundReports, messages, pets, reports, users } from "~/db/schema";
import { reportTitle } from "~/lib/lost-found";
import type { Jobs } from "~/services/jobs.server";
import { publicDataChanged } from "~/domain/pets/public-reads.server";
import { isListed } from "~/lib/pets";
import { CATEGORY_LABEL, REPORTS_KEPT_DAYS, type ReportCategory, type ReportTarget } from "~/lib/reports";
import { notFound, ok, type Result } from "~/services/outcome.server";
import { takeAllowance } from "~/services/rate-limits.server";
import { conversationsForModeration, describeForParty } from "~/domain/conversations/conversations.server";
import { keyedHash } from "~/services/signing.server";
import { clientNetworkOf } from "~/services/client-address.server";
import type { ReportInput } from "~/validation/reports";

/**
 * Denúncias (issue 22): anyone may report a listing or a caretaker; either party may report a
 * conversation, and the recipient of a visitor's message that message. The reporter is kept for operators only. A listing reported by
 * enough distinct people with confirmed, week-old accounts, from as many networks, is hidden until an operator looks, and its
 * caretaker is told.
 */

export const MODERATION_NOTICE_JOB = "moderation-notice";

/** The job's data: an operator's action (its audit row), or a listing hidden by reports. */
export type ModerationNotice = { auditId: string } | { petId: string; hiddenAt: string };

export type TargetRef = { tipo: ReportTarget; id: string };

/** What the report page shows of its target: "o anúncio de Rex". */
export type TargetSummary = { tipo: ReportTarget; id: string; descricao: string; voltar: string };

/**
 * The target, if the person may report it: a listing or a profile the public sees, or a
 * conversation they are part of. Anything else is not found, so nothing is learnt of it.
 */
export async function findReportTarget(
  db: Db,
  target: TargetRef,
  viewerId: string | null,
): Promise<Result<TargetSummary>> {
  if (target.tipo === "pet") {
    const [pet] = await db
      .select({ nome: pets.nome, status: pets.status })
      .from(pets)
      .where(eq(pets.id, target.id))
      .limit(1);
    if (!pet || !isListed(pet.status)) return notFound("pet");
    return ok({ ...target, descricao: `o anúncio de ${pet.nome}`, voltar: `/pets/${target.id}` });
  }
  if (target.tipo === "anuncio") {
    // A lost-and-found report anyone reads: one still open.
    const report = await lostFoundReportNamed(db, target.id);
    if (!report || report.status !== "aberto") return notFound("lost-found-report");
    return ok({ ...target, descricao: `o anúncio “${report.titulo}”`, voltar: `/perdidos-e-achados/${target.id}` });
  }
  if (target.tipo === "usuario") {
    const [person] = await db
      .select({ nome: users.nome, tipo: users.tipo, nomePublico: users.nomePublico })
      .from(users)
      .where(and(eq(users.id, target.id), isNull(users.suspendedAt)))
      .limit(1);
    if (!person) return notFound("user");
    const nome = person.tipo === "ong" && person.nomePublico ? person.nomePublico : person.nome;
    return ok({ ...target, descricao: `o perfil de ${nome}`, voltar: `/responsaveis/${target.id}` });
  }
  if (!viewerId) return notFound("message");
  // A conversation between two accounts: either party reports it.
  const conversation = await describeForParty(db, viewerId, target.id);
  if (conversation) {
    return ok({
      ...target,
      descricao: `a conversa com ${conversation.otherNome} sobre ${conversation.petNome}`,
      voltar: `/mensagens/${target.id}`,
    });
  }
  // A visitor's contact message: its recipient reports what they were sent.
  const [message] = await db
    .select({ senderNome: messages.senderNome, nomeAnimal: messages.nomeAnimal })
    .from(messages)
    .where(and(eq(messages.id, target.id), eq(messages.recipientId, viewerId)))
    .limit(1);
  if (!message) return notFound("message");
  return ok({
    ...target,
    descricao: `a conversa com ${message.senderNome} sobre ${message.nomeAnimal}`,
    voltar: "/mensagens",
  });
}

/** A lost-and-found report as reports and the operators' log name it: its title, author and status. */
export async function lostFoundReportNamed(
  db: Db,
  id: string,
): Promise<{ titulo: string; autor: string; status: string } | null> {
  const [report] = await db
    .select({
      tipo: lostFoundReports.tipo,
      especie: lostFoundReports.especie,
      nome: lostFoundReports.nome,
      cidade: { nome: cities.nome, uf: cities.uf },
      autor: users.nome,
      status: lostFoundReports.status,
    })
    .from(lostFoundReports)
    .innerJoin(users, eq(users.id, lostFoundReports.authorId))
    .innerJoin(cities, eq(cities.codigo, lostFoundReports.cidadeIbge))
    .where(eq(lostFoundReports.id, id));
  return report ? { titulo: reportTitle(report), autor: report.autor, status: report.status } : null;
}

/** `clientKey`: the request's key for limits per client (clientKeyOf). */
export type Reporter = { userId: string | null; clientKey: string };

/**
 * Files a report. A listing is hidden before an operator looks (its row locked first: two
 * reports at once count each other) and its caretaker told once `reportsToHide` distinct
 * people have open reports on it from as many networks (IPv4 /24, IPv6 /64), each from an
 * account whose e-mail is confirmed and made at least `reporterMinAgeDays` (7) before its report
 * (issue 41): accounts made for the purpose, or one person's neighbouring addresses, hide
 * nothing by themselves. Visitors' reports go to the operators, and never hide anything.
 */
export async function fileReport(
  db: Db,
  jobs: Jobs,
  input: ReportInput,
  reporter: Reporter,
  settings: { reportsToHide: number; reporterMinAgeDays: number },
  now = new Date(),
): Promise<Result<{ id: string }>> {
  const allowed = await takeAllowance(db, "report-client", reporter.clientKey);
  if (!allowed.ok) return allowed;
  const target = await findReportTarget(db, input.alvo, reporter.userId);
  if (!target.ok) return target;
  // Only keyed hashes are kept: of the network (to count places), of the account or the client (to count people).
  const clientKey = await keyedHash(db, "denuncia", `rede:${clientNetworkOf(reporter.clientKey)}`);
  const reporterKey = await keyedHash(
    db,
    "denuncia",
    reporter.userId ? `conta:${reporter.userId}` : `cliente:${reporter.clientKey}`,
  );
  const filed = await db.transaction(async (tx) => {
    const [pet] =
      input.alvo.tipo === "pet"
        ? await tx.select({ status: pets.status }).from(pets).where(eq(pets.id, input.alvo.id)).for("update").limit(1)
        : [];
    const [row] = await tx
      .insert(reports)
      .values({
        alvoTipo: input.alvo.tipo,
        alvoId: input.alvo.id,
        categoria: input.categoria,
        texto: input.texto ?? "",
        reporterId: reporter.userId,
        reporterKey,
        clientKey,
        createdAt: now,
      })
      .returning({ id: reports.id });
    if (!pet || !isListed(pet.status)) return { id: row!.id, hidden: false };
    // Distinct people from distinct networks: several accounts of one person count once.
    const [counted] = await tx
      .select({ people: countDistinct(reports.reporterKey), places: countDistinct(reports.clientKey) })
      .from(reports)
      .innerJoin(users, eq(users.id, reports.reporterId))
      .where(
        and(
          openReportsOn({ tipo: "pet", id: input.alvo.id }),
          isNotNull(users.emailConfirmedAt),
          sql`${users.createdAt} <= ${reports.createdAt} - ${sql.raw(`interval '${Math.trunc(settings.reporterMinAgeDays)} days'`)}`,
        ),
      );
    if (Math.min(counted?.people ?? 0, counted?.places ?? 0) < settings.reportsToHide) {
      return { id: row!.id, hidden: false };
    }
    await tx
      .update(pets)
      .set({ status: "oculto", statusBeforeHidden: pet.status, hiddenBy: "denuncias", hiddenAt: now })
      .where(eq(pets.id, input.alvo.id));
    const notice: ModerationNotice = { petId: input.alvo.id, hiddenAt: now.toISOString() };
    await jobs.send(MODERATION_NOTICE_JOB, notice, { tx });
    return { id: row!.id, hidden: true };
  });
  if (filed.hidden) {
    publicDataChanged(db);
    jobs.wake(MODERATION_NOTICE_JOB);
  }
  return ok({ id: filed.id });
}

/**
 * Forgets reports an operator closed more than REPORTS_KEPT_DAYS ago (the hourly purge): what
 * was decided stays in the audit log, who reported and what they wrote goes.
 */
export async function forgetClosedReports(db: Db, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - REPORTS_KEPT_DAYS * 24 * 60 * 60_000);
  const gone = await db.delete(reports).where(lt(reports.resolvedAt, before)).returning({ id: reports.id });
  return gone.length;
}

/** The reports on a target that no operator has acted on yet. */
export function openReportsOn(target: TargetRef) {
  return and(eq(reports.alvoTipo, target.tipo), eq(reports.alvoId, target.id), isNull(reports.resolvedAt));
}

/** How many targets wait for an operator (the operators' menu count). */
export async function countReportedTargets(db: Db): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(distinct (${reports.alvoTipo}, ${reports.alvoId}))::int` })
    .from(reports)
    .where(isNull(reports.resolvedAt));
  return Number(row?.total ?? 0);
}

export type QueueOrder = "mais_denunciados" | "recentes";

type QueuedReport = {
  id: string;
  categoria: ReportCategory;
  categoriaTexto: string;
  texto: string;
  /** Who reported: seen by operators only. */
  quem: string;
  em: Date;
};

export type QueuedTarget = {
  tipo: ReportTarget;
  id: string;
  /** The target in words ("Anúncio de Rex, de Maria"); "(excluído)" once it is gone. */
  titulo: string;
  /** Where the operator sees it; null when it has no public page. */
  href: string | null;
  /** The reported message's text, for a conversation. */
  trecho: string | null;
  /** A listing's state: hidden by reports, by an operator, or listed. */
  oculto: "denuncias" | "operador" | "conta_suspensa" | null;
  /** The account an operator may suspend for it: the listing's caretaker, the profile, the message's sender. */
  conta: { id: string; nome: string; suspensa: boolean } | null;
  pessoas: number;
  total: number;
  ultima: Date;
  denuncias: QueuedReport[];
};

/** Open reports grouped by target: the most reported first (then the newest), or the newest first. */
export async function listReportQueue(db: Db, order: QueueOrder, limit = 50): Promise<QueuedTarget[]> {
  const pessoas = countDistinct(reports.reporterKey);
  const ultima = max(reports.createdAt);
  const groups = await db
    .select({ tipo: reports.alvoTipo, id: reports.alvoId, pessoas, total: count(), ultima })
    .from(reports)
    .where(isNull(reports.resolvedAt))
    .groupBy(reports.alvoTipo, reports.alvoId)
    .orderBy(...(order === "recentes" ? [desc(ultima), desc(pessoas)] : [desc(pessoas), desc(ultima)]))
    .limit(limit);
  if (groups.length === 0) return [];
  const ids = groups.map((group) => group.id);
  const idsOf = (tipo: ReportTarget) => groups.filter((group) => group.tipo === tipo).map((group) => group.id);
  const [rows, petRows, userRows, messageRows, conversationRows, lostFoundRows] = await Promise.all([
    db
      .select({
        id: reports.id,
        alvoId: reports.alvoId,
        alvoTipo: reports.alvoTipo,
        categoria: reports.categoria,
        texto: reports.texto,
        createdAt: reports.createdAt,
        reporterId: reports.reporterId,
        reporterNome: users.nome,
        reporterEmail: users.email,
      })
      .from(reports)
      .leftJoin(users, eq(users.id, reports.reporterId))
      .where(and(isNull(reports.resolvedAt), inArray(reports.alvoId, ids)))
      .orderBy(desc(reports.createdAt)),
    selectIn(idsOf("pet"), (petIds) =>
      db
        .select({
          id: pets.id,
          nome: pets.nome,
          hiddenBy: pets.hiddenBy,
          status: pets.status,
          contaId: users.id,
          contaNome: users.nome,
          suspensa: users.suspendedAt,
        })
        .from(pets)
        .innerJoin(users, eq(users.id, pets.caretakerId))
        .where(inArray(pets.id, petIds)),
    ),
    selectIn(idsOf("usuario"), (userIds) =>
      db
        .select({
          id: users.id,
          nome: users.nome,
          suspensa: users.suspendedAt,
          // A profile page exists for someone who published.
          publicou: sql<boolean>`exists (select 1 from ${pets} where ${pets.caretakerId} = ${users.id})`,
        })
        .from(users)
        .where(inArray(users.id, userIds)),
    ),
    selectIn(idsOf("conversa"), (messageIds) =>
      db
        .select({
          id: messages.id,
          texto: messages.texto,
          senderId: messages.senderId,
          senderNome: messages.senderNome,
          nomeAnimal: messages.nomeAnimal,
          suspensa: users.suspendedAt,
        })
        .from(messages)
        .leftJoin(users, eq(users.id, messages.senderId))
        .where(inArray(messages.id, messageIds)),
    ),
    conversationsForModeration(db, idsOf("conversa")),
    selectIn(idsOf("anuncio"), (reportIds) =>
      db
        .select({
          id: lostFoundReports.id,
          tipo: lostFoundReports.tipo,
          especie: lostFoundReports.especie,
          nome: lostFoundReports.nome,
          status: lostFoundReports.status,
          cidade: { nome: cities.nome, uf: cities.uf },
          descricao: lostFoundReports.descricao,
          contaId: users.id,
          contaNome: users.nome,
          suspensa: users.suspendedAt,
        })
        .from(lostFoundReports)
        .innerJoin(users, eq(users.id, lostFoundReports.authorId))
        .innerJoin(cities, eq(cities.codigo, lostFoundReports.cidadeIbge))
        .where(inArray(lostFoundReports.id, reportIds)),
    ),
  ]);
  const lostFoundById = new Map(lostFoundRows.map((row) => [row.id, row]));
  const conversationsById = new Map(conversationRows.map((row) => [row.id, row]));
  const petsById = new Map(petRows.map((row) => [row.id, row]));
  const usersById = new Map(userRows.map((row) => [row.id, row]));
  const messagesById = new Map(messageRows.map((row) => [row.id, row]));
  return groups.map((group) => {
    const denuncias = rows
      .filter((row) => row.alvoId === group.id && row.alvoTipo === group.tipo)
      .map((row) => ({
        id: row.id,
        categoria: row.categoria,
        categoriaTexto: CATEGORY_LABEL[row.categoria],
        texto: row.texto,
        quem: row.reporterNome ? `${row.reporterNome} (${row.reporterEmail})` : "Visitante sem conta",
        em: new Date(row.createdAt),
      }));
    const base = {
      tipo: group.tipo,
      id: group.id,
      pessoas: Number(group.pessoas),
      total: Number(group.total),
      ultima: new Date(group.ultima!),
      denuncias,
    };
    if (group.tipo === "pet") {
      const pet = petsById.get(group.id);
      const gone = !pet || pet.status === "removido";
      return {
        ...base,
        titulo: pet ? `Anúncio de ${pet.nome}, de ${pet.contaNome}${gone ? " (removido)" : ""}` : "Anúncio excluído",
        href: pet && isListed(pet.status) ? `/pets/${pet.id}` : null,
        trecho: null,
        oculto: pet?.status === "oculto" ? pet.hiddenBy : null,
        conta: pet ? { id: pet.contaId, nome: pet.contaNome, suspensa: pet.suspensa !== null } : null,
      };
    }
    if (group.tipo === "anuncio") {
      const report = lostFoundById.get(group.id);
      return {
        ...base,
        titulo: report
          ? `Anúncio “${reportTitle(report)}”, de ${report.contaNome}${report.status === "aberto" ? "" : " (encerrado)"}`
          : "Anúncio excluído",
        href: report?.status === "aberto" ? `/perdidos-e-achados/${report.id}` : null,
        trecho: report?.descricao ?? null,
        oculto: null,
        conta: report ? { id: report.contaId, nome: report.contaNome, suspensa: report.suspensa !== null } : null,
      };
    }
    if (group.tipo === "usuario") {
      const person = usersById.get(group.id);
      return {
        ...base,
        titulo: person ? `Perfil de ${person.nome}` : "Conta excluída",
        href: person && !person.suspensa && person.publicou ? `/responsaveis/${person.id}` : null,
        trecho: null,
        oculto: null,
        conta: person ? { id: person.id, nome: person.nome, suspensa: person.suspensa !== null } : null,
      };
    }
    const conversation = conversationsById.get(group.id);
    if (conversation) {
      // The account reported is the party who did not report; when both reported each other
      // (or a reporter's account is gone), the operator decides from the messages, offered none.
      const reporters = new Set(
        rows.filter((row) => row.alvoId === group.id && row.alvoTipo === "conversa").map((row) => row.reporterId),
      );
      const reported =
        reporters.size !== 1
          ? null
          : reporters.has(conversation.adopter.id)
            ? conversation.caretaker
            : reporters.has(conversation.caretaker.id)
              ? conversation.adopter
              : null;
      const both = reporters.has(conversation.adopter.id) && reporters.has(conversation.caretaker.id);
      return {
        ...base,
        titulo: `Conversa entre ${conversation.adopter.nome} e ${conversation.caretaker.nome} sobre ${conversation.petNome}${both ? " (as duas partes denunciaram)" : ""}`,
        href: null,
        trecho: conversation.excerpt.map((message) => `${message.autor}: ${message.texto}`).join("\n") || null,
        oculto: null,
        conta: reported,
      };
    }
    const message = messagesById.get(group.id);
    return {
      ...base,
      titulo: message ? `Conversa: mensagem de ${message.senderNome} sobre ${message.nomeAnimal}` : "Conversa excluída",
      href: null,
      trecho: message?.texto ?? null,
      oculto: null,
      conta:
        message?.senderId != null
          ? { id: message.senderId, nome: message.senderNome, suspensa: message.suspensa !== null }
          : null,
    };
  });
}

/** Runs `query` for a non-empty list of ids (an empty `in ()` is not SQL). */
async function selectIn<Row>(ids: string[], query: (ids: string[]) => Promise<Row[]>): Promise<Row[]> {
  return ids.length === 0 ? [] : query(ids);
}
