import type { Route } from "./+types/users";
import { registerUser } from "~/services/accounts.server";
import { apiCreateUserSchema } from "~/validation/accounts";
import { MESSAGES } from "~/validation/messages";
import { apiError, bodyErrorResponse, methodNotAllowed, validationFailed } from "~/web/api.server";
import { getUser } from "~/web/auth.server";
import { readJson } from "~/web/body.server";
import { data } from "react-router";

/** `GET /api/users` never lists accounts. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getUser(request, context.db);
  return user ? apiError(403, "A lista de usuários não é pública.") : apiError(401, "Faça login para continuar.");
}

/** `POST /api/users` {email, nome, senha} → 201 with the new account (never its password). */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("GET, POST");
  let body: unknown;
  try {
    body = await readJson(request);
  } catch (error) {
    return bodyErrorResponse(error);
  }
  const parsed = apiCreateUserSchema.safeParse(body);
  if (!parsed.success) return validationFailed(parsed.error);
  const result = await registerUser(context.db, parsed.data);
  if (!result.ok) return apiError(409, MESSAGES.email.taken, { email: [MESSAGES.email.taken] });
  return data(result.user, {
    status: 201,
    headers: { Location: `/adopet/api/users/${result.user.id}`, "Cache-Control": "no-store" },
  });
}
