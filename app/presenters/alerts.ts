import type { AlertView } from "~/domain/alerts/alerts.server";
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
