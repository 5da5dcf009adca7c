import type { Route } from "./+types/conversa-lida";
import { markConversationRead } from "~/domain/conversations/conversations.server";
import { notFound } from "~/services/outcome.server";
import { isId } from "~/lib/ids";
import { apiFailure, methodNotAllowed } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";

export function loader() {
  return methodNotAllowed("POST");
}

/** `POST /api/conversas/:id/lida` → 204: what the other party wrote is read. Only its parties. */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const user = await requireApiUser(request, context.db);
  const marked = isId(params.id)
    ? await markConversationRead(context.db, user.id, params.id)
    : notFound("conversation");
  if (!marked.ok) return apiFailure(marked.failure);
  return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
}
