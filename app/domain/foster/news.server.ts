import { and, asc, count, desc, eq, isNull, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { favorites, organizations, petNews, petNewsPhotos, pets, sponsorships, users } from "~/db/schema";
import { caresFor, requirePower } from "~/domain/organizations/membership.server";
import { PetNewsEmail, petNewsSubject } from "~/emails/pet-news.server";
import { renderEmail } from "~/emails/render.server";
import type { Jobs } from "~/services/jobs.server";
import { deleteUnusedImages, imageRefusal, InvalidImageError, prepareImage, saveImage } from "~/services/images.server";
import { composeAndSendOnce, type Mailer } from "~/services/mail.server";
import { fail, invalid, notFound, ok, unlessStorageFull, type Result } from "~/services/outcome.server";
import { takeAllowance } from "~/services/rate-limits.server";
import { isFostering } from "./placements.server";
import type { NewsStatus } from "~/lib/foster";

/**
 * News of an animal (issue 44): its foster writes a few words with up to 5 photos (checked by
 * content and stripped of metadata, as every image); they show on its page as `Notícias` once
 * its team publishes them, or at once when the organisation chose so, and are e-mailed to those
 * who favourited it. Its team's own news are published at once. Before that, only the team and
 * the author read them (their photos too).
 */

export const PET_NEWS_JOB = "pet-news";

export type PetNewsView = {
  id: string;
  petId: string;
  texto: string;
  status: NewsStatus;
  /** Image ids, in order. */
  fotos: string[];
  criadaEm: Date;
};

const PHOTO_FORMATS = ["jpeg", "png", "webp"] as const;

/** Who may write news of the animal: its team, or its foster now; anyone else gets 404. */
async function writer(db: Db, actorId: string, petId: string) {
  const [pet] = await db
    .select({
      status: pets.status,
      organizationId: pets.organizationId,
      semAprovacao: organizations.noticiasSemAprovacao,
    })
    .from(pets)
    .innerJoin(organizations, eq(organizations.id, pets.organizationId))
    .where(eq(pets.id, petId))
    .limit(1);
  if (!pet || pet.status === "removido") return notFound("pet");
  if (await caresFor(db, actorId, pet.organizationId)) return ok({ ...pet, team: true });
  if (await isFostering(db, actorId, petId)) return ok({ ...pet, team: false });
  return notFound("pet");
}

/**
 * Writes news of the animal: published at once by its team (or when the organisation publishes
 * its fosters' news without approval), else waiting for the team. Returns its id and status.
 */
export function postNews(
  db: Db,
  jobs: Jobs,
  actorId: string,
  petId: string,
  { texto, photos }: { texto: string; photos: Buffer[] },
  now: Date,
): Promise<Result<{ id: string; status: NewsStatus }>> {
  return unlessStorageFull(async (): Promise<Result<{ id: string; status: NewsStatus }>> => {
    const allowed = await writer(db, actorId, petId);
    if (!allowed.ok) return allowed;
    const news = await takeAllowance(db, "news-account", actorId);
    if (!news.ok) return news;
    const uploads = await takeAllowance(db, "upload-account", actorId, photos.length);
    if (!uploads.ok) return uploads;
    const prepared: Awaited<ReturnType<typeof prepareImage>>[] = [];
    for (const [index, photo] of photos.entries()) {
      try {
        prepared.push(await prepareImage(photo, PHOTO_FORMATS, actorId));
      } catch (error) {
        if (error instanceof InvalidImageError) return invalid("fotos", imageRefusal(error), index);
        throw error;
      }
    }
    const status: NewsStatus = allowed.value.team || allowed.value.semAprovacao ? "publicada" : "pendente";
    const id = await db.transaction(async (tx) => {
      const [made] = await tx
        .insert(petNews)
        .values({
          petId,
          organizationId: allowed.value.organizationId,
          authorId: actorId,
          texto: texto.trim(),
          status,
          createdAt: now,
          ...(status === "publicada" && { decidedAt: now, decidedBy: actorId }),
        })
        .returning({ id: petNews.id });
      for (const [position, image] of prepared.entries()) {
        const imageId = await saveImage(tx as unknown as Db, image);
        await tx.insert(petNewsPhotos).values({ newsId: made!.id, position, imageId });
      }
      if (status === "publicada") await jobs.send(PET_NEWS_JOB, { newsId: made!.id }, { tx: tx as unknown as Db });
      return made!.id;
    });
    if (status === "publicada") jobs.wake(PET_NEWS_JOB);
    return ok({ id, status });
  });
}

/**
 * The team publishes or declines a foster's news, once. A declined one's photos are deleted
 * (nobody will see them); its words stay for the team and the author.
 */
export async function decideNews(
  db: Db,
  jobs: Jobs,
  actorId: string,
  petId: string,
  newsId: string,
  status: "publicada" | "recusada",
  now: Date,
): Promise<Result<NewsStatus>> {
  const [news] = await db
    .select({ organizationId: petNews.organizationId, status: petNews.status })
    .from(petNews)
    .where(and(eq(petNews.id, newsId), eq(petNews.petId, petId)))
    .limit(1);
  if (!news || !(await caresFor(db, actorId, news.organizationId))) return notFound("news");
  const decided = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(petNews)
      .set({ status, decidedAt: now, decidedBy: actorId })
      .where(and(eq(petNews.id, newsId), eq(petNews.status, "pendente")))
      .returning({ id: petNews.id });
    if (!row) return false;
    if (status === "publicada") await jobs.send(PET_NEWS_JOB, { newsId }, { tx: tx as unknown as Db });
    else {
      const dropped = await tx
        .delete(petNewsPhotos)
        .where(eq(petNewsPhotos.newsId, newsId))
        .returning({ imageId: petNewsPhotos.imageId });
      await deleteUnusedImages(
        tx as unknown as Db,
        dropped.map((photo) => photo.imageId),
      );
    }
    return true;
  });
  if (!decided) return fail({ kind: "conflict", reason: "news-decided" });
  if (status === "publicada") jobs.wake(PET_NEWS_JOB);
  return ok(status);
}

const newsColumns = {
  id: petNews.id,
  petId: petNews.petId,
  texto: petNews.texto,
  status: petNews.status,
  criadaEm: petNews.createdAt,
  fotos: sql<string[] | string | null>`(
    select array_agg(${petNewsPhotos.imageId}::text order by ${petNewsPhotos.position})
    from ${petNewsPhotos} where ${petNewsPhotos.newsId} = ${petNews.id}
  )`,
};

type NewsRow = Omit<PetNewsView, "fotos" | "criadaEm"> & { fotos: string[] | string | null; criadaEm: Date | string };

/** node-postgres parses the array; PGlite may hand back its `{a,b}` text. */
const toView = ({ fotos, criadaEm, ...row }: NewsRow): PetNewsView => ({
  ...row,
  fotos:
    fotos === null
      ? []
      : Array.isArray(fotos)
        ? fotos
        : fotos
            .replace(/^\{|\}$/g, "")
            .split(",")
            .filter(Boolean),
  criadaEm: new Date(criadaEm),
});

/** How many news an animal's page shows, newest first. */
const NEWS_SHOWN = 20;

/**
 * The animal's news, newest first: published ones for everyone; for its team every one, and
 * for its foster their own too (`viewerId`); only those of `status`, when given.
 */
export async function newsOf(
  db: Db,
  viewerId: string | null,
  petId: string,
  status?: NewsStatus,
): Promise<Result<PetNewsView[]>> {
  const [pet] = await db
    .select({ status: pets.status, organizationId: pets.organizationId })
    .from(pets)
    .where(eq(pets.id, petId))
    .limit(1);
  if (!pet || pet.status === "removido") return notFound("pet");
  const team = viewerId ? await caresFor(db, viewerId, pet.organizationId) : false;
  const visible = team
    ? undefined
    : viewerId
      ? or(eq(petNews.status, "publicada"), eq(petNews.authorId, viewerId))
      : eq(petNews.status, "publicada");
  const rows = await db
    .select(newsColumns)
    .from(petNews)
    .where(and(eq(petNews.petId, petId), visible, status ? eq(petNews.status, status) : undefined))
    .orderBy(desc(petNews.createdAt), desc(petNews.id))
    .limit(NEWS_SHOWN);
  return ok(rows.map((row) => toView(row as NewsRow)));
}

/** The news waiting for the organisation's team, oldest first, with their animal's name. */
export async function pendingNews(db: Db, organizationId: string): Promise<(PetNewsView & { pet: string })[]> {
  const rows = await db
    .select({ ...newsColumns, pet: pets.nome })
    .from(petNews)
    .innerJoin(pets, eq(pets.id, petNews.petId))
    .where(and(eq(petNews.organizationId, organizationId), eq(petNews.status, "pendente")))
    .orderBy(asc(petNews.createdAt));
  return rows.map(({ pet, ...row }) => ({ ...toView(row as NewsRow), pet }));
}

/**
 * How many news wait for the organisation's team (the list pendingNews gives), or, with
 * `authorId`, how many of that foster's own wait (their home's block).
 */
export async function countPendingNews(db: Db, organizationId: string, authorId?: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(petNews)
    .where(
      and(
        eq(petNews.organizationId, organizationId),
        eq(petNews.status, "pendente"),
        authorId ? eq(petNews.authorId, authorId) : undefined,
      ),
    );
  return row?.total ?? 0;
}

/**
 * The news waiting for the organisation's team, for one of its administradores or equipe: a
 * foster of it is told why not (403), anyone else finds no organisation (404).
 */
export async function pendingNewsFor(
  db: Db,
  actorId: string,
  organizationId: string,
): Promise<Result<(PetNewsView & { pet: string })[]>> {
  const may = await requirePower(db, actorId, organizationId, "cuidar");
  if (!may.ok) return may;
  return ok(await pendingNews(db, organizationId));
}

/** Whether the organisation publishes its fosters' news without approval. */
export async function publishesNewsAtOnce(db: Db, organizationId: string): Promise<boolean> {
  const [row] = await db
    .select({ value: organizations.noticiasSemAprovacao })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row?.value ?? false;
}

/** The team chooses: its fosters' news go on the animal's page at once, or after one of them approves. */
export async function setNewsApproval(
  db: Db,
  actorId: string,
  organizationId: string,
  withoutApproval: boolean,
): Promise<Result> {
  const power = await requirePower(db, actorId, organizationId, "cuidar");
  if (!power.ok) return power;
  await db
    .update(organizations)
    .set({ noticiasSemAprovacao: withoutApproval, updatedAt: new Date() })
    .where(eq(organizations.id, organizationId));
  return ok();
}

/**
 * Who may see a news photo: anyone once its news is published (`revocable`: it can be taken
 * down); before, only the animal's team and the news' author (`private` to the image route).
 * `none` for an image that is no news photo.
 */
export async function newsImageAccess(db: Db, imageId: string): Promise<"none" | "private" | "revocable"> {
  const [row] = await db
    .select({ status: petNews.status })
    .from(petNewsPhotos)
    .innerJoin(petNews, eq(petNews.id, petNewsPhotos.newsId))
    .where(eq(petNewsPhotos.imageId, imageId))
    .limit(1);
  if (!row) return "none";
  return row.status === "publicada" ? "revocable" : "private";
}

/** A photo of news not yet published, for the animal's team or the author: its image id, or null. */
export async function pendingNewsPhoto(
  db: Db,
  viewerId: string,
  newsId: string,
  position: number,
): Promise<string | null> {
  const [row] = await db
    .select({ imageId: petNewsPhotos.imageId, organizationId: petNews.organizationId, authorId: petNews.authorId })
    .from(petNewsPhotos)
    .innerJoin(petNews, eq(petNews.id, petNewsPhotos.newsId))
    .where(and(eq(petNewsPhotos.newsId, newsId), eq(petNewsPhotos.position, position)))
    .limit(1);
  if (!row) return null;
  const allowed = row.authorId === viewerId || (await caresFor(db, viewerId, row.organizationId));
  return allowed ? row.imageId : null;
}

/** The job: e-mails published news to each account that favourited or sponsors the animal (not suspended), once. */
export async function sendPetNews(db: Db, mailer: Mailer, { newsId }: { newsId: string }, publicUrl: string) {
  const [news] = await db
    .select({
      texto: petNews.texto,
      status: petNews.status,
      petId: petNews.petId,
      pet: pets.nome,
      petStatus: pets.status,
    })
    .from(petNews)
    .innerJoin(pets, eq(pets.id, petNews.petId))
    .where(eq(petNews.id, newsId));
  if (!news || news.status !== "publicada" || news.petStatus === "removido") return;
  // Who favourited the animal, and its padrinhos (issue 46): their gifts' news; each person once.
  const [fans, padrinhos] = await Promise.all([
    db
      .select({ id: users.id, email: users.email })
      .from(favorites)
      .innerJoin(users, eq(users.id, favorites.userId))
      .where(and(eq(favorites.petId, news.petId), isNull(users.suspendedAt))),
    db
      .select({ id: users.id, email: users.email })
      .from(sponsorships)
      .innerJoin(users, eq(users.id, sponsorships.userId))
      .where(and(eq(sponsorships.petId, news.petId), isNull(sponsorships.endedAt), isNull(users.suspendedAt))),
  ]);
  const readers = [...new Map([...fans, ...padrinhos].map((reader) => [reader.id, reader])).values()];
  for (const reader of readers) {
    await composeAndSendOnce(db, mailer, `noticia.${newsId}.${reader.id}`, async () => ({
      to: reader.email,
      subject: petNewsSubject(news.pet),
      ...(await renderEmail(
        PetNewsEmail({ pet: news.pet, texto: news.texto, url: `${publicUrl}/adopet/pets/${news.petId}#noticias` }),
      )),
    }));
  }
}

/** The news a person wrote, for their data export. */
export async function newsWrittenBy(db: Db, userId: string) {
  const rows = await db
    .select({ animal: pets.nome, texto: petNews.texto, status: petNews.status, criada_em: petNews.createdAt })
    .from(petNews)
    .innerJoin(pets, eq(pets.id, petNews.petId))
    .where(eq(petNews.authorId, userId))
    .orderBy(desc(petNews.createdAt));
  return rows.map((row) => ({ ...row, criada_em: new Date(row.criada_em).toISOString() }));
}

/** One news item by id, whatever its status (for the answer to whoever just wrote or decided it). */
export async function findNews(db: Db, newsId: string): Promise<PetNewsView | null> {
  const [row] = await db.select(newsColumns).from(petNews).where(eq(petNews.id, newsId)).limit(1);
  return row ? toView(row as NewsRow) : null;
}

/**
 * The image ids of the news photos of these animals: deleted with them (a removed listing's
 * photos go, as its own photos do; an account's animals take their news with them).
 */
export async function newsImagesOf(db: Db, petScope: SQL): Promise<string[]> {
  const rows = await db
    .select({ id: petNewsPhotos.imageId })
    .from(petNewsPhotos)
    .innerJoin(petNews, eq(petNews.id, petNewsPhotos.newsId))
    .innerJoin(pets, eq(pets.id, petNews.petId))
    .where(petScope);
  return rows.map((row) => row.id);
}

/** A removed animal's news lose their photos (the words stay for its team). */
export async function dropNewsPhotos(db: Db, petId: string): Promise<void> {
  const imageIds = await newsImagesOf(db, eq(pets.id, petId));
  if (imageIds.length === 0) return;
  await db
    .delete(petNewsPhotos)
    .where(sql`${petNewsPhotos.newsId} in (select ${petNews.id} from ${petNews} where ${petNews.petId} = ${petId})`);
  await deleteUnusedImages(db, imageIds);
}
