import { blockSide } from "~/domain/conversations/blocks.server";
import { searchKey } from "~/lib/pets";
import { likePattern } from "~/lib/like";
import { and, asc, count, desc, eq, inArray, like, sql } from "drizzle-orm";
import { type Db } from "~/db/client.server";
import {
  applicationEvents,
  applicationNotes,
  applications,
  fosterPlacements,
  organizations,
  pets,
  users,
} from "~/db/schema";
import {
  allowedMoves,
  OPEN_STATUSES,
  isOpen,
  type Answers,
  type ApplicationParty,
  type ApplicationStatus,
  type Question,
  type Visit,
  type VisitPlace,
} from "~/lib/applications";
import { notFound, ok, type Result } from "~/services/outcome.server";
import { organizationsCaredForBy } from "~/domain/organizations/membership.server";
import { applicationPartyOf } from "./parties.server";

/**
 * Reading applications: an adopter's sent ones, a caretaker's received ones (filtered, a page at
 * a time, counted), and one in full with its timeline, for its two parties only.
 */

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
  /** The organisation whose animal it is. */
  organization: { id: string; nome: string };
  /** The member who answers it (`atribuida_a`); null: the whole team. */
  assignedTo: { id: string; nome: string } | null;
  /** Where and when the visit is, at the `visita` step (issue 44); null at any other. */
  visit: Visit | null;
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
  /**
   * For the team: the name of the foster the animal is with now (a visit may be arranged
   * there), and of the one whose home the visit is at. Null for the adopter, who reads neither.
   */
  fosterNow: string | null;
  visitFoster: string | null;
};

const adopter = sql.raw("adopter");
const caretaker = sql.raw("caretaker");
const assignee = sql.raw("assignee");

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
  organizationId: organizations.id,
  organizationNome: organizations.nome,
  assigneeId: sql<string | null>`${assignee}.id`,
  assigneeNome: sql<string | null>`${assignee}.nome`,
  visitaLocal: applications.visitaLocal,
  visitaEm: applications.visitaEm,
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
  organizationId: string;
  organizationNome: string;
  assigneeId: string | null;
  assigneeNome: string | null;
  visitaLocal: VisitPlace | null;
  visitaEm: Date | string | null;
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
    organization: { id: row.organizationId, nome: row.organizationNome },
    assignedTo: row.assigneeId ? { id: row.assigneeId, nome: row.assigneeNome! } : null,
    visit:
      row.status === "visita"
        ? { local: row.visitaLocal ?? "casa_de_quem_adota", em: row.visitaEm ? new Date(row.visitaEm) : null }
        : null,
  };
}

function summaries(db: Db) {
  return db
    .select(summaryColumns)
    .from(applications)
    .innerJoin(pets, eq(pets.id, applications.petId))
    .innerJoin(sql`${users} as ${adopter}`, sql`${adopter}.id = ${applications.adopterId}`)
    .innerJoin(sql`${users} as ${caretaker}`, sql`${caretaker}.id = ${applications.caretakerId}`)
    .innerJoin(organizations, eq(organizations.id, applications.organizationId))
    .leftJoin(sql`${users} as ${assignee}`, sql`${assignee}.id = ${applications.assignedTo}`);
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

/**
 * `pet`: one animal; `animal`: the animals whose name holds this text (accents and case aside);
 * `mine`: only those assigned to the reader (`Minhas`).
 */
export type ReceivedFilters = {
  /** One of the reader's organisations (its home's links); all of them when absent. */
  organizationId?: string;
  /** Only those still in play (OPEN_STATUSES): what waits for the team. */
  open?: boolean;
  pet?: string;
  animal?: string;
  status?: ApplicationStatus;
  mine?: boolean;
  page?: number;
};

/** The applications of the organisations whose animals `userId` takes care of. */
function receivedBy(db: Db, userId: string) {
  return inArray(applications.organizationId, organizationsCaredForBy(db, userId));
}

/**
 * The applications for the animals `userId` takes care of (their organisations'), newest first,
 * narrowed by animal, status and assignment, a page at a time: the page's ids off the
 * organisation's index first, then only those joined. `counts` (countReceivedByStatus), when
 * given, spares counting again without an animal.
 */
export async function listReceived(
  db: Db,
  userId: string,
  filters: ReceivedFilters = {},
  counts?: Partial<Record<ApplicationStatus, number>>,
): Promise<{ items: ApplicationSummary[]; total: number; page: number; pageCount: number }> {
  const where = and(
    receivedBy(db, userId),
    filters.organizationId ? eq(applications.organizationId, filters.organizationId) : undefined,
    filters.open ? inArray(applications.status, [...OPEN_STATUSES]) : undefined,
    filters.pet ? eq(applications.petId, filters.pet) : undefined,
    filters.animal ? inArray(applications.petId, animalsNamed(db, userId, searchKey(filters.animal))) : undefined,
    filters.status ? eq(applications.status, filters.status) : undefined,
    filters.mine ? eq(applications.assignedTo, userId) : undefined,
  );
  const page = Math.max(1, filters.page ?? 1);
  const known =
    counts && !filters.pet && !filters.animal && !filters.mine && !filters.open
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

/** How many of each status `userId`'s organisations (or one of them) have (the pipeline's filter shows them). */
export async function countReceivedByStatus(
  db: Db,
  userId: string,
  organizationId?: string,
): Promise<Partial<Record<ApplicationStatus, number>>> {
  const rows = await db
    .select({ status: applications.status, total: count() })
    .from(applications)
    .where(and(receivedBy(db, userId), organizationId ? eq(applications.organizationId, organizationId) : undefined))
    .groupBy(applications.status);
  return Object.fromEntries(rows.map((row) => [row.status, row.total]));
}

/**
 * What waits for the organisation's team in its applications (its home, `Hoje`): those still in
 * play assigned to `userId` (`Minhas`), the new ones nobody has looked at, and all in play. Each
 * is the total of listReceived with the same filters.
 */
export async function countWaitingApplications(
  db: Db,
  userId: string,
  organizationId: string,
): Promise<{ minhas: number; novas: number; abertas: number }> {
  const [row] = await db
    .select({
      minhas: sql<number>`count(*) filter (where ${applications.assignedTo} = ${userId})`.mapWith(Number),
      novas: sql<number>`count(*) filter (where ${applications.status} = 'nova')`.mapWith(Number),
      abertas: count(),
    })
    .from(applications)
    .where(
      and(
        receivedBy(db, userId),
        eq(applications.organizationId, organizationId),
        inArray(applications.status, [...OPEN_STATUSES]),
      ),
    );
  return { minhas: row?.minhas ?? 0, novas: row?.novas ?? 0, abertas: row?.abertas ?? 0 };
}

/** How many applications each of the pets `userId` takes care of has, and how many of them are new. */
export async function countByPet(db: Db, userId: string): Promise<Map<string, { total: number; novas: number }>> {
  const rows = await db
    .select({
      petId: applications.petId,
      total: count(),
      novas: sql<number>`count(*) filter (where ${applications.status} = 'nova')`.mapWith(Number),
    })
    .from(applications)
    .where(receivedBy(db, userId))
    .groupBy(applications.petId);
  return new Map(rows.map(({ petId, total, novas }) => [petId, { total, novas }]));
}

/** New applications waiting for `userId`'s teams: the header's count. */
export async function countNewApplications(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(applications)
    .where(and(receivedBy(db, userId), eq(applications.status, "nova")));
  return row?.total ?? 0;
}

/** The animals `userId` takes care of. */
function caredFor(db: Db, userId: string) {
  return inArray(pets.organizationId, organizationsCaredForBy(db, userId));
}

/** The animals `userId` takes care of whose name holds `key` (a searchKey, compared with the name's own). */
function animalsNamed(db: Db, userId: string, key: string) {
  return db
    .select({ id: pets.id })
    .from(pets)
    .where(and(caredFor(db, userId), like(pets.nomeBusca, likePattern(key, { anywhere: true }))));
}

/**
 * Up to `limit` of the caretaker's animals with applications whose name holds what is typed,
 * accent- and case-insensitive, names that start with it first: the pipeline's filter by animal
 * (an ONG may have a thousand; the page lists none of them).
 */
export async function suggestAnimalsWithApplications(
  db: Db,
  userId: string,
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
        caredFor(db, userId),
        like(pets.nomeBusca, likePattern(key, { anywhere: true })),
        sql`exists (select 1 from ${applications} where ${applications.petId} = ${pets.id})`,
      ),
    )
    .orderBy(sql`${pets.nomeBusca} like ${likePattern(key)} desc`, asc(pets.nome), asc(pets.id))
    .limit(limit);
}

/** The name of one of the animals `userId` takes care of (the filter by animal shows it); null if not theirs. */
export async function nameOfOwnAnimal(db: Db, userId: string, petId: string): Promise<string | null> {
  const [row] = await db
    .select({ nome: pets.nome })
    .from(pets)
    .where(and(eq(pets.id, petId), caredFor(db, userId)))
    .limit(1);
  return row?.nome ?? null;
}

/** An application, for one of its two parties only (anyone else: not found). */
export async function getApplication(db: Db, readerId: string, id: string): Promise<Result<ApplicationView>> {
  const [row] = await summaries(db).where(eq(applications.id, id)).limit(1);
  if (!row) return notFound("application");
  const summary = toSummary(row as SummaryRow);
  const party = await applicationPartyOf(
    db,
    { adopterId: summary.adopter.id, organizationId: summary.organization.id },
    readerId,
  );
  if (!party) return notFound("application");
  const caretakerReads = party === "responsavel";
  const [[details], events, notes, fosters] = await Promise.all([
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
    caretakerReads ? fostersOf(db, id, summary.pet.id) : Promise.resolve({ now: null, visit: null }),
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
    fosterNow: fosters.now,
    visitFoster: summary.visit?.local === "lar_temporario" ? fosters.visit : null,
  });
}

/** The names of the foster the animal is with now and of the one the application's visit is at, for the team. */
async function fostersOf(db: Db, applicationId: string, petId: string) {
  const [row] = await db
    .select({
      now: sql<string | null>`(select u.nome from ${fosterPlacements} p join ${users} u on u.id = p.foster_id
        where p.pet_id = ${petId} and p.fim is null)`,
      visit: sql<string | null>`(select u.nome from ${fosterPlacements} p join ${users} u on u.id = p.foster_id
        where p.id = ${applications.visitaPlacementId})`,
    })
    .from(applications)
    .where(eq(applications.id, applicationId));
  return { now: row?.now ?? null, visit: row?.visit ?? null };
}
