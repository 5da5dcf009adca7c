import { z } from "zod";
import type { Route } from "./+types/message";
import { markRead } from "~/domain/messages/messages.server";
import { notFound } from "~/services/outcome.server";
import { apiFailure, methodNotAllowed, parseJsonBody } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";
import { isId } from "~/lib/ids";

const patchSchema = z.strictObject({ lida: z.literal(true, { error: 'Envie {"lida": true}.' }) });

export function loader() {
  return methodNotAllowed("PATCH");
}

/** `PATCH /api/messages/:id` {lida: true}: the recipient marks a message read. Anyone else: 404. */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "PATCH") return methodNotAllowed("PATCH");
  const user = await requireApiUser(request, context.db);
  const parsed = await parseJsonBody(request, patchSchema);
  if (!parsed.ok) return parsed.response;
  const marked = isId(params.id) ? await markRead(context.db, user.id, params.id) : notFound("message");
  if (!marked.ok) return apiFailure(marked.failure);
  return new Response(null, { status: 204 });
}
