import { and, asc, eq, inArray, isNotNull, isNull, lte, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { adoptions, checkinPhotos, checkins, followupSettings, happyEndings, images, pets, users } from "~/db/schema";
import type { Jobs } from "~/services/jobs.server";
import { addDays, brasiliaTime, dayInBrasilia, daysBetween } from "~/lib/dates";
import { fail, forbidden, invalid, notFound, ok, type Result } from "~/services/outcome.server";
import { imageRefusal, InvalidImageError, prepareImage, saveImage } from "~/services/images.server";
import { takeAllowance } from "~/services/rate-limits.server";
import { recordActivity } from "~/domain/organizations/activity-records.server";
import { caresFor } from "~/domain/organizations/membership.server";
import type { ApplicationParty } from "~/lib/applications";
import { signToken, verifyToken } from "~/services/signing.server";

/**
 * Life after adoption (issue 21): check-ins e-mailed to the adopter on the days the caretaker
 * chose (7, 30 and 90 by default), answered through a signed link without login; the caretaker
 * told of one unanswered for 7 days; castration reminders 14 and 3 days before the termo's
 * deadline and on the day. One sweep on the job queue (every 15 minutes, by the clock it is
 * given) finds what is due and queues each e-mail as a job of its own, once: what it sends is
 * marked in the same transaction, so a restart or a second worker sends nothing twice.
 * Times are Brasília's: a check-in goes at 10:00, a reminder at 09:00.
 */

export const FOLLOWUP_SWEEP_JOB = "followup-sweep";
export const CHECKIN_EMAIL_JOB = "checkin-email";
export const CHECKIN_UNANSWERED_JOB = "checkin-unanswered";
export const CASTRATION_REMINDER_JOB = "castration-reminder";

const DEFAULT_CHECKIN_DAYS = [7, 30, 90] as const;
/** How long a check-in's link works. */
const CHECKIN_LINK_DAYS = 14;
/** Unanswered this long after it was sent, the caretaker is told. */
const UNANSWERED_DAYS = 7;
/** Castration reminders: days before the deadline. */
const CASTRATION_REMINDERS = [14, 3, 0] as const;
const CHECKIN_HOUR = 10;
const REMINDER_HOUR = 9;
const DAY_MS = 24 * 60 * 60 * 1000;

// ——— The organisation's days ———

/** The organisation's days, or the default ones until it saves its own (null: none yet). */
export async function getCheckinDays(db: Db, organizationId: string | null): Promise<number[]> {
  if (!organizationId) return [...DEFAULT_CHECKIN_DAYS];
  const [row] = await db
    .select({ dias: followupSettings.checkinDias })
    .from(followupSettings)
    .where(eq(followupSettings.organizationId, organizationId))
    .limit(1);
  return row?.dias ?? [...DEFAULT_CHECKIN_DAYS];
}

/**
 * Saves the organisation's days (checked by checkinDaysSchema): adoptions made before keep
 * theirs. The caller checked that `actorId` takes care of its animals; its log records it.
 */
export async function saveCheckinDays(db: Db, actorId: string, organizationId: string, dias: number[]): Promise<void> {
  const sorted = [...new Set(dias)].sort((a, b) => a - b);
  await db.transaction(async (tx) => {
    await tx
      .insert(followupSettings)
      .values({ organizationId, checkinDias: sorted })
      .onConflictDoUpdate({
        target: followupSettings.organizationId,
        set: { checkinDias: sorted, updatedAt: new Date() },
      });
    await recordActivity(tx, { organizationId, actorId, acao: "acompanhamento_alterado", detalhe: sorted.join(", ") });
  });
}

/** An adoption's check-ins, from its organisation's days, when it is recorded (in its transaction). */
export async function scheduleCheckins(
  tx: Db,
  adoption: { id: string; organizationId: string | null; adoptedAt: Date },
): Promise<void> {
  const day = dayInBrasilia(adoption.adoptedAt);
  const dias = await getCheckinDays(tx, adoption.organizationId);
  if (dias.length === 0) return;
  await tx
    .insert(checkins)
    .values(
      dias.map((dia) => ({ adoptionId: adoption.id, dia, dueAt: brasiliaTime(addDays(day, dia), CHECKIN_HOUR) })),
    );
}

// ——— The sweep ———

/** What is due by `now`: each e-mail queued once, in the transaction that marks it sent. */
export async function sweepFollowups(
  db: Db,
  jobs: Jobs,
  now: Date,
): Promise<{ checkins: number; unanswered: number; castration: number }> {
  const counts = await db.transaction(async (tx) => {
    // Check-ins whose day came, of adoptions whose adopter still has an account and whose
    // animal's record still exists (its caretaker's account may be gone with it).
    const due = await tx
      .update(checkins)
      .set({ sentAt: now })
      .where(
        and(
          isNull(checkins.sentAt),
          lte(checkins.dueAt, now),
          sql`exists (select 1 from ${adoptions} a where a.id = ${checkins.adoptionId}
            and a.adopter_id is not null and a.pet_id is not null)`,
        ),
      )
      .returning({ id: checkins.id });
    for (const { id } of due) await jobs.send(CHECKIN_EMAIL_JOB, { checkinId: id }, { tx });
    const unanswered = await tx
      .update(checkins)
      .set({ caretakerAlertedAt: now })
      .where(
        and(
          isNull(checkins.answeredAt),
          isNull(checkins.caretakerAlertedAt),
          isNotNull(checkins.sentAt),
          lte(checkins.sentAt, new Date(now.getTime() - UNANSWERED_DAYS * DAY_MS)),
          // Not after the animal was returned: the follow-up ended.
          sql`not exists (select 1 from ${adoptions} a where a.id = ${checkins.adoptionId} and a.devolvida_em is not null)`,
        ),
      )
      .returning({ id: checkins.id });
    for (const { id } of unanswered) await jobs.send(CHECKIN_UNANSWERED_JOB, { checkinId: id }, { tx });
    return { checkins: due.length, unanswered: unanswered.length, castration: await sweepCastration(tx, jobs, now) };
  });
  if (counts.checkins > 0) jobs.wake(CHECKIN_EMAIL_JOB);
  if (counts.unanswered > 0) jobs.wake(CHECKIN_UNANSWERED_JOB);
  if (counts.castration > 0) jobs.wake(CASTRATION_REMINDER_JOB);
  return counts;
}

/**
 * Castration reminders due: of each adoption not yet castrated, the latest reminder whose
 * moment passed and was not sent. One whose moment passed while a later one is due too (the
 * sweep did not run for days) is marked and not sent: one e-mail says it.
 */
async function sweepCastration(tx: Db, jobs: Jobs, now: Date): Promise<number> {
  const pending = await tx
    .select({ id: adoptions.id, prazo: adoptions.prazoCastracao, avisos: adoptions.castracaoAvisos })
    .from(adoptions)
    .where(
      and(
        isNotNull(adoptions.prazoCastracao),
        isNull(adoptions.castradoEm),
        isNotNull(adoptions.adopterId),
        isNotNull(adoptions.petId),
        isNull(adoptions.devolvidaEm),
        // Nothing to send before the first reminder's day.
        lte(adoptions.prazoCastracao, addDays(dayInBrasilia(now), CASTRATION_REMINDERS[0])),
      ),
    )
    .for("update", { skipLocked: true });
  let sent = 0;
  for (const adoption of pending) {
    const passed = CASTRATION_REMINDERS.filter(
      (before) => brasiliaTime(addDays(adoption.prazo!, -before), REMINDER_HOUR) <= now,
    );
    const fresh = passed.filter((before) => !adoption.avisos.includes(before));
    if (fresh.length === 0) continue;
    await tx
      .update(adoptions)
      .set({ castracaoAvisos: [...new Set([...adoption.avisos, ...passed])] })
      .where(eq(adoptions.id, adoption.id));
    // The days actually left (a deadline set close to the adoption is nearer than the reminder's name).
    const left = Math.max(0, daysBetween(dayInBrasilia(now), adoption.prazo!));
    await jobs.send(CASTRATION_REMINDER_JOB, { adoptionId: adoption.id, dias: left }, { tx });
    sent++;
  }
  return sent;
}

// ——— The check-in's link and answer ———

/** The link's token: the check-in and when the link expires, signed (services/signing). */
export function checkinToken(db: Db, checkinId: string, sentAt: Date): Promise<string> {
  const expires = Math.floor((sentAt.getTime() + CHECKIN_LINK_DAYS * DAY_MS) / 1000).toString(36);
  return signToken(db, "checkin", `${checkinId}-${expires}`);
}

export type CheckinForm = {
  id: string;
  dia: number;
  petNome: string;
  petFotoId: string | null;
  adotanteNome: string;
  answered: boolean;
  /** Whose uploads its photos are (the link has no login). */
  adoptionId: string;
  adopterId: string | null;
};

/** The check-in a link opens, if it was signed here and has not expired. */
export async function openCheckin(db: Db, token: string, now: Date): Promise<Result<CheckinForm>> {
  const value = await verifyToken(db, "checkin", token);
  if (!value) return notFound("checkin");
  const cut = value.lastIndexOf("-");
  const checkinId = value.slice(0, cut);
  const expires = parseInt(value.slice(cut + 1), 36) * 1000;
  if (!Number.isFinite(expires) || now.getTime() > expires) return fail({ kind: "gone", subject: "checkin" });
  const [row] = await db
    .select({
      id: checkins.id,
      dia: checkins.dia,
      answeredAt: checkins.answeredAt,
      devolvidaEm: adoptions.devolvidaEm,
      adoptionId: adoptions.id,
      adopterId: adoptions.adopterId,
      petNome: pets.nome,
      petFotoId: sql<
        string | null
      >`(select image_id::text from pet_photos where pet_id = ${pets.id} order by position limit 1)`,
      adotanteNome: users.nome,
    })
    .from(checkins)
    .innerJoin(adoptions, eq(adoptions.id, checkins.adoptionId))
    .innerJoin(pets, eq(pets.id, adoptions.petId))
    .innerJoin(users, eq(users.id, adoptions.adopterId))
    .where(eq(checkins.id, checkinId))
    .limit(1);
  if (!row) return notFound("checkin");
  const { answeredAt, devolvidaEm, ...form } = row;
  // The animal was returned: the follow-up ended.
  if (devolvidaEm && !answeredAt) return fail({ kind: "gone", subject: "checkin", reason: "returned" });
  return ok({ ...form, answered: answeredAt !== null });
}

/** The check-in of a link that may still be answered (before its photos are read). */
export async function checkCheckinOpen(db: Db, token: string, now: Date) {
  const opened = await openCheckin(db, token, now);
  if (opened.ok && opened.value.answered) return fail({ kind: "conflict", reason: "checkin-answered" });
  return opened;
}

/**
 * Whose uploads a check-in's photos are: the link has no login, so they count against the
 * adoption's adopter (their allowance, their turn at the image queue).
 */
const checkinUploader = (opened: { adopterId: string | null; adoptionId: string }) =>
  opened.adopterId ?? `adoption:${opened.adoptionId}`;

/**
 * The adopter's answer through the link: text and up to 3 photos, once. The state and the
 * upload allowance are checked before any photo is decoded.
 */
export async function answerCheckin(
  db: Db,
  token: string,
  answer: { texto: string; fotos: Buffer[] },
  now: Date,
): Promise<Result<void>> {
  const opened = await checkCheckinOpen(db, token, now);
  if (!opened.ok) return opened;
  const uploader = checkinUploader(opened.value);
  if (answer.fotos.length > 0) {
    const allowed = await takeAllowance(db, "upload-account", uploader, answer.fotos.length);
    if (!allowed.ok) return allowed;
  }
  const prepared: Awaited<ReturnType<typeof prepareImage>>[] = [];
  for (const [index, photo] of answer.fotos.entries()) {
    try {
      prepared.push(await prepareImage(photo, ["jpeg", "png", "webp"], uploader));
    } catch (error) {
      if (error instanceof InvalidImageError) return invalid("fotos", imageRefusal(error), index);
      throw error;
    }
  }
  return db.transaction(async (tx): Promise<Result<void>> => {
    const [claimed] = await tx
      .update(checkins)
      .set({ answeredAt: now, texto: answer.texto })
      .where(and(eq(checkins.id, opened.value.id), isNull(checkins.answeredAt)))
      .returning({ id: checkins.id });
    // Answered meanwhile (a second tab).
    if (!claimed) return fail({ kind: "conflict", reason: "checkin-answered" });
    for (const [position, image] of prepared.entries()) {
      const imageId = await saveImage(tx, image);
      await tx.insert(checkinPhotos).values({ checkinId: claimed.id, imageId, position });
    }
    return ok();
  });
}

/** The adoption an application led to (locked for the caller's transaction, when asked). */
export async function adoptionOf(db: Db, applicationId: string, { lock = false } = {}) {
  const query = db
    .select({
      id: adoptions.id,
      adopterId: adoptions.adopterId,
      caretakerId: adoptions.caretakerId,
      organizationId: adoptions.organizationId,
      petId: adoptions.petId,
      devolvidaEm: adoptions.devolvidaEm,
      castradoEm: adoptions.castradoEm,
      prazoCastracao: adoptions.prazoCastracao,
    })
    .from(adoptions)
    .where(eq(adoptions.applicationId, applicationId))
    .limit(1);
  const [adoption] = lock ? await query.for("update") : await query;
  return adoption ?? null;
}

/**
 * Which side of an adoption `userId` is on: its adopter, or a member who takes care of the
 * animals of the organisation that gave it (issue 43); null for anyone else. Read afresh.
 */
export async function adoptionParty(
  db: Db,
  userId: string,
  adoption: { adopterId: string | null; organizationId: string | null },
): Promise<ApplicationParty | null> {
  if (adoption.adopterId === userId) return "adotante";
  if (!adoption.organizationId) return null;
  return (await caresFor(db, userId, adoption.organizationId)) ? "responsavel" : null;
}

// ——— Castration ———

/**
 * Whether `userId` may say the adoption's animal was castrated now: its adopter, on an adoption
 * not returned whose termo set a deadline not yet met. Checked before an upload is read or decoded.
 */
export async function checkCastrationOpen(
  db: Db,
  userId: string,
  applicationId: string,
): Promise<Result<{ id: string }>> {
  const adoption = await adoptionOf(db, applicationId);
  if (!adoption || !(await adoptionParty(db, userId, adoption))) return notFound("application");
  if (adoption.adopterId !== userId) return forbidden("castration-adopter-only");
  if (adoption.devolvidaEm) return fail({ kind: "conflict", reason: "adoption-returned" });
  if (adoption.castradoEm || !adoption.prazoCastracao) return fail({ kind: "conflict", reason: "castration-done" });
  return ok({ id: adoption.id });
}

/**
 * The adopter says the animal was castrated, with the certificate's photo if they have one: the
 * state, then the upload allowance, then the photo (a certificate sent again costs no decoding).
 */
export async function markCastrated(
  db: Db,
  userId: string,
  applicationId: string,
  photo: Buffer | null,
  now: Date,
): Promise<Result<void>> {
  const open = await checkCastrationOpen(db, userId, applicationId);
  if (!open.ok) return open;
  const adoption = open.value;
  let prepared = null;
  if (photo) {
    const allowed = await takeAllowance(db, "upload-account", userId);
    if (!allowed.ok) return allowed;
    try {
      prepared = await prepareImage(photo, ["jpeg", "png", "webp"], userId);
    } catch (error) {
      if (error instanceof InvalidImageError) return invalid("comprovante", imageRefusal(error));
      throw error;
    }
  }
  return db.transaction(async (tx): Promise<Result<void>> => {
    const imageId = prepared ? await saveImage(tx, prepared) : null;
    const [done] = await tx
      .update(adoptions)
      .set({ castradoEm: now, castracaoComprovanteId: imageId })
      .where(and(eq(adoptions.id, adoption.id), isNull(adoptions.castradoEm), isNotNull(adoptions.prazoCastracao)))
      .returning({ petId: adoptions.petId });
    if (!done) return fail({ kind: "conflict", reason: "castration-done" });
    // The animal's record says so too.
    if (done.petId) await tx.update(pets).set({ castrado: "sim", castracaoData: null }).where(eq(pets.id, done.petId));
    return ok();
  });
}

// ——— Reading ———

export type Followup = {
  adoptedAt: Date;
  /** When the animal went back to its caretaker: the follow-up ended. */
  returnedAt: Date | null;
  checkins: {
    dia: number;
    dueAt: Date;
    status: "agendado" | "enviado" | "respondido" | "sem_resposta";
    answeredAt: Date | null;
    texto: string | null;
    fotos: string[];
  }[];
  castracao: {
    prazo: string;
    feitaEm: Date | null;
    comprovanteId: string | null;
    atrasada: boolean;
  } | null;
};

/** An adoption's follow-up, for the application's two parties (the caller checked who reads). */
export async function followupOf(db: Db, applicationId: string, now: Date): Promise<Followup | null> {
  const [adoption] = await db
    .select({
      id: adoptions.id,
      adoptedAt: adoptions.adoptedAt,
      devolvidaEm: adoptions.devolvidaEm,
      prazo: adoptions.prazoCastracao,
      castradoEm: adoptions.castradoEm,
      comprovanteId: adoptions.castracaoComprovanteId,
    })
    .from(adoptions)
    .where(eq(adoptions.applicationId, applicationId))
    .limit(1);
  if (!adoption) return null;
  const rows = await db
    .select({
      id: checkins.id,
      dia: checkins.dia,
      dueAt: checkins.dueAt,
      sentAt: checkins.sentAt,
      answeredAt: checkins.answeredAt,
      texto: checkins.texto,
      alerted: checkins.caretakerAlertedAt,
    })
    .from(checkins)
    .where(eq(checkins.adoptionId, adoption.id))
    .orderBy(asc(checkins.dia));
  const photos =
    rows.length === 0
      ? []
      : await db
          .select({ checkinId: checkinPhotos.checkinId, imageId: checkinPhotos.imageId })
          .from(checkinPhotos)
          .where(
            inArray(
              checkinPhotos.checkinId,
              rows.map((row) => row.id),
            ),
          )
          .orderBy(asc(checkinPhotos.position));
  return {
    adoptedAt: new Date(adoption.adoptedAt),
    returnedAt: adoption.devolvidaEm ? new Date(adoption.devolvidaEm) : null,
    checkins: rows.map((row) => ({
      dia: row.dia,
      dueAt: new Date(row.dueAt),
      status: row.answeredAt ? "respondido" : row.alerted ? "sem_resposta" : row.sentAt ? "enviado" : "agendado",
      answeredAt: row.answeredAt ? new Date(row.answeredAt) : null,
      texto: row.texto,
      fotos: photos.filter((photo) => photo.checkinId === row.id).map((photo) => photo.imageId),
    })),
    castracao: adoption.prazo
      ? {
          prazo: adoption.prazo,
          feitaEm: adoption.castradoEm ? new Date(adoption.castradoEm) : null,
          comprovanteId: adoption.comprovanteId,
          atrasada: !adoption.castradoEm && !adoption.devolvidaEm && adoption.prazo < dayInBrasilia(now),
        }
      : null,
  };
}

/** How far ahead the home lists a castration still to do: the first reminder's distance. */
const CASTRATION_AHEAD_DAYS = CASTRATION_REMINDERS[0];

/** What the organisation's team should chase after its adoptions (its home, `Hoje`), each to its application. */
export type FollowupToChase = {
  applicationId: string;
  animal: string;
  adotante: string | null;
  /** `sem_resposta`: a check-in unanswered a week after it went; `castracao`: the deadline passed or is near. */
  motivo: "sem_resposta" | "castracao";
  /** The check-in's day, or the castration's deadline. */
  dia: string;
  atrasada: boolean;
};

/**
 * The organisation's adoptions (not returned) with a check-in left unanswered (the team was told)
 * or a castration not done whose deadline passed or comes within CASTRATION_AHEAD_DAYS: the
 * oldest first, up to `limit` of each.
 */
export async function followupsToChase(
  db: Db,
  organizationId: string,
  now: Date,
  limit = 50,
): Promise<{ items: FollowupToChase[]; semResposta: number; castracoes: number }> {
  const today = dayInBrasilia(now);
  const open = and(
    eq(adoptions.organizationId, organizationId),
    isNull(adoptions.devolvidaEm),
    isNotNull(adoptions.applicationId),
  );
  const unanswered = and(open, isNotNull(checkins.caretakerAlertedAt), isNull(checkins.answeredAt));
  const castration = and(
    open,
    isNull(adoptions.castradoEm),
    lte(adoptions.prazoCastracao, addDays(today, CASTRATION_AHEAD_DAYS)),
  );
  // Each list with its whole count (`count(*) over ()` is taken before the limit).
  const total = sql<number>`count(*) over ()`.mapWith(Number);
  const [silent, castrations] = await Promise.all([
    db
      .select({
        applicationId: adoptions.applicationId,
        animal: pets.nome,
        adotante: users.nome,
        dueAt: checkins.dueAt,
        total,
      })
      .from(checkins)
      .innerJoin(adoptions, eq(adoptions.id, checkins.adoptionId))
      .innerJoin(pets, eq(pets.id, adoptions.petId))
      .leftJoin(users, eq(users.id, adoptions.adopterId))
      .where(unanswered)
      .orderBy(asc(checkins.dueAt))
      .limit(limit),
    db
      .select({
        applicationId: adoptions.applicationId,
        animal: pets.nome,
        adotante: users.nome,
        prazo: adoptions.prazoCastracao,
        total,
      })
      .from(adoptions)
      .innerJoin(pets, eq(pets.id, adoptions.petId))
      .leftJoin(users, eq(users.id, adoptions.adopterId))
      .where(castration)
      .orderBy(asc(adoptions.prazoCastracao))
      .limit(limit),
  ]);
  return {
    items: [
      ...silent.map((row) => ({
        applicationId: row.applicationId!,
        animal: row.animal,
        adotante: row.adotante,
        motivo: "sem_resposta" as const,
        dia: dayInBrasilia(new Date(row.dueAt)),
        atrasada: true,
      })),
      ...castrations.map((row) => ({
        applicationId: row.applicationId!,
        animal: row.animal,
        adotante: row.adotante,
        motivo: "castracao" as const,
        dia: row.prazo!,
        atrasada: row.prazo! < today,
      })),
    ],
    semResposta: silent[0]?.total ?? 0,
    castracoes: castrations[0]?.total ?? 0,
  };
}

/**
 * The check-ins of an adopter whose account was deleted: their answers and photos go, and
 * the castration certificate's photo (the adoption's record stays with the caretaker). Run
 * by the hourly purge.
 */
export async function forgetFollowupsOfDeletedAccounts(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const orphaned = tx
      .select({ id: checkins.id })
      .from(checkins)
      .innerJoin(adoptions, eq(adoptions.id, checkins.adoptionId))
      .where(isNull(adoptions.adopterId));
    const photos = await tx
      .select({ imageId: checkinPhotos.imageId })
      .from(checkinPhotos)
      .where(inArray(checkinPhotos.checkinId, orphaned));
    const deleted = await tx.delete(checkins).where(inArray(checkins.id, orphaned)).returning({ id: checkins.id });
    // The castration certificate's photo was theirs too (the date it was informed stays; the
    // column empties as its image goes).
    const certificates = await tx
      .select({ imageId: adoptions.castracaoComprovanteId })
      .from(adoptions)
      .where(and(isNull(adoptions.adopterId), isNotNull(adoptions.castracaoComprovanteId)));
    // The photos were the check-ins' own, and the certificates the adoptions'.
    const gone = [...photos, ...certificates].map((row) => row.imageId!);
    if (gone.length > 0) await tx.delete(images).where(inArray(images.id, gone));
    return deleted.length;
  });
}

/**
 * How the public image route may serve an image: `private` for a check-in's photo, a castration
 * certificate or an unpublished story's photo (the adoption's two parties only, by their own
 * route); `revocable` for a published story's photo, which goes when the story does (so never
 * cached for long); `public` for the rest (a pet's, a profile's), whose id never changes content.
 */
export async function imageAccess(db: Db, imageId: string): Promise<"private" | "revocable" | "public"> {
  const [photo, certificate, story] = await Promise.all([
    db.select({ id: checkinPhotos.imageId }).from(checkinPhotos).where(eq(checkinPhotos.imageId, imageId)).limit(1),
    db.select({ id: adoptions.id }).from(adoptions).where(eq(adoptions.castracaoComprovanteId, imageId)).limit(1),
    db.select({ status: happyEndings.status }).from(happyEndings).where(eq(happyEndings.imageId, imageId)).limit(1),
  ]);
  if (photo.length > 0 || certificate.length > 0) return "private";
  if (story[0]) return story[0].status === "publicado" ? "revocable" : "private";
  return "public";
}

/** Whether an image is one of this application's adoption's own (a check-in's photo, its certificate, its story's). */
export async function isAdoptionImage(db: Db, applicationId: string, imageId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: adoptions.id })
    .from(adoptions)
    .where(
      and(
        eq(adoptions.applicationId, applicationId),
        sql`(${adoptions.castracaoComprovanteId} = ${imageId} or exists (select 1 from ${checkinPhotos} cp
          join ${checkins} c on c.id = cp.checkin_id where c.adoption_id = ${adoptions.id} and cp.image_id = ${imageId})
          or exists (select 1 from ${happyEndings} h where h.adoption_id = ${adoptions.id} and h.image_id = ${imageId}))`,
      ),
    )
    .limit(1);
  return Boolean(row);
}
