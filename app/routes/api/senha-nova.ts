import type { Route } from "./+types/senha-nova";
import { resetPassword } from "~/domain/accounts/password-reset.server";
import { apiSenhaNovaSchema } from "~/validation/accounts";
import { apiFailure, methodNotAllowed, parseJsonBody } from "~/web/api.server";

export function loader() {
  return methodNotAllowed("POST");
}

/**
 * `POST /api/senha/nova` {token, senha, senha__confirma} → 204 (every session of the account
 * ended), or 400 for an expired, used or unknown link.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const parsed = await parseJsonBody(request, apiSenhaNovaSchema);
  if (!parsed.ok) return parsed.response;
  const reset = await resetPassword(context.db, parsed.data, context.clientIp);
  if (!reset.ok) return apiFailure(reset.failure);
  return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
}
