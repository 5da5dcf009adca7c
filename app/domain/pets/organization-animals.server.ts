import { and, asc, count, desc, eq, inArray, isNotNull, isNull, like, lte, sql, type SQL } from "drizzle-orm";
import { rowsOf, type Db } from "~/db/client.server";
import { fosterPlacements, petHealthEntries, pets, users } from "~/db/schema";
import { doseComing, doseLate, lateAndComingDoses } from "~/domain/health/reminders.server";
import { requirePower } from "~/domain/organizations/membership.server";
import { DOSE_NOTICE_DAYS, type DueDose } from "~/lib/health";
import { addDays, dayInBrasilia } from "~/lib/dates";
import { likePattern } from "~/lib/like";
import type { AnimalFilters } from "~/validation/organization-animals";
import { searchKey } from "~/lib/pets";
import { ok, type Result } from "~/services/outcome.server";
import { petColumns, toView, type PetRow, type PetView } from "./pet-views.server";

/**
 * An organisation's animals as its team works with them (issue 62): `Animais` in its menu, and
 * `GET /organizacoes/{id}/animais`. Filters, a text search and a sort, and each animal's flags
 * (a dose late or coming, a foster home needed or found, reserved). Its counts are the home's
 * (`Hoje`): both read organizationAnimalsWhere.
 */

export const ANIMALS_PAGE_SIZE = 24;

/** An animal as the list shows it: its record and what needs doing about it. */
export type OrganizationAnimal = PetView & {
  dosesAtrasadas: DueDose[];
  dosesProximas: DueDose[];
};

/** The animals still with the organisation (not adopted, not removed): the ones a dose is given to. */
const stillWith = inArray(pets.status, ["disponivel", "oculto"]);

/** The last day of the week whose doses the team plans (lateAndComingDoses's). */
const lastDoseDay = (now: Date) => addDays(dayInBrasilia(now), DOSE_NOTICE_DAYS);

/**
 * The animals with a dose late and those with one coming this week, with those doses: what
 * `Saúde` lists. Only the animals whose next dose (pets.proxima_dose) is due by then are read.
 */
export async function dosesOfOrganization(db: Db, organizationId: string, now: Date) {
  const due = await db
    .select({ id: pets.id })
    .from(pets)
    .where(and(eq(pets.organizationId, organizationId), stillWith, lte(pets.proximaDose, lastDoseDay(now))));
  return lateAndComingDoses(
    db,
    due.map((pet) => pet.id),
    now,
  );
}

/** How many of the vaccines the catalogue did not match `Saúde` lists at once. */
const UNMATCHED_LISTED = 50;

/**
 * The vaccine entries of the organisation's dogs and cats still with it whose names match no
 * vaccine of the catalogue (app/lib/vaccines.ts): their reminders and the SinPatinhas files read
 * them as typed, so `Saúde` lists them for the team to correct. The first 50, and how many in all.
 */
export async function unmatchedVaccinesOfOrganization(db: Db, organizationId: string) {
  const rows = await db
    .select({
      entryId: petHealthEntries.id,
      petId: pets.id,
      pet: pets.nome,
      nome: petHealthEntries.nome,
      data: petHealthEntries.data,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(petHealthEntries)
    .innerJoin(pets, eq(pets.id, petHealthEntries.petId))
    .where(
      and(
        eq(pets.organizationId, organizationId),
        stillWith,
        inArray(pets.species, ["cao", "gato"]),
        eq(petHealthEntries.tipo, "vacina"),
        isNull(petHealthEntries.vacina),
      ),
    )
    .orderBy(asc(pets.nomeBusca), desc(petHealthEntries.data), asc(petHealthEntries.id))
    .limit(UNMATCHED_LISTED);
  return { items: rows.map(({ total: _total, ...row }) => row), total: rows[0]?.total ?? 0 };
}

// Without parameters, as the partial index pets_organization_foster_need_idx says it (and the
// urgency below): a plan made once for every organisation still uses it.
const needsFosterHome = sql`(${pets.precisaLarTemporario} and ${pets.status} = 'disponivel')`;

const inFosterHome = sql`exists (select 1 from ${fosterPlacements} where ${fosterPlacements.petId} = ${pets.id} and ${fosterPlacements.fim} is null)`;

/**
 * The filters as SQL. A dose late or coming is read off the animal's next dose, which its record
 * writes (deriveFromRecord): late, one before today; coming, the soonest from today to a week on.
 */
function organizationAnimalsWhere(organizationId: string, filters: AnimalFilters, now: Date): SQL | undefined {
  return and(
    eq(pets.organizationId, organizationId),
    filters.status ? eq(pets.status, filters.status) : inArray(pets.status, ["disponivel", "adotado", "oculto"]),
    filters.especie ? eq(pets.species, filters.especie) : undefined,
    filters.q ? like(pets.nomeBusca, likePattern(searchKey(filters.q), { anywhere: true })) : undefined,
    // A need is an available animal's: one adopted no longer waits for a home.
    filters.precisaLar ? needsFosterHome : undefined,
    filters.urgente ? sql`(${pets.larUrgente} and ${pets.precisaLarTemporario})` : undefined,
    filters.emLar ? inFosterHome : undefined,
    filters.reservado ? and(eq(pets.status, "disponivel"), isNotNull(pets.reservedAt)) : undefined,
    filters.doseAtrasada ? and(stillWith, doseLate(now)) : undefined,
    filters.doseProxima ? and(stillWith, doseComing(now)) : undefined,
  );
}

const ORDER: Record<NonNullable<AnimalFilters["ordem"]>, SQL[]> = {
  recentes: [desc(pets.createdAt), desc(pets.id)],
  antigos: [asc(pets.createdAt), asc(pets.id)],
  nome: [asc(pets.nomeBusca), asc(pets.id)],
  // The public list's order (/lar-temporario/precisam): urgent first, then the nearest deadline.
  urgencia: [
    desc(needsFosterHome),
    desc(pets.larUrgente),
    sql`${pets.prazoLar} asc nulls last`,
    desc(pets.createdAt),
    desc(pets.id),
  ],
};

/** How many of the organisation's animals the filters keep: the list's total. */
async function countOrganizationAnimals(
  db: Db,
  organizationId: string,
  filters: AnimalFilters,
  now: Date,
): Promise<number> {
  const counted = await countOrganizationAnimalsBy(db, organizationId, { total: filters }, now);
  return counted.total;
}

/**
 * How many animals each of several filters keeps, in one read (the home's counts): each the
 * total the list shows for the same filters.
 */
export async function countOrganizationAnimalsBy<Name extends string>(
  db: Db,
  organizationId: string,
  named: Record<Name, AnimalFilters>,
  now: Date,
): Promise<Record<Name, number>> {
  const names = Object.keys(named) as Name[];
  // A count each, so that each reads only its own index (an index-only scan for the home's).
  const counts = names.map(
    (name) =>
      sql`(select count(*)::int from ${pets} where ${organizationAnimalsWhere(organizationId, named[name], now)}) as ${sql.identifier(name)}`,
  );
  const [row] = rowsOf<Record<Name, number>>(await db.execute(sql`select ${sql.join(counts, sql`, `)}`));
  return Object.fromEntries(names.map((name) => [name, Number(row?.[name] ?? 0)])) as Record<Name, number>;
}

/** One page of the organisation's animals, for its administradores and equipe. */
export async function listOrganizationAnimals(
  db: Db,
  userId: string,
  organizationId: string,
  filters: AnimalFilters,
  now: Date,
  {
    pageSize = ANIMALS_PAGE_SIZE,
    stillWith: onlyStillWith = false,
    doses: known,
  }: {
    pageSize?: number;
    /** Only those still with the organisation (not adopted): the ones a dose is given to. */
    stillWith?: boolean;
    /** The organisation's doses, when the caller read them already (`Saúde` lists them too). */
    doses?: Awaited<ReturnType<typeof dosesOfOrganization>>;
  } = {},
): Promise<Result<{ items: OrganizationAnimal[]; total: number; page: number; pageCount: number }>> {
  const power = await requirePower(db, userId, organizationId, "cuidar");
  if (!power.ok) return power;
  const where = and(organizationAnimalsWhere(organizationId, filters, now), onlyStillWith ? stillWith : undefined);
  const page = Math.max(1, filters.pagina ?? 1);
  const [rows, total] = await Promise.all([
    db
      .select({ ...petColumns, proximaDose: pets.proximaDose })
      .from(pets)
      .innerJoin(users, eq(users.id, pets.caretakerId))
      .where(where)
      .orderBy(...ORDER[filters.ordem ?? "recentes"])
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    onlyStillWith
      ? db
          .select({ total: count() })
          .from(pets)
          .where(where)
          .then(([row]) => row?.total ?? 0)
      : countOrganizationAnimals(db, organizationId, filters, now),
  ]);
  // The doses of the page's animals with one due, as dosesOfOrganization reads them.
  const lastDay = lastDoseDay(now);
  const due = rows.filter(
    (row) =>
      row.proximaDose !== null &&
      row.proximaDose <= lastDay &&
      (row.status === "disponivel" || row.status === "oculto"),
  );
  const doses =
    known ??
    (await lateAndComingDoses(
      db,
      due.map((row) => row.id),
      now,
    ));
  return ok({
    items: rows.map((row) => {
      const pet = toView(row as PetRow);
      return { ...pet, dosesAtrasadas: doses.late.get(pet.id) ?? [], dosesProximas: doses.coming.get(pet.id) ?? [] };
    }),
    total,
    page,
    pageCount: Math.max(1, Math.ceil(total / pageSize)),
  });
}

/** The first few animals the filters keep, in `ordem`, with what the home says of each (`Hoje`). */
export async function firstOrganizationAnimals(
  db: Db,
  organizationId: string,
  filters: AnimalFilters,
  limit: number,
  now: Date,
): Promise<{ id: string; nome: string; urgente: boolean; prazo: string | null }[]> {
  return db
    .select({ id: pets.id, nome: pets.nome, urgente: pets.larUrgente, prazo: pets.prazoLar })
    .from(pets)
    .where(organizationAnimalsWhere(organizationId, filters, now))
    .orderBy(...ORDER[filters.ordem ?? "recentes"])
    .limit(limit);
}
