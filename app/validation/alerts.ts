import { z } from "zod";
import { ALERT_FREQUENCIES, ALERT_MESSAGES } from "~/lib/alerts";
import { searchFields } from "~/validation/pets";

const frequency = z.enum(ALERT_FREQUENCIES, { error: ALERT_MESSAGES.frequencia });

/** An alert's search: the feed's parameters (GET /api/pets), each refused with a message when unreadable. */
export const alertFiltersSchema = z.strictObject(
  {
    cidade: searchFields.cidade.optional(),
    uf: searchFields.uf.optional(),
    especie: searchFields.especie.optional(),
    porte: searchFields.porte.optional(),
    idade: searchFields.idade.optional(),
    q: searchFields.q.optional(),
    perto: searchFields.perto.optional(),
    raio: searchFields.raio.optional(),
    sexo: searchFields.sexo.optional(),
    castrado: searchFields.castrado.optional(),
    convive_com: searchFields.convive_com.optional(),
  },
  { error: ALERT_MESSAGES.filtros },
);
export type AlertFilters = z.output<typeof alertFiltersSchema>;

/** `POST /api/alertas`: {filtros, frequencia}; a daily digest unless said. */
export const alertCreateSchema = z.strictObject({
  filtros: alertFiltersSchema.default({}),
  frequencia: frequency.default("diaria"),
});

export const alertPatchSchema = z.strictObject({ frequencia: frequency });

/** The page's forms send the feed's URL parameters: empty fields are no filter. */
export function formFilters(form: FormData): Record<string, unknown> {
  const filters: Record<string, unknown> = {};
  for (const key of Object.keys(alertFiltersSchema.shape)) {
    const values = form.getAll(key).filter((value): value is string => typeof value === "string" && value !== "");
    if (values.length > 0) filters[key] = key === "convive_com" ? values.join(",") : values[0];
  }
  return filters;
}
