import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { Route } from "./+types/pet";
import { notFound } from "~/services/outcome.server";
import { checkPetOwner, findPet, findPublicPet, removePet, toApiPet, updatePet } from "~/services/pets.server";
import { apiPetPatchSchema, MAX_PET_PHOTOS, petEditSchema } from "~/validation/pets";
import { apiFailure, bodyErrorResponse, methodNotAllowed, submissionFailed, validationFailed } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";
import { readForm, readJson } from "~/web/body.server";
import { isId } from "~/lib/ids";

const petNotFound = () => apiFailure(notFound("pet").failure);

/** `GET /api/pets/:id`: any pet that was not removed (adopted ones say so in `status`). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const pet = isId(params.id) ? await findPublicPet(context.db, params.id) : null;
  if (!pet || pet.status === "removido") return petNotFound();
  return data(toApiPet(pet), { headers: { "Cache-Control": "public, max-age=30" } });
}

/**
 * `PATCH /api/pets/:id` (JSON, or multipart with new `fotos` replacing the old)
 * and `DELETE /api/pets/:id`: for the pet's caretaker only.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "PATCH" && request.method !== "DELETE") return methodNotAllowed("GET, PATCH, DELETE");
  const user = await requireApiUser(request, context.db);
  if (!isId(params.id)) return petNotFound();

  if (request.method === "DELETE") {
    const removed = await removePet(context.db, user.id, params.id);
    return removed.ok ? new Response(null, { status: 204 }) : apiFailure(removed.failure);
  }

  // Ownership is checked before the body is read: a stranger's upload is not worth reading.
  const owned = await checkPetOwner(context.db, user.id, params.id);
  if (!owned.ok) return apiFailure(owned.failure);

  let changes;
  let photos: Buffer[] | undefined;
  try {
    if (/^multipart\/form-data/i.test(request.headers.get("Content-Type") ?? "")) {
      const submission = parseWithZod(await readForm(request, { maxFiles: MAX_PET_PHOTOS }), { schema: petEditSchema });
      if (submission.status !== "success") return submissionFailed(submission.error);
      const { fotos, ...fields } = submission.value;
      changes = fields;
      photos = await Promise.all((fotos ?? []).map(async (file) => Buffer.from(await file.arrayBuffer())));
    } else {
      const parsed = apiPetPatchSchema.safeParse(await readJson(request));
      if (!parsed.success) return validationFailed(parsed.error);
      changes = parsed.data;
    }
  } catch (error) {
    return bodyErrorResponse(error);
  }

  const updated = await updatePet(context.db, user.id, params.id, changes, photos);
  if (!updated.ok) return apiFailure(updated.failure);
  const pet = await findPet(context.db, params.id);
  return data(toApiPet(pet!), { headers: { "Cache-Control": "no-store" } });
}
