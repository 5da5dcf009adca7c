import { and, eq, inArray, sql } from "drizzle-orm";
import type { Metadata } from "sharp";
import type { Db } from "~/db/client.server";
import { imageVariants, images, lostFoundPhotos, organizations, petNewsPhotos, petPhotos, users } from "~/db/schema";
import { fairQueue } from "~/lib/fair-queue";
import { IMAGE_WIDTHS } from "~/lib/image-urls";
import type { InvalidReason } from "~/services/outcome.server";

export type AcceptedFormat = "jpeg" | "png" | "webp";

/** Bigger than any phone camera; refuses decompression bombs before decoding. */
const MAX_INPUT_PIXELS = 40_000_000;

export class InvalidImageError extends Error {
  constructor(readonly reason: "not-an-image" | "format" | "too-large") {
    super(`Imagem recusada: ${reason}`);
    this.name = "InvalidImageError";
  }
}

/** A refused image as the services report it (outcome.server.ts). */
export function imageRefusal(error: InvalidImageError): InvalidReason {
  if (error.reason === "too-large") return "image-too-large";
  return error.reason === "format" ? "image-format" : "not-an-image";
}

/** sharp and libvips are loaded with the first image: a server that only reads never pays for them. */
export const loadSharp = () => import("sharp").then((module) => module.default);

type Variant = { width: number; height: number; data: Buffer };

// One image is prepared at a time in the process: libvips already spreads one image over
// every core, and four uploads of five 40-megapixel photos at once used to hold them all in
// memory together (219 → 347 MB) for ten seconds each. The accounts take turns (a queue per
// account, served round-robin): three clients sending 40-megapixel certificates took another
// person's profile photo from 0.03 s to 1.9 s when every image waited in one line.
const oneImageAtATime = fairQueue(1);

/**
 * Checks an upload by its content (never its name or declared type), then
 * produces WebP variants: auto-rotated, metadata (EXIF, GPS) stripped. `account` is whose
 * upload it is (the account its upload allowance was taken from): accounts take turns.
 */
export function prepareImage(
  input: Buffer,
  accepted: readonly AcceptedFormat[],
  account: string,
): Promise<{ width: number; height: number; variants: Variant[] }> {
  return oneImageAtATime(account, () => prepare(input, accepted));
}

/** The header's facts of an upload of an accepted format and size; decodes no pixels. */
async function checkedMetadata(input: Buffer, accepted: readonly AcceptedFormat[]) {
  const sharp = await loadSharp();
  let metadata: Metadata;
  try {
    // Reading the header decodes no pixels; the size check follows.
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new InvalidImageError("not-an-image");
  }
  if (!metadata.format || !(accepted as readonly string[]).includes(metadata.format)) {
    throw new InvalidImageError("format");
  }
  if (!metadata.width || !metadata.height || metadata.width * metadata.height > MAX_INPUT_PIXELS) {
    throw new InvalidImageError("too-large");
  }
  return { sharp, metadata: metadata as Metadata & { width: number; height: number } };
}

async function prepare(input: Buffer, accepted: readonly AcceptedFormat[]) {
  const { sharp, metadata } = await checkedMetadata(input, accepted);
  const variants: Variant[] = [];
  try {
    // The photo is decoded once, to the largest width (a JPEG shrinks while it decodes), into
    // raw pixels; every variant is resized from those. Before, each of the four widths
    // decoded the whole photo again.
    const largest = IMAGE_WIDTHS.at(-1)!;
    const { data: pixels, info } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" })
      .rotate()
      .resize({ width: largest, withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { width: info.width, height: info.height, channels: info.channels };
    for (const width of IMAGE_WIDTHS) {
      const { data, info: made } = await sharp(pixels, { raw })
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: 72, effort: 4 })
        .toBuffer({ resolveWithObject: true });
      variants.push({ width, height: made.height, data });
    }
  } catch {
    // Truncated or corrupt pixel data passes the header check but not decoding.
    throw new InvalidImageError("not-an-image");
  }
  const widest = variants.at(-1)!;
  return { width: Math.min(metadata.width, widest.width), height: widest.height, variants };
}

/** The widest a document's photo is kept: a vaccination card's batch stickers stay legible. */
const DOCUMENT_MAX_SIDE = 2_000;

/**
 * A photo of a document (a vaccination card, an exam): checked as any upload, auto-rotated,
 * stripped of metadata (a phone's GPS says where the animal lives), at most 2,000 px a side,
 * as one WebP. Accounts take turns with every other image.
 */
export function prepareDocumentImage(input: Buffer, accepted: readonly AcceptedFormat[], account: string) {
  return oneImageAtATime(account, async () => {
    const { sharp } = await checkedMetadata(input, accepted);
    try {
      return await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" })
        .rotate()
        .resize({ width: DOCUMENT_MAX_SIDE, height: DOCUMENT_MAX_SIDE, fit: "inside", withoutEnlargement: true })
        .webp({ quality: 80, effort: 4 })
        .toBuffer();
    } catch {
      throw new InvalidImageError("not-an-image");
    }
  });
}

/** Stores a prepared image and its variants; returns the new image's id. */
export async function saveImage(db: Db, prepared: Awaited<ReturnType<typeof prepareImage>>): Promise<string> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(images)
      .values({ width: prepared.width, height: prepared.height })
      .returning({ id: images.id });
    await tx.insert(imageVariants).values(
      prepared.variants.map((variant) => ({
        imageId: row!.id,
        width: variant.width,
        height: variant.height,
        format: "webp" as const,
        bytes: variant.data.length,
        data: variant.data,
      })),
    );
    return row!.id;
  });
}

/**
 * Deletes those of these images nothing uses any more: no pet's photo (bulk seeding
 * shares a few portraits between many pets), no profile photo, no organisation's logo, no
 * news photo and no lost or found animal's photo. Their variants go
 * with them (cascade). Call it once the links to them are gone, in the same transaction.
 */
export async function deleteUnusedImages(db: Db, imageIds: string[]): Promise<void> {
  if (imageIds.length === 0) return;
  await db
    .delete(images)
    .where(
      and(
        inArray(images.id, imageIds),
        sql`not exists (select 1 from ${petPhotos} where ${petPhotos.imageId} = ${images.id})`,
        sql`not exists (select 1 from ${users} where ${users.photoId} = ${images.id})`,
        sql`not exists (select 1 from ${organizations} where ${organizations.logoId} = ${images.id})`,
        sql`not exists (select 1 from ${petNewsPhotos} where ${petNewsPhotos.imageId} = ${images.id})`,
        sql`not exists (select 1 from ${lostFoundPhotos} where ${lostFoundPhotos.imageId} = ${images.id})`,
      ),
    );
}

export async function findImageVariant(db: Db, imageId: string, width: number) {
  const [variant] = await db
    .select({ data: imageVariants.data, bytes: imageVariants.bytes })
    .from(imageVariants)
    .where(and(eq(imageVariants.imageId, imageId), eq(imageVariants.width, width), eq(imageVariants.format, "webp")))
    .limit(1);
  return variant;
}
