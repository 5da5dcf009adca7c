import { and, asc, count, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { pets, users } from "~/db/schema";
import { citiesWithin } from "~/domain/places/cities.server";
import { cachedRead } from "~/domain/pets/public-reads.server";
import { petColumns, toView, type PetRow, type PetView } from "~/domain/pets/pet-views.server";
import type { Species } from "~/lib/pets";

/**
 * The animals waiting for a foster home (issue 44), public: available ones whose organisation
 * marked them, urgent first, then the nearest deadline, then (near a city) the nearest; the
 * distance as the feed gives it.
 */

const NEEDS_PAGE_SIZE = 12;

export type NeedsQuery = { perto?: string; raio: number; especie?: Species; page: number };

export type NeedsPage = {
  items: PetView[];
  total: number;
  page: number;
  pageCount: number;
  /** The city of `perto`, when asked for: found, or not (then no animals). */
  perto?: { encontrada: true; rotulo: string; codigo: number } | { encontrada: false };
};

export function petsNeedingFoster(db: Db, query: NeedsQuery): Promise<NeedsPage> {
  return cachedRead(db, `foster-needs:${JSON.stringify(query)}`, () => queryNeeds(db, query));
}

async function queryNeeds(db: Db, { perto, raio, especie, page }: NeedsQuery): Promise<NeedsPage> {
  const conditions: SQL[] = [eq(pets.precisaLarTemporario, true), eq(pets.status, "disponivel")];
  if (especie) conditions.push(eq(pets.species, especie));
  let km: Map<number, number> | null = null;
  let center: { codigo: number; rotulo: string } | null = null;
  if (perto) {
    const nearby = await citiesWithin(db, perto, raio);
    if (!nearby) return { items: [], total: 0, page, pageCount: 1, perto: { encontrada: false } };
    center = nearby.center;
    km = new Map(nearby.cities.map((city) => [city.codigo, Math.round(city.km)]));
    conditions.push(inArray(pets.cidadeIbge, [...km.keys()]));
  }
  const where = and(...conditions)!;
  const codes = km ? `{${[...km.keys()].join(",")}}` : null;
  const [rows, [counted]] = await Promise.all([
    db
      .select(petColumns)
      .from(pets)
      .innerJoin(users, eq(users.id, pets.caretakerId))
      .where(where)
      .orderBy(
        desc(pets.larUrgente),
        sql`${pets.prazoLar} asc nulls last`,
        ...(codes ? [sql`array_position(${codes}::int[], ${pets.cidadeIbge})`] : []),
        desc(pets.createdAt),
        asc(pets.id),
      )
      .limit(NEEDS_PAGE_SIZE)
      .offset((page - 1) * NEEDS_PAGE_SIZE),
    db.select({ total: count() }).from(pets).where(where),
  ]);
  const total = counted?.total ?? 0;
  return {
    items: rows.map((row) => {
      const view = toView(row as PetRow);
      return km && view.cidadeIbge !== null ? { ...view, distanciaKm: km.get(view.cidadeIbge) } : view;
    }),
    total,
    page,
    pageCount: Math.max(1, Math.ceil(total / NEEDS_PAGE_SIZE)),
    ...(center && { perto: { encontrada: true as const, rotulo: center.rotulo, codigo: center.codigo } }),
  };
}
