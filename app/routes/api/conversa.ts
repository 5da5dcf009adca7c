import { data } from "react-router";
import type { Route } from "./+types/conversa";
import { getConversation } from "~/domain/conversations/conversations.server";
import { notFound } from "~/services/outcome.server";
import { isId } from "~/lib/ids";
import { apiError, apiFailure, methodNotAllowed } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";
import { toApiConversation } from "~/web/conversations.server";

/**
 * `GET /api/conversas/:id[?antes=<mensagem>]`: a conversation and its latest messages (or those
 * before one of them), for its two parties only (404 otherwise).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireApiUser(request, context.db);
  const antes = new URL(request.url).searchParams.get("antes");
  if (antes !== null && !isId(antes)) {
    return apiError(400, "Parâmetro inválido.", { antes: ["Informe o id de uma mensagem desta conversa."] });
  }
  const found = isId(params.id)
    ? await getConversation(context.db, user.id, params.id, { before: antes ?? undefined })
    : notFound("conversation");
  if (!found.ok) return apiFailure(found.failure);
  return data(toApiConversation(found.value), { headers: { "Cache-Control": "private, no-store" } });
}

export function action() {
  return methodNotAllowed("GET");
}
