import type { Route } from "./+types/candidatura-termo-pdf";
import { termoPdf } from "~/domain/termos/termos.server";
import { isId } from "~/lib/ids";
import { notFound } from "~/services/outcome.server";
import { apiFailure, methodNotAllowed } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";
import { termoPdfResponse } from "~/web/termos.server";

/** `GET /api/candidaturas/:id/termo.pdf`: the signed termo, to the byte as made, for its two parties. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireApiUser(request, context.db);
  if (!isId(params.id)) return apiFailure(notFound("application").failure);
  const found = await termoPdf(context.db, context.vault, user.id, params.id);
  if (!found.ok) return apiFailure(found.failure);
  return termoPdfResponse(found.value);
}

export function action() {
  return methodNotAllowed("GET");
}
