import { and, desc, eq, gte, lt, sql, sum, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { petCounts, pets, users } from "~/db/schema";
import type { Species } from "~/lib/pets";
import { escapeXml } from "~/lib/xml";
import { findPets, publicName, type PetView } from "./pet-views.server";
import { cachedRead } from "./public-reads.server";

/**
 * What search engines and feed readers read (issue 23): the sitemap of the available pets and
 * their caretakers, and the Atom feed of new animals. Only what the public sees, every address
 * absolute from the configured origin.
 */

/** A sitemap file holds at most 50,000 addresses (sitemaps.org); parts aim lower, as they split by chance. */
const SITEMAP_MAX_URLS = 50_000;
const PER_PART = 40_000;

export type SitemapEntry = { path: string; lastmod?: Date };

/** The pages anyone may land on from a search engine, besides pets and caretakers. */
const PUBLIC_PAGES = ["/", "/home", "/finais-felizes", "/privacidade", "/termos-de-uso"];

export type SitemapPlan =
  /** Everything in one file. */
  | { kind: "single" }
  /** An index of `paginas`, `responsaveis-1` … `responsaveis-N` and `pets-1` … `pets-N`. */
  | { kind: "index"; caretakerParts: number; petParts: number };

/** How many pets are available, from the counts the feed keeps (no scan of the pets). */
async function availableCount(db: Db): Promise<number> {
  const [row] = await db.select({ total: sum(petCounts.n) }).from(petCounts);
  return Number(row?.total ?? 0);
}

const partsFor = (total: number) => Math.max(1, Math.ceil(total / PER_PART));

/** The parts the pets are split into, from their count alone (what a part's file needs). */
export async function petParts(db: Db): Promise<number> {
  return partsFor(await availableCount(db));
}

/** The parts the caretakers' pages are split into. */
export async function caretakerParts(db: Db): Promise<number> {
  return partsFor(await caretakerCount(db));
}

/** One file while everything fits in one; past that, an index of files. */
export async function planSitemap(db: Db): Promise<SitemapPlan> {
  const [pets, caretakers] = await Promise.all([availableCount(db), caretakerCount(db)]);
  if (pets + caretakers + PUBLIC_PAGES.length <= SITEMAP_MAX_URLS) return { kind: "single" };
  return { kind: "index", caretakerParts: partsFor(caretakers), petParts: partsFor(pets) };
}

/**
 * The ids of `parts` equal ranges of the UUID space. Pet ids are random (version 4), so each
 * range holds about as many pets, and a part is read off the primary key's index by range,
 * whatever its number: no count, no offset, as fast for the thousandth part as for the first
 * (ADR 22).
 */
export function idRange(part: number, parts: number): { from: string; to: string | null } {
  const space = 1n << 128n;
  const bound = (index: number) => {
    const hex = ((space * BigInt(index)) / BigInt(parts)).toString(16).padStart(32, "0");
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  };
  return { from: bound(part - 1), to: part === parts ? null : bound(part) };
}

/** The available pets whose ids fall in one part of the UUID space (all of them for `parts` 1). */
export async function sitemapPets(db: Db, part = 1, parts = 1): Promise<SitemapEntry[]> {
  const { from, to } = idRange(part, parts);
  const range: SQL[] = [gte(pets.id, from), ...(to ? [lt(pets.id, to)] : [])];
  const rows = await db
    .select({ id: pets.id, updatedAt: pets.updatedAt })
    .from(pets)
    .where(and(eq(pets.status, "disponivel"), ...range))
    .orderBy(pets.id)
    .limit(SITEMAP_MAX_URLS);
  return rows.map((row) => ({ path: `/pets/${row.id}`, lastmod: new Date(row.updatedAt) }));
}

const hasAvailablePet = sql`exists (select 1 from ${pets} where ${pets.caretakerId} = ${users.id} and ${pets.status} = 'disponivel')`;

async function caretakerCount(db: Db): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(users)
    .where(and(sql`${users.suspendedAt} is null`, hasAvailablePet));
  return Number(row?.total ?? 0);
}

/** The pages anyone may land on, besides pets and caretakers. */
export function sitemapPublicPages(): SitemapEntry[] {
  return PUBLIC_PAGES.map((path) => ({ path }));
}

/** The page of every caretaker with an animal available, whose ids fall in one part of the UUID space. */
export async function sitemapCaretakers(db: Db, part = 1, parts = 1): Promise<SitemapEntry[]> {
  const { from, to } = idRange(part, parts);
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(sql`${users.suspendedAt} is null`, hasAvailablePet, gte(users.id, from), to ? lt(users.id, to) : undefined),
    )
    .orderBy(users.id)
    .limit(SITEMAP_MAX_URLS);
  return rows.map((row) => ({ path: `/responsaveis/${row.id}` }));
}

/** A `<urlset>` of absolute addresses under the site's origin. */
export function urlset(origin: string, entries: SitemapEntry[]): string {
  const urls = entries.map(
    ({ path, lastmod }) =>
      `<url><loc>${escapeXml(`${origin}/adopet${path === "/" ? "/" : path}`)}</loc>${
        lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ""
      }</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

/** A `<sitemapindex>` of the parts of the plan. */
export function sitemapIndex(origin: string, plan: { caretakerParts: number; petParts: number }): string {
  const parts = (name: string, count: number) => Array.from({ length: count }, (_, index) => `${name}-${index + 1}`);
  const files = ["paginas", ...parts("responsaveis", plan.caretakerParts), ...parts("pets", plan.petParts)];
  const entries = files.map(
    (file) => `<sitemap><loc>${escapeXml(`${origin}/adopet/sitemaps/${file}.xml`)}</loc></sitemap>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join("\n")}\n</sitemapindex>\n`;
}

export type NewPetsFilters = { uf?: string; cidade?: number; especie?: Species };
const NEW_PETS_FEED_SIZE = 30;

/** The newest available pets, narrowed by state, city (IBGE) and species: what the Atom feed lists. */
export async function listNewPets(db: Db, filters: NewPetsFilters, limit = NEW_PETS_FEED_SIZE): Promise<PetView[]> {
  const rows = await db
    .select({ id: pets.id })
    .from(pets)
    .where(
      and(
        eq(pets.status, "disponivel"),
        filters.uf ? eq(pets.uf, filters.uf) : undefined,
        filters.cidade ? eq(pets.cidadeIbge, filters.cidade) : undefined,
        filters.especie ? eq(pets.species, filters.especie) : undefined,
      ),
    )
    .orderBy(desc(pets.createdAt), desc(pets.id))
    .limit(limit);
  const found = await findPets(
    db,
    rows.map((row) => row.id),
  );
  return rows.flatMap((row) => found.get(row.id) ?? []);
}

export type WidgetContent = { id: string; nome: string; pets: PetView[] };

/**
 * What the widget shows (issue 23): a caretaker who published (and is not suspended), and up
 * to `limit` of their available animals, newest first, of one species if asked. Read for each
 * view of a partner's page, so bounded by the limit and kept in the public read cache.
 */
export function widgetContent(
  db: Db,
  caretakerId: string,
  { especie, limit }: { especie?: Species; limit: number },
): Promise<WidgetContent | null> {
  return cachedRead(db, `widget:${caretakerId}:${especie ?? ""}:${limit}`, async () => {
    const [person] = await db
      .select({ nome: publicName })
      .from(users)
      .where(
        and(
          eq(users.id, caretakerId),
          sql`${users.suspendedAt} is null`,
          sql`exists (select 1 from ${pets} where ${pets.caretakerId} = ${users.id})`,
        ),
      );
    if (!person) return null;
    const rows = await db
      .select({ id: pets.id })
      .from(pets)
      .where(
        and(
          eq(pets.caretakerId, caretakerId),
          eq(pets.status, "disponivel"),
          especie ? eq(pets.species, especie) : undefined,
        ),
      )
      .orderBy(desc(pets.createdAt), desc(pets.id))
      .limit(limit);
    const found = await findPets(
      db,
      rows.map((row) => row.id),
    );
    return { id: caretakerId, nome: person.nome, pets: rows.flatMap((row) => found.get(row.id) ?? []) };
  });
}
