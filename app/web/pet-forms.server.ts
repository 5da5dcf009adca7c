import { data } from "react-router";
import { InvalidPetPhotoError, type PetInput } from "~/services/pets.server";
import { MAX_PET_PHOTOS, PET_MESSAGES, petCreateSchema, petEditSchema } from "~/validation/pets";
import { parseForm } from "./forms.server";

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

/** The answer for a photo whose content is not an accepted image. */
export function photoErrorReply(error: unknown, reply: (errors: { fieldErrors: Record<string, string[]> }) => unknown) {
  if (!(error instanceof InvalidPetPhotoError)) throw error;
  const message =
    error.cause.reason === "too-large"
      ? `A foto ${error.index + 1} é grande demais: envie fotos de até 40 megapixels.`
      : `A foto ${error.index + 1} não é uma imagem válida. ${PET_MESSAGES.fotos.type}`;
  return data(reply({ fieldErrors: { fotos: [message] } }) as never, { status: 400 });
}
