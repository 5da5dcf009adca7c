import { data } from "react-router";
import type { Route } from "./+types/pet-questionario";
import { questionnaireForPet } from "~/domain/applications/applications.server";
import { isId } from "~/lib/ids";
import { notFound } from "~/services/outcome.server";
import { apiFailure, methodNotAllowed } from "~/web/api.server";

/** `GET /api/pets/:id/questionario`: the questions an adopter of this pet answers (public). */
export async function loader({ params, context }: Route.LoaderArgs) {
  if (!isId(params.id)) return apiFailure(notFound("pet").failure);
  const found = await questionnaireForPet(context.db, params.id);
  if (!found.ok) return apiFailure(found.failure);
  return data({ perguntas: found.value.perguntas }, { headers: { "Cache-Control": "public, max-age=30" } });
}

export function action() {
  return methodNotAllowed("GET");
}
