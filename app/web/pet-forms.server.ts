import type { PetInput } from "~/services/pets.server";
import { MAX_PET_PHOTOS, petCreateSchema, petEditSchema } from "~/validation/pets";
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
