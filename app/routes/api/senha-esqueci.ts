import type { Route } from "./+types/senha-esqueci";
import { requestPasswordReset } from "~/domain/accounts/password-reset.server";
import { apiEsqueciSchema, RESET_MESSAGES } from "~/validation/accounts";
import { apiFailure, methodNotAllowed, parseJsonBody } from "~/web/api.server";

export function loader() {
  return methodNotAllowed("POST");
}

/** `POST /api/senha/esqueci` {email} → 202, whether or not the account exists (429 past the client's limit). */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const parsed = await parseJsonBody(request, apiEsqueciSchema);
  if (!parsed.ok) return parsed.response;
  const asked = await requestPasswordReset(context.db, context.jobs, parsed.data.email, context.clientKey);
  if (!asked.ok) return apiFailure(asked.failure);
  return Response.json({ message: RESET_MESSAGES.sent }, { status: 202, headers: { "Cache-Control": "no-store" } });
}
