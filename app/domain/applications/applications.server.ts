import { blockRefusal, blockSide } from "~/domain/conversations/blocks.server";
import { isListed, searchKey } from "~/lib/pets";
import { likePattern } from "~/lib/like";
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, like, lt, sql, type SQL } from "drizzle-orm";
import { rowsOf, type Db } from "~/db/client.server";
import { applicationEvents, applicationNotes, applications, pets, questionnaires, users } from "~/db/schema";
import { isUniqueViolation } from "~/db/errors.server";
import {
  allowedMoves,
  DEFAULT_QUESTIONS,
  isOpen,
  OPEN_STATUSES,
  type Answers,
  type ApplicationParty,
  type ApplicationStatus,
  type Question,
} from "~/lib/applications";
import { openConversationStatement } from "~/domain/conversations/conversations.server";
import {
  APPLICATION_STATUS_JOB,
  applicationsOfPet,
  approvalFellThrough,
  listedStatus,
  moveAll,
} from "~/domain/adoptions/lifecycle.server";
import { outboxInsert, type Jobs } from "~/services/jobs.server";
import { publicDataChanged } from "~/domain/pets/public-reads.server";
import { fail, forbidden, notFound, ok, type Result } from "~/services/outcome.server";
import { takeAllowance } from "~/services/rate-limits.server";
import type { ApplicationPatch, QuestionInput } from "~/validation/applications";

/**
 * Adoption applications (issue 19): the caretaker's questionnaire, the adopter's answers, and
 * the caretaker's pipeline from `nova` to a decision. Approving reserves the animal and puts
 * the other open applications on a waiting list; an approved adoption that falls through
 * makes the animal available again and brings the waiting list back. Every change of status
 * is a row of the application's timeline and, through the job queue, an e-mail.
 */

export const APPLICATION_NEW_JOB = "application-new";

// ——— The questionnaire ———

/** The caretaker's questions: their own, or the default template until they save one. */
export async function getQuestionnaire(db: Db, caretakerId: string): Promise<Question[]> {
  const [row] = await db
    .select({ perguntas: questionnaires.perguntas })
    .from(questionnaires)
    .where(eq(questionnaires.caretakerId, caretakerId))
    .limit(1);
  return row ? (row.perguntas as Question[]) : DEFAULT_QUESTIONS.map((question) => ({ ...question }));
}

/** A new question's id: short, and unlike the others'. */
function newQuestionId(taken: Set<string>): string {
  for (;;) {
    const id = `p_${Math.random().toString(36).slice(2, 10)}`;
    if (!taken.has(id)) return id;
  }
}

/**
 * Saves the caretaker's questions, in the order given; a question without an id is new.
 * Applications already made keep the questions as they were (each has its own copy).
 */
export async function saveQuestionnaire(db: Db, caretakerId: string, input: QuestionInput[]): Promise<Question[]> {
  const taken = new Set(input.flatMap((question) => (question.id ? [question.id] : [])));
  const perguntas: Question[] = input.map((question) => {
    const id = question.id ?? newQuestionId(taken);
    taken.add(id);
    const choice = question.tipo === "escolha_unica" || question.tipo === "escolha_multipla";
    return {
      id,
      tipo: question.tipo,
      enunciado: question.enunciado,
      obrigatoria: question.obrigatoria,
      ...(choice && { opcoes: question.opcoes ?? [] }),
    };
  });
  await db
    .insert(questionnaires)
    .values({ caretakerId, perguntas })
    .onConflictDoUpdate({ target: questionnaires.caretakerId, set: { perguntas, updatedAt: new Date() } });
  return perguntas;
}

type PetForApplying = { id: string; nome: string; caretakerId: string; status: string; reservedAt: Date | null };

/** Whether a pet can be adopted now: refused as not found (removed), gone (adopted) or reserved. */
function adoptable<Pet extends { status: string; reservedAt: Date | string | null }>(
  pet: Pet | undefined,
): Result<Pet> {
  if (!pet || !isListed(pet.status)) return notFound("pet");
  if (pet.status !== "disponivel") return fail({ kind: "gone", subject: "pet" });
  if (pet.reservedAt) return fail({ kind: "gone", subject: "pet", reason: "reserved" });
  return ok(pet);
}

const petForApplyingColumns = {
  id: pets.id,
  nome: pets.nome,
  caretakerId: pets.caretakerId,
  status: pets.status,
  reservedAt: pets.reservedAt,
};

/** The pet, if it can be adopted now. */
async function petForApplying(db: Db, petId: string): Promise<Result<PetForApplying>> {
  const [pet] = await db.select(petForApplyingColumns).from(pets).where(eq(pets.id, petId)).limit(1);
  return adoptable(pet);
}

/** The questions an adopter of this pet answers (its caretaker's), while it can be adopted. */
export async function questionnaireForPet(
  db: Db,
  petId: string,
): Promise<Result<{ pet: { id: string; nome: string; caretakerId: string }; perguntas: Question[] }>> {
  const pet = await petForApplying(db, petId);
  if (!pet.ok) return pet;
  const { id, nome, caretakerId } = pet.value;
  return ok({ pet: { id, nome, caretakerId }, perguntas: await getQuestionnaire(db, caretakerId) });
}

// ——— Applying ———

/** An adopter's latest application for a pet, whatever its status (a conversation links to it). */
export async function latestApplicationOf(db: Db, petId: string, adopterId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: applications.id })
    .from(applications)
    .where(and(eq(applications.petId, petId), eq(applications.adopterId, adopterId)))
    .orderBy(desc(applications.createdAt))
    .limit(1);
  return row?.id ?? null;
}

/** The adopter's open application for a pet, if any. */
async function openApplicationFor(db: Db, adopterId: string, petId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: applications.id })
    .from(applications)
    .where(
      and(
        eq(applications.petId, petId),
        eq(applications.adopterId, adopterId),
        inArray(applications.status, [...OPEN_STATUSES]),
      ),
    )
    .limit(1);
  return row?.id ?? null;
}

/**
 * Whether `adopterId` may apply for the pet, before they fill the form, and the questions they
 * answer (its caretaker's), in one query: the checks `apply` makes again as it writes.
 */
export async function canApply(
  db: Db,
  adopterId: string,
  petId: string,
): Promise<Result<{ pet: PetForApplying; perguntas: Question[] }>> {
  const [row] = await db
    .select({
      ...petForApplyingColumns,
      // Qualified by hand: drizzle writes a column in a select's sql without its table.
      perguntas: sql<Question[] | null>`(select q.perguntas from questionnaires q
        where q.caretaker_id = "pets"."caretaker_id")`,
      openId: sql<string | null>`(select a.id from applications a
        where a.pet_id = "pets"."id" and a.adopter_id = ${adopterId}
        and a.status not in ('recusada', 'desistiu') limit 1)`,
      // Someone who blocked the other (either way) hears nothing more from them, applications included.
      blocked: blockSide(adopterId, sql`"pets"."caretaker_id"`),
    })
    .from(pets)
    .where(eq(pets.id, petId))
    .limit(1);
  const pet = adoptable(row);
  if (!pet.ok) return pet;
  const { perguntas, openId, blocked, ...found } = pet.value;
  if (found.caretakerId === adopterId) return forbidden("not-own-pet");
  if (openId) return fail({ kind: "conflict", reason: "application-open", id: openId });
  const unblocked = blockRefusal(blocked);
  if (!unblocked.ok) return unblocked;
  return ok({ pet: found, perguntas: perguntas ?? DEFAULT_QUESTIONS.map((question) => ({ ...question })) });
}

/**
 * An adopter's application: their answers to the questions they were shown (validated
 * against them by the caller, who checked `canApply` to refuse early), stored with a copy of
 * those questions. Written in one statement (`writeApplication`), which checks the pet again
 * as it writes; a second open application is refused by its unique index. The caretaker is
 * e-mailed through the job queue, by way of its outbox.
 */
export async function apply(
  db: Db,
  jobs: Jobs,
  input: ApplicationInput,
  { limited = true }: { limited?: boolean } = {},
): Promise<Result<{ id: string; status: ApplicationStatus }>> {
  if (limited) {
    const allowed = await takeAllowance(db, "application-account", input.adopterId);
    if (!allowed.ok) return allowed;
  }
  let written: WrittenApplication;
  try {
    written = rowsOf<WrittenApplication>(await db.execute(writeApplication(input)))[0]!;
  } catch (error) {
    // A second open application (the same adopter applying twice at once, or again).
    if (!isUniqueViolation(error)) throw error;
    const open = await openApplicationFor(db, input.adopterId, input.petId);
    return fail({ kind: "conflict", reason: "application-open", ...(open && { id: open }) });
  }
  if (!written.id) return refusalFor(written, input.adopterId);
  jobs.wake(APPLICATION_NEW_JOB, { outbox: true });
  return ok({ id: written.id, status: "nova" });
}

type ApplicationInput = {
  adopterId: string;
  petId: string;
  /** The pet's caretaker, as `canApply` found them (checked again as it is written). */
  caretakerId: string;
  perguntas: Question[];
  respostas: Partial<Answers>;
};

/** What `writeApplication` answers: the application's id if it was written, and the pet as it found it. */
type WrittenApplication = {
  id: string | null;
  status: string | null;
  reservedAt: Date | string | null;
  caretakerId: string | null;
  blocked: "you" | "them" | null;
};

/** `adoptable` in SQL, over the pet's row `pet`: the writing statement's own check. */
function adoptableSql(pet: SQL) {
  return sql`${pet}.status = 'disponivel' and ${pet}.reserved_at is null`;
}

/**
 * The statement that writes an application when the pet can still be adopted by this adopter:
 * the application, its first event (`nova`, by the adopter), the conversation of its adopter and
 * pet (issue 20; kept if they wrote before) and the job that e-mails the caretaker (in the
 * outbox). One statement is atomic on its own: one round trip, with no transaction around it.
 *
 * The pet's row is held against an approval while it writes (many applications may hold it at
 * once; an approval waits for them, and they for an approval). Its caretaker must still be
 * `caretakerId`, whose account row is held too (against its deletion), and before the pet's:
 * the order deleting an account takes them, so neither waits on the other. The account's lock
 * is a subquery of the pet's filter: PostgreSQL runs it once, as the pet's row is read and
 * before that row is locked.
 */
function writeApplication(input: ApplicationInput): SQL {
  // Questions left unanswered (optional ones) are absent, not null.
  const respostas = Object.fromEntries(Object.entries(input.respostas).filter(([, value]) => value !== undefined));
  return sql`
    with pet as (
      select p.id, p.status, p.reserved_at, p.caretaker_id,
        ${blockSide(input.adopterId, sql`p.caretaker_id`)} as blocked
      from ${pets} p
      where p.id = ${input.petId}
        and p.caretaker_id = (select ${users.id} from ${users} where ${users.id} = ${input.caretakerId} for key share)
      for share
    ), allowed as (
      select id from pet
      where ${adoptableSql(sql`pet`)} and pet.caretaker_id <> ${input.adopterId} and pet.blocked is null
    ), created as (
      insert into ${applications} (pet_id, adopter_id, caretaker_id, perguntas, respostas)
      select id, ${input.adopterId}, ${input.caretakerId},
        ${JSON.stringify(input.perguntas)}::jsonb, ${JSON.stringify(respostas)}::jsonb
      from allowed
      returning id
    ), event as (
      insert into ${applicationEvents} (application_id, status, actor)
      select id, 'nova', 'adotante' from created
    ), conversation as (${openConversationStatement(input, sql`exists (select 1 from created)`)}),
    notice as (${outboxInsert(APPLICATION_NEW_JOB, sql`jsonb_build_object('applicationId', id)`, sql`created`)})
    select (select id from created) as id, pet.status, pet.reserved_at as "reservedAt",
      pet.caretaker_id as "caretakerId", pet.blocked
    from (select) as one left join pet on true`;
}

/**
 * Why an application was not written, from the pet as the statement found it: the same rules,
 * in the same order, as `canApply`'s.
 */
function refusalFor(pet: WrittenApplication, adopterId: string): Result<never> {
  const { status, reservedAt, caretakerId } = pet;
  const found = adoptable(status === null ? undefined : { status, reservedAt });
  if (!found.ok) return found;
  if (caretakerId === adopterId) return forbidden("not-own-pet");
  const unblocked = blockRefusal(pet.blocked);
  if (!unblocked.ok) return unblocked;
  // Its caretaker is no longer the one the adopter saw (the account was deleted meanwhile).
  return notFound("pet");
}

// ——— Reading ———

export type ApplicationEvent = { status: ApplicationStatus; actor: ApplicationParty; motivo: string | null; at: Date };
type ApplicationNote = { id: string; texto: string; at: Date };

export type ApplicationSummary = {
  id: string;
  status: ApplicationStatus;
  motivo: string | null;
  createdAt: Date;
  updatedAt: Date;
  pet: { id: string; nome: string; status: string; reservado: boolean; photoId: string | null };
  adopter: { id: string; nome: string; cidade: string | null; uf: string | null };
  caretaker: { id: string; nome: string };
};

export type ApplicationView = ApplicationSummary & {
  /** Which side the reader is on. */
  party: ApplicationParty;
  perguntas: Question[] | null;
  respostas: Answers | null;
  answersErasedAt: Date | null;
  /**
   * The adopter's phone: for the caretaker only (to call for the interview), while the
   * application is open and neither has blocked the other; null otherwise.
   */
  adopterTelefone: string | null;
  events: ApplicationEvent[];
  /** The caretaker's private notes: empty for the adopter. */
  notes: ApplicationNote[];
  /** Where the reader may move it now. */
  moves: readonly ApplicationStatus[];
};

const adopter = sql.raw("adopter");
const caretaker = sql.raw("caretaker");

const summaryColumns = {
  id: applications.id,
  status: applications.status,
  motivo: applications.motivo,
  createdAt: applications.createdAt,
  updatedAt: applications.updatedAt,
  petId: pets.id,
  petNome: pets.nome,
  petStatus: pets.status,
  petReservedAt: pets.reservedAt,
  petPhotoId: sql<
    string | null
  >`(select image_id::text from pet_photos where pet_id = ${pets.id} order by position limit 1)`,
  adopterId: sql<string>`${adopter}.id`,
  adopterNome: sql<string>`${adopter}.nome`,
  adopterCidade: sql<string | null>`${adopter}.cidade`,
  adopterUf: sql<string | null>`${adopter}.uf`,
  caretakerId: sql<string>`${caretaker}.id`,
  // An ONG by its public name, as every page shows it.
  caretakerNome: sql<string>`case when ${caretaker}.tipo = 'ong' and ${caretaker}.nome_publico is not null
    then ${caretaker}.nome_publico else ${caretaker}.nome end`,
};

type SummaryRow = {
  id: string;
  status: ApplicationStatus;
  motivo: string | null;
  createdAt: Date | string;
  updatedAt: Date | string;
  petId: string;
  petNome: string;
  petStatus: string;
  petReservedAt: Date | string | null;
  petPhotoId: string | null;
  adopterId: string;
  adopterNome: string;
  adopterCidade: string | null;
  adopterUf: string | null;
  caretakerId: string;
  caretakerNome: string;
};

function toSummary(row: SummaryRow): ApplicationSummary {
  return {
    id: row.id,
    status: row.status,
    motivo: row.motivo,
    createdAt: new Date(row.createdAt),
    updatedAt: new Date(row.updatedAt),
    pet: {
      id: row.petId,
      nome: row.petNome,
      status: row.petStatus,
      reservado: row.petStatus === "disponivel" && row.petReservedAt !== null,
      photoId: row.petPhotoId,
    },
    adopter: { id: row.adopterId, nome: row.adopterNome, cidade: row.adopterCidade, uf: row.adopterUf },
    caretaker: { id: row.caretakerId, nome: row.caretakerNome },
  };
}

function summaries(db: Db) {
  return db
    .select(summaryColumns)
    .from(applications)
    .innerJoin(pets, eq(pets.id, applications.petId))
    .innerJoin(sql`${users} as ${adopter}`, sql`${adopter}.id = ${applications.adopterId}`)
    .innerJoin(sql`${users} as ${caretaker}`, sql`${caretaker}.id = ${applications.caretakerId}`);
}

/** The adopter's applications, newest first. */
export async function listSent(db: Db, adopterId: string): Promise<ApplicationSummary[]> {
  const rows = await summaries(db)
    .where(eq(applications.adopterId, adopterId))
    .orderBy(desc(applications.createdAt))
    .limit(500);
  return rows.map((row) => toSummary(row as SummaryRow));
}

/** The timelines of several applications, in one query. */
export async function timelines(db: Db, ids: string[]): Promise<Map<string, ApplicationEvent[]>> {
  const byApplication = new Map<string, ApplicationEvent[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return byApplication;
  const rows = await db
    .select({
      applicationId: applicationEvents.applicationId,
      status: applicationEvents.status,
      actor: applicationEvents.actor,
      motivo: applicationEvents.motivo,
      at: applicationEvents.createdAt,
    })
    .from(applicationEvents)
    .where(inArray(applicationEvents.applicationId, ids))
    .orderBy(asc(applicationEvents.createdAt), asc(applicationEvents.id));
  for (const { applicationId, ...event } of rows) {
    byApplication.get(applicationId)?.push({ ...event, at: new Date(event.at) });
  }
  return byApplication;
}

const RECEIVED_PAGE_SIZE = 50;

/** `pet`: one animal; `animal`: the animals whose name holds this text (accents and case aside). */
export type ReceivedFilters = { pet?: string; animal?: string; status?: ApplicationStatus; page?: number };

/**
 * The applications for the caretaker's animals, newest first, narrowed by animal and status, a
 * page at a time: the page's ids off the caretaker's index first, then only those joined.
 * `counts` (countReceivedByStatus), when given, spares counting again without an animal.
 */
export async function listReceived(
  db: Db,
  caretakerId: string,
  filters: ReceivedFilters = {},
  counts?: Partial<Record<ApplicationStatus, number>>,
): Promise<{ items: ApplicationSummary[]; total: number; page: number; pageCount: number }> {
  const where = and(
    eq(applications.caretakerId, caretakerId),
    filters.pet ? eq(applications.petId, filters.pet) : undefined,
    filters.animal ? inArray(applications.petId, animalsNamed(db, caretakerId, searchKey(filters.animal))) : undefined,
    filters.status ? eq(applications.status, filters.status) : undefined,
  );
  const page = Math.max(1, filters.page ?? 1);
  const known =
    counts && !filters.pet && !filters.animal
      ? filters.status
        ? (counts[filters.status] ?? 0)
        : Object.values(counts).reduce((sum, n) => sum + (n ?? 0), 0)
      : null;
  const [ids, total] = await Promise.all([
    db
      .select({ id: applications.id })
      .from(applications)
      .where(where)
      .orderBy(desc(applications.createdAt), desc(applications.id))
      .limit(RECEIVED_PAGE_SIZE)
      .offset((page - 1) * RECEIVED_PAGE_SIZE),
    known ??
      db
        .select({ total: count() })
        .from(applications)
        .where(where)
        .then(([row]) => row?.total ?? 0),
  ]);
  const rows =
    ids.length === 0
      ? []
      : await summaries(db)
          .where(
            inArray(
              applications.id,
              ids.map((row) => row.id),
            ),
          )
          .orderBy(desc(applications.createdAt), desc(applications.id));
  return {
    items: rows.map((row) => toSummary(row as SummaryRow)),
    total,
    page,
    pageCount: Math.max(1, Math.ceil(total / RECEIVED_PAGE_SIZE)),
  };
}

/** How many of each status the caretaker has (the pipeline's filter shows them). */
export async function countReceivedByStatus(
  db: Db,
  caretakerId: string,
): Promise<Partial<Record<ApplicationStatus, number>>> {
  const rows = await db
    .select({ status: applications.status, total: count() })
    .from(applications)
    .where(eq(applications.caretakerId, caretakerId))
    .groupBy(applications.status);
  return Object.fromEntries(rows.map((row) => [row.status, row.total]));
}

/** How many applications each of the caretaker's pets has, and how many of them are new. */
export async function countByPet(db: Db, caretakerId: string): Promise<Map<string, { total: number; novas: number }>> {
  const rows = await db
    .select({
      petId: applications.petId,
      total: count(),
      novas: sql<number>`count(*) filter (where ${applications.status} = 'nova')`.mapWith(Number),
    })
    .from(applications)
    .where(eq(applications.caretakerId, caretakerId))
    .groupBy(applications.petId);
  return new Map(rows.map(({ petId, total, novas }) => [petId, { total, novas }]));
}

/** New applications waiting for the caretaker: the header's count. */
export async function countNewApplications(db: Db, caretakerId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(applications)
    .where(and(eq(applications.caretakerId, caretakerId), eq(applications.status, "nova")));
  return row?.total ?? 0;
}

/** The caretaker's animals whose name holds `key` (a searchKey, compared with the name's own). */
function animalsNamed(db: Db, caretakerId: string, key: string) {
  return db
    .select({ id: pets.id })
    .from(pets)
    .where(and(eq(pets.caretakerId, caretakerId), like(pets.nomeBusca, likePattern(key, { anywhere: true }))));
}

/**
 * Up to `limit` of the caretaker's animals with applications whose name holds what is typed,
 * accent- and case-insensitive, names that start with it first: the pipeline's filter by animal
 * (an ONG may have a thousand; the page lists none of them).
 */
export async function suggestAnimalsWithApplications(
  db: Db,
  caretakerId: string,
  text: string,
  limit = 8,
): Promise<{ id: string; nome: string }[]> {
  const key = searchKey(text);
  if (key.length === 0) return [];
  return db
    .select({ id: pets.id, nome: pets.nome })
    .from(pets)
    .where(
      and(
        eq(pets.caretakerId, caretakerId),
        like(pets.nomeBusca, likePattern(key, { anywhere: true })),
        sql`exists (select 1 from ${applications} where ${applications.petId} = ${pets.id})`,
      ),
    )
    .orderBy(sql`${pets.nomeBusca} like ${likePattern(key)} desc`, asc(pets.nome), asc(pets.id))
    .limit(limit);
}

/** The name of one of the caretaker's animals (the filter by animal shows it); null if not theirs. */
export async function nameOfOwnAnimal(db: Db, caretakerId: string, petId: string): Promise<string | null> {
  const [row] = await db
    .select({ nome: pets.nome })
    .from(pets)
    .where(and(eq(pets.id, petId), eq(pets.caretakerId, caretakerId)))
    .limit(1);
  return row?.nome ?? null;
}

/** An application, for one of its two parties only (anyone else: not found). */
export async function getApplication(db: Db, readerId: string, id: string): Promise<Result<ApplicationView>> {
  const [row] = await summaries(db).where(eq(applications.id, id)).limit(1);
  if (!row) return notFound("application");
  const summary = toSummary(row as SummaryRow);
  const party: ApplicationParty | null =
    summary.caretaker.id === readerId ? "responsavel" : summary.adopter.id === readerId ? "adotante" : null;
  if (!party) return notFound("application");
  const [[details], events, notes] = await Promise.all([
    db
      .select({
        perguntas: applications.perguntas,
        respostas: applications.respostas,
        answersErasedAt: applications.answersErasedAt,
        telefone: users.telefone,
        // Either way round: the caretaker's id against the adopter's (the joined users row).
        blocked: blockSide(summary.caretaker.id, sql`"users"."id"`),
      })
      .from(applications)
      .innerJoin(users, eq(users.id, applications.adopterId))
      .where(eq(applications.id, id)),
    db
      .select({
        status: applicationEvents.status,
        actor: applicationEvents.actor,
        motivo: applicationEvents.motivo,
        at: applicationEvents.createdAt,
      })
      .from(applicationEvents)
      .where(eq(applicationEvents.applicationId, id))
      .orderBy(asc(applicationEvents.createdAt), asc(applicationEvents.id)),
    party === "responsavel"
      ? db
          .select({ id: applicationNotes.id, texto: applicationNotes.texto, at: applicationNotes.createdAt })
          .from(applicationNotes)
          .where(eq(applicationNotes.applicationId, id))
          .orderBy(asc(applicationNotes.createdAt), asc(applicationNotes.id))
      : Promise.resolve([]),
  ]);
  return ok({
    ...summary,
    party,
    perguntas: (details?.perguntas as Question[] | null) ?? null,
    respostas: (details?.respostas as Answers | null) ?? null,
    answersErasedAt: details?.answersErasedAt ?? null,
    // Read now, so only for as long as the two are in touch over this application: not once it is
    // closed (declined, withdrawn, concluded), nor after either blocked the other.
    adopterTelefone:
      party === "responsavel" && isOpen(summary.status) && !details?.blocked ? (details?.telefone ?? null) : null,
    events: events.map((event) => ({ ...event, at: new Date(event.at) })),
    notes: notes.map((note) => ({ ...note, at: new Date(note.at) })),
    moves: allowedMoves(summary.status, party),
  });
}

// ——— Moving ———

/**
 * A move of an application by one of its parties, and/or a private note by the caretaker.
 * Approving reserves the animal (one approval wins; a second gets a conflict) and puts the
 * other open applications on the waiting list; declining or withdrawing an approved one
 * reopens the animal.
 */
export async function changeApplication(
  db: Db,
  jobs: Jobs,
  actorId: string,
  id: string,
  patch: ApplicationPatch,
): Promise<Result<{ status: ApplicationStatus }>> {
  try {
    const result = await db.transaction(async (tx) => {
      // Locks in one order, the pet and then its applications: moves of one animal's
      // applications (an approval waitlists the others) wait for each other, never deadlock.
      const [found] = await tx.select({ petId: applications.petId }).from(applications).where(eq(applications.id, id));
      if (!found) return notFound("application");
      await tx.select({ id: pets.id }).from(pets).where(eq(pets.id, found.petId)).for("update");
      const [row] = await tx
        .select({
          status: applications.status,
          petId: applications.petId,
          adopterId: applications.adopterId,
          caretakerId: applications.caretakerId,
        })
        .from(applications)
        .where(eq(applications.id, id))
        .for("update");
      if (!row) return notFound("application");
      const party: ApplicationParty | null =
        row.caretakerId === actorId ? "responsavel" : row.adopterId === actorId ? "adotante" : null;
      if (!party) return notFound("application");
      if (patch.nota !== undefined && party !== "responsavel") return forbidden("application-caretaker-only");
      const to = patch.status;
      if (to) {
        const refused = refusedMove(row.status, to, party);
        if (refused) return refused;
        if (to === "aprovada") {
          const reserved = await tx
            .update(pets)
            .set({ reservedAt: new Date() })
            .where(and(eq(pets.id, row.petId), sql`${listedStatus} = 'disponivel'`, isNull(pets.reservedAt)))
            .returning({ id: pets.id });
          if (reserved.length === 0) {
            const [pet] = await tx.select({ status: listedStatus }).from(pets).where(eq(pets.id, row.petId));
            return pet?.status === "disponivel"
              ? fail({ kind: "conflict", reason: "pet-reserved" })
              : fail({ kind: "gone", subject: "pet" });
          }
        }
        await moveAll(tx, jobs, [id], to, party, to === "recusada" ? (patch.motivo ?? null) : null);
        if (to === "aprovada") {
          const others = await applicationsOfPet(tx, row.petId, ["nova", "em_analise", "entrevista", "visita"], id);
          await moveAll(tx, jobs, others, "em_espera", "responsavel", null);
        }
        // An approved adoption that fell through: its termo, if any, is void.
        if (row.status === "aprovada") await approvalFellThrough(tx, jobs, id, row.petId);
      }
      if (patch.nota !== undefined) {
        await tx.insert(applicationNotes).values({ applicationId: id, texto: patch.nota });
      }
      return ok({ status: to ?? row.status, petChanged: to === "aprovada" || row.status === "aprovada" });
    });
    if (!result.ok) return result;
    jobs.wake(APPLICATION_STATUS_JOB);
    if (result.value.petChanged) publicDataChanged(db);
    return ok({ status: result.value.status });
  } catch (error) {
    // Two approvals for one animal at the same moment: the index lets one through.
    if (isUniqueViolation(error)) return fail({ kind: "conflict", reason: "pet-reserved" });
    throw error;
  }
}

function refusedMove(from: ApplicationStatus, to: ApplicationStatus, party: ApplicationParty) {
  if (allowedMoves(from, party).includes(to)) return null;
  // Withdrawing is the adopter's, every other move the caretaker's (403); theirs, but not from here: 409.
  const mover: ApplicationParty = to === "desistiu" ? "adotante" : "responsavel";
  if (party !== mover) {
    return forbidden(mover === "adotante" ? "application-adopter-only" : "application-caretaker-only");
  }
  return fail({ kind: "conflict", reason: "application-move" });
}

/** Declines the pet's whole waiting list with one message. */
export async function declineWaitingList(
  db: Db,
  jobs: Jobs,
  caretakerId: string,
  petId: string,
  motivo: string,
): Promise<Result<{ declined: number }>> {
  const declined = await db.transaction(async (tx) => {
    // The pet first, as every move locks it (changeApplication).
    const [pet] = await tx.select({ caretakerId: pets.caretakerId }).from(pets).where(eq(pets.id, petId)).for("update");
    if (!pet || pet.caretakerId !== caretakerId) return notFound("pet");
    const waiting = await applicationsOfPet(tx, petId, ["em_espera"]);
    await moveAll(tx, jobs, waiting, "recusada", "responsavel", motivo);
    return ok({ declined: waiting.length });
  });
  if (declined.ok) jobs.wake(APPLICATION_STATUS_JOB);
  return declined;
}

/** How many applications wait on the pet's list (the pipeline offers to decline them). */
export async function countWaiting(db: Db, petId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(applications)
    .where(and(eq(applications.petId, petId), eq(applications.status, "em_espera")));
  return row?.total ?? 0;
}

// ——— Privacy ———

/** Days the answers of a closed application are kept (LGPD: no longer than needed); APPLICATION_RETENTION_DAYS. */
const APPLICATION_RETENTION_DAYS = 180;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Erases the answers of applications closed for longer than the retention: declined,
 * withdrawn, and those left open (the waiting list) for an animal since adopted or removed;
 * the approved (or adopted) one of an adopted animal is the adoption's record and stays. The timeline stays.
 */
export async function eraseClosedAnswers(db: Db, now: Date, days = APPLICATION_RETENTION_DAYS): Promise<number> {
  const before = new Date(now.getTime() - days * DAY_MS);
  const erased = await db
    .update(applications)
    .set({ respostas: null, perguntas: null, answersErasedAt: now })
    .where(
      and(
        isNotNull(applications.respostas),
        lt(applications.updatedAt, before),
        // The rest (but the adoption itself) close when the animal is adopted or removed: counted from
        // then (an adopted animal's listing hidden by moderation is still adopted).
        // A returned adoption's, counted from the return.
        sql`(${applications.status} in ('recusada', 'desistiu', 'devolvida') or exists (
          select 1 from pets p where p.id = "applications"."pet_id"
          and (case when p.status = 'oculto' then p.status_before_hidden else p.status end) in ('adotado', 'removido')
          and p.updated_at < ${before} and (${applications.status} not in ('aprovada', 'adotada') or p.status = 'removido')))`,
      ),
    )
    .returning({ id: applications.id });
  return erased.length;
}

/**
 * A person's applications for their data export: those they sent, with their answers and
 * timeline; those received for their animals, with their own notes (the answers there are
 * the adopters' data, in the adopters' exports).
 */
export async function applicationsForExport(db: Db, userId: string) {
  const [sent, received] = await Promise.all([
    db
      .select({
        id: applications.id,
        petNome: pets.nome,
        status: applications.status,
        motivo: applications.motivo,
        perguntas: applications.perguntas,
        respostas: applications.respostas,
        createdAt: applications.createdAt,
      })
      .from(applications)
      .innerJoin(pets, eq(pets.id, applications.petId))
      .where(eq(applications.adopterId, userId))
      .orderBy(desc(applications.createdAt)),
    db
      .select({
        id: applications.id,
        petNome: pets.nome,
        status: applications.status,
        createdAt: applications.createdAt,
      })
      .from(applications)
      .innerJoin(pets, eq(pets.id, applications.petId))
      .where(eq(applications.caretakerId, userId))
      .orderBy(desc(applications.createdAt)),
  ]);
  // An id no row has: `in ()` is not SQL, and either list may be empty.
  const NO_ID = "00000000-0000-0000-0000-000000000000";
  const [events, notes] = await Promise.all([
    db
      .select({
        applicationId: applicationEvents.applicationId,
        status: applicationEvents.status,
        motivo: applicationEvents.motivo,
        at: applicationEvents.createdAt,
      })
      .from(applicationEvents)
      .where(inArray(applicationEvents.applicationId, sent.map((row) => row.id).concat(NO_ID)))
      .orderBy(asc(applicationEvents.createdAt)),
    db
      .select({
        applicationId: applicationNotes.applicationId,
        texto: applicationNotes.texto,
        at: applicationNotes.createdAt,
      })
      .from(applicationNotes)
      .where(inArray(applicationNotes.applicationId, received.map((row) => row.id).concat(NO_ID)))
      .orderBy(asc(applicationNotes.createdAt)),
  ]);
  const iso = (date: Date | string) => new Date(date).toISOString();
  return {
    enviadas: sent.map((row) => ({
      id: row.id,
      pet: { nome: row.petNome },
      status: row.status,
      motivo: row.motivo,
      perguntas: row.perguntas,
      respostas: row.respostas,
      criada_em: iso(row.createdAt),
      historico: events
        .filter((event) => event.applicationId === row.id)
        .map((event) => ({ status: event.status, motivo: event.motivo, em: iso(event.at) })),
    })),
    recebidas: received.map((row) => ({
      id: row.id,
      pet: { nome: row.petNome },
      status: row.status,
      criada_em: iso(row.createdAt),
      notas: notes
        .filter((note) => note.applicationId === row.id)
        .map((note) => ({ texto: note.texto, em: iso(note.at) })),
    })),
  };
}
