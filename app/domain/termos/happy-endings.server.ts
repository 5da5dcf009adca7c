import { and, desc, eq, inArray, isNotNull, isNull, lt, ne, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { adoptions, happyEndings, images, pets, users } from "~/db/schema";
import { cachedRead, publicDataChanged } from "~/domain/pets/public-reads.server";
import { publicName } from "~/domain/pets/pet-views.server";
import { STORIES_PER_PAGE, type StoryStatus } from "~/lib/happy-endings";
import { firstName } from "~/lib/people";
import type { Species } from "~/lib/pets";
import { parsePageCursor, writePageCursor, type PageCursor } from "~/lib/page-cursors";
import type { Jobs } from "~/services/jobs.server";
import { fail, forbidden, invalid, notFound, ok, type Result } from "~/services/outcome.server";
import { imageRefusal, InvalidImageError, prepareImage, saveImage } from "~/services/images.server";
import { takeAllowance } from "~/services/rate-limits.server";
import { adoptionOf, adoptionParty } from "./followups.server";

/**
 * Finais felizes (issue 21): the adopter tells how life with the animal is, with a photo; the
 * caretaker publishes it (or not, saying why); `/finais-felizes` shows the published ones,
 * newest first, and the caretaker's page shows theirs. One story per adoption: an edit goes
 * back for approval. A story is signed by the adopter's first name only. It goes when the
 * adopter takes it down, when the animal is returned, and with the adopter's account. The public
 * reads come from the public read cache, which every change to what they show clears.
 */

/** The job: tells the caretaker a story waits for their approval. */
export const STORY_SHARED_JOB = "story-shared";

/** The adoption of an application, if `userId` is one of its two parties. */
async function adoptionFor(db: Db, userId: string, applicationId: string) {
  const adoption = await adoptionOf(db, applicationId);
  const party = adoption && (await adoptionParty(db, userId, adoption));
  return adoption && party ? { ...adoption, party } : null;
}

/**
 * The adopter shares their story (or changes it): it waits for the caretaker's approval, who is
 * e-mailed when it starts waiting (not again for each edit while it waits).
 */
export async function shareStory(
  db: Db,
  jobs: Jobs,
  userId: string,
  applicationId: string,
  story: { historia: string; foto: Buffer | null },
  now: Date,
): Promise<Result<void>> {
  const adoption = await adoptionFor(db, userId, applicationId);
  if (!adoption) return notFound("application");
  if (adoption.adopterId !== userId) return forbidden("story-adopter-only");
  if (adoption.devolvidaEm) return returned;
  let prepared = null;
  if (story.foto) {
    const allowed = await takeAllowance(db, "upload-account", userId);
    if (!allowed.ok) return allowed;
    try {
      prepared = await prepareImage(story.foto, ["jpeg", "png", "webp"], userId);
    } catch (error) {
      if (error instanceof InvalidImageError) return invalid("foto", imageRefusal(error));
      throw error;
    }
  }
  const shared = await db.transaction(async (tx): Promise<Result<{ wasPublished: boolean; notify: boolean }>> => {
    // The adoption's row, locked: a return recorded meanwhile wins, and two submits take turns.
    const [locked] = await tx
      .select({ devolvidaEm: adoptions.devolvidaEm })
      .from(adoptions)
      .where(eq(adoptions.id, adoption.id))
      .for("update");
    if (!locked || locked.devolvidaEm) return returned;
    const [current] = await tx
      .select({ id: happyEndings.id, imageId: happyEndings.imageId, status: happyEndings.status })
      .from(happyEndings)
      .where(eq(happyEndings.adoptionId, adoption.id))
      .limit(1);
    const imageId = prepared ? await saveImage(tx, prepared) : (current?.imageId ?? null);
    const values = { historia: story.historia, imageId, status: "pendente" as const, motivo: null, updatedAt: now };
    const [saved] = current
      ? await tx
          .update(happyEndings)
          .set(values)
          .where(eq(happyEndings.id, current.id))
          .returning({ id: happyEndings.id })
      : await tx
          .insert(happyEndings)
          .values({ ...values, adoptionId: adoption.id, createdAt: now })
          .returning({ id: happyEndings.id });
    // A new photo replaces the old one, which nothing else uses.
    if (prepared && current?.imageId) await tx.delete(images).where(eq(images.id, current.imageId));
    const notify = current?.status !== "pendente";
    if (notify) await jobs.send(STORY_SHARED_JOB, { storyId: saved!.id }, { tx });
    return ok({ wasPublished: current?.status === "publicado", notify });
  });
  if (!shared.ok) return shared;
  if (shared.value.notify) jobs.wake(STORY_SHARED_JOB);
  // An edit takes the story off the public pages until it is approved again.
  if (shared.value.wasPublished) publicDataChanged(db);
  return ok();
}

const returned = fail({ kind: "conflict", reason: "adoption-returned" });

/**
 * The caretaker publishes the story waiting for approval, or declines it saying why: the
 * version they read (`versao`, when it was last changed), or 409 if the adopter changed it since.
 */
export async function reviewStory(
  db: Db,
  userId: string,
  applicationId: string,
  review: { decisao: "publicar" | "recusar"; motivo?: string; versao: string },
  now: Date,
): Promise<Result<void>> {
  const adoption = await adoptionFor(db, userId, applicationId);
  if (!adoption) return notFound("application");
  if (adoption.party !== "responsavel") return forbidden("story-caretaker-only");
  const publish = review.decisao === "publicar";
  const version = new Date(review.versao);
  const [reviewed] = Number.isNaN(version.getTime())
    ? []
    : await db
        .update(happyEndings)
        .set(
          publish
            ? { status: "publicado", publishedAt: now, motivo: null, updatedAt: now }
            : { status: "recusado", motivo: review.motivo ?? null, updatedAt: now },
        )
        .where(
          and(
            eq(happyEndings.adoptionId, adoption.id),
            eq(happyEndings.status, "pendente"),
            eq(happyEndings.updatedAt, version),
          ),
        )
        .returning({ id: happyEndings.id });
  if (!reviewed) {
    const [current] = await db
      .select({ status: happyEndings.status })
      .from(happyEndings)
      .where(eq(happyEndings.adoptionId, adoption.id));
    return fail({ kind: "conflict", reason: current?.status === "pendente" ? "story-changed" : "story-not-pending" });
  }
  if (publish) publicDataChanged(db);
  return ok();
}

/** The adopter takes their story down: it and its photo are deleted. */
export async function removeStory(db: Db, userId: string, applicationId: string): Promise<Result<void>> {
  const adoption = await adoptionFor(db, userId, applicationId);
  if (!adoption) return notFound("application");
  if (adoption.adopterId !== userId) return forbidden("story-adopter-only");
  const removed = await db.transaction((tx) => deleteStories(tx, eq(happyEndings.adoptionId, adoption.id)));
  if (removed === 0) return notFound("story");
  publicDataChanged(db);
  return ok();
}

/** Deletes the stories `where` picks, and their photos; in the caller's transaction if it has one. */
export async function deleteStories(db: Db, where: SQL): Promise<number> {
  const deleted = await db.delete(happyEndings).where(where).returning({ imageId: happyEndings.imageId });
  const photos = deleted.flatMap((row) => (row.imageId ? [row.imageId] : []));
  if (photos.length > 0) await db.delete(images).where(inArray(images.id, photos));
  return deleted.length;
}

/**
 * The stories of adoptions whose adopter deleted their account, or whose animal's record or
 * organisation is gone (nobody left to take them down). Run by the hourly purge.
 */
export async function forgetStoriesOfDeletedAccounts(db: Db): Promise<number> {
  return db.transaction((tx) =>
    deleteStories(
      tx,
      inArray(
        happyEndings.adoptionId,
        tx
          .select({ id: adoptions.id })
          .from(adoptions)
          .where(or(isNull(adoptions.adopterId), isNull(adoptions.petId), isNull(adoptions.organizationId))),
      ),
    ),
  );
}

export type StoryOnApplication = {
  /** When it last changed: the version the caretaker decides on. */
  updatedAt: Date;
  historia: string;
  imageId: string | null;
  status: StoryStatus;
  motivo: string | null;
  id: string;
};

/** The adoption's story, for the application's two parties (the caller checked who reads). */
export async function storyOf(db: Db, applicationId: string): Promise<StoryOnApplication | null> {
  const [story] = await db
    .select({
      id: happyEndings.id,
      historia: happyEndings.historia,
      imageId: happyEndings.imageId,
      status: happyEndings.status,
      motivo: happyEndings.motivo,
      updatedAt: happyEndings.updatedAt,
    })
    .from(happyEndings)
    .innerJoin(adoptions, eq(adoptions.id, happyEndings.adoptionId))
    .where(eq(adoptions.applicationId, applicationId))
    .limit(1);
  return story ? { ...story, updatedAt: new Date(story.updatedAt) } : null;
}

export type PublicStory = {
  id: string;
  historia: string;
  imageId: string | null;
  publishedAt: Date;
  adoptedAt: Date;
  /** The adopter's first name. */
  adotante: string;
  pet: { id: string; nome: string; especie: Species };
  responsavel: { id: string; nome: string };
};

const adopter = sql<string>`(select u.nome from users u where u.id = ${adoptions.adopterId})`;

/** Published, of an adoption not returned, whose adopter, animal and caretaker still exist and are not moderated away. */
const isPublic = and(
  eq(happyEndings.status, "publicado"),
  isNull(adoptions.devolvidaEm),
  isNotNull(adoptions.adopterId),
  // Nothing of a listing moderation hid, or of a suspended account.
  ne(pets.status, "oculto"),
  isNull(users.suspendedAt),
);

function publicStories(db: Db) {
  return db
    .select({
      id: happyEndings.id,
      historia: happyEndings.historia,
      imageId: happyEndings.imageId,
      publishedAt: happyEndings.publishedAt,
      adoptedAt: adoptions.adoptedAt,
      adopterNome: adopter,
      petId: pets.id,
      petNome: pets.nome,
      especie: pets.species,
      caretakerId: users.id,
      caretakerNome: publicName,
      // The story's own photo, or the animal's first.
      petFotoId: sql<
        string | null
      >`(select image_id::text from pet_photos where pet_id = ${pets.id} order by position limit 1)`,
    })
    .from(happyEndings)
    .innerJoin(adoptions, eq(adoptions.id, happyEndings.adoptionId))
    .innerJoin(pets, eq(pets.id, adoptions.petId))
    .innerJoin(users, eq(users.id, pets.caretakerId));
}

type StoryRow = Awaited<ReturnType<ReturnType<typeof publicStories>["execute"]>>[number];

function toPublicStory(row: StoryRow): PublicStory {
  return {
    id: row.id,
    historia: row.historia,
    imageId: row.imageId ?? row.petFotoId,
    publishedAt: new Date(row.publishedAt!),
    adoptedAt: new Date(row.adoptedAt),
    adotante: firstName(row.adopterNome ?? ""),
    pet: { id: row.petId, nome: row.petNome, especie: row.especie },
    responsavel: { id: row.caretakerId, nome: row.caretakerNome },
  };
}

/** `antes` of `/finais-felizes`: the stories published before this one (app/lib/page-cursors.ts). */
export const parseStoryCursor = parsePageCursor;
const storyCursor = (story: { publishedAt: Date; id: string }) =>
  writePageCursor({ at: story.publishedAt, id: story.id });

/**
 * A page of `/finais-felizes`, newest first: those published before `before` (the last one of
 * the previous page), and the cursor of the next page, if there is one.
 */
export async function listStories(
  db: Db,
  before?: PageCursor,
): Promise<{ stories: PublicStory[]; next: string | null }> {
  const key = `finais-felizes:${before ? writePageCursor(before) : ""}`;
  const { stories, more } = await cachedRead(db, key, () => readStories(db, before));
  const last = stories.at(-1);
  return { stories, next: more && last ? storyCursor(last) : null };
}

async function readStories(db: Db, before?: PageCursor) {
  const rows = await publicStories(db)
    .where(
      and(
        isPublic,
        before
          ? or(
              lt(happyEndings.publishedAt, before.at),
              and(eq(happyEndings.publishedAt, before.at), lt(happyEndings.id, before.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(happyEndings.publishedAt), desc(happyEndings.id))
    .limit(STORIES_PER_PAGE + 1);
  return { stories: rows.slice(0, STORIES_PER_PAGE).map(toPublicStory), more: rows.length > STORIES_PER_PAGE };
}

/** One published story (its own page, with its link preview). */
export function findStory(db: Db, id: string): Promise<PublicStory | null> {
  return cachedRead(db, `final-feliz:${id}`, () => readStory(db, id));
}

async function readStory(db: Db, id: string): Promise<PublicStory | null> {
  const [row] = await publicStories(db)
    .where(and(isPublic, eq(happyEndings.id, id)))
    .limit(1);
  return row ? toPublicStory(row) : null;
}

/** A caretaker's published stories, newest first (their public page). */
export function caretakerStories(db: Db, caretakerId: string, limit = 6): Promise<PublicStory[]> {
  return cachedRead(db, `finais-felizes-de:${caretakerId}:${limit}`, () =>
    readCaretakerStories(db, caretakerId, limit),
  );
}

async function readCaretakerStories(db: Db, caretakerId: string, limit: number): Promise<PublicStory[]> {
  const rows = await publicStories(db)
    .where(and(isPublic, eq(pets.caretakerId, caretakerId)))
    .orderBy(desc(happyEndings.publishedAt), desc(happyEndings.id))
    .limit(limit);
  return rows.map(toPublicStory);
}
