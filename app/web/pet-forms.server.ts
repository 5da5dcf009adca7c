import { data } from "react-router";
import { InvalidPetPhotoError, type PetInput } from "~/services/pets.server";
import { MAX_PET_PHOTOS, PET_MESSAGES, petCreateSchema, petEditSchema } from "~/validation/pets";
import { isStorageFull } from "~/db/errors.server";
import { STORAGE_FULL } from "~/validation/messages";
import { RateLimitedError } from "~/services/rate-limits.server";
import { apiError, apiLimited } from "./api.server";
import { limitedFormReply, parseForm } from "./forms.server";

/** Reads the publish/edit form: the pet's fields and the photos' bytes. */
export async function readPetForm(request: Request, mode: "create" | "edit") {
  const form = await parseForm(request, mode === "create" ? petCreateSchema : petEditSchema, {
    maxFiles: MAX_PET_PHOTOS,
    hideFields: ["fotos"],
  });
  if (!form.ok) return form;
  const { fotos, ...input } = form.value;
  const photos = await Promise.all(fotos.map(async (file) => Buffer.from(await file.arrayBuffer())));
  return { ok: true as const, input: input satisfies PetInput, photos, reply: form.reply };
}

/** What to tell about a photo whose content is not an accepted image. */
function photoErrorMessage(error: InvalidPetPhotoError): string {
  return error.cause.reason === "too-large"
    ? `A foto ${error.index + 1} é grande demais: envie fotos de até 40 megapixels.`
    : `A foto ${error.index + 1} não é uma imagem válida. ${PET_MESSAGES.fotos.type}`;
}

/** The form's answer when saving a pet failed: a refused photo (400), a limit (429) or no space left (507). */
export function photoErrorReply(
  error: unknown,
  reply: (errors: { fieldErrors?: Record<string, string[]>; formErrors?: string[] }) => unknown,
) {
  if (error instanceof RateLimitedError) return limitedFormReply(error);
  if (isStorageFull(error)) return data(reply({ formErrors: [STORAGE_FULL] }) as never, { status: 507 });
  if (!(error instanceof InvalidPetPhotoError)) throw error;
  return data(reply({ fieldErrors: { fotos: [photoErrorMessage(error)] } }) as never, { status: 400 });
}

/** The API's answer when saving a pet failed, as photoErrorReply. */
export function apiPhotoError(error: unknown) {
  if (error instanceof RateLimitedError) return apiLimited(error);
  if (isStorageFull(error)) return apiError(507, STORAGE_FULL);
  if (!(error instanceof InvalidPetPhotoError)) throw error;
  const message = photoErrorMessage(error);
  return apiError(400, message, { fotos: [message] });
}
