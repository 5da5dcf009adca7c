import type { Route } from "./+types/users";
import { registerUser } from "~/services/accounts.server";
import { apiCreateUserSchema } from "~/validation/accounts";
import { MESSAGES } from "~/validation/messages";
import { apiError, apiLimited, methodNotAllowed, parseJsonBody } from "~/web/api.server";
import { RateLimitedError } from "~/services/rate-limits.server";
import { getUser } from "~/web/auth.server";
import { data } from "react-router";

/** `GET /api/users` never lists accounts. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getUser(request, context.db);
  return user ? apiError(403, "A lista de usuários não é pública.") : apiError(401, "Faça login para continuar.");
}

/** `POST /api/users` {email, nome, senha} → 201 with the new account (never its password). */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("GET, POST");
  const parsed = await parseJsonBody(request, apiCreateUserSchema);
  if (!parsed.ok) return parsed.response;
  let result;
  try {
    result = await registerUser(context.db, parsed.data, context.clientIp);
  } catch (error) {
    if (error instanceof RateLimitedError) return apiLimited(error);
    throw error;
  }
  if (!result.ok) return apiError(409, MESSAGES.email.taken, { email: [MESSAGES.email.taken] });
  return data(result.user, {
    status: 201,
    headers: { Location: `/adopet/api/users/${result.user.id}`, "Cache-Control": "no-store" },
  });
}
