import { data } from "react-router";
import type { Route } from "./+types/alertas";
import { createAlert, listAlerts, type AlertView } from "~/domain/alerts/alerts.server";
import { alertCreateSchema } from "~/validation/alerts";
import { apiFailure, methodNotAllowed, parseJsonBody } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";
import type { ApiAlert } from "~/openapi/responses";

/** An alert as the API shows it. */
export const toApiAlert = (alert: AlertView): ApiAlert => ({
  id: alert.id,
  // Stored only after alertFiltersSchema read them: its UF is one of the list.
  filtros: alert.filtros as ApiAlert["filtros"],
  frequencia: alert.frequencia,
  descricao: alert.descricao,
  criado_em: alert.createdAt.toISOString(),
});

/** `GET /api/alertas`: your alerts, newest first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireApiUser(request, context.db);
  const alerts = await listAlerts(context.db, user.id);
  return data({ alertas: alerts.map(toApiAlert) }, { headers: { "Cache-Control": "no-store" } });
}

/**
 * `POST /api/alertas` {filtros: the parameters of GET /api/pets, frequencia: diaria | imediata}
 * → 201 {id}; the same search again → 200 with the alert it already is.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("GET, POST");
  const user = await requireApiUser(request, context.db);
  const parsed = await parseJsonBody(request, alertCreateSchema);
  if (!parsed.ok) return parsed.response;
  const created = await createAlert(context.db, user.id, parsed.data);
  if (!created.ok) return apiFailure(created.failure, { fields: { perto: "filtros.perto" } });
  const { id } = created.value;
  return data(
    { id },
    {
      status: created.value.created ? 201 : 200,
      headers: { Location: `/adopet/api/alertas/${id}`, "Cache-Control": "no-store" },
    },
  );
}
