import type { Route } from "./+types/favorito";
import { addFavorite, removeFavorite } from "~/domain/favorites/favorites.server";
import { isId } from "~/lib/ids";
import { notFound } from "~/services/outcome.server";
import { apiFailure, methodNotAllowed } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";

export function loader() {
  return methodNotAllowed("PUT, DELETE");
}

/** `PUT /api/favoritos/:petId` marks a pet (204, again too); `DELETE` unmarks it (204). */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "PUT" && request.method !== "DELETE") return methodNotAllowed("PUT, DELETE");
  const user = await requireApiUser(request, context.db);
  if (!isId(params.petId)) return apiFailure(notFound("pet").failure);
  if (request.method === "PUT") {
    const added = await addFavorite(context.db, user.id, params.petId);
    if (!added.ok) return apiFailure(added.failure);
  } else {
    await removeFavorite(context.db, user.id, params.petId);
  }
  return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
}
