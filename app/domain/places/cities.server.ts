import type { Db } from "~/db/client.server";
import { cities } from "~/db/schema";
import { searchKey, UFS } from "~/lib/pets";
import { invalid, ok, type Result } from "~/services/outcome.server";

/** A Brazilian municipality (IBGE), as forms, pages and the API show it. */
export type City = {
  codigo: number;
  nome: string;
  uf: string;
  /** "São Gonçalo (RJ)". */
  rotulo: string;
  latitude: number;
  longitude: number;
  capital: boolean;
};

type CityList = { all: (City & { key: string })[]; byCode: Map<number, City>; byKey: Map<string, City[]> };

// Read once per database: 5,571 rows that no request changes (about 1 MB in memory).
const lists = new WeakMap<Db, Promise<CityList>>();

function cityList(db: Db): Promise<CityList> {
  let list = lists.get(db);
  if (!list) {
    list = loadCities(db);
    lists.set(db, list);
    list.catch(() => lists.delete(db));
  }
  return list;
}

async function loadCities(db: Db): Promise<CityList> {
  const rows = await db.select().from(cities);
  const all = rows.map((row) => ({
    codigo: row.codigo,
    nome: row.nome,
    uf: row.uf,
    rotulo: `${row.nome} (${row.uf})`,
    latitude: row.latitude,
    longitude: row.longitude,
    capital: row.capital,
    key: row.nomeBusca,
  }));
  const byKey = new Map<string, City[]>();
  for (const city of all) byKey.set(city.key, [...(byKey.get(city.key) ?? []), city]);
  return { all, byCode: new Map(all.map((city) => [city.codigo, city])), byKey };
}

/** "São Gonçalo (RJ)", "são gonçalo - rj", "Niterói/RJ": the name, and the state when typed. */
function readPlace(text: string): { key: string; uf?: string } {
  const match = /^(.*?)\s*(?:\(\s*([a-z]{2})\s*\)|[-/,]\s*([a-z]{2}))$/i.exec(text.trim());
  const uf = (match?.[2] ?? match?.[3])?.toUpperCase();
  if (match && uf && (UFS as readonly string[]).includes(uf)) return { key: searchKey(match[1]!), uf };
  return { key: searchKey(text) };
}

/**
 * Cities for what a person is typing, accent- and case-insensitive ("sao goncalo" finds
 * São Gonçalo (RJ)): names that start with it first, then a word that does, then any that
 * holds it; capitals before other cities, shorter names first.
 */
export async function suggestCities(db: Db, text: string, { uf, limit = 8 }: { uf?: string; limit?: number } = {}) {
  const typed = readPlace(text);
  const state = typed.uf ?? uf;
  if (typed.key.length === 0) return [];
  const { all } = await cityList(db);
  const ranked: { city: City & { key: string }; rank: number }[] = [];
  for (const city of all) {
    if (state && city.uf !== state) continue;
    const at = city.key.indexOf(typed.key);
    if (at < 0) continue;
    ranked.push({ city, rank: at === 0 ? 0 : city.key[at - 1] === " " ? 1 : 2 });
  }
  ranked.sort(
    (a, b) =>
      a.rank - b.rank ||
      Number(b.city.capital) - Number(a.city.capital) ||
      a.city.key.length - b.city.key.length ||
      a.city.key.localeCompare(b.city.key) ||
      a.city.uf.localeCompare(b.city.uf),
  );
  return ranked.slice(0, limit).map(({ city: { key: _key, ...city } }) => city);
}

/**
 * The city a person typed, with its state from the text or `uf`, or an IBGE code: one city, or
 * the `cidade` field's failure (unknown, or a name several states have).
 */
export async function resolveCity(db: Db, text: string, uf?: string | null): Promise<Result<City>> {
  // An IBGE code (the API's `cidade_ibge`) names one city whatever the state said beside it.
  if (/^\d{7}$/.test(text)) {
    const city = (await cityList(db)).byCode.get(Number(text));
    return city ? ok(city) : invalid("cidade", "unknown-city");
  }
  const typed = readPlace(text);
  const state = typed.uf ?? uf ?? undefined;
  const named = (await cityList(db)).byKey.get(typed.key) ?? [];
  const matches = state ? named.filter((city) => city.uf === state) : named;
  if (matches.length === 1) return ok(matches[0]!);
  return invalid("cidade", matches.length === 0 ? "unknown-city" : "ambiguous-city");
}

const EARTH_RADIUS_KM = 6371;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

type Point = { latitude: number; longitude: number };

/** The great-circle distance between two points (two cities' seats), in km. */
export function distanceKm(a: Point, b: Point): number {
  const dLat = radians(b.latitude - a.latitude);
  const dLon = radians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Every city of the list (5,571), in the table's order. */
export async function listCities(db: Db): Promise<City[]> {
  return (await cityList(db)).all;
}

/** The city of an IBGE code, or of a name as typed; null when no one city goes by that. */
export async function findCity(db: Db, place: string): Promise<City | null> {
  const resolved = await resolveCity(db, place);
  return resolved.ok ? resolved.value : null;
}

export type Nearby = { center: City; cities: { codigo: number; km: number }[] };

/**
 * The cities whose seat lies within `km` of a city (its IBGE code, or its name as typed),
 * nearest first; null when no one city goes by that. Computed from the list in memory: the
 * database then only filters pets by these codes, on PGlite as on PostgreSQL.
 */
export async function citiesWithin(db: Db, place: string, km: number): Promise<Nearby | null> {
  const list = await cityList(db);
  const center = await findCity(db, place);
  if (!center) return null;
  const cities = [];
  // A seat further north or south than `km` is further than `km` whatever its longitude:
  // most of the 5,571 are left out before the trigonometry.
  const latitudeSpan = (km / EARTH_RADIUS_KM) * (180 / Math.PI);
  for (const city of list.all) {
    if (Math.abs(city.latitude - center.latitude) > latitudeSpan) continue;
    const away = distanceKm(center, city);
    if (away <= km) cities.push({ codigo: city.codigo, km: away });
  }
  cities.sort((a, b) => a.km - b.km);
  return { center, cities };
}
