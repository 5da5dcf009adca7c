import { data } from "react-router";
import type { Route } from "./+types/favoritos";
import { listFavorites } from "~/domain/favorites/favorites.server";
import { toApiPet } from "~/api/presenters/pets";
import { methodNotAllowed } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";

/** `GET /api/favoritos`: your favourites, last marked first, each pet with its status (adotado, removido…). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireApiUser(request, context.db);
  const favorites = await listFavorites(context.db, user.id);
  return data(
    {
      favoritos: favorites.map(({ pet, markedAt }) => ({ pet: toApiPet(pet), favoritado_em: markedAt.toISOString() })),
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export function action() {
  return methodNotAllowed("GET");
}
