import { and, asc, count, desc, eq, inArray, isNotNull, like, sql, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { idIn } from "~/db/id-lists.server";
import { fosterPlacements, pets, users } from "~/db/schema";
import { lateAndComingDoses } from "~/domain/health/reminders.server";
import { requirePower } from "~/domain/organizations/membership.server";
import type { DueDose } from "~/lib/health";
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

/** The ids of the animals still with the organisation (not adopted, not removed), for their doses. */
function stillWith(db: Db, organizationId: string) {
  return db
    .select({ id: pets.id })
    .from(pets)
    .where(and(eq(pets.organizationId, organizationId), inArray(pets.status, ["disponivel", "oculto"])));
}

/** The animals with a dose late and those with one coming this week: what the dose filters read. */
export function dosesOfOrganization(db: Db, organizationId: string, now: Date) {
  return lateAndComingDoses(db, stillWith(db, organizationId), now);
}

const inFosterHome = sql`exists (select 1 from ${fosterPlacements} where ${fosterPlacements.petId} = ${pets.id} and ${fosterPlacements.fim} is null)`;

/** The filters as SQL; `doses` (from dosesOfOrganization) when a dose filter is asked. */
function organizationAnimalsWhere(
  organizationId: string,
  filters: AnimalFilters,
  doses: { late: Map<string, unknown>; coming: Map<string, unknown> } | null,
): SQL | undefined {
  const ids = (map: Map<string, unknown>) => [...map.keys()];
  return and(
    eq(pets.organizationId, organizationId),
    filters.status ? eq(pets.status, filters.status) : inArray(pets.status, ["disponivel", "adotado", "oculto"]),
    filters.especie ? eq(pets.species, filters.especie) : undefined,
    filters.q ? like(pets.nomeBusca, likePattern(searchKey(filters.q), { anywhere: true })) : undefined,
    // A need is an available animal's: one adopted no longer waits for a home.
    filters.precisaLar ? and(eq(pets.precisaLarTemporario, true), eq(pets.status, "disponivel")) : undefined,
    filters.urgente ? and(eq(pets.larUrgente, true), eq(pets.precisaLarTemporario, true)) : undefined,
    filters.emLar ? inFosterHome : undefined,
    filters.reservado ? and(eq(pets.status, "disponivel"), isNotNull(pets.reservedAt)) : undefined,
    filters.doseAtrasada && doses ? idIn(pets.id, ids(doses.late)) : undefined,
    filters.doseProxima && doses ? idIn(pets.id, ids(doses.coming)) : undefined,
  );
}

const ORDER: Record<NonNullable<AnimalFilters["ordem"]>, SQL[]> = {
  recentes: [desc(pets.createdAt), desc(pets.id)],
  antigos: [asc(pets.createdAt), asc(pets.id)],
  nome: [asc(pets.nomeBusca), asc(pets.id)],
  // The public list's order (/lar-temporario/precisam): urgent first, then the nearest deadline.
  urgencia: [
    desc(sql`${pets.precisaLarTemporario} and ${pets.status} = 'disponivel'`),
    desc(pets.larUrgente),
    sql`${pets.prazoLar} asc nulls last`,
    desc(pets.createdAt),
    desc(pets.id),
  ],
};

const wantsDoses = (filters: AnimalFilters) => Boolean(filters.doseAtrasada || filters.doseProxima);

/** How many of the organisation's animals the filters keep: the home's counts, and the list's total. */
export async function countOrganizationAnimals(
  db: Db,
  organizationId: string,
  filters: AnimalFilters,
  doses: { late: Map<string, unknown>; coming: Map<string, unknown> } | null,
): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(pets)
    .where(organizationAnimalsWhere(organizationId, filters, wantsDoses(filters) ? doses : null));
  return row?.total ?? 0;
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
  const doses = known ?? (await dosesOfOrganization(db, organizationId, now));
  const where = and(
    organizationAnimalsWhere(organizationId, filters, doses),
    onlyStillWith ? inArray(pets.status, ["disponivel", "oculto"]) : undefined,
  );
  const page = Math.max(1, filters.pagina ?? 1);
  const [rows, total] = await Promise.all([
    db
      .select(petColumns)
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
      : countOrganizationAnimals(db, organizationId, filters, doses),
  ]);
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
): Promise<{ id: string; nome: string; urgente: boolean; prazo: string | null }[]> {
  return db
    .select({ id: pets.id, nome: pets.nome, urgente: pets.larUrgente, prazo: pets.prazoLar })
    .from(pets)
    .where(organizationAnimalsWhere(organizationId, filters, null))
    .orderBy(...ORDER[filters.ordem ?? "recentes"])
    .limit(limit);
}
