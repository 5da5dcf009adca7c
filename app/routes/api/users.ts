import type { Route } from "./+types/users";
import { registerUser } from "~/domain/accounts/accounts.server";
import { apiCreateUserSchema } from "~/validation/accounts";
import { apiError, apiFailure, methodNotAllowed, parseJsonBody } from "~/web/api.server";
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
  const registered = await registerUser(context.db, context.jobs, parsed.data, context.clientKey);
  if (!registered.ok) return apiFailure(registered.failure);
  const user = registered.value;
  return data(user, {
    status: 201,
    headers: { Location: `/adopet/api/users/${user.id}`, "Cache-Control": "no-store" },
  });
}
