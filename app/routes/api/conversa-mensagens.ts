import { data } from "react-router";
import type { Route } from "./+types/conversa-mensagens";
import { sendInConversation } from "~/domain/conversations/conversations.server";
import { notFound } from "~/services/outcome.server";
import { isId } from "~/lib/ids";
import { apiConversationMessageSchema } from "~/validation/conversations";
import { apiFailure, methodNotAllowed, parseJsonBody } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";

export function loader() {
  return methodNotAllowed("POST");
}

/** `POST /api/conversas/:id/mensagens` {texto} → 201 {id, enviada_em}: for the conversation's two parties only. */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const user = await requireApiUser(request, context.db);
  if (!isId(params.id)) return apiFailure(notFound("conversation").failure);
  const parsed = await parseJsonBody(request, apiConversationMessageSchema);
  if (!parsed.ok) return parsed.response;
  const sent = await sendInConversation(context.db, context.jobs, {
    userId: user.id,
    conversationId: params.id,
    texto: parsed.data.texto,
  });
  if (!sent.ok) return apiFailure(sent.failure);
  return data(
    { id: sent.value.id, enviada_em: sent.value.createdAt.toISOString() },
    { status: 201, headers: { "Cache-Control": "no-store" } },
  );
}
