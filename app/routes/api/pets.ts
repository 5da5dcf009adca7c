import { data } from "react-router";
import type { Route } from "./+types/pets";
import {
  API_MAX_LIMIT,
  FEED_PAGE_SIZE,
  findPet,
  listFeed,
  publishPet,
  toApiPet,
  toApiPets,
} from "~/domain/pets/pets.server";
import { feedFiltersSchema, feedParams } from "~/validation/pets";
import { PLACE_MESSAGES } from "~/validation/messages";
import { apiError, apiFailure, methodNotAllowed } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";
import { readApiPetCreate } from "~/web/pet-forms.server";

/**
 * `GET /api/pets`: the feed as JSON, with the same filters (`q`, `perto` an IBGE code with
 * `raio` in km, `sexo`, `castrado`, `convive_com`…); `page` and `limit` (at most 50).
 * With `perto`, pets come nearest first, each with `distancia_km`.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const searchParams = new URL(request.url).searchParams;
  const params = Object.fromEntries(searchParams);
  const filters = feedFiltersSchema.parse(feedParams(searchParams));
  const requested = Number(params.limit ?? FEED_PAGE_SIZE);
  const limit = Number.isInteger(requested) && requested >= 1 ? Math.min(requested, API_MAX_LIMIT) : FEED_PAGE_SIZE;
  const feed = await listFeed(context.db, filters, limit);
  if (feed.perto?.encontrada === false) {
    return apiError(400, PLACE_MESSAGES.unknown, { perto: [PLACE_MESSAGES.unknown] });
  }
  return data(
    {
      pets: toApiPets(feed),
      pagina: feed.page,
      limite: feed.limit,
      total: feed.total,
      // More than `total` (1,000) match: counting stops there.
      total_limitado: feed.totalLimitado ?? false,
      paginas: feed.pageCount,
    },
    { headers: { "Cache-Control": "public, max-age=30" } },
  );
}

/** `POST /api/pets` (multipart: the fields and 1 to 5 `fotos`) → 201 with the new pet. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("GET, POST");
  const user = await requireApiUser(request, context.db);
  const body = await readApiPetCreate(request);
  if (!body.ok) return body.response;
  const published = await publishPet(context.db, context.jobs, user.id, body.value.input, body.value.photos);
  if (!published.ok) return apiFailure(published.failure);
  const pet = await findPet(context.db, published.value);
  return data(toApiPet(pet!), {
    status: 201,
    headers: { Location: `/adopet/api/pets/${published.value}`, "Cache-Control": "no-store" },
  });
}
