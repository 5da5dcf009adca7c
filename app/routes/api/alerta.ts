import { data } from "react-router";
import type { Route } from "./+types/alerta";
import { deleteAlert, setAlertFrequency } from "~/domain/alerts/alerts.server";
import { isId } from "~/lib/ids";
import { notFound } from "~/services/outcome.server";
import { alertPatchSchema } from "~/validation/alerts";
import { apiFailure, methodNotAllowed, parseJsonBody } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";
import { toApiAlert } from "./alertas";

export function loader() {
  return methodNotAllowed("PATCH, DELETE");
}

/** `PATCH /api/alertas/:id` {frequencia} → 200 with the alert; `DELETE` → 204. Only your own. */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "PATCH" && request.method !== "DELETE") return methodNotAllowed("PATCH, DELETE");
  const user = await requireApiUser(request, context.db);
  if (!isId(params.id)) return apiFailure(notFound("alert").failure);
  if (request.method === "DELETE") {
    const deleted = await deleteAlert(context.db, user.id, params.id);
    if (!deleted.ok) return apiFailure(deleted.failure);
    return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
  }
  const parsed = await parseJsonBody(request, alertPatchSchema);
  if (!parsed.ok) return parsed.response;
  const changed = await setAlertFrequency(context.db, user.id, params.id, parsed.data.frequencia);
  if (!changed.ok) return apiFailure(changed.failure);
  return data(toApiAlert(changed.value), { headers: { "Cache-Control": "no-store" } });
}
