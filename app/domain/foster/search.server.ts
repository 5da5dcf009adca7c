import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { fosterOffers, organizationMembers, organizations, users } from "~/db/schema";
import { requirePower } from "~/domain/organizations/membership.server";
import { citiesWithin } from "~/domain/places/cities.server";
import { invalid, ok, type Result } from "~/services/outcome.server";
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
 * The active offers within `raio` km of `perto` (an IBGE code or a city's name), or of the
 * organisation's own city when none is given: not paused, not past their last day, of an
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
  let place = perto;
  if (!place) {
    const [own] = await db
      .select({ codigo: organizations.cidadeIbge })
      .from(organizations)
      .where(eq(organizations.id, organizationId));
    place = own?.codigo ? String(own.codigo) : undefined;
  }
  const nearby = place ? await citiesWithin(db, place, raio) : null;
  if (!nearby) return invalid("perto", "unknown-city");
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
