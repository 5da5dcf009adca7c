import { data } from "react-router";
import type { Route } from "./+types/finais-felizes";
import { listStories, parseStoryCursor } from "~/domain/termos/happy-endings.server";
import { apiError, methodNotAllowed } from "~/web/api.server";
import { toApiStory } from "~/web/stories.server";

/**
 * `GET /api/finais-felizes?antes=` → {historias, proxima}: the published happy endings, newest
 * first, 12 a page; `proxima` is the `antes` of the next page (null on the last). Public, for
 * partner sites too (CORS).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const cursor = parseStoryCursor(new URL(request.url).searchParams.get("antes"));
  if (cursor === null) return apiError(400, "Dados inválidos.", { antes: ["Página inválida."] });
  const { stories, next } = await listStories(context.db, cursor);
  return data(
    { historias: stories.map(toApiStory), proxima: next },
    { headers: { "Cache-Control": "public, max-age=30" } },
  );
}

export function action() {
  return methodNotAllowed("GET");
}
