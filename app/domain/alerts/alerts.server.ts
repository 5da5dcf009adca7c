import { and, asc, desc, eq, gt, isNotNull, isNull, lt, lte, max, ne, or, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { alerts, lostFoundReports, pets, users } from "~/db/schema";
import { AGE_GROUPS, DEFAULT_RADIUS_KM, RADII_KM, searchKey, SPECIES_LABEL } from "~/lib/pets";
import { imageUrl } from "~/lib/image-urls";
import { describeSearch, searchHref, type AlertFrequency, type SavedSearch } from "~/lib/alerts";
import { citiesWithin, findCity } from "~/domain/places/cities.server";
import { listNewInFeed } from "~/domain/pets/feed.server";
import { listNewReports } from "~/domain/lost-found/reports.server";
import { COLOR_LABEL, MATCH_RADIUS_KM, reportTitle } from "~/lib/lost-found";
import type { Jobs } from "~/services/jobs.server";
import { AlertEmail, alertEmailSubject } from "~/emails/alert.server";
import { renderEmail } from "~/emails/render.server";
import { sendMailOnce, type Mailer } from "~/services/mail.server";
import { fail, invalid, notFound, ok, type Result } from "~/services/outcome.server";
import { takeAllowance } from "~/services/rate-limits.server";
import { signToken, verifyToken } from "~/services/signing.server";
import { ALERTS_MAX } from "~/lib/alerts";
import type { AlertFilters } from "~/validation/alerts";
import { feedFiltersSchema } from "~/validation/pets";

/**
 * Saved searches that e-mail new matching pets (ADR 18): at once, or in a daily digest.
 * A new pet is matched against every immediate alert in one query over the alerts' criteria
 * columns; what an e-mail lists always comes from the feed's own query, so an alert and the
 * feed it links to agree. An alert with a `tipo` (issue 47) is one of lost or found animals'
 * reports near a city, the same way: matched as each is published, listed by the list's query.
 */

export const ALERT_SEND_JOB = "alert-send";
export const ALERT_DIGEST_JOB = "alert-digest";

/** Immediate alerts send at most one e-mail in this time: a caretaker publishing ten pets is one or two e-mails. */
const IMMEDIATE_GAP_MS = 10 * 60_000;
/** A daily alert's e-mail is sent once a day, even when a digest runs twice. */
const DIGEST_GAP_MS = 20 * 60 * 60_000;
const DIGEST_BATCH = 1_000;
/** Pets shown in an e-mail; the rest are a link to the feed. */
const EMAIL_PETS = 6;
const UNSUBSCRIBE = "alert-unsubscribe";

export type AlertView = {
  id: string;
  frequencia: AlertFrequency;
  filtros: SavedSearch;
  descricao: string;
  /** The feed with this search (/home?…). */
  href: string;
  createdAt: Date;
};

/** The search as stored: `perto` as the IBGE code of its city, the radius only with it, nothing empty. */
async function savedSearch(db: Db, filters: AlertFilters): Promise<Result<SavedSearch>> {
  const search: SavedSearch = {};
  if (filters.tipo) search.tipo = filters.tipo;
  if (filters.cidade) search.cidade = filters.cidade;
  for (const key of ["uf", "especie", "porte", "idade", "sexo", "castrado"] as const) {
    if (filters[key]) Object.assign(search, { [key]: filters[key] });
  }
  if (filters.convive_com?.length) search.convive_com = [...new Set(filters.convive_com)].sort();
  if (filters.q) search.q = filters.q;
  if (filters.perto) {
    const city = await findCity(db, filters.perto);
    if (!city) return invalid("perto", "unknown-city");
    search.perto = String(city.codigo);
    search.raio = filters.raio ?? (filters.tipo ? MATCH_RADIUS_KM : DEFAULT_RADIUS_KM);
  }
  return ok(search);
}

/** The columns a new pet is matched on. */
function criteria(search: SavedSearch) {
  return {
    tipo: search.tipo ?? null,
    especie: search.especie ?? null,
    porte: search.porte ?? null,
    idade: search.idade ?? null,
    uf: search.uf ?? null,
    cidadeBusca: search.cidade ? searchKey(search.cidade) : null,
    sexo: search.sexo ?? null,
    castrado: search.castrado ?? null,
    conviveCom: search.convive_com ?? null,
    busca: search.q ? searchKey(search.q) : null,
    pertoIbge: search.perto ? Number(search.perto) : null,
    raioKm: search.perto ? (search.raio ?? DEFAULT_RADIUS_KM) : null,
  };
}

/** The search as one string, whatever order its keys come in (jsonb keeps its own). */
const canonical = (search: object) => JSON.stringify(Object.entries(search).sort(([a], [b]) => a.localeCompare(b)));
const sameSearch = (a: unknown, b: SavedSearch) => canonical(a as object) === canonical(b);

/**
 * Saves a search for its owner. The same search again is the same alert (its frequency
 * updated): `created` says whether a new one was made.
 */
export async function createAlert(
  db: Db,
  userId: string,
  input: { filtros: AlertFilters; frequencia: AlertFrequency },
  /** False for the demo data: the limit is on people, and its counter must not live in the seed's transaction. */
  { limited = true }: { limited?: boolean } = {},
): Promise<Result<{ id: string; created: boolean }>> {
  const search = await savedSearch(db, input.filtros);
  if (!search.ok) return search;
  const existing = await db
    .select({ id: alerts.id, filtros: alerts.filtros })
    .from(alerts)
    .where(eq(alerts.userId, userId));
  const same = existing.find((alert) => sameSearch(alert.filtros, search.value));
  if (same) {
    await db.update(alerts).set({ frequencia: input.frequencia }).where(eq(alerts.id, same.id));
    return ok({ id: same.id, created: false });
  }
  if (existing.length >= ALERTS_MAX) return fail({ kind: "conflict", reason: "too-many-alerts" });
  if (limited) {
    const allowed = await takeAllowance(db, "alert-account", userId);
    if (!allowed.ok) return allowed;
  }
  const [row] = await db
    .insert(alerts)
    .values({ userId, frequencia: input.frequencia, filtros: search.value, ...criteria(search.value) })
    .returning({ id: alerts.id });
  return ok({ id: row!.id, created: true });
}

/**
 * Many alerts at once, their searches already stored-shaped (perto an IBGE code): the rows
 * createAlert writes, for loading a large data set (bench/scale.ts).
 */
export async function insertAlertsInBulk(
  db: Db,
  batch: { userId: string; search: SavedSearch; frequencia: AlertFrequency; notifiedUntil?: Date }[],
): Promise<void> {
  if (batch.length === 0) return;
  await db.insert(alerts).values(
    batch.map(({ userId, search, frequencia, notifiedUntil }) => ({
      userId,
      frequencia,
      filtros: search,
      ...criteria(search),
      ...(notifiedUntil && { notifiedUntil }),
    })),
  );
}

async function toView(db: Db, row: typeof alerts.$inferSelect): Promise<AlertView> {
  const search = row.filtros as SavedSearch;
  const city = search.perto ? await findCity(db, search.perto) : null;
  return {
    id: row.id,
    frequencia: row.frequencia,
    filtros: search,
    descricao: describeSearch(search, city?.rotulo),
    href: searchHref(search),
    createdAt: row.createdAt,
  };
}

/** The person's alerts, newest first. */
export async function listAlerts(db: Db, userId: string): Promise<AlertView[]> {
  const rows = await db.select().from(alerts).where(eq(alerts.userId, userId)).orderBy(desc(alerts.createdAt));
  return Promise.all(rows.map((row) => toView(db, row)));
}

/** Another person's alert is not found, as one that does not exist. */
export async function setAlertFrequency(
  db: Db,
  userId: string,
  alertId: string,
  frequencia: AlertFrequency,
): Promise<Result<AlertView>> {
  const [row] = await db
    .update(alerts)
    .set({ frequencia })
    .where(and(eq(alerts.id, alertId), eq(alerts.userId, userId)))
    .returning();
  return row ? ok(await toView(db, row)) : notFound("alert");
}

export async function deleteAlert(db: Db, userId: string, alertId: string): Promise<Result> {
  const deleted = await db
    .delete(alerts)
    .where(and(eq(alerts.id, alertId), eq(alerts.userId, userId)))
    .returning({ id: alerts.id });
  return deleted.length > 0 ? ok() : notFound("alert");
}

/** The signed token of an alert's unsubscribe link. */
export const unsubscribeToken = (db: Db, alertId: string) => signToken(db, UNSUBSCRIBE, alertId);

/** The alert an unsubscribe link is for (it may be gone already), or null for a link not signed here. */
export async function alertOfToken(db: Db, token: string): Promise<{ id: string; alert: AlertView | null } | null> {
  const id = await verifyToken(db, UNSUBSCRIBE, token);
  if (!id) return null;
  const [row] = await db.select().from(alerts).where(eq(alerts.id, id));
  return { id, alert: row ? await toView(db, row) : null };
}

/**
 * Deletes the alert of an unsubscribe link, without a login: the signature is the authority.
 * An alert deleted already is no failure (the link's second click asked for what is done).
 */
export async function unsubscribe(db: Db, token: string): Promise<Result> {
  const id = await verifyToken(db, UNSUBSCRIBE, token);
  if (!id) return invalid("token", "unsubscribe-token");
  await db.delete(alerts).where(eq(alerts.id, id));
  return ok();
}

/**
 * The alerts a pet matches (of one frequency, or all): one query over every alert's criteria.
 * Distances are worked out in memory, as the feed does: the cities within the largest radius
 * of the pet's city, then each alert's own radius.
 */
export async function alertsMatchingPet(
  db: Db,
  petId: string,
  frequencia?: AlertFrequency,
): Promise<{ id: string; lastSentAt: Date | null }[]> {
  const [pet] = await db
    .select({ ageDays: pets.ageDays, cidadeIbge: pets.cidadeIbge, status: pets.status })
    .from(pets)
    .where(eq(pets.id, petId));
  if (!pet || pet.status !== "disponivel") return [];
  const groups = Object.entries(AGE_GROUPS)
    .filter(([, group]) => pet.ageDays >= group.min && pet.ageDays <= group.max)
    .map(([key]) => key);
  const nearby = pet.cidadeIbge ? await citiesWithin(db, String(pet.cidadeIbge), Math.max(...RADII_KM)) : null;
  const kmByCode = new Map(nearby?.cities.map((city) => [city.codigo, city.km]));
  const either = <T>(column: T, condition: ReturnType<typeof sql>) => or(isNull(column as never), condition);
  const rows = await db
    .select({ id: alerts.id, lastSentAt: alerts.lastSentAt, pertoIbge: alerts.pertoIbge, raioKm: alerts.raioKm })
    .from(alerts)
    .innerJoin(pets, eq(pets.id, petId))
    .where(
      and(
        frequencia ? eq(alerts.frequencia, frequencia) : undefined,
        isNull(alerts.tipo),
        ne(alerts.userId, pets.caretakerId),
        either(alerts.especie, sql`${alerts.especie} = ${pets.species}`),
        either(alerts.porte, sql`${alerts.porte} = ${pets.porte}`),
        either(alerts.idade, sql`${alerts.idade} = any(${`{${groups.join(",")}}`}::text[])`),
        either(alerts.uf, sql`${alerts.uf} = ${pets.uf}`),
        either(alerts.cidadeBusca, sql`${alerts.cidadeBusca} = ${pets.cidadeBusca}`),
        either(alerts.sexo, sql`${alerts.sexo} = ${pets.sexo}`),
        either(alerts.castrado, sql`${alerts.castrado} = ${pets.castrado}`),
        either(alerts.conviveCom, sql`${alerts.conviveCom} <@ ${pets.conviveCom}`),
        either(alerts.pertoIbge, sql`${alerts.pertoIbge} = any(${`{${[...kmByCode.keys()].join(",")}}`}::int[])`),
        // Last: the costliest test, on the few alerts left.
        either(alerts.busca, sql`${pets.busca} @@ plainto_tsquery('portuguese', ${alerts.busca})`),
      ),
    );
  return rows
    .filter((row) => row.pertoIbge === null || (kmByCode.get(row.pertoIbge) ?? Infinity) <= (row.raioKm ?? 0))
    .map(({ id, lastSentAt }) => ({ id, lastSentAt }));
}

/**
 * The alerts of lost or found animals (issue 47) a new report matches: of its kind, of its
 * species or any, within their radius of the report's city.
 */
async function alertsMatchingReport(
  db: Db,
  reportId: string,
  frequencia?: AlertFrequency,
): Promise<{ id: string; lastSentAt: Date | null }[]> {
  const [report] = await db
    .select({
      tipo: lostFoundReports.tipo,
      especie: lostFoundReports.especie,
      cidadeIbge: lostFoundReports.cidadeIbge,
      authorId: lostFoundReports.authorId,
      status: lostFoundReports.status,
    })
    .from(lostFoundReports)
    .where(eq(lostFoundReports.id, reportId));
  if (!report || report.status !== "aberto") return [];
  const nearby = await citiesWithin(db, String(report.cidadeIbge), Math.max(...RADII_KM));
  const kmByCode = new Map(nearby?.cities.map((city) => [city.codigo, city.km]));
  const rows = await db
    .select({ id: alerts.id, lastSentAt: alerts.lastSentAt, pertoIbge: alerts.pertoIbge, raioKm: alerts.raioKm })
    .from(alerts)
    .where(
      and(
        frequencia ? eq(alerts.frequencia, frequencia) : undefined,
        eq(alerts.tipo, report.tipo),
        ne(alerts.userId, report.authorId),
        or(isNull(alerts.especie), eq(alerts.especie, report.especie)),
        sql`${alerts.pertoIbge} = any(${`{${[...kmByCode.keys()].join(",")}}`}::int[])`,
      ),
    );
  return rows
    .filter((row) => (kmByCode.get(row.pertoIbge!) ?? Infinity) <= (row.raioKm ?? 0))
    .map(({ id, lastSentAt }) => ({ id, lastSentAt }));
}

/** A new report: an e-mail for every immediate alert it matches, as for a new pet. */
export async function queueImmediateReportAlerts(db: Db, jobs: Jobs, reportId: string, now: Date): Promise<number> {
  const matched = await alertsMatchingReport(db, reportId, "imediata");
  await queueSends(jobs, matched, now);
  return matched.length;
}

/** A new pet: an e-mail for every immediate alert it matches, at most one per alert in ten minutes. */
export async function queueImmediateAlerts(db: Db, jobs: Jobs, petId: string, now: Date): Promise<number> {
  const matched = await alertsMatchingPet(db, petId, "imediata");
  await queueSends(jobs, matched, now);
  return matched.length;
}

function queueSends(jobs: Jobs, matched: { id: string; lastSentAt: Date | null }[], now: Date) {
  return jobs.sendMany(
    ALERT_SEND_JOB,
    matched.map(({ id, lastSentAt }) => {
      const gapEnds = lastSentAt ? lastSentAt.getTime() + IMMEDIATE_GAP_MS : 0;
      return {
        data: { alertId: id },
        singletonKey: id,
        ...(gapEnds > now.getTime() && { startAfter: new Date(gapEnds) }),
      };
    }),
  );
}

/**
 * The daily digest: an e-mail job for every daily alert that may have news (pets published
 * since its last e-mail) and had none in the last 20 hours, a thousand at a time. Each job
 * covers the pets published up to `now`.
 */
export async function queueDigest(db: Db, jobs: Jobs, now: Date): Promise<number> {
  const [latest] = await db
    .select({ at: max(pets.createdAt) })
    .from(pets)
    .where(eq(pets.status, "disponivel"));
  const [latestReport] = await db
    .select({ at: max(lostFoundReports.createdAt) })
    .from(lostFoundReports)
    .where(eq(lostFoundReports.status, "aberto"));
  const news = [
    latest?.at ? and(isNull(alerts.tipo), lt(alerts.notifiedUntil, latest.at)) : undefined,
    latestReport?.at ? and(isNotNull(alerts.tipo), lt(alerts.notifiedUntil, latestReport.at)) : undefined,
  ].filter(Boolean);
  if (news.length === 0) return 0;
  let queued = 0;
  let cursor = "00000000-0000-0000-0000-000000000000";
  for (;;) {
    const batch = await db
      .select({ id: alerts.id })
      .from(alerts)
      .where(
        and(
          eq(alerts.frequencia, "diaria"),
          or(...news),
          or(isNull(alerts.lastSentAt), lte(alerts.lastSentAt, new Date(now.getTime() - DIGEST_GAP_MS))),
          gt(alerts.id, cursor),
        ),
      )
      .orderBy(asc(alerts.id))
      .limit(DIGEST_BATCH);
    if (batch.length === 0) return queued;
    await jobs.sendMany(
      ALERT_SEND_JOB,
      batch.map(({ id }) => ({ data: { alertId: id, ate: now.toISOString() }, singletonKey: id })),
    );
    queued += batch.length;
    cursor = batch.at(-1)!.id;
  }
}

/**
 * E-mails an alert's owner the pets published since its last e-mail and up to `ate` (the
 * digest's time) or now, if any. Once: the e-mail's key is the alert and the start of the
 * window, which moves on only after the e-mail went out.
 */
export async function sendAlert(
  db: Db,
  mailer: Mailer,
  { alertId, ate }: { alertId: string; ate?: string },
  publicUrl: string,
  now: Date,
): Promise<boolean> {
  const [row] = await db
    .select({ alert: alerts, email: users.email, nome: users.nome })
    .from(alerts)
    .innerJoin(users, eq(users.id, alerts.userId))
    .where(eq(alerts.id, alertId));
  if (!row) return false;
  const { alert } = row;
  const until = ate ? new Date(ate) : now;
  if (!(until > alert.notifiedUntil)) return false;
  const window = { after: alert.notifiedUntil, until, notBy: alert.userId };
  const found = alert.tipo
    ? await newReportsFor(db, alert.filtros as SavedSearch, window, publicUrl)
    : await newPetsFor(db, alert.filtros, window, publicUrl);
  let sent = false;
  if (found.total > 0) {
    const view = await toView(db, alert);
    const unsubscribeUrl = `${publicUrl}/adopet/alertas/cancelar?token=${await unsubscribeToken(db, alert.id)}`;
    const props = {
      nome: row.nome,
      descricao: view.descricao,
      total: found.total,
      pets: found.items,
      ...(alert.tipo && { tipo: alert.tipo }),
      feedUrl: `${publicUrl}/adopet${view.href}`,
      alertsUrl: `${publicUrl}/adopet/alertas`,
      unsubscribeUrl,
    };
    const content = await renderEmail(AlertEmail(props));
    sent = await sendMailOnce(db, mailer, {
      to: row.email,
      subject: alertEmailSubject(props),
      ...content,
      idempotencyKey: `alerta.${alert.id}.${alert.notifiedUntil.getTime()}`,
      // RFC 8058: mail programs offer their own "unsubscribe", which POSTs to this address.
      headers: { "List-Unsubscribe": `<${unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
    });
  }
  // Only forwards: a run that overlapped a later one moves nothing back.
  await db
    .update(alerts)
    .set({ notifiedUntil: until, ...(found.total > 0 && { lastSentAt: now }) })
    .where(and(eq(alerts.id, alert.id), lt(alerts.notifiedUntil, until)));
  return sent;
}

type Window = { after: Date; until: Date; notBy: string };

/** The new pets of an adoption alert, as its e-mail lists them. */
async function newPetsFor(db: Db, filtros: unknown, window: Window, publicUrl: string) {
  const found = await listNewInFeed(db, feedFiltersSchema.parse(filtros), window, EMAIL_PETS);
  return {
    total: found.total,
    items: found.items.map((pet) => ({
      nome: pet.nome,
      resumo: [SPECIES_LABEL[pet.especie], pet.idade, pet.porte].join(" · "),
      local: pet.distanciaKm === undefined ? pet.local : `${pet.local}, a ${pet.distanciaKm} km`,
      url: `${publicUrl}/adopet/pets/${pet.id}`,
      foto: pet.photoIds[0] ? `${publicUrl}${imageUrl(pet.photoIds[0], 320)}` : null,
    })),
  };
}

/** The new reports of a lost or found animals' alert (issue 47), as its e-mail lists them. */
async function newReportsFor(db: Db, search: SavedSearch, window: Window, publicUrl: string) {
  const found = await listNewReports(
    db,
    { tipo: search.tipo, especie: search.especie, perto: search.perto, raio: search.raio },
    window,
    EMAIL_PETS,
  );
  return {
    total: found.total,
    items: found.items.map((report) => ({
      nome: reportTitle(report),
      resumo: [SPECIES_LABEL[report.especie], report.cores.map((color) => COLOR_LABEL[color]).join(", ")].join(" · "),
      local: `${report.bairro ? `${report.bairro}, ` : ""}${report.cidade.nome} (${report.cidade.uf})`,
      url: `${publicUrl}/adopet/perdidos-e-achados/${report.id}`,
      foto: report.fotos[0] ? `${publicUrl}${imageUrl(report.fotos[0], 320)}` : null,
    })),
  };
}
