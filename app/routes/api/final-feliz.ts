import { data } from "react-router";
import type { Route } from "./+types/final-feliz";
import { findStory } from "~/domain/termos/happy-endings.server";
import { isId } from "~/lib/ids";
import { notFound } from "~/services/outcome.server";
import { apiFailure, methodNotAllowed } from "~/web/api.server";
import { toApiStory } from "~/web/stories.server";

/** `GET /api/finais-felizes/:id`: one published happy ending (404 for any other). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const story = isId(params.id) ? await findStory(context.db, params.id) : null;
  if (!story) return apiFailure(notFound("story").failure);
  return data(toApiStory(story), { headers: { "Cache-Control": "public, max-age=30" } });
}

export function action() {
  return methodNotAllowed("GET");
}
