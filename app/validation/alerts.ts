import { z } from "zod";
import { ALERT_FREQUENCIES, ALERT_MESSAGES } from "~/lib/alerts";
import { RADII_KM } from "~/lib/pets";
import { LOST_FOUND_MESSAGES } from "~/validation/lost-found";
import { searchFields } from "~/validation/pets";
import { linkTokenField } from "./fields";

const frequency = z.enum(ALERT_FREQUENCIES, { error: ALERT_MESSAGES.frequencia });
const RADIUS = "Raio inválido: use 10, 25, 50, 100 ou 200 km.";

/** An alert's search: the feed's parameters (GET /api/pets), each refused with a message when unreadable. */
export const alertFiltersSchema = z
  .strictObject(
    {
      tipo: z.enum(["perdido", "encontrado"], { error: ALERT_MESSAGES.tipo }).optional(),
      cidade: searchFields.cidade.optional(),
      uf: searchFields.uf.optional(),
      especie: searchFields.especie.optional(),
      porte: searchFields.porte.optional(),
      idade: searchFields.idade.optional(),
      q: searchFields.q.optional(),
      perto: searchFields.perto.optional(),
      // The feed's radii; a lost and found alert's, as the list's, any from 1 to 100 km (below).
      raio: z.coerce.number({ error: RADIUS }).int(RADIUS).min(1, RADIUS).max(200, RADIUS).optional(),
      sexo: searchFields.sexo.optional(),
      castrado: searchFields.castrado.optional(),
      convive_com: searchFields.convive_com.optional(),
    },
    { error: ALERT_MESSAGES.filtros },
  )
  .superRefine((filters, context) => {
    if (!filters.tipo) {
      if (filters.raio !== undefined && !(RADII_KM as readonly number[]).includes(filters.raio)) {
        context.addIssue({ code: "custom", message: RADIUS, path: ["raio"] });
      }
      return;
    }
    // Lost and found (issue 47): near a city, of a species; nothing of the adoption feed's.
    const fits = Object.keys(filters).every((key) => ["tipo", "especie", "perto", "raio"].includes(key));
    if (filters.perto === undefined || !fits) {
      context.addIssue({ code: "custom", message: ALERT_MESSAGES.lostFound, path: ["tipo"] });
    }
    if (filters.raio !== undefined && filters.raio > 100) {
      context.addIssue({ code: "custom", message: LOST_FOUND_MESSAGES.raio, path: ["raio"] });
    }
  });
export type AlertFilters = z.output<typeof alertFiltersSchema>;

/** `POST /api/alertas`: {filtros, frequencia}; a daily digest unless said. */
export const alertCreateSchema = z.strictObject({
  filtros: alertFiltersSchema.default({}),
  frequencia: frequency.default("diaria"),
});

export const alertPatchSchema = z.strictObject({ frequencia: frequency });

/** `POST /api/alertas/cancelamento` {token}: the unsubscribe link's token, without a login. */
export const apiUnsubscribeSchema = z.strictObject({ token: linkTokenField(ALERT_MESSAGES.invalidLink) });

/** The page's forms send the feed's URL parameters: empty fields are no filter. */
export function formFilters(form: FormData): Record<string, unknown> {
  const filters: Record<string, unknown> = {};
  for (const key of Object.keys(alertFiltersSchema.shape)) {
    const values = form.getAll(key).filter((value): value is string => typeof value === "string" && value !== "");
    if (values.length > 0) filters[key] = key === "convive_com" ? values.join(",") : values[0];
  }
  return filters;
}
