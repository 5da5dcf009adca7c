import { blockRefusal, blockSide } from "~/domain/conversations/blocks.server";
import { isListed } from "~/lib/pets";
import { and, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { rowsOf, type Db } from "~/db/client.server";
import { applicationEvents, applications, organizationMembers, pets, users } from "~/db/schema";
import { isUniqueViolation } from "~/db/errors.server";
import {
  DEFAULT_QUESTIONS,
  OPEN_STATUSES,
  type Answers,
  type ApplicationStatus,
  type Question,
} from "~/lib/applications";
import { openConversationStatement } from "~/domain/conversations/conversations.server";
import { getQuestionnaire } from "./questionnaires.server";
import { outboxInsert, type Jobs } from "~/services/jobs.server";
import { fail, forbidden, notFound, ok, type Result } from "~/services/outcome.server";
import { takeAllowance } from "~/services/rate-limits.server";

/**
 * Adoption applications (issue 19): applying for a pet, with the answers to its caretaker's
 * questionnaire (./questionnaires.server.ts). The caretaker's pipeline from `nova` to a decision
 * is ./application-moves.server.ts: approving reserves the animal and puts the other open
 * applications on a waiting list; an approved adoption that falls through makes the animal
 * available again and brings the waiting list back. Every change of status is a row of the
 * application's timeline and, through the job queue, an e-mail. Reading them:
 * ./application-views.server.ts; privacy: ./application-privacy.server.ts.
 */

export const APPLICATION_NEW_JOB = "application-new";

type PetForApplying = {
  id: string;
  nome: string;
  caretakerId: string;
  organizationId: string;
  status: string;
  reservedAt: Date | null;
};

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
  organizationId: pets.organizationId,
  status: pets.status,
  reservedAt: pets.reservedAt,
};

/** The pet, if it can be adopted now. */
async function petForApplying(db: Db, petId: string): Promise<Result<PetForApplying>> {
  const [pet] = await db.select(petForApplyingColumns).from(pets).where(eq(pets.id, petId)).limit(1);
  return adoptable(pet);
}

/** The questions an adopter of this pet answers (its organisation's), while it can be adopted. */
export async function questionnaireForPet(
  db: Db,
  petId: string,
): Promise<Result<{ pet: { id: string; nome: string; caretakerId: string }; perguntas: Question[] }>> {
  const pet = await petForApplying(db, petId);
  if (!pet.ok) return pet;
  const { id, nome, caretakerId, organizationId } = pet.value;
  return ok({ pet: { id, nome, caretakerId }, perguntas: await getQuestionnaire(db, organizationId) });
}

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
 * answer (its organisation's), in one query: the checks `apply` makes again as it writes.
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
        where q.organization_id = "pets"."organization_id")`,
      openId: sql<string | null>`(select a.id from applications a
        where a.pet_id = "pets"."id" and a.adopter_id = ${adopterId}
        and a.status not in ('recusada', 'desistiu') limit 1)`,
      // Someone who blocked the other (either way) hears nothing more from them, applications included.
      blocked: blockSide(adopterId, sql`"pets"."caretaker_id"`),
      own: ownPet(adopterId, sql`"pets"`),
    })
    .from(pets)
    .where(eq(pets.id, petId))
    .limit(1);
  const pet = adoptable(row);
  if (!pet.ok) return pet;
  const { perguntas, openId, blocked, own, ...found } = pet.value;
  if (own) return forbidden("not-own-pet");
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
  if (!written.id) return refusalFor(written);
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
  own: boolean | null;
};

/**
 * Whether the pet (the row `pet`) is `adopterId`'s own: they published it, or they belong to the
 * organisation that owns it (no one applies to their own team).
 */
function ownPet(adopterId: string, pet: SQL) {
  return sql<boolean>`(${pet}.caretaker_id = ${adopterId} or exists (select 1 from ${organizationMembers} m
    where m.organization_id = ${pet}.organization_id and m.user_id = ${adopterId}))`;
}

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
      select p.id, p.status, p.reserved_at, p.caretaker_id, p.organization_id,
        ${blockSide(input.adopterId, sql`p.caretaker_id`)} as blocked, ${ownPet(input.adopterId, sql`p`)} as own
      from ${pets} p
      where p.id = ${input.petId}
        and p.caretaker_id = (select ${users.id} from ${users} where ${users.id} = ${input.caretakerId} for key share)
      for share
    ), allowed as (
      select id, organization_id from pet
      where ${adoptableSql(sql`pet`)} and not pet.own and pet.blocked is null
    ), created as (
      insert into ${applications} (pet_id, adopter_id, caretaker_id, organization_id, perguntas, respostas)
      select id, ${input.adopterId}, ${input.caretakerId}, organization_id,
        ${JSON.stringify(input.perguntas)}::jsonb, ${JSON.stringify(respostas)}::jsonb
      from allowed
      returning id
    ), event as (
      insert into ${applicationEvents} (application_id, status, actor)
      select id, 'nova', 'adotante' from created
    ), conversation as (${openConversationStatement(input, sql`exists (select 1 from created)`)}),
    notice as (${outboxInsert(APPLICATION_NEW_JOB, sql`jsonb_build_object('applicationId', id)`, sql`created`)})
    select (select id from created) as id, pet.status, pet.reserved_at as "reservedAt",
      pet.caretaker_id as "caretakerId", pet.blocked, pet.own
    from (select) as one left join pet on true`;
}

/**
 * Why an application was not written, from the pet as the statement found it: the same rules,
 * in the same order, as `canApply`'s.
 */
function refusalFor(pet: WrittenApplication): Result<never> {
  const { status, reservedAt } = pet;
  const found = adoptable(status === null ? undefined : { status, reservedAt });
  if (!found.ok) return found;
  if (pet.own) return forbidden("not-own-pet");
  const unblocked = blockRefusal(pet.blocked);
  if (!unblocked.ok) return unblocked;
  // Its caretaker is no longer the one the adopter saw (the account was deleted meanwhile).
  return notFound("pet");
}
