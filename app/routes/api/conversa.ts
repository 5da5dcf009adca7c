import { data } from "react-router";
import type { Route } from "./+types/conversa";
import { getConversation } from "~/domain/conversations/conversations.server";
import { notFound } from "~/services/outcome.server";
import { isId } from "~/lib/ids";
import { apiFailure, methodNotAllowed } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";
import { toApiConversation } from "~/web/conversations.server";

/** `GET /api/conversas/:id`: a conversation and its messages, for its two parties only (404 otherwise). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireApiUser(request, context.db);
  const found = isId(params.id) ? await getConversation(context.db, user.id, params.id) : notFound("conversation");
  if (!found.ok) return apiFailure(found.failure);
  return data(toApiConversation(found.value), { headers: { "Cache-Control": "private, no-store" } });
}

export function action() {
  return methodNotAllowed("GET");
}
