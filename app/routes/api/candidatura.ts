import { data } from "react-router";
import type { Route } from "./+types/candidatura";
import { changeApplication, getApplication, type ApplicationView } from "~/domain/applications/applications.server";
import { findConversationOf } from "~/domain/conversations/conversations.server";
import type { Db } from "~/db/client.server";
import { isId } from "~/lib/ids";
import { notFound } from "~/services/outcome.server";
import { applicationPatchSchema } from "~/validation/applications";
import { apiFailure, methodNotAllowed, parseJsonBody } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";
import { toApiApplicationDetail } from "~/web/applications.server";

const noStore = { "Cache-Control": "no-store" };

/** `GET /api/candidaturas/:id`: only for its two parties (404 for anyone else). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireApiUser(request, context.db);
  if (!isId(params.id)) return apiFailure(notFound("application").failure);
  const found = await getApplication(context.db, user.id, params.id);
  if (!found.ok) return apiFailure(found.failure);
  return data(await withConversation(context.db, found.value), { headers: noStore });
}

/** The application with its conversation's id (the conversation of this adopter and pet). */
async function withConversation(db: Db, application: ApplicationView) {
  return toApiApplicationDetail(application, await findConversationOf(db, application.pet.id, application.adopter.id));
}

/**
 * `PATCH /api/candidaturas/:id` {status?, motivo?, nota?} → 200 with the application: a move
 * not allowed from its status gets 409, a move that is the other party's 403.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "PATCH") return methodNotAllowed("GET, PATCH");
  const user = await requireApiUser(request, context.db);
  if (!isId(params.id)) return apiFailure(notFound("application").failure);
  const parsed = await parseJsonBody(request, applicationPatchSchema);
  if (!parsed.ok) return parsed.response;
  const changed = await changeApplication(context.db, context.jobs, user.id, params.id, parsed.data);
  if (!changed.ok) return apiFailure(changed.failure);
  const found = await getApplication(context.db, user.id, params.id);
  if (!found.ok) return apiFailure(found.failure);
  return data(await withConversation(context.db, found.value), { headers: noStore });
}
