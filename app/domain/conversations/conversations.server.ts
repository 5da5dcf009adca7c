import { and, asc, count, desc, eq, inArray, isNull, ne, not, or, sql } from "drizzle-orm";
import { alias, type AnyPgColumn } from "drizzle-orm/pg-core";
import { rowsOf, type Db } from "~/db/client.server";
import {
  conversationMessages,
  conversations,
  lostFoundReports,
  organizationMembers,
  organizations,
  pets,
  users,
} from "~/db/schema";
import { fail, invalid, notFound, ok, type Result } from "~/services/outcome.server";
import { takeAllowance } from "~/services/rate-limits.server";
import type { Jobs } from "~/services/jobs.server";
import { scheduleConversationNotice, TEAM } from "./notices.server";
import { announce } from "./live.server";
import { blockBetween, checkNotBlocked } from "./blocks.server";
import { byAdopter, fromOtherSide, isParty, partiesOf, type ConversationSide } from "./parties.server";
import { FORMER_MEMBER } from "~/lib/conversations";
import { reportAnimalName, type ReportType } from "~/lib/lost-found";
import type { Species } from "~/lib/pets";
import { CARING_ROLES, caresFor } from "~/domain/organizations/membership.server";
import { recordActivity } from "~/domain/organizations/activity-records.server";
import { scheduleAssignmentNotice } from "~/domain/organizations/assignment-notices.server";
import { takeContactAllowances } from "~/domain/messages/messages.server";

/**
 * Conversations (issue 20): an adopter and a pet's caretakers write to each other about that
 * pet. One conversation per adopter and pet, opened with the adopter's application; only its
 * two sides read it or write in it (anyone else gets "not found"): the adopter, and the team of
 * the organisation that owns the animal (issue 43, ./parties.server.ts). A lost and found report
 * (issue 47) is talked about the same way: one conversation per report and person who writes to
 * its author, with the same blocks, WhatsApp sharing, live updates and e-mails.
 */

type ConversationParty = ConversationSide;

type ConversationPair = { petId: string; adopterId: string; caretakerId: string };

/**
 * The statement that opens the conversation of an adopter and a pet unless it is open, and only
 * `when` that holds: for a statement that writes it in the same round trip as more (an
 * application, as a `with`).
 */
export function openConversationStatement({ petId, adopterId, caretakerId }: ConversationPair, when = sql`true`) {
  return sql`insert into ${conversations} (pet_id, adopter_id, caretaker_id, organization_id)
    select ${petId}::uuid, ${adopterId}::uuid, ${caretakerId}::uuid,
      (select p.organization_id from ${pets} p where p.id = ${petId}::uuid)
    where ${when}
    on conflict (pet_id, adopter_id) do nothing`;
}

/**
 * Opens the conversation of an adopter and a pet (or of a person and a report), or finds it: the
 * same one every time.
 */
async function openConversation(
  db: Db,
  pair: ConversationPair | { reportId: string; adopterId: string; caretakerId: string },
): Promise<string> {
  const statement =
    "petId" in pair
      ? openConversationStatement(pair)
      : sql`insert into ${conversations} (report_id, adopter_id, caretaker_id)
          values (${pair.reportId}::uuid, ${pair.adopterId}::uuid, ${pair.caretakerId}::uuid)
          on conflict (report_id, adopter_id) where report_id is not null do nothing`;
  const [created] = rowsOf<{ id: string }>(await db.execute(sql`${statement} returning id`));
  if (created) return created.id;
  const [existing] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(
      and(
        "petId" in pair ? eq(conversations.petId, pair.petId) : eq(conversations.reportId, pair.reportId),
        eq(conversations.adopterId, pair.adopterId),
      ),
    )
    .limit(1);
  // Called in the message's transaction, which holds the subject and both accounts: the row cannot go meanwhile.
  return existing!.id;
}

/** A person's conversation with a report's author about it, if there is one. */
export async function findReportConversationOf(db: Db, reportId: string, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.reportId, reportId), eq(conversations.adopterId, userId)))
    .limit(1);
  return row?.id ?? null;
}

/** The conversation of an adopter about a pet, if there is one. */
export async function findConversationOf(db: Db, petId: string, adopterId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.petId, petId), eq(conversations.adopterId, adopterId)))
    .limit(1);
  return row?.id ?? null;
}

export type ConversationSummary = {
  id: string;
  /** Which side the reader is on. */
  party: ConversationParty;
  /** What it is about: a pet, or a lost and found report (`nome`: "Mingau", "o gato encontrado"). */
  about: { kind: "pet" | "report"; id: string; nome: string; photoId: string | null };
  /**
   * The other side: the organisation by its name (`id`: the animal's caretaker), or the adopter;
   * about a report, its author or the person who wrote to them.
   */
  other: { id: string; nome: string };
  /** For the team: the member who answers it (`atribuida_a`); null: the whole team. */
  assignedTo: { id: string; nome: string } | null;
  /** The organisation whose animal it is; null about a report. */
  organizationId: string | null;
  lastMessageAt: Date | null;
  lastMessage: { texto: string; mine: boolean } | null;
  unread: number;
};

/** `mine`: written by the reader's side; `author`: for the team, which other member of it wrote. */
type ConversationMessage = {
  id: string;
  texto: string;
  createdAt: Date;
  mine: boolean;
  readAt: Date | null;
  author: string | null;
};

/**
 * A thread shows its latest messages; `earlier` says there are older ones. `whatsApp` says
 * whether the reader shares theirs, and the other's phone when they share it; `blocked`, who
 * blocked whom (from the reader's side).
 */
export type ConversationView = ConversationSummary & {
  messages: ConversationMessage[];
  earlier: boolean;
  whatsApp: { mine: boolean; other: string | null };
  blocked: "you" | "them" | null;
};

const THREAD_MESSAGES = 100;

const adopter = alias(users, "adopter");
const caretaker = alias(users, "caretaker");
const assignee = alias(users, "assignee");
/** An ONG by its public name, a person by their name. */
const nameOf = (person: { tipo: AnyPgColumn; nomePublico: AnyPgColumn; nome: AnyPgColumn }) =>
  sql<string>`case when ${person.tipo} = 'ong' and ${person.nomePublico} is not null
    then ${person.nomePublico} else ${person.nome} end`;

function summaryColumns(userId: string) {
  return {
    id: conversations.id,
    adopterId: conversations.adopterId,
    caretakerId: conversations.caretakerId,
    adopterNome: nameOf(adopter),
    caretakerNome: nameOf(caretaker),
    organizationId: conversations.organizationId,
    organizationNome: organizations.nome,
    assigneeId: assignee.id,
    assigneeNome: assignee.nome,
    petId: pets.id,
    petNome: pets.nome,
    petPhotoId: sql<string | null>`(
      select pp.image_id::text from pet_photos pp where pp.pet_id = ${pets.id} order by pp.position limit 1
    )`,
    reportId: lostFoundReports.id,
    reportTipo: lostFoundReports.tipo,
    reportNome: lostFoundReports.nome,
    reportEspecie: lostFoundReports.especie,
    reportPhotoId: sql<string | null>`(
      select lp.image_id::text from lost_found_photos lp where lp.report_id = ${lostFoundReports.id}
      order by lp.position limit 1
    )`,
    lastMessageAt: conversations.lastMessageAt,
    // The last message and its author, from the one row.
    last: sql<{ texto: string; autor: string | null } | null>`(
      select json_build_object('texto', m.texto, 'autor', m.author_id) from conversation_messages m
      where m.conversation_id = ${conversations.id} order by m.created_at desc, m.id desc limit 1
    )`,
    unread: sql<number>`(
      select count(*)::int from conversation_messages m
      where m.conversation_id = ${conversations.id} and m.read_at is null and ${fromOtherSide(userId, sql`m.author_id`)}
    )`,
  };
}

type SummaryRow = {
  id: string;
  adopterId: string;
  caretakerId: string;
  adopterNome: string;
  caretakerNome: string;
  organizationId: string | null;
  organizationNome: string | null;
  assigneeId: string | null;
  assigneeNome: string | null;
  petId: string | null;
  petNome: string | null;
  petPhotoId: string | null;
  reportId: string | null;
  reportTipo: ReportType | null;
  reportNome: string | null;
  reportEspecie: Species | null;
  reportPhotoId: string | null;
  lastMessageAt: Date | string | null;
  last: { texto: string; autor: string | null } | string | null;
  unread: number;
};

function toSummary(row: SummaryRow, userId: string): ConversationSummary {
  const party: ConversationParty = row.adopterId === userId ? "adotante" : "responsavel";
  return {
    id: row.id,
    party,
    about: row.reportId
      ? {
          kind: "report",
          id: row.reportId,
          nome: reportAnimalName({ tipo: row.reportTipo!, nome: row.reportNome, especie: row.reportEspecie! }),
          photoId: row.reportPhotoId,
        }
      : { kind: "pet", id: row.petId!, nome: row.petNome!, photoId: row.petPhotoId },
    other:
      party === "adotante"
        ? { id: row.caretakerId, nome: row.organizationNome ?? row.caretakerNome }
        : { id: row.adopterId, nome: row.adopterNome },
    assignedTo: party === "responsavel" && row.assigneeId ? { id: row.assigneeId, nome: row.assigneeNome ?? "" } : null,
    organizationId: row.organizationId,
    lastMessageAt: row.lastMessageAt === null ? null : new Date(row.lastMessageAt),
    lastMessage: lastMessageOf(row.last, row.adopterId, party),
    unread: Number(row.unread),
  };
}

/** Whether a message by `authorId` is from the `party` side. */
const bySide = (authorId: string | null, adopterId: string, party: ConversationParty) =>
  (authorId === adopterId) === (party === "adotante");

/** The last message as the database gives its JSON (parsed by the driver, or text). */
function lastMessageOf(
  last: SummaryRow["last"],
  adopterId: string,
  party: ConversationParty,
): ConversationSummary["lastMessage"] {
  if (last === null) return null;
  const { texto, autor } =
    typeof last === "string" ? (JSON.parse(last) as { texto: string; autor: string | null }) : last;
  return { texto, mine: bySide(autor, adopterId, party) };
}

function summaries(db: Db, userId: string) {
  return db
    .select(summaryColumns(userId))
    .from(conversations)
    .leftJoin(pets, eq(pets.id, conversations.petId))
    .leftJoin(lostFoundReports, eq(lostFoundReports.id, conversations.reportId))
    .innerJoin(adopter, eq(adopter.id, conversations.adopterId))
    .innerJoin(caretaker, eq(caretaker.id, conversations.caretakerId))
    .leftJoin(organizations, eq(organizations.id, conversations.organizationId))
    .leftJoin(assignee, eq(assignee.id, conversations.assignedTo))
    .$dynamic();
}

const CONVERSATIONS_LISTED = 100;

/**
 * `mine`: only those assigned to the reader (`Minhas`); `organizationId`: one of the reader's
 * teams' (its home's links); `waiting`: a team's whose last message is the adopter's, still to answer.
 */
export type ConversationFilters = { mine?: boolean; organizationId?: string; waiting?: boolean };

/** The last message of the conversation was the adopter's: the team owes an answer. */
const adopterSpokeLast = sql`(
  select ${byAdopter(conversations.adopterId, sql`m.author_id`)}
  from ${conversationMessages} m
  where m.conversation_id = ${conversations.id}
  order by m.created_at desc, m.id desc
  limit 1
)`;

function conversationsWhere(db: Db, userId: string, { mine, organizationId, waiting }: ConversationFilters) {
  return and(
    isParty(db, userId),
    sql`${conversations.lastMessageAt} is not null`,
    mine ? eq(conversations.assignedTo, userId) : undefined,
    organizationId ? eq(conversations.organizationId, organizationId) : undefined,
    // The team's side: an adopter's own conversations never wait for the team.
    waiting
      ? and(sql`${conversations.organizationId} is not null`, ne(conversations.adopterId, userId), adopterSpokeLast)
      : undefined,
  );
}

/**
 * The organisation's conversations waiting for an answer (its home, `Hoje`): all of them, and
 * those assigned to `userId`. The same as listConversations with `waiting` (and `mine`).
 */
export async function countConversationsWaiting(
  db: Db,
  userId: string,
  organizationId: string,
): Promise<{ aguardando: number; minhas: number }> {
  const [row] = await db
    .select({
      aguardando: count(),
      minhas: sql<number>`count(*) filter (where ${conversations.assignedTo} = ${userId})`.mapWith(Number),
    })
    .from(conversations)
    .where(conversationsWhere(db, userId, { organizationId, waiting: true }));
  return { aguardando: row?.aguardando ?? 0, minhas: row?.minhas ?? 0 };
}

/**
 * A person's conversations that have messages, the latest activity first: theirs as an adopter,
 * and their teams'; `mine`: only those assigned to them (`Minhas`).
 */
export async function listConversations(
  db: Db,
  userId: string,
  filters: ConversationFilters = {},
): Promise<ConversationSummary[]> {
  const rows = await summaries(db, userId)
    .where(conversationsWhere(db, userId, filters))
    .orderBy(sql`${conversations.lastMessageAt} desc`)
    .limit(CONVERSATIONS_LISTED);
  return rows.map((row) => toSummary(row, userId));
}

/**
 * One conversation with its messages, for one of its parties only: the latest `limit`, or those
 * written before the message `before` (a page further back; a message of another conversation
 * is not found).
 */
export async function getConversation(
  db: Db,
  userId: string,
  id: string,
  { limit = THREAD_MESSAGES, before }: { limit?: number; before?: string } = {},
): Promise<Result<ConversationView>> {
  const [row] = await summaries(db, userId)
    .where(and(eq(conversations.id, id), isParty(db, userId)))
    .limit(1);
  if (!row) return notFound("conversation");
  if (before) {
    const [cursor] = await db
      .select({ id: conversationMessages.id })
      .from(conversationMessages)
      .where(and(eq(conversationMessages.id, before), eq(conversationMessages.conversationId, id)))
      .limit(1);
    if (!cursor) return notFound("message");
  }
  const messages = await db
    .select({
      id: conversationMessages.id,
      texto: conversationMessages.texto,
      createdAt: conversationMessages.createdAt,
      authorId: conversationMessages.authorId,
      authorNome: users.nome,
      readAt: conversationMessages.readAt,
    })
    .from(conversationMessages)
    // A left join: a member whose account went leaves their messages, without a name.
    .leftJoin(users, eq(users.id, conversationMessages.authorId))
    .where(
      and(
        eq(conversationMessages.conversationId, id),
        // Compared in the database, to the microsecond (a JavaScript date keeps milliseconds).
        before
          ? sql`(${conversationMessages.createdAt}, ${conversationMessages.id}) < (
            select c.created_at, c.id from conversation_messages c where c.id = ${before}::uuid
          )`
          : undefined,
      ),
    )
    .orderBy(desc(conversationMessages.createdAt), desc(conversationMessages.id))
    .limit(limit + 1);
  const earlier = messages.length > limit;
  const summary = toSummary(row, userId);
  return ok({
    ...summary,
    ...(await contactState(db, userId, id)),
    earlier,
    messages: messages
      .slice(0, limit)
      .reverse()
      .map((message) => ({
        id: message.id,
        texto: message.texto,
        createdAt: new Date(message.createdAt),
        mine: bySide(message.authorId, row.adopterId, summary.party),
        readAt: message.readAt === null ? null : new Date(message.readAt),
        // The team reads which of its members wrote; the adopter, the organisation's name above.
        author:
          summary.party === "responsavel" && message.authorId !== row.adopterId && message.authorId !== userId
            ? (message.authorNome ?? FORMER_MEMBER)
            : null,
      })),
  });
}

/**
 * Writes a message in a conversation, for one of its parties, within the author's hourly
 * limit. A party whose account was suspended is not written to; one who blocked the author
 * (or was blocked by them) is refused politely.
 */
export async function sendInConversation(
  db: Db,
  jobs: Jobs,
  { userId, conversationId, texto }: { userId: string; conversationId: string; texto: string },
): Promise<Result<{ id: string; createdAt: Date }>> {
  const conversation = await partiesOf(db, userId, conversationId);
  if (!conversation) return notFound("conversation");
  const { otherId } = conversation;
  // The other side's account: the adopter's, or the caretaker's, who answers for the animal.
  const [other] = await db.select({ suspendedAt: users.suspendedAt }).from(users).where(eq(users.id, otherId)).limit(1);
  if (!other || other.suspendedAt) return notFound("conversation");
  const unblocked = await checkNotBlocked(db, userId, otherId);
  if (!unblocked.ok) return unblocked;
  const allowed = await takeAllowance(db, "conversation-account", userId);
  if (!allowed.ok) return allowed;
  return db.transaction(async (tx): Promise<Result<{ id: string; createdAt: Date }>> => {
    // The author's row, then the conversation's, in the order deleting an account takes them
    // (no deadlock); a conversation gone meanwhile (the other party left) is not found.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("key share");
    const [still] = await tx
      .select({ id: conversations.id })
      .from(conversations)
      .where(and(eq(conversations.id, conversationId), isParty(tx, userId)))
      .for("key share");
    if (!still) return notFound("conversation");
    return ok(await insertMessage(tx, jobs, { conversationId, authorId: userId, texto }));
  });
}

/**
 * A signed-in person writes about an available pet (the contact form, issue 20): the message
 * opens their conversation with its caretaker, or continues it, within the contact form's
 * limits (per client, per caretaker) and the author's hourly one. A block is checked first: a
 * blocked sender's attempts use up nobody's allowance.
 */
export async function writeAboutPet(
  db: Db,
  jobs: Jobs,
  {
    userId,
    pet,
    texto,
    clientKey,
  }: {
    userId: string;
    pet: { id: string; caretakerId: string; organizationId: string };
    texto: string;
    clientKey: string;
  },
): Promise<Result<{ id: string; conversationId: string }>> {
  if (pet.caretakerId === userId || (await caresFor(db, userId, pet.organizationId))) {
    return fail({ kind: "forbidden", rule: "own-pet-message" });
  }
  const unblocked = await checkNotBlocked(db, userId, pet.caretakerId);
  if (!unblocked.ok) return unblocked;
  const contactAllowed = await takeContactAllowances(db, clientKey, pet.caretakerId);
  if (!contactAllowed.ok) return contactAllowed;
  const allowed = await takeAllowance(db, "conversation-account", userId);
  if (!allowed.ok) return allowed;
  return db.transaction(async (tx): Promise<Result<{ id: string; conversationId: string }>> => {
    // The author's row, the caretaker's, then the pet's (still available, its caretaker not
    // suspended): the order deleting an account takes them (the account, then what it owns),
    // so neither deadlocks the other, and nothing goes while the conversation opens.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("key share");
    await tx.select({ id: users.id }).from(users).where(eq(users.id, pet.caretakerId)).for("key share");
    const [available] = await tx
      .select({ id: pets.id })
      .from(pets)
      .innerJoin(users, eq(users.id, pets.caretakerId))
      .where(and(eq(pets.id, pet.id), eq(pets.status, "disponivel"), isNull(users.suspendedAt)))
      .for("key share", { of: pets });
    if (!available) return fail({ kind: "gone", subject: "pet", field: "petId" });
    const conversationId = await openConversation(tx, {
      petId: pet.id,
      adopterId: userId,
      caretakerId: pet.caretakerId,
    });
    const { id } = await insertMessage(tx, jobs, { conversationId, authorId: userId, texto });
    return ok({ id, conversationId });
  });
}

/**
 * A signed-in person writes to the author of an open lost and found report (issue 47): the
 * message opens their conversation about it, or continues it, within the contact form's limits
 * and the author's hourly one, as about a pet.
 */
export async function writeAboutReport(
  db: Db,
  jobs: Jobs,
  { userId, reportId, texto, clientKey }: { userId: string; reportId: string; texto: string; clientKey: string },
): Promise<Result<{ id: string; conversationId: string }>> {
  const [report] = await db
    .select({ id: lostFoundReports.id, authorId: lostFoundReports.authorId })
    .from(lostFoundReports)
    .where(eq(lostFoundReports.id, reportId))
    .limit(1);
  if (!report) return notFound("lost-found-report");
  if (report.authorId === userId) return fail({ kind: "forbidden", rule: "own-report-message" });
  const unblocked = await checkNotBlocked(db, userId, report.authorId);
  if (!unblocked.ok) return unblocked;
  const contactAllowed = await takeContactAllowances(db, clientKey, report.authorId);
  if (!contactAllowed.ok) return contactAllowed;
  const allowed = await takeAllowance(db, "conversation-account", userId);
  if (!allowed.ok) return allowed;
  return db.transaction(async (tx): Promise<Result<{ id: string; conversationId: string }>> => {
    // The accounts, then the report (still open, its author not suspended): as about a pet.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("key share");
    await tx.select({ id: users.id }).from(users).where(eq(users.id, report.authorId)).for("key share");
    const [open] = await tx
      .select({ id: lostFoundReports.id })
      .from(lostFoundReports)
      .innerJoin(users, eq(users.id, lostFoundReports.authorId))
      .where(
        and(
          eq(lostFoundReports.id, report.id),
          eq(lostFoundReports.status, "aberto"),
          sql`${lostFoundReports.expiraEm} > now()`,
          isNull(users.suspendedAt),
        ),
      )
      .for("key share", { of: lostFoundReports });
    if (!open) return fail({ kind: "gone", subject: "lost-found-report", field: "texto" });
    const conversationId = await openConversation(tx, {
      reportId: report.id,
      adopterId: userId,
      caretakerId: report.authorId,
    });
    const { id } = await insertMessage(tx, jobs, { conversationId, authorId: userId, texto });
    return ok({ id, conversationId });
  });
}

/**
 * Who hears of a change to a conversation live: its adopter, then its team as they are now (a
 * member removed hears nothing more), or a report's author. `team`: whether the other side is
 * an organisation's team (else one person).
 */
async function everyoneIn(tx: Db, conversationId: string): Promise<{ partes: string[]; team: boolean }> {
  const [row] = await tx
    .select({
      adopterId: conversations.adopterId,
      caretakerId: conversations.caretakerId,
      organizationId: conversations.organizationId,
      team: sql<string[] | string>`(select coalesce(json_agg(m.user_id), '[]'::json) from ${organizationMembers} m
        where m.organization_id = ${conversations.organizationId} and m.papel in ${CARING_ROLES})`,
    })
    .from(conversations)
    .where(eq(conversations.id, conversationId));
  if (!row) return { partes: [], team: false };
  if (row.organizationId === null) return { partes: [row.adopterId, row.caretakerId], team: false };
  const team = typeof row.team === "string" ? (JSON.parse(row.team) as string[]) : row.team;
  return { partes: [row.adopterId, ...team], team: true };
}

/** Stores a message in its conversation's transaction: its order, its notice, its announcement. */
async function insertMessage(
  tx: Db,
  jobs: Jobs,
  { conversationId, authorId, texto }: { conversationId: string; authorId: string; texto: string },
): Promise<{ id: string; createdAt: Date }> {
  const [row] = await tx
    .insert(conversationMessages)
    .values({ conversationId, authorId, texto: texto.trim() })
    .returning({ id: conversationMessages.id, createdAt: conversationMessages.createdAt });
  // Never back in time: a send that commits after a later one keeps the later's.
  await tx
    .update(conversations)
    .set({ lastMessageAt: sql`greatest(coalesce(${conversations.lastMessageAt}, '-infinity'::timestamptz), now())` })
    .where(eq(conversations.id, conversationId));
  const createdAt = new Date(row!.createdAt);
  const { partes, team } = await everyoneIn(tx, conversationId);
  // The adopter's messages are for the team (or a report's author); the team's, for the adopter.
  const recipientId = authorId !== partes[0] ? partes[0]! : team ? TEAM : partes[1]!;
  await scheduleConversationNotice(jobs, { conversationId, recipientId }, createdAt, tx);
  await announce(tx, { tipo: "mensagem", conversa_id: conversationId, mensagem_id: row!.id, partes });
  return { id: row!.id, createdAt };
}

/**
 * Shares (or stops sharing) the person's WhatsApp in a conversation: the other party then
 * sees a link to the phone of their profile, and only in this conversation.
 */
export async function setWhatsAppSharing(
  db: Db,
  { userId, conversationId, share }: { userId: string; conversationId: string; share: boolean },
): Promise<Result> {
  const conversation = await partiesOf(db, userId, conversationId);
  if (!conversation) return notFound("conversation");
  if (share) {
    const [me] = await db.select({ telefone: users.telefone }).from(users).where(eq(users.id, userId)).limit(1);
    if (!me?.telefone?.trim()) return invalid("telefone", "phone-required");
  }
  // The team shares one member's number at a time: the last one who chose to.
  const changes =
    conversation.side === "adotante"
      ? { adopterWhatsAppAt: share ? sql`coalesce(${conversations.adopterWhatsAppAt}, now())` : null }
      : {
          caretakerWhatsAppAt: share ? sql`coalesce(${conversations.caretakerWhatsAppAt}, now())` : null,
          caretakerWhatsAppBy: share ? userId : null,
        };
  await db.transaction(async (tx) => {
    await tx.update(conversations).set(changes).where(eq(conversations.id, conversationId));
    const { partes } = await everyoneIn(tx, conversationId);
    await announce(tx, { tipo: "conversa", conversa_id: conversationId, partes });
  });
  return ok();
}

/**
 * What a conversation's reader sees of the sharing and blocking between its two sides: the
 * other's phone only while they share it and neither blocked the other. The team's number is
 * that of the member who shared it.
 */
async function contactState(
  db: Db,
  userId: string,
  conversationId: string,
): Promise<Pick<ConversationView, "whatsApp" | "blocked">> {
  const sharer = alias(users, "sharer");
  const [row] = await db
    .select({
      adopterId: conversations.adopterId,
      caretakerId: conversations.caretakerId,
      adopterSharesAt: conversations.adopterWhatsAppAt,
      teamSharesAt: conversations.caretakerWhatsAppAt,
      teamSharer: conversations.caretakerWhatsAppBy,
      adopterPhone: adopter.telefone,
      teamPhone: sharer.telefone,
      adopterSuspended: adopter.suspendedAt,
      teamSuspended: sharer.suspendedAt,
    })
    .from(conversations)
    .innerJoin(adopter, eq(adopter.id, conversations.adopterId))
    .leftJoin(sharer, eq(sharer.id, conversations.caretakerWhatsAppBy))
    .where(eq(conversations.id, conversationId))
    .limit(1);
  const mineIsAdopter = row!.adopterId === userId;
  const blocked = await blockBetween(db, userId, mineIsAdopter ? row!.caretakerId : row!.adopterId);
  // A suspended account's number is not offered to anyone.
  const otherShares = mineIsAdopter
    ? row!.teamSuspended === null && row!.teamSharer !== null
      ? row!.teamSharesAt
      : null
    : row!.adopterSuspended === null
      ? row!.adopterSharesAt
      : null;
  const otherPhone = (mineIsAdopter ? row!.teamPhone : row!.adopterPhone)?.trim() || null;
  return {
    blocked,
    whatsApp: {
      mine: mineIsAdopter ? row!.adopterSharesAt !== null : row!.teamSharesAt !== null && row!.teamSharer === userId,
      other: otherShares !== null && blocked === null ? otherPhone : null,
    },
  };
}

/** Marks what the other side wrote in a conversation as read by its reader (for the team: by all of it). */
export async function markConversationRead(db: Db, userId: string, conversationId: string): Promise<Result> {
  const conversation = await partiesOf(db, userId, conversationId);
  if (!conversation) return notFound("conversation");
  const fromAdopter = byAdopter(conversation.adopterId);
  await db
    .update(conversationMessages)
    .set({ readAt: new Date() })
    .where(
      and(
        eq(conversationMessages.conversationId, conversationId),
        conversation.side === "adotante" ? not(fromAdopter) : fromAdopter,
        isNull(conversationMessages.readAt),
      ),
    );
  return ok();
}

/** How many messages written to a person (or their team) they have not read yet. */
export async function countUnreadInConversations(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(conversationMessages)
    .innerJoin(conversations, eq(conversations.id, conversationMessages.conversationId))
    .where(
      and(
        isParty(db, userId),
        fromOtherSide(userId, conversationMessages.authorId),
        isNull(conversationMessages.readAt),
      ),
    );
  return row?.total ?? 0;
}

/**
 * Assigns a conversation to a member of the team (`atribuida_a`), or back to the whole team
 * (null): notices of the adopter's messages then go to them. In the organisation's log.
 */
export async function assignConversation(
  db: Db,
  jobs: Jobs,
  { userId, conversationId, assignee }: { userId: string; conversationId: string; assignee: string | null },
): Promise<Result> {
  const conversation = await partiesOf(db, userId, conversationId);
  if (!conversation) return notFound("conversation");
  const { organizationId } = conversation;
  if (conversation.side !== "responsavel" || organizationId === null) {
    return fail({ kind: "forbidden", rule: "conversation-team-only" });
  }
  if (assignee === conversation.assignedTo) return ok();
  if (assignee !== null && !(await caresFor(db, assignee, organizationId))) {
    return invalid("atribuida_a", "assignee");
  }
  await db.transaction(async (tx) => {
    await tx.update(conversations).set({ assignedTo: assignee }).where(eq(conversations.id, conversationId));
    const [named] = await tx
      .select({
        alvo: sql<string>`${users.nome} || ' (' || ${pets.nome} || ')'`,
        adopterId: conversations.adopterId,
        detalhe: sql<string | null>`(select nome from ${users} where id = ${assignee})`,
      })
      .from(conversations)
      .innerJoin(users, eq(users.id, conversations.adopterId))
      .innerJoin(pets, eq(pets.id, conversations.petId))
      .where(eq(conversations.id, conversationId));
    await recordActivity(tx, {
      organizationId,
      actorId: userId,
      acao: "conversa_atribuida",
      alvoId: conversationId,
      alvoNome: named?.alvo ?? null,
      alvoPessoaId: named?.adopterId ?? null,
      detalhe: named?.detalhe ?? null,
      detalhePessoaId: assignee,
    });
    await scheduleAssignmentNotice(jobs, tx, { assignee, actorId: userId, at: new Date() });
  });
  return ok();
}

/**
 * Every conversation of a person with every message, for their data export (LGPD): those they
 * took part in as the adopter or the animal's caretaker (a team's others are the organisation's).
 */
export async function conversationsForExport(db: Db, userId: string) {
  const rows = await summaries(db, userId)
    .where(or(eq(conversations.adopterId, userId), eq(conversations.caretakerId, userId)))
    .orderBy(asc(conversations.createdAt));
  const views = await Promise.all(
    rows.map((row) => getConversation(db, userId, row.id, { limit: Number.MAX_SAFE_INTEGER })),
  );
  return views.flatMap((found) =>
    found.ok
      ? [
          {
            id: found.value.id,
            animal: found.value.about.nome,
            com: found.value.other.nome,
            papel: found.value.party,
            mensagens: found.value.messages.map((message) => ({
              texto: message.texto,
              enviada_em: message.createdAt.toISOString(),
              minha: message.mine,
              lida_em: message.readAt?.toISOString() ?? null,
            })),
          },
        ]
      : [],
  );
}

/** What the report page says of a conversation its reader reports: the other party and the animal. */
export async function describeForParty(
  db: Db,
  userId: string,
  conversationId: string,
): Promise<{ petNome: string; otherNome: string } | null> {
  const [row] = await summaries(db, userId)
    .where(and(eq(conversations.id, conversationId), isParty(db, userId)))
    .limit(1);
  if (!row) return null;
  const summary = toSummary(row, userId);
  return { petNome: summary.about.nome, otherNome: summary.other.nome };
}

/**
 * A reported conversation as operators read it (issue 22): its parties and the latest messages
 * up to its latest open report (what was reported: later messages cannot push them out).
 */
export type ReportedConversation = {
  id: string;
  petNome: string;
  adopter: { id: string; nome: string; suspensa: boolean };
  caretaker: { id: string; nome: string; suspensa: boolean };
  /** The latest messages, oldest first, each with its author's name. */
  excerpt: { autor: string; texto: string }[];
};

const MODERATION_EXCERPT = 10;

/** Reported conversations by id (those still there), for the moderation queue. */
export async function conversationsForModeration(db: Db, ids: string[]): Promise<ReportedConversation[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: conversations.id,
      // A pet's name, or a report's animal's (a lost one's name, else its kind).
      petNome: sql<string>`coalesce(${pets.nome}, ${lostFoundReports.nome}, case ${lostFoundReports.tipo}
        when 'perdido' then 'Animal perdido' else 'Animal encontrado' end)`,
      adopterId: adopter.id,
      adopterNome: adopter.nome,
      adopterSuspended: adopter.suspendedAt,
      caretakerId: caretaker.id,
      caretakerNome: caretaker.nome,
      caretakerSuspended: caretaker.suspendedAt,
      excerpt: sql<{ autor: string; texto: string }[] | string>`(
        select coalesce(json_agg(json_build_object('autor', coalesce(u.nome, ${FORMER_MEMBER}), 'texto', latest.texto) order by latest.created_at, latest.id), '[]'::json)
        from (
          select m.id, m.texto, m.created_at, m.author_id from conversation_messages m
          where m.conversation_id = ${conversations.id}
            and m.created_at <= coalesce((
              select max(r.created_at) from reports r
              where r.alvo_tipo = 'conversa' and r.alvo_id = ${conversations.id} and r.resolved_at is null
            ), 'infinity'::timestamptz)
          order by m.created_at desc, m.id desc limit ${MODERATION_EXCERPT}
        ) latest left join users u on u.id = latest.author_id
      )`,
    })
    .from(conversations)
    .leftJoin(pets, eq(pets.id, conversations.petId))
    .leftJoin(lostFoundReports, eq(lostFoundReports.id, conversations.reportId))
    .innerJoin(adopter, eq(adopter.id, conversations.adopterId))
    .innerJoin(caretaker, eq(caretaker.id, conversations.caretakerId))
    .where(inArray(conversations.id, ids));
  return rows.map((row) => ({
    id: row.id,
    petNome: row.petNome,
    adopter: { id: row.adopterId, nome: row.adopterNome, suspensa: row.adopterSuspended !== null },
    caretaker: { id: row.caretakerId, nome: row.caretakerNome, suspensa: row.caretakerSuspended !== null },
    excerpt:
      typeof row.excerpt === "string" ? (JSON.parse(row.excerpt) as ReportedConversation["excerpt"]) : row.excerpt,
  }));
}
