import { and, eq, inArray, isNotNull, ne, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { fosterOffers, organizationMembers, organizations, pets, users } from "~/db/schema";
import { requirePower } from "~/domain/organizations/membership.server";
import { citiesWithin } from "~/domain/places/cities.server";
import { FOSTER_RADIUS_KM } from "~/lib/foster";
import { invalid, ok, type Result } from "~/services/outcome.server";
import { takeAllowance } from "~/services/rate-limits.server";
import { activeOffer, firstName, offeredColumns, type FosterOffer } from "./offers.server";

/**
 * Organisations looking for a foster home (issue 44): the active offers near a place, for the
 * members who take care of its animals. Each with the person's first name, the city and what
 * is offered; never a surname, a phone, an e-mail or an address.
 */

export type OfferNearby = Omit<FosterOffer, "cidadeIbge" | "pausado" | "updatedAt"> & {
  /** The first name only. */
  nome: string;
  distanciaKm: number;
  /** The person is a member of the organisation already (an animal can go to them). */
  membro: boolean;
};

/** How many offers one search lists, nearest first. */
const OFFERS_LISTED = 100;

/**
 * The cities an organisation works in: its own, then its animals' (those not removed). Offers
 * are searched near these only.
 */
async function ownCities(db: Db, organizationId: string): Promise<number[]> {
  const [own] = await db
    .select({ codigo: organizations.cidadeIbge })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  const animals = await db
    .selectDistinct({ codigo: pets.cidadeIbge })
    .from(pets)
    .where(and(eq(pets.organizationId, organizationId), ne(pets.status, "removido"), isNotNull(pets.cidadeIbge)));
  const codes = [own?.codigo, ...animals.map((row) => row.codigo)].filter((code): code is number => code != null);
  return [...new Set(codes)];
}

/**
 * The active offers within `raio` km of `perto` (an IBGE code or a city's name: one of the
 * organisation's cities), or of the organisation's own city when none is given: not paused, not past their last day, of an
 * account not suspended. A foster home gets 403, anyone outside the organisation 404.
 */
export async function offersNear(
  db: Db,
  userId: string,
  organizationId: string,
  { perto, raio }: { perto?: string; raio: number },
  now: Date,
): Promise<Result<{ center: { codigo: number; rotulo: string }; lares: OfferNearby[] }>> {
  const power = await requirePower(db, userId, organizationId, "cuidar");
  if (!power.ok) return power;
  const cities = await ownCities(db, organizationId);
  const place = perto ?? (cities[0] !== undefined ? String(cities[0]) : undefined);
  const nearby = place ? await citiesWithin(db, place, raio) : null;
  if (!nearby) return invalid("perto", "unknown-city");
  // Near where the organisation works, not anywhere (issue 60: any city's fosters, 60 times a
  // second): within the widest search of one of its cities.
  const around =
    raio === FOSTER_RADIUS_KM ? nearby : await citiesWithin(db, String(nearby.center.codigo), FOSTER_RADIUS_KM);
  if (!around?.cities.some((city) => cities.includes(city.codigo))) return invalid("perto", "foster-search-city");
  const allowed = await takeAllowance(db, "foster-search-account", userId);
  if (!allowed.ok) return allowed;
  const distance = new Map(nearby.cities.map((city) => [city.codigo, city.km]));
  const rows = await db
    .select({
      ...offeredColumns,
      nome: firstName,
      membro: sql<boolean>`exists (select 1 from ${organizationMembers} where ${organizationMembers.organizationId} = ${organizationId} and ${organizationMembers.userId} = ${fosterOffers.userId})`,
      updatedAt: fosterOffers.updatedAt,
    })
    .from(fosterOffers)
    .innerJoin(users, eq(users.id, fosterOffers.userId))
    .where(and(inArray(fosterOffers.cidadeIbge, [...distance.keys()]), activeOffer(now)));
  const lares = rows
    .map(({ cidadeIbge, updatedAt, ...row }) => ({
      ...row,
      distanciaKm: Math.round(distance.get(cidadeIbge) ?? 0),
      updatedAt: new Date(updatedAt).getTime(),
    }))
    .sort((a, b) => a.distanciaKm - b.distanciaKm || b.updatedAt - a.updatedAt)
    .slice(0, OFFERS_LISTED)
    .map(({ updatedAt: _updatedAt, ...offer }) => offer);
  return ok({ center: { codigo: nearby.center.codigo, rotulo: nearby.center.rotulo }, lares });
}
