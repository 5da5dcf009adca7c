import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { Route } from "./+types/pets";
import { API_MAX_LIMIT, FEED_PAGE_SIZE, findPet, listFeed, publishPet, toApiPet } from "~/services/pets.server";
import { MAX_PET_PHOTOS, feedFiltersSchema, petCreateSchema } from "~/validation/pets";
import { apiError, apiFailure, methodNotAllowed, submissionFailed } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";
import { BodyError, readForm } from "~/web/body.server";

/** `GET /api/pets`: the feed as JSON, with the same filters; `page` and `limit` (at most 50). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const filters = feedFiltersSchema.parse(params);
  const requested = Number(params.limit ?? FEED_PAGE_SIZE);
  const limit = Number.isInteger(requested) && requested >= 1 ? Math.min(requested, API_MAX_LIMIT) : FEED_PAGE_SIZE;
  const feed = await listFeed(context.db, filters, limit);
  return data(
    {
      pets: feed.items.map(toApiPet),
      pagina: feed.page,
      limite: feed.limit,
      total: feed.total,
      paginas: feed.pageCount,
    },
    { headers: { "Cache-Control": "public, max-age=30" } },
  );
}

/** `POST /api/pets` (multipart: the fields and 1 to 5 `fotos`) → 201 with the new pet. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("GET, POST");
  const user = await requireApiUser(request, context.db);
  if (!/^multipart\/form-data/i.test(request.headers.get("Content-Type") ?? "")) {
    return apiError(415, "Envie os dados como multipart/form-data, com as fotos no campo fotos.");
  }
  let formData: FormData;
  try {
    formData = await readForm(request, { maxFiles: MAX_PET_PHOTOS });
  } catch (error) {
    if (error instanceof BodyError) return apiError(error.status, error.message);
    throw error;
  }
  // The same parsing as the page's form (empty fields count as missing).
  const submission = parseWithZod(formData, { schema: petCreateSchema });
  if (submission.status !== "success") return submissionFailed(submission.error);
  const { fotos, ...input } = submission.value;
  const photos = await Promise.all(fotos.map(async (file) => Buffer.from(await file.arrayBuffer())));
  const published = await publishPet(context.db, user.id, input, photos);
  if (!published.ok) return apiFailure(published.failure);
  const pet = await findPet(context.db, published.value);
  return data(toApiPet(pet!), {
    status: 201,
    headers: { Location: `/adopet/api/pets/${published.value}`, "Cache-Control": "no-store" },
  });
}
