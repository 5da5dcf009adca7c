import { parseWithZod } from "@conform-to/zod/v4";
import { IMAGE_MAX_BYTES } from "~/validation/fields";
import type { z } from "zod";
import {
  LOST_FOUND_MESSAGES,
  photoSearchSchema,
  reportFormSchema,
  shelterAnimalsSchema,
  type ShelterAnimalsInput,
} from "~/validation/lost-found";
import { PET_MESSAGES } from "~/validation/pets";
import { EMERGENCY_ANIMALS_MAX, REPORT_PHOTOS_MAX } from "~/lib/lost-found";
import { bodyErrorResponse, submissionFailed, validationFailed } from "./api.server";
import { bytesOf, readForm } from "./body.server";

/** A lost or found animal's report (issue 47): its fields, and 1 to 5 photos in `fotos`. */
const PHOTO_LIMITS = {
  maxFiles: REPORT_PHOTOS_MAX,
  maxFileSize: IMAGE_MAX_BYTES,
  fileTooLarge: PET_MESSAGES.fotos.size,
  tooManyFiles: PET_MESSAGES.fotos.max,
};

/** A multipart body of fields and photos (in `fotos` or `foto`), read by its schema. */
async function readWithPhotos<Schema extends z.ZodType, Field extends "fotos" | "foto">(
  request: Request,
  schema: Schema,
  { field, maxFiles }: { field: Field; maxFiles: number },
): Promise<{ ok: true; input: Omit<z.output<Schema>, Field>; photos: Buffer[] } | { ok: false; response: Response }> {
  try {
    const submission = parseWithZod(await readForm(request, { ...PHOTO_LIMITS, maxFiles }), { schema });
    if (submission.status !== "success") return { ok: false, response: submissionFailed(submission.error) };
    const { [field]: files, ...input } = submission.value as Record<string, unknown>;
    return { ok: true, input: input as Omit<z.output<Schema>, Field>, photos: await bytesOf(files as File[]) };
  } catch (error) {
    return { ok: false, response: bodyErrorResponse(error) };
  }
}

/** `POST /api/perdidos-e-achados`: multipart only (the photos are the report). */
export const readApiReport = (request: Request) =>
  readWithPhotos(request, reportFormSchema, { field: "fotos", maxFiles: REPORT_PHOTOS_MAX });

/** `POST /api/emergencias/:id/busca`: one photo in `foto`, and the species and colours if known. */
export const readPhotoSearch = (request: Request) =>
  readWithPhotos(request, photoSearchSchema, { field: "foto", maxFiles: 1 });

/**
 * `POST /api/emergencias/:id/animais` (multipart): `organizacao_id`, `animais` (a JSON list) and
 * `fotos`, one per animal in the same order. A list that is no JSON is refused as one.
 */
export async function readShelterAnimals(
  request: Request,
): Promise<{ ok: true; value: ShelterAnimalsInput & { photos: Buffer[] } } | { ok: false; response: Response }> {
  try {
    const form = await readForm(request, {
      ...PHOTO_LIMITS,
      maxFiles: EMERGENCY_ANIMALS_MAX,
      tooManyFiles: LOST_FOUND_MESSAGES.animais,
    });
    const raw = form.get("animais");
    let animais: unknown = raw;
    try {
      animais = typeof raw === "string" ? JSON.parse(raw) : raw;
    } catch {
      // Left as text: the schema says what `animais` must be.
    }
    const fields = { organizacao_id: form.get("organizacao_id") ?? undefined, animais };
    const unknown = [...new Set(form.keys())].filter((key) => !["organizacao_id", "animais", "fotos"].includes(key));
    if (unknown.length > 0)
      return { ok: false, response: submissionFailed({ [unknown[0]!]: ["Campo desconhecido."] }) };
    const parsed = shelterAnimalsSchema.safeParse(fields);
    if (!parsed.success) return { ok: false, response: validationFailed(parsed.error) };
    const files = form.getAll("fotos").filter((file): file is File => typeof file !== "string");
    return { ok: true, value: { ...parsed.data, photos: await bytesOf(files) } };
  } catch (error) {
    return { ok: false, response: bodyErrorResponse(error) };
  }
}
