import { and, count, desc, eq, gt, gte, lte, ne, sql, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { petCounts, pets, users } from "~/db/schema";
import { cachedRead } from "~/domain/pets/public-reads.server";
import { petColumns, toView, type PetRow, type PetView } from "./pet-views.server";
import { AGE_GROUPS, COUNT_CAP, DEFAULT_RADIUS_KM, searchKey } from "~/lib/pets";
import { type FeedFilters } from "~/validation/pets";
import { citiesWithin, type Nearby } from "~/domain/places/cities.server";

/** The feed: available pets narrowed by filters, a page at a time, newest or nearest first. */

export const FEED_PAGE_SIZE = 12;
export const API_MAX_LIMIT = 50;

export type FeedPage = {
  items: PetView[];
  /** How many match: exact for the plain filters, up to COUNT_CAP with words, places or companions. */
  total: number;
  /** More than COUNT_CAP match (words, places or companions). */
  totalLimitado?: boolean;
  page: number;
  pageCount: number;
  limit: number;
  /** The city of `perto`, when it was asked for: found, or not (then no pets). */
  perto?: { encontrada: true; rotulo: string; codigo: number } | { encontrada: false };
};

/** Available pets, newest first, narrowed by the filters, one page at a time (from the public read cache). */
export function listFeed(db: Db, filters: FeedFilters, limit = FEED_PAGE_SIZE): Promise<FeedPage> {
  return cachedRead(db, `feed:${limit}:${JSON.stringify(filters)}`, () => queryFeed(db, filters, limit));
}

/** Narrows a feed query to pets published within a window, and not by one caretaker (an alert's own pets). */
export type FeedWindow = { after: Date; until: Date; notBy: string };

/**
 * Available pets matching the filters, published after `after` and up to `until`, not the
 * caretaker's own (what an alert e-mails): the feed's own query, so an alert and the feed
 * it links to agree. Not cached.
 */
export function listNewInFeed(db: Db, filters: FeedFilters, window: FeedWindow, limit: number): Promise<FeedPage> {
  return queryFeed(db, filters, limit, window);
}

async function queryFeed(db: Db, filters: FeedFilters, limit: number, window?: FeedWindow): Promise<FeedPage> {
  const page = filters.page ?? 1;
  const conditions: SQL[] = [eq(pets.status, "disponivel")];
  if (window) {
    conditions.push(gt(pets.createdAt, window.after), lte(pets.createdAt, window.until));
    conditions.push(ne(pets.caretakerId, window.notBy));
  }
  if (filters.cidade) conditions.push(eq(pets.cidadeBusca, searchKey(filters.cidade)));
  if (filters.uf) conditions.push(eq(pets.uf, filters.uf));
  if (filters.especie) conditions.push(eq(pets.species, filters.especie));
  if (filters.porte) conditions.push(eq(pets.porte, filters.porte));
  if (filters.idade) {
    const group = AGE_GROUPS[filters.idade];
    conditions.push(gte(pets.ageDays, group.min), lte(pets.ageDays, group.max));
  }
  if (filters.sexo) conditions.push(eq(pets.sexo, filters.sexo));
  if (filters.castrado) conditions.push(eq(pets.castrado, filters.castrado));
  if (filters.convive_com?.length) {
    conditions.push(sql`${pets.conviveCom} @> ${`{${filters.convive_com.join(",")}}`}::text[]`);
  }
  // Words without accents, stemmed as the column was ("gatinhas" finds "gatinha").
  if (filters.q) conditions.push(sql`${pets.busca} @@ plainto_tsquery('portuguese', ${searchKey(filters.q)})`);
  let nearby: Nearby | null = null;
  if (filters.perto) {
    nearby = await citiesWithin(db, filters.perto, filters.raio ?? DEFAULT_RADIUS_KM);
    if (!nearby) return { items: [], total: 0, page, limit, pageCount: 1, perto: { encontrada: false } };
  }
  const where = and(...conditions)!;
  const codes = nearby ? `{${nearby.cities.map((city) => city.codigo).join(",")}}` : "";
  const offset = (page - 1) * limit;
  const exact = countsFromCells(filters, window);
  const countMatches = () =>
    exact
      ? countFromCells(db, filters)
      : countUpTo(db, nearby ? and(where, sql`${pets.cidadeIbge} = any(${codes}::int[])`)! : where, COUNT_CAP);
  // The page and the count at once, each one query. The same filters share a count, whatever
  // the page (from the public read cache); an alert's window is its own.
  const [found, counted] = await Promise.all([
    pageOfPets(db, where, nearby ? codes : null, limit, offset),
    window ? countMatches() : cachedRead(db, `count:${JSON.stringify({ ...filters, page: undefined })}`, countMatches),
  ]);
  const kmByCode = new Map(nearby?.cities.map((city) => [city.codigo, Math.round(city.km)]));
  const limited = !exact && counted > COUNT_CAP;
  const total = limited ? COUNT_CAP : counted;
  return {
    items: found.map((pet) =>
      nearby && pet.cidadeIbge !== null ? { ...pet, distanciaKm: kmByCode.get(pet.cidadeIbge) } : pet,
    ),
    total,
    ...(limited && { totalLimitado: true }),
    page,
    limit,
    pageCount: Math.max(1, Math.ceil(total / limit)),
    ...(nearby && { perto: { encontrada: true, rotulo: nearby.center.rotulo, codigo: nearby.center.codigo } }),
  };
}

/**
 * A page of matching pets with their photos and caretaker, in one query: the page's ids are
 * read off an index first (newest first, or nearest first when `codes` lists the cities in
 * reach), and only those rows are joined.
 */
async function pageOfPets(db: Db, where: SQL, codes: string | null, limit: number, offset: number): Promise<PetView[]> {
  const ids = codes ? nearestIds(where, codes, limit, offset) : newestIds(db, where, limit, offset);
  const rows = await db
    .select(petColumns)
    .from(pets)
    .innerJoin(users, eq(users.id, pets.caretakerId))
    .where(sql`${pets.id} in (${ids})`)
    // The ids' own order: the cities' (nearest first), then the newest.
    .orderBy(
      ...(codes ? [sql`array_position(${codes}::int[], ${pets.cidadeIbge})`] : []),
      desc(pets.createdAt),
      desc(pets.id),
    );
  return rows.map((row) => toView(row as PetRow));
}

/** The ids of a page of the newest matching pets, off the feed's indexes. */
function newestIds(db: Db, where: SQL, limit: number, offset: number): SQL {
  const query = db
    .select({ id: pets.id })
    .from(pets)
    .where(where)
    .orderBy(desc(pets.createdAt), desc(pets.id))
    .limit(limit)
    .offset(offset);
  return sql`${query}`;
}

/**
 * The ids of a page of matching pets nearest first (the cities in `codes` are in order of
 * distance), the newest first within a city: each city's newest read off the place index, at
 * most as many as the page needs, so a big city's thousands are never all read and sorted.
 */
function nearestIds(where: SQL, codes: string, limit: number, offset: number): SQL {
  return sql`
    select nearest.id from unnest(${codes}::int[]) with ordinality as reach(code, rank)
    cross join lateral (
      select ${pets.id} as id, ${pets.createdAt} as created_at from ${pets}
      where ${where} and ${pets.cidadeIbge} = reach.code
      order by ${pets.createdAt} desc, ${pets.id} desc
      limit ${offset + limit}
    ) as nearest
    order by reach.rank, nearest.created_at desc, nearest.id desc
    limit ${limit} offset ${offset}`;
}

/** Filters the counts table answers: only the plain ones (words, places and companions have indexes of their own). */
function countsFromCells(filters: FeedFilters, window: FeedWindow | undefined): boolean {
  return !window && !filters.q && !filters.cidade && !filters.perto && !filters.convive_com?.length;
}

/** The exact count of available pets for the plain filters, added up from `pet_counts`. */
async function countFromCells(db: Db, filters: FeedFilters): Promise<number> {
  const conditions = [
    filters.especie && eq(petCounts.species, filters.especie),
    filters.porte && eq(petCounts.porte, filters.porte),
    filters.idade && eq(petCounts.idade, filters.idade),
    filters.sexo && eq(petCounts.sexo, filters.sexo),
    filters.castrado && eq(petCounts.castrado, filters.castrado),
    filters.uf && eq(petCounts.uf, filters.uf),
  ].filter((condition): condition is SQL => Boolean(condition));
  const [row] = await db
    .select({ total: sql<string | null>`sum(${petCounts.n})` })
    .from(petCounts)
    .where(and(...conditions));
  return Number(row?.total ?? 0);
}

/** How many pets match, counting no further than `cap` + 1. */
async function countUpTo(db: Db, where: SQL, cap: number): Promise<number> {
  const capped = db
    .select({ one: sql`1` })
    .from(pets)
    .where(where)
    .limit(cap + 1)
    .as("capped");
  const [row] = await db.select({ total: count() }).from(capped);
  return row?.total ?? 0;
}
