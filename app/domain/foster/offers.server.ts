import { and, eq, gte, isNull, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { fosterOffers, users } from "~/db/schema";
import { requireConfirmedEmail } from "~/domain/accounts/email-confirmation.server";
import { resolveCity } from "~/domain/places/cities.server";
import { dayInBrasilia } from "~/lib/dates";
import type { FosterSpecies } from "~/lib/foster";
import type { Size } from "~/lib/pets";
import { invalid, notFound, ok, type Result } from "~/services/outcome.server";
import { takeAllowance } from "~/services/rate-limits.server";
import type { FosterOfferInput } from "~/validation/foster";

/**
 * A person's offer of a foster home (issue 44): one each, saved whole, paused or withdrawn at
 * any time. Only its owner reads it here; organisations find offers near an animal elsewhere,
 * with the first name, city and what is offered, never the address or a phone.
 */

export type FosterOffer = {
  id: string;
  cidade: string;
  uf: string;
  cidadeIbge: number;
  especies: FosterSpecies[];
  portes: Size[];
  quantos: number;
  disponivelAte: string | null;
  temAnimais: boolean;
  temCriancas: boolean;
  telaNasJanelas: boolean;
  observacoes: string | null;
  pausado: boolean;
  updatedAt: Date;
};

/** Where the home is and what it offers: what organisations read of an offer too (./search.server.ts). */
export const offeredColumns = {
  id: fosterOffers.id,
  cidade: fosterOffers.cidade,
  uf: fosterOffers.uf,
  cidadeIbge: fosterOffers.cidadeIbge,
  especies: fosterOffers.especies,
  portes: fosterOffers.portes,
  quantos: fosterOffers.quantos,
  disponivelAte: fosterOffers.disponivelAte,
  temAnimais: fosterOffers.temAnimais,
  temCriancas: fosterOffers.temCriancas,
  telaNasJanelas: fosterOffers.telaNasJanelas,
  observacoes: fosterOffers.observacoes,
};

const columns = {
  ...offeredColumns,
  pausadoEm: fosterOffers.pausadoEm,
  updatedAt: fosterOffers.updatedAt,
};

type Row = Omit<FosterOffer, "pausado" | "updatedAt"> & { pausadoEm: Date | null; updatedAt: Date | string };

function toOffer({ pausadoEm, updatedAt, ...row }: Row): FosterOffer {
  return { ...row, pausado: pausadoEm !== null, updatedAt: new Date(updatedAt) };
}

/** The person's offer, or null when they have made none (or withdrew it). */
export async function ownOffer(db: Db, userId: string): Promise<FosterOffer | null> {
  const [row] = await db.select(columns).from(fosterOffers).where(eq(fosterOffers.userId, userId)).limit(1);
  return row ? toOffer(row) : null;
}

/**
 * Saves the person's offer whole (made or changed): a confirmed e-mail, a city of the IBGE
 * list, a last day not past (in Brasília). `pausado` pauses or resumes it; unsaid, it stays
 * as it was (a new offer is active).
 */
export async function saveOffer(
  db: Db,
  userId: string,
  input: FosterOfferInput,
  now: Date,
): Promise<Result<FosterOffer>> {
  const confirmed = await requireConfirmedEmail(db, userId);
  if (!confirmed.ok) return confirmed;
  const city = await resolveCity(db, input.cidade, input.uf);
  if (!city.ok) return city;
  if (input.disponivel_ate && input.disponivel_ate < dayInBrasilia(now)) return invalid("disponivel_ate", "past-date");
  const allowed = await takeAllowance(db, "foster-account", userId);
  if (!allowed.ok) return allowed;
  const values = {
    cidade: city.value.nome,
    uf: city.value.uf,
    cidadeIbge: city.value.codigo,
    especies: input.especies,
    portes: input.portes,
    quantos: input.quantos,
    disponivelAte: input.disponivel_ate ?? null,
    temAnimais: input.tem_animais,
    temCriancas: input.tem_criancas,
    telaNasJanelas: input.tela_nas_janelas,
    observacoes: input.observacoes ?? null,
    updatedAt: now,
  };
  const paused = input.pausado === undefined ? {} : { pausadoEm: input.pausado ? now : null };
  const [row] = await db
    .insert(fosterOffers)
    .values({ userId, ...values, ...paused, createdAt: now })
    .onConflictDoUpdate({ target: fosterOffers.userId, set: { ...values, ...paused } })
    .returning(columns);
  return ok(toOffer(row!));
}

/** Pauses the offer (no organisation finds it) or resumes it; kept as it is otherwise. */
export async function pauseOffer(db: Db, userId: string, paused: boolean, now: Date): Promise<Result<FosterOffer>> {
  const [row] = await db
    .update(fosterOffers)
    .set({ pausadoEm: paused ? now : null, updatedAt: now })
    .where(eq(fosterOffers.userId, userId))
    .returning(columns);
  return row ? ok(toOffer(row)) : notFound("foster-offer");
}

/** Withdraws the offer: it is deleted, with everything it said. */
export async function withdrawOffer(db: Db, userId: string): Promise<Result> {
  const deleted = await db
    .delete(fosterOffers)
    .where(eq(fosterOffers.userId, userId))
    .returning({ userId: fosterOffers.userId });
  return deleted.length > 0 ? ok() : notFound("foster-offer");
}

/** An offer organisations find now: not paused, not past its last day, of an account not suspended (joined as `users`). */
export function activeOffer(now: Date): SQL {
  return and(
    isNull(fosterOffers.pausadoEm),
    or(isNull(fosterOffers.disponivelAte), gte(fosterOffers.disponivelAte, dayInBrasilia(now))),
    isNull(users.suspendedAt),
  )!;
}

/** The first word of a person's name: all an organisation reads of someone who offered a home. */
export const firstName = sql<string>`split_part(${users.nome}, ' ', 1)`;

/** Who is behind an active offer: for the invitation e-mailed to them (never shown to the team). */
export async function activeOfferHolder(
  db: Db,
  offerId: string,
  now: Date,
): Promise<{ id: string; email: string; firstName: string } | null> {
  const [row] = await db
    .select({ id: users.id, email: users.email, firstName })
    .from(fosterOffers)
    .innerJoin(users, eq(users.id, fosterOffers.userId))
    .where(and(eq(fosterOffers.id, offerId), activeOffer(now)))
    .limit(1);
  return row ?? null;
}
