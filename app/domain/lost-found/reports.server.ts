import { and, asc, count, desc, eq, gt, gte, inArray, lte, ne, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "~/db/client.server";
import { cities, lostFoundMatches, lostFoundPhotos, lostFoundReports, users } from "~/db/schema";
import { LostFoundMatchEmail, lostFoundMatchSubject } from "~/emails/lost-found.server";
import { renderEmail } from "~/emails/render.server";
import { dayInBrasilia } from "~/lib/dates";
import {
  MATCH_RADIUS_KM,
  REPORT_OPEN_DAYS,
  roundedPoint,
  type Color,
  type ReportStatus,
  type ReportType,
} from "~/lib/lost-found";
import type { Sex, Size, Species } from "~/lib/pets";
import { requireConfirmedEmail } from "~/domain/accounts/email-confirmation.server";
import { citiesWithin, distanceKm, resolveCity } from "~/domain/places/cities.server";
import { imageRefusal, InvalidImageError, prepareImage, saveImage } from "~/services/images.server";
import type { Jobs } from "~/services/jobs.server";
import { composeAndSendOnce, type Mailer } from "~/services/mail.server";
import { forbidden, invalid, notFound, ok, unlessStorageFull, type Result } from "~/services/outcome.server";
import { perceptualHash } from "~/services/phash.server";
import { takeAllowance } from "~/services/rate-limits.server";
import type { ReportInput, ReportQuery, ReportStatusInput } from "~/validation/lost-found";
import { candidatesFor } from "./matching.server";

/**
 * Lost and found animals (issue 47): a person with a confirmed account reports one, with photos
 * and where it was lost or seen (a city, and a point rounded to about 500 m at most); the list
 * is public. Each new report is compared with the open ones of the other kind, and likely
 * matches are listed on both and e-mailed to both authors, once per pair.
 */

export const LOST_FOUND_MATCH_JOB = "lost-found-match";
/** A report published: the alerts for its kind near it (immediate ones) are queued. */
export const LOST_FOUND_PUBLISHED_JOB = "lost-found-published";
/** A match this alike (of 100) is e-mailed; the others are listed only. */
const NOTIFY_FROM = 60;
/** A point further than this from the city's seat is in another city. */
const POINT_MAX_KM = 60;

export type ReportView = {
  id: string;
  tipo: ReportType;
  status: ReportStatus;
  especie: Species;
  porte: Size;
  sexo: Sex | null;
  cores: Color[];
  nome: string | null;
  data: string;
  cidade: { codigo: number; nome: string; uf: string };
  bairro: string | null;
  ponto: { latitude: number; longitude: number } | null;
  descricao: string | null;
  finalFeliz: string | null;
  fotos: string[];
  autor: { id: string; nome: string };
  /** An animal a shelter took in during this emergency (issue 47), or null. */
  emergenciaId: string | null;
  criadoEm: Date;
  expiraEm: Date;
};

const reportColumns = {
  id: lostFoundReports.id,
  emergencyId: lostFoundReports.emergencyId,
  tipo: lostFoundReports.tipo,
  status: lostFoundReports.status,
  especie: lostFoundReports.especie,
  porte: lostFoundReports.porte,
  sexo: lostFoundReports.sexo,
  cores: lostFoundReports.cores,
  nome: lostFoundReports.nome,
  data: lostFoundReports.data,
  cidadeCodigo: cities.codigo,
  cidadeNome: cities.nome,
  cidadeUf: cities.uf,
  bairro: lostFoundReports.bairro,
  latitude: lostFoundReports.latitude,
  longitude: lostFoundReports.longitude,
  pontoNoMapa: lostFoundReports.pontoNoMapa,
  descricao: lostFoundReports.descricao,
  finalFeliz: lostFoundReports.finalFeliz,
  autorId: users.id,
  autorNome: users.nome,
  createdAt: lostFoundReports.createdAt,
  expiraEm: lostFoundReports.expiraEm,
};

async function reportsWhere(db: Db, where: SQL | undefined, limit: number): Promise<ReportView[]> {
  const rows = await db
    .select(reportColumns)
    .from(lostFoundReports)
    .innerJoin(cities, eq(cities.codigo, lostFoundReports.cidadeIbge))
    .innerJoin(users, eq(users.id, lostFoundReports.authorId))
    .where(where)
    .orderBy(desc(lostFoundReports.data), desc(lostFoundReports.createdAt))
    .limit(limit);
  const photos = rows.length
    ? await db
        .select({ reportId: lostFoundPhotos.reportId, imageId: lostFoundPhotos.imageId })
        .from(lostFoundPhotos)
        .where(
          inArray(
            lostFoundPhotos.reportId,
            rows.map((row) => row.id),
          ),
        )
        .orderBy(asc(lostFoundPhotos.position))
    : [];
  return rows.map((row) => ({
    id: row.id,
    tipo: row.tipo,
    status: row.status,
    especie: row.especie,
    porte: row.porte,
    sexo: row.sexo,
    cores: row.cores,
    nome: row.nome,
    data: row.data,
    cidade: { codigo: row.cidadeCodigo, nome: row.cidadeNome, uf: row.cidadeUf },
    bairro: row.bairro,
    ponto: row.pontoNoMapa ? { latitude: row.latitude, longitude: row.longitude } : null,
    descricao: row.descricao,
    finalFeliz: row.finalFeliz,
    fotos: photos.filter((photo) => photo.reportId === row.id).map((photo) => photo.imageId),
    // The author's first name only: contact goes through a conversation.
    autor: { id: row.autorId, nome: row.autorNome.split(" ")[0]! },
    emergenciaId: row.emergencyId,
    criadoEm: row.createdAt,
    expiraEm: row.expiraEm,
  }));
}

/** A report, to anyone. */
export async function findReport(db: Db, reportId: string): Promise<Result<ReportView>> {
  const [report] = await reportsWhere(db, eq(lostFoundReports.id, reportId), 1);
  return report ? ok(report) : notFound("lost-found-report");
}

/** Reports by id, in the order asked (the ones not found left out). */
export async function findReports(db: Db, reportIds: string[]): Promise<ReportView[]> {
  if (reportIds.length === 0) return [];
  const found = await reportsWhere(db, inArray(lostFoundReports.id, reportIds), reportIds.length);
  const byId = new Map(found.map((report) => [report.id, report]));
  return reportIds.flatMap((id) => byId.get(id) ?? []);
}

const REPORTS_PAGE = 50;

/** The open reports, newest first: near a city (30 km unless told), of a kind, a species, since a day. */
export async function listReports(db: Db, query: ReportQuery, now = new Date()): Promise<Result<ReportView[]>> {
  const filters = await reportFilters(db, query, now);
  return filters.ok ? ok(await reportsWhere(db, and(...filters.value), REPORTS_PAGE)) : filters;
}

/**
 * The open reports an alert of lost or found animals (issue 47) has not told of: published
 * after `after` and up to `until`, by anyone but the alert's owner; the first `limit`, and how many.
 */
export async function listNewReports(
  db: Db,
  query: ReportQuery,
  { after, until, notBy }: { after: Date; until: Date; notBy: string },
  limit: number,
): Promise<{ total: number; items: ReportView[] }> {
  const filters = await reportFilters(db, query, until);
  if (!filters.ok) return { total: 0, items: [] };
  const where = and(
    ...filters.value,
    gt(lostFoundReports.createdAt, after),
    lte(lostFoundReports.createdAt, until),
    ne(lostFoundReports.authorId, notBy),
  );
  const [counted] = await db.select({ total: count() }).from(lostFoundReports).where(where);
  const total = counted?.total ?? 0;
  return { total, items: total > 0 ? await reportsWhere(db, where, limit) : [] };
}

/** The list's filters: open reports (one past its 90 days is no longer listed), then the query's. */
async function reportFilters(db: Db, query: ReportQuery, now: Date): Promise<Result<(SQL | undefined)[]>> {
  const filters: (SQL | undefined)[] = [eq(lostFoundReports.status, "aberto"), gt(lostFoundReports.expiraEm, now)];
  if (query.tipo) filters.push(eq(lostFoundReports.tipo, query.tipo));
  if (query.especie) filters.push(eq(lostFoundReports.especie, query.especie));
  if (query.desde) filters.push(gte(lostFoundReports.data, query.desde));
  if (query.emergencia) filters.push(eq(lostFoundReports.emergencyId, query.emergencia));
  if (query.perto) {
    const near = await citiesWithin(db, query.perto, query.raio ?? MATCH_RADIUS_KM);
    if (!near) return invalid("perto", "unknown-city");
    filters.push(
      inArray(
        lostFoundReports.cidadeIbge,
        near.cities.map((city) => city.codigo),
      ),
    );
  }
  return ok(filters);
}

/**
 * A person with a confirmed e-mail reports an animal: its photos checked by content and
 * re-encoded (no metadata: a phone's GPS says where a house is), each with its perceptual hash;
 * then compared with the open reports of the other kind.
 */
export async function createReport(
  db: Db,
  jobs: Jobs,
  userId: string,
  input: ReportInput,
  photos: Buffer[],
  now = new Date(),
): Promise<Result<string>> {
  const confirmed = await requireConfirmedEmail(db, userId);
  if (!confirmed.ok) return confirmed;
  const place = await placeReport(db, input, now);
  if (!place.ok) return place;
  const allowed = await takeAllowance(db, "lost-found-account", userId);
  if (!allowed.ok) return allowed;
  const prepared = await preparePhotos(photos, userId);
  if (!prepared.ok) return prepared;
  const made = await unlessStorageFull(() =>
    db.transaction(async (tx) =>
      ok(
        await insertReport(
          tx as unknown as Db,
          jobs,
          { userId, input, place: place.value, photos: prepared.value },
          now,
        ),
      ),
    ),
  );
  if (made.ok) wakeReportJobs(jobs);
  return made;
}

/** Where a report is: its city, and its point rounded (about 500 m) or the city's seat. */
export type ReportPlace = {
  city: { codigo: number; latitude: number; longitude: number };
  point: { latitude: number; longitude: number };
  placed: boolean;
};

/** A report's day (today or before) and place (a city, a point within it). */
export async function placeReport(
  db: Db,
  input: Pick<ReportInput, "data" | "cidade" | "latitude" | "longitude">,
  now: Date,
): Promise<Result<ReportPlace>> {
  if (input.data > dayInBrasilia(now)) return invalid("data", "future-date");
  const city = await resolveCity(db, input.cidade);
  if (!city.ok) return city;
  let point = { latitude: city.value.latitude, longitude: city.value.longitude };
  const placed = input.latitude !== undefined && input.longitude !== undefined;
  if (placed) {
    point = roundedPoint(input.latitude!, input.longitude!);
    if (distanceKm(point, city.value) > POINT_MAX_KM) return invalid("latitude", "point-outside-city");
  }
  return ok({ city: city.value, point, placed });
}

type PreparedPhoto = { image: Awaited<ReturnType<typeof prepareImage>>; hash: string };

/**
 * A photo checked by content, re-encoded and hashed; one that is no usable image is refused as
 * the field it came in (a report's `fotos` by position, a photo search's `foto`). `account` is
 * whose turn it takes in the images' queue (a person, or a searching connection).
 */
export async function preparePhoto(
  bytes: Buffer,
  account: string,
  field: string,
  item?: number,
): Promise<Result<PreparedPhoto>> {
  try {
    const image = await prepareImage(bytes, ["jpeg", "png", "webp"], account);
    return ok({ image, hash: await perceptualHash(image.variants[0]!.data) });
  } catch (error) {
    if (error instanceof InvalidImageError) return invalid(field, imageRefusal(error), item);
    throw error;
  }
}

export async function preparePhotos(photos: Buffer[], userId: string): Promise<Result<PreparedPhoto[]>> {
  const prepared: PreparedPhoto[] = [];
  for (const [index, bytes] of photos.entries()) {
    const photo = await preparePhoto(bytes, userId, "fotos", index);
    if (!photo.ok) return photo;
    prepared.push(photo.value);
  }
  return ok(prepared);
}

/**
 * Writes a report in the caller's transaction, with its photos; compares it with the open
 * reports of the other kind (pairs from 60 e-mailed); queues its alerts. An emergency's animal
 * carries the emergency and the organisation that took it in.
 */
export async function insertReport(
  tx: Db,
  jobs: Jobs,
  {
    userId,
    input,
    place,
    photos,
    emergency,
  }: {
    userId: string;
    input: Omit<ReportInput, "tipo" | "nome"> & Partial<Pick<ReportInput, "tipo" | "nome">>;
    place: ReportPlace;
    photos: PreparedPhoto[];
    emergency?: { emergencyId: string; organizationId: string };
  },
  now: Date,
): Promise<string> {
  const tipo = input.tipo ?? "encontrado";
  const [report] = await tx
    .insert(lostFoundReports)
    .values({
      authorId: userId,
      tipo,
      especie: input.especie,
      porte: input.porte,
      sexo: input.sexo ?? null,
      cores: input.cores,
      nome: tipo === "perdido" ? (input.nome ?? null) : null,
      data: input.data,
      cidadeIbge: place.city.codigo,
      bairro: input.bairro ?? null,
      ...place.point,
      pontoNoMapa: place.placed,
      descricao: input.descricao ?? null,
      expiraEm: new Date(now.getTime() + REPORT_OPEN_DAYS * 86_400_000),
      ...emergency,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: lostFoundReports.id });
  for (const [position, photo] of photos.entries()) {
    const imageId = await saveImage(tx, photo.image);
    await tx.insert(lostFoundPhotos).values({ reportId: report!.id, position, imageId, hash: photo.hash });
  }
  const candidates = await candidatesFor(tx, now, {
    id: report!.id,
    tipo,
    especie: input.especie,
    porte: input.porte,
    sexo: input.sexo ?? null,
    cores: input.cores,
    data: input.data,
    ...place.point,
    hashes: photos.map((photo) => photo.hash),
  });
  for (const candidate of candidates) {
    const pair =
      tipo === "perdido"
        ? { perdidoId: report!.id, encontradoId: candidate.id }
        : { perdidoId: candidate.id, encontradoId: report!.id };
    const [match] = await tx
      .insert(lostFoundMatches)
      .values({ ...pair, pontos: candidate.pontos, distanciaKm: candidate.distanciaKm, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: lostFoundMatches.id });
    if (match && candidate.pontos >= NOTIFY_FROM) await jobs.send(LOST_FOUND_MATCH_JOB, { matchId: match.id }, { tx });
  }
  // Those with an alert for this kind of report near it are told (issue 47).
  await jobs.send(LOST_FOUND_PUBLISHED_JOB, { reportId: report!.id }, { tx });
  return report!.id;
}

/** After the transaction that wrote reports: their e-mails and alerts go at once. */
export function wakeReportJobs(jobs: Jobs) {
  jobs.wake(LOST_FOUND_MATCH_JOB);
  jobs.wake(LOST_FOUND_PUBLISHED_JOB);
}

/** Only the author closes (`reencontrado`, `encerrado`) or renews (`aberto`, 90 more days) a report. */
export async function setReportStatus(
  db: Db,
  userId: string,
  reportId: string,
  input: ReportStatusInput,
  now = new Date(),
): Promise<Result<ReportView>> {
  const [report] = await db
    .select({ authorId: lostFoundReports.authorId })
    .from(lostFoundReports)
    .where(eq(lostFoundReports.id, reportId));
  if (!report) return notFound("lost-found-report");
  if (report.authorId !== userId) return forbidden("report-author-only");
  await db
    .update(lostFoundReports)
    .set({
      status: input.status,
      finalFeliz: input.status === "reencontrado" ? (input.final_feliz ?? null) : null,
      ...(input.status === "aberto" && { expiraEm: new Date(now.getTime() + REPORT_OPEN_DAYS * 86_400_000) }),
      updatedAt: now,
    })
    .where(eq(lostFoundReports.id, reportId));
  return findReport(db, reportId);
}

export type MatchView = { report: ReportView; pontos: number; distanciaKm: number };

/**
 * A report's likely matches (public: both reports are): the animals shelters took in during an
 * emergency first (issue 47), then the most alike.
 */
export async function reportMatches(db: Db, reportId: string): Promise<Result<MatchView[]>> {
  const found = await findReport(db, reportId);
  if (!found.ok) return found;
  const pairs = await db
    .select({
      perdidoId: lostFoundMatches.perdidoId,
      encontradoId: lostFoundMatches.encontradoId,
      pontos: lostFoundMatches.pontos,
      distanciaKm: lostFoundMatches.distanciaKm,
    })
    .from(lostFoundMatches)
    .where(or(eq(lostFoundMatches.perdidoId, reportId), eq(lostFoundMatches.encontradoId, reportId)))
    .orderBy(desc(lostFoundMatches.pontos))
    .limit(20);
  const otherIds = pairs.map((pair) => (pair.perdidoId === reportId ? pair.encontradoId : pair.perdidoId));
  if (otherIds.length === 0) return ok([]);
  const others = await reportsWhere(db, inArray(lostFoundReports.id, otherIds), otherIds.length);
  return ok(
    pairs
      .flatMap((pair) => {
        const other = others.find(
          (report) => report.id === (pair.perdidoId === reportId ? pair.encontradoId : pair.perdidoId),
        );
        return other ? [{ report: other, pontos: pair.pontos, distanciaKm: pair.distanciaKm }] : [];
      })
      .sort((a, b) => Number(b.report.emergenciaId !== null) - Number(a.report.emergenciaId !== null)),
  );
}

/**
 * The organisation's open reports (the animals its shelter took in, issue 47) that have a likely
 * match still open: its home (`Hoje`) lists them, each with how many, the most alike first.
 */
export async function organizationReportsWithMatches(
  db: Db,
  organizationId: string,
  limit = 20,
): Promise<{
  items: { id: string; tipo: ReportType; nome: string | null; especie: Species; parecidos: number }[];
  total: number;
}> {
  const other = alias(lostFoundReports, "other");
  const likely = and(
    eq(lostFoundReports.organizationId, organizationId),
    eq(lostFoundReports.status, "aberto"),
    gte(lostFoundMatches.pontos, NOTIFY_FROM),
    eq(other.status, "aberto"),
  );
  const matched = db
    .select({
      id: lostFoundReports.id,
      tipo: lostFoundReports.tipo,
      nome: lostFoundReports.nome,
      especie: lostFoundReports.especie,
      parecidos: sql<number>`count(*)`.mapWith(Number).as("parecidos"),
      melhor: sql<number>`max(${lostFoundMatches.pontos})`.mapWith(Number).as("melhor"),
    })
    .from(lostFoundReports)
    .innerJoin(
      lostFoundMatches,
      or(eq(lostFoundMatches.perdidoId, lostFoundReports.id), eq(lostFoundMatches.encontradoId, lostFoundReports.id)),
    )
    .innerJoin(
      other,
      sql`${other.id} = case when ${lostFoundMatches.perdidoId} = ${lostFoundReports.id} then ${lostFoundMatches.encontradoId} else ${lostFoundMatches.perdidoId} end`,
    )
    .where(likely)
    .groupBy(lostFoundReports.id)
    .as("matched");
  // With the whole count: `count(*) over ()` is taken before the limit.
  const rows = await db
    .select({
      id: matched.id,
      tipo: matched.tipo,
      nome: matched.nome,
      especie: matched.especie,
      parecidos: matched.parecidos,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(matched)
    .orderBy(desc(matched.melhor), asc(matched.id))
    .limit(limit);
  return { items: rows.map(({ total: _total, ...item }) => item), total: rows[0]?.total ?? 0 };
}

/** The job `LOST_FOUND_MATCH_JOB`: each author told of the other report, once per pair. */
export async function sendMatchNotice(db: Db, mailer: Mailer, matchId: string, publicUrl: string): Promise<void> {
  const [match] = await db
    .select({ perdidoId: lostFoundMatches.perdidoId, encontradoId: lostFoundMatches.encontradoId })
    .from(lostFoundMatches)
    .where(eq(lostFoundMatches.id, matchId));
  if (!match) return;
  const sides = await db
    .select({
      id: lostFoundReports.id,
      tipo: lostFoundReports.tipo,
      status: lostFoundReports.status,
      nome: lostFoundReports.nome,
      email: users.email,
      autor: users.nome,
    })
    .from(lostFoundReports)
    .innerJoin(users, eq(users.id, lostFoundReports.authorId))
    .where(inArray(lostFoundReports.id, [match.perdidoId, match.encontradoId]));
  for (const side of sides) {
    const other = sides.find((report) => report.id !== side.id);
    if (!other || side.status !== "aberto" || other.status !== "aberto") continue;
    await composeAndSendOnce(db, mailer, `correspondencia.${matchId}.${side.id}`, async () => ({
      to: side.email,
      subject: lostFoundMatchSubject(side.tipo),
      ...(await renderEmail(
        LostFoundMatchEmail({
          nome: side.autor.split(" ")[0]!,
          tipo: side.tipo,
          animal: side.nome,
          url: `${publicUrl}/adopet/perdidos-e-achados/${other.id}`,
          meuUrl: `${publicUrl}/adopet/perdidos-e-achados/${side.id}`,
        }),
      )),
    }));
  }
  await db.update(lostFoundMatches).set({ avisadoEm: new Date() }).where(eq(lostFoundMatches.id, matchId));
}
