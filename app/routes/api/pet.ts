import { data } from "react-router";
import type { Route } from "./+types/pet";
import { notFound } from "~/services/outcome.server";
import { checkPetOwner, findPet, findPublicPet, removePet, toApiPet, updatePet } from "~/domain/pets/pets.server";
import { apiFailure, methodNotAllowed } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";
import { readApiPetChanges } from "~/web/pet-forms.server";
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

  const body = await readApiPetChanges(request);
  if (!body.ok) return body.response;
  const updated = await updatePet(context.db, user.id, params.id, body.value.changes, body.value.photos);
  if (!updated.ok) return apiFailure(updated.failure);
  const pet = await findPet(context.db, params.id);
  return data(toApiPet(pet!), { headers: { "Cache-Control": "no-store" } });
}
