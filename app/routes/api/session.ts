import { data } from "react-router";
import type { Route } from "./+types/session";
import { findUser, toOwnUser } from "~/domain/accounts/accounts.server";
import { apiLoginSchema } from "~/validation/accounts";
import { apiError, apiFailure, methodNotAllowed, parseJsonBody } from "~/web/api.server";
import { endSession, getUser, signIn } from "~/web/auth.server";

/** `GET /api/session`: the signed-in user, or 401. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getUser(request, context.db);
  const row = user && (await findUser(context.db, user.id));
  if (!row) return apiError(401, "Nenhuma sessão ativa.");
  return data(toOwnUser(row), { headers: { "Cache-Control": "private, no-store" } });
}

/** `POST /api/session` {email, senha} logs in; `DELETE /api/session` logs out. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method === "DELETE") {
    const cookie = await endSession(request, context);
    return new Response(null, { status: 204, headers: { "Set-Cookie": cookie, "Cache-Control": "no-store" } });
  }
  if (request.method !== "POST") return methodNotAllowed("GET, POST, DELETE");
  const parsed = await parseJsonBody(request, apiLoginSchema);
  if (!parsed.ok) return parsed.response;
  const signedIn = await signIn(request, context, parsed.data);
  if (!signedIn.ok) return apiFailure(signedIn.failure);
  const { user, headers } = signedIn.value;
  headers.set("Cache-Control", "no-store");
  return data(user, { headers });
}
