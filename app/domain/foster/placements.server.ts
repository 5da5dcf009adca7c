import { and, asc, desc, eq, isNull, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "~/db/client.server";
import { fosterOffers, fosterPlacements, organizationMembers, organizations, pets, users } from "~/db/schema";
import { recordActivity } from "~/domain/organizations/activity-records.server";
import { requirePower } from "~/domain/organizations/membership.server";
import { findPets, type PetView } from "~/domain/pets/pet-views.server";
import { publicDataChanged } from "~/domain/pets/public-reads.server";
import { dayInBrasilia } from "~/lib/dates";
import { fail, invalid, notFound, ok, type Result } from "~/services/outcome.server";
import { visitsAtHome, type FosterVisit } from "./visits.server";

/**
 * Animals in foster homes (issue 44): the team places an available animal with a member of the
 * organisation (who joined as a lar temporário, or any member who takes one home), and ends
 * the placement when it comes back. One current placement per animal; the dates stay as the
 * animal's history. Each placement shows the team the foster's name, e-mail and phone (a
 * member's); the public reads only that the animal is in a foster home.
 */

export type Placement = {
  id: string;
  petId: string;
  lar: {
    id: string | null;
    /** The foster's full name (they are a member of the organisation); null once the account is gone. */
    nome: string | null;
    email: string | null;
    telefone: string | null;
  };
  inicio: string;
  fimPrevisto: string | null;
  fim: string | null;
};

const foster = alias(users, "foster");

const placementColumns = {
  id: fosterPlacements.id,
  petId: fosterPlacements.petId,
  fosterId: fosterPlacements.fosterId,
  nome: foster.nome,
  email: foster.email,
  telefone: foster.telefone,
  inicio: fosterPlacements.inicio,
  fimPrevisto: fosterPlacements.fimPrevisto,
  fim: fosterPlacements.fim,
};

type PlacementRow = {
  id: string;
  petId: string;
  fosterId: string | null;
  nome: string | null;
  email: string | null;
  telefone: string | null;
  inicio: string;
  fimPrevisto: string | null;
  fim: string | null;
};

const toPlacement = ({ fosterId, nome, email, telefone, ...row }: PlacementRow): Placement => ({
  ...row,
  lar: { id: fosterId, nome, email, telefone },
});

/** The animal, if `actorId` takes care of its organisation's animals: 404 for a pet gone, 403/404 as requirePower. */
async function caredPet(db: Db, actorId: string, petId: string) {
  const [pet] = await db
    .select({ id: pets.id, nome: pets.nome, status: pets.status, organizationId: pets.organizationId })
    .from(pets)
    .where(eq(pets.id, petId))
    .limit(1);
  if (!pet || pet.status === "removido") return notFound("pet");
  const power = await requirePower(db, actorId, pet.organizationId, "cuidar");
  if (!power.ok) return power.failure.kind === "not-found" ? notFound("pet") : power;
  return ok(pet);
}

/**
 * Who `larId` names in the organisation: the person behind an offer of a home (whatever its
 * state: a foster who took animals in often pauses it), or a member's account id. The person
 * must be a member (an offer's holder joins by accepting the team's invitation).
 */
async function fosterIn(db: Db, organizationId: string, larId: string): Promise<Result<{ id: string; nome: string }>> {
  const [row] = await db
    .select({ id: users.id, nome: users.nome, papel: organizationMembers.papel })
    .from(users)
    .leftJoin(
      organizationMembers,
      and(eq(organizationMembers.userId, users.id), eq(organizationMembers.organizationId, organizationId)),
    )
    .where(
      or(
        eq(users.id, sql`(select ${fosterOffers.userId} from ${fosterOffers} where ${fosterOffers.id} = ${larId})`),
        and(eq(users.id, larId), sql`${organizationMembers.userId} is not null`),
      ),
    )
    .limit(1);
  if (!row) return notFound("foster");
  if (!row.papel) return fail({ kind: "conflict", reason: "foster-not-member", field: "lar_id" });
  return ok({ id: row.id, nome: row.nome });
}

export type PlacementInput = { lar_id: string; inicio: string; fim_previsto?: string | null };

/**
 * The team places an available animal (reserved or not: it stays adoptable) with a foster: it
 * starts today or before (a placement is recorded when the animal arrives), and its expected
 * end is not before its start. The animal no longer needs a home. Returns the placement.
 */
export async function placePet(
  db: Db,
  actorId: string,
  petId: string,
  input: PlacementInput,
  now: Date,
): Promise<Result<Placement>> {
  const pet = await caredPet(db, actorId, petId);
  if (!pet.ok) return pet;
  if (pet.value.status !== "disponivel") return fail({ kind: "conflict", reason: "foster-pet-unavailable" });
  if (input.inicio > dayInBrasilia(now)) return invalid("inicio", "placement-start");
  if (input.fim_previsto && input.fim_previsto < input.inicio) return invalid("fim_previsto", "placement-end");
  const person = await fosterIn(db, pet.value.organizationId, input.lar_id);
  if (!person.ok) return person;
  const placed = await db.transaction(async (tx): Promise<Result<string>> => {
    // The animal's row is the lock: two placements asked at once, one is made.
    const [locked] = await tx
      .select({ status: pets.status })
      .from(pets)
      .where(eq(pets.id, petId))
      .for("update")
      .limit(1);
    if (locked?.status !== "disponivel") return fail({ kind: "conflict", reason: "foster-pet-unavailable" });
    const [current] = await tx
      .select({ id: fosterPlacements.id })
      .from(fosterPlacements)
      .where(and(eq(fosterPlacements.petId, petId), isNull(fosterPlacements.fim)))
      .limit(1);
    if (current) return fail({ kind: "conflict", reason: "pet-placed", id: current.id });
    const [made] = await tx
      .insert(fosterPlacements)
      .values({
        petId,
        organizationId: pet.value.organizationId,
        fosterId: person.value.id,
        inicio: input.inicio,
        fimPrevisto: input.fim_previsto ?? null,
        placedBy: actorId,
        createdAt: now,
      })
      .returning({ id: fosterPlacements.id });
    await tx
      .update(pets)
      .set({ precisaLarTemporario: false, larUrgente: false, prazoLar: null, updatedAt: now })
      .where(eq(pets.id, petId));
    await recordActivity(tx as unknown as Db, {
      organizationId: pet.value.organizationId,
      actorId,
      acao: "animal_em_lar",
      alvoId: petId,
      alvoNome: pet.value.nome,
      detalhe: person.value.nome,
      detalhePessoaId: person.value.id,
    });
    return ok(made!.id);
  });
  if (!placed.ok) return placed;
  publicDataChanged(db);
  return ok((await placementById(db, placed.value))!);
}

async function placementById(db: Db, id: string): Promise<Placement | null> {
  const [row] = await db
    .select(placementColumns)
    .from(fosterPlacements)
    .leftJoin(foster, eq(foster.id, fosterPlacements.fosterId))
    .where(eq(fosterPlacements.id, id))
    .limit(1);
  return row ? toPlacement(row) : null;
}

/** The team ends the animal's current placement: it is back with the organisation today. */
export async function endPlacement(db: Db, actorId: string, petId: string, now: Date): Promise<Result<Placement>> {
  const pet = await caredPet(db, actorId, petId);
  if (!pet.ok) return pet;
  const [ended] = await db.transaction(async (tx) => {
    const rows = await tx
      .update(fosterPlacements)
      .set({ fim: dayInBrasilia(now), endedAt: now, endedBy: actorId })
      .where(and(eq(fosterPlacements.petId, petId), isNull(fosterPlacements.fim)))
      .returning({ id: fosterPlacements.id });
    if (rows.length > 0) {
      await recordActivity(tx as unknown as Db, {
        organizationId: pet.value.organizationId,
        actorId,
        acao: "lar_encerrado",
        alvoId: petId,
        alvoNome: pet.value.nome,
      });
    }
    return rows;
  });
  if (!ended) return notFound("placement");
  publicDataChanged(db);
  return ok((await placementById(db, ended.id))!);
}

/** The animal's placements, the current first, then the latest: its team's to read. */
export async function placementHistory(db: Db, actorId: string, petId: string): Promise<Result<Placement[]>> {
  const pet = await caredPet(db, actorId, petId);
  if (!pet.ok) return pet;
  const rows = await db
    .select(placementColumns)
    .from(fosterPlacements)
    .leftJoin(foster, eq(foster.id, fosterPlacements.fosterId))
    // Only this organisation's own stays (issue 60): after a transfer, the new organisation does
    // not read the previous one's fosters, their names and contacts.
    .where(and(eq(fosterPlacements.petId, petId), eq(fosterPlacements.organizationId, pet.value.organizationId)))
    .orderBy(
      sql`${fosterPlacements.fim} is null desc`,
      desc(fosterPlacements.inicio),
      desc(fosterPlacements.createdAt),
    );
  return ok(rows.map(toPlacement));
}

/**
 * Ends, as of today, the current placements an animal or a person leaves behind: the animal
 * adopted, removed or transferred (`petId`), or the foster leaving the organisation or
 * deleting the account (`fosterId`, with `organizationId` for one organisation only). Run
 * inside the change's own transaction.
 */
export async function endPlacementsLeft(
  tx: Db,
  scope: { petId: string } | { fosterId: string; organizationId?: string },
  now = new Date(),
): Promise<void> {
  const where =
    "petId" in scope
      ? eq(fosterPlacements.petId, scope.petId)
      : and(
          eq(fosterPlacements.fosterId, scope.fosterId),
          scope.organizationId ? eq(fosterPlacements.organizationId, scope.organizationId) : undefined,
        );
  await tx
    .update(fosterPlacements)
    .set({ fim: dayInBrasilia(now), endedAt: now })
    .where(and(where, isNull(fosterPlacements.fim)));
}

/** An animal with a foster, as the foster's own page and `GET /api/meus-lares` list it. */
export type FosteredPet = {
  placementId: string;
  petId: string;
  organizationId: string;
  inicio: string;
  fimPrevisto: string | null;
};

/** The animals with `fosterId` now, the longest there first. */
async function fosteredBy(db: Db, fosterId: string): Promise<FosteredPet[]> {
  return db
    .select({
      placementId: fosterPlacements.id,
      petId: fosterPlacements.petId,
      organizationId: fosterPlacements.organizationId,
      inicio: fosterPlacements.inicio,
      fimPrevisto: fosterPlacements.fimPrevisto,
    })
    .from(fosterPlacements)
    .where(and(eq(fosterPlacements.fosterId, fosterId), isNull(fosterPlacements.fim)))
    .orderBy(asc(fosterPlacements.inicio), asc(fosterPlacements.createdAt));
}

/** The animals with `fosterId` now for one organisation (their home in it): a query of their ids. */
export function fosteredFor(db: Db, fosterId: string, organizationId: string) {
  return db
    .select({ id: fosterPlacements.petId })
    .from(fosterPlacements)
    .where(
      and(
        eq(fosterPlacements.fosterId, fosterId),
        eq(fosterPlacements.organizationId, organizationId),
        isNull(fosterPlacements.fim),
      ),
    );
}

/**
 * The foster's own view: each animal with them now, as the public reads it, with its placement
 * and the adoption visits arranged at their home.
 */
export async function myFosteredPets(
  db: Db,
  fosterId: string,
): Promise<(FosteredPet & { pet: PetView; visitas: FosterVisit[] })[]> {
  const placed = await fosteredBy(db, fosterId);
  const petIds = placed.map((placement) => placement.petId);
  const [views, visits] = await Promise.all([findPets(db, petIds), visitsAtHome(db, fosterId, petIds)]);
  return placed.flatMap((placement) => {
    const pet = views.get(placement.petId);
    const visitas = visits.filter((visit) => visit.petId === placement.petId);
    return pet ? [{ ...placement, pet, visitas }] : [];
  });
}

/** The organisation's animals in foster homes now, for its team: each placement with its animal's name. */
export async function organizationPlacements(
  db: Db,
  actorId: string,
  organizationId: string,
): Promise<Result<(Placement & { pet: string })[]>> {
  const power = await requirePower(db, actorId, organizationId, "cuidar");
  if (!power.ok) return power;
  const rows = await db
    .select({ ...placementColumns, pet: pets.nome })
    .from(fosterPlacements)
    .innerJoin(pets, eq(pets.id, fosterPlacements.petId))
    .leftJoin(foster, eq(foster.id, fosterPlacements.fosterId))
    .where(and(eq(fosterPlacements.organizationId, organizationId), isNull(fosterPlacements.fim)))
    .orderBy(asc(fosterPlacements.inicio), asc(pets.nome));
  return ok(rows.map(({ pet, ...row }) => ({ ...toPlacement(row), pet })));
}

/** Every stay in `fosterId`'s home, current and past, for their data export: the animal, its organisation, the dates. */
export async function staysOfFoster(db: Db, fosterId: string) {
  return db
    .select({
      animal: pets.nome,
      organizacao: organizations.nome,
      inicio: fosterPlacements.inicio,
      fim_previsto: fosterPlacements.fimPrevisto,
      fim: fosterPlacements.fim,
    })
    .from(fosterPlacements)
    .innerJoin(pets, eq(pets.id, fosterPlacements.petId))
    .innerJoin(organizations, eq(organizations.id, fosterPlacements.organizationId))
    .where(eq(fosterPlacements.fosterId, fosterId))
    .orderBy(desc(fosterPlacements.inicio), desc(fosterPlacements.createdAt));
}

/** Whether the animal is with `fosterId` now: a foster reads only the animals placed with them. */
export async function isFostering(db: Db, fosterId: string, petId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: fosterPlacements.id })
    .from(fosterPlacements)
    .where(
      and(eq(fosterPlacements.fosterId, fosterId), eq(fosterPlacements.petId, petId), isNull(fosterPlacements.fim)),
    )
    .limit(1);
  return Boolean(row);
}
