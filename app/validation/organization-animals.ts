import { z } from "zod";
import { SPECIES } from "~/lib/pets";

/**
 * The filters of an organisation's animal list (issue 62): the page `/organizacoes/:id/animais`
 * and `GET /organizacoes/{id}/animais` read the same query, by the same names.
 */

export const ANIMAL_SORTS = ["recentes", "antigos", "nome", "urgencia"] as const;
export const ANIMAL_SORT_LABEL: Record<(typeof ANIMAL_SORTS)[number], string> = {
  recentes: "Mais recentes",
  antigos: "Mais antigos",
  nome: "Nome",
  urgencia: "Urgência de lar temporário",
};
/** The statuses a team filters by (`reservado` is a flag of an available animal, not a status). */
export const ANIMAL_LIST_STATUSES = ["disponivel", "adotado", "oculto"] as const;
export const ANIMALS_QUERY_MAX = 60;

const ANIMALS_MESSAGES = {
  status: `Escolha o status: ${ANIMAL_LIST_STATUSES.join(", ")}.`,
  especie: `Escolha a espécie: ${SPECIES.join(", ")}.`,
  q: `A busca deve ter no máximo ${ANIMALS_QUERY_MAX} caracteres.`,
  flag: "Use 1 para filtrar.",
  ordem: `Escolha a ordem: ${ANIMAL_SORTS.join(", ")}.`,
  pagina: "Página inválida.",
};

const flag = (description: string) => z.literal("1", ANIMALS_MESSAGES.flag).optional().meta({ description });

export const animalsQuerySchema = z.object({
  status: z.enum(ANIMAL_LIST_STATUSES, ANIMALS_MESSAGES.status).optional(),
  especie: z.enum(SPECIES, ANIMALS_MESSAGES.especie).optional(),
  q: z
    .string()
    .trim()
    .max(ANIMALS_QUERY_MAX, ANIMALS_MESSAGES.q)
    .optional()
    .meta({ description: "Parte do nome, sem diferença de acentos ou maiúsculas." }),
  precisa_lar_temporario: flag("Só os disponíveis que precisam de lar temporário."),
  urgente: flag("Só os que precisam de lar temporário com urgência."),
  em_lar_temporario: flag("Só os que estão num lar temporário agora."),
  dose_atrasada: flag("Só os que têm uma dose (vacina, vermífugo, antipulgas) atrasada."),
  dose_proxima: flag("Só os que têm uma dose nos próximos 7 dias (e nenhuma atrasada)."),
  reservado: flag("Só os reservados por uma candidatura aprovada."),
  ordem: z.enum(ANIMAL_SORTS, ANIMALS_MESSAGES.ordem).optional(),
  pagina: z.coerce
    .number(ANIMALS_MESSAGES.pagina)
    .int(ANIMALS_MESSAGES.pagina)
    .min(1, ANIMALS_MESSAGES.pagina)
    .max(10_000, ANIMALS_MESSAGES.pagina)
    .optional(),
});

type AnimalsQuery = z.infer<typeof animalsQuerySchema>;

/** The filters as the domain reads them. */
export type AnimalFilters = {
  status?: AnimalsQuery["status"];
  especie?: AnimalsQuery["especie"];
  q?: string;
  precisaLar?: boolean;
  urgente?: boolean;
  emLar?: boolean;
  doseAtrasada?: boolean;
  doseProxima?: boolean;
  reservado?: boolean;
  ordem?: (typeof ANIMAL_SORTS)[number];
  pagina?: number;
};

const toFilters = (query: AnimalsQuery): AnimalFilters => ({
  status: query.status,
  especie: query.especie,
  q: query.q || undefined,
  precisaLar: query.precisa_lar_temporario === "1",
  urgente: query.urgente === "1",
  emLar: query.em_lar_temporario === "1",
  doseAtrasada: query.dose_atrasada === "1",
  doseProxima: query.dose_proxima === "1",
  reservado: query.reservado === "1",
  ordem: query.ordem,
  pagina: query.pagina,
});

/** The API's reading: a filter it cannot read is a 400, with each field's message. */
export function readAnimalFilters(
  params: URLSearchParams,
): { ok: true; filters: AnimalFilters } | { ok: false; errors: Record<string, string[]> } {
  const parsed = animalsQuerySchema.safeParse(Object.fromEntries(params));
  if (parsed.success) return { ok: true, filters: toFilters(parsed.data) };
  return { ok: false, errors: z.flattenError(parsed.error).fieldErrors as Record<string, string[]> };
}

/** The page's reading: a filter it cannot read (an old link, a typo) is no filter. */
export function animalFiltersOfPage(params: URLSearchParams): AnimalFilters {
  const read = readAnimalFilters(params);
  if (read.ok) return read.filters;
  const kept = new URLSearchParams([...params].filter(([name]) => !(name in read.errors)));
  const again = readAnimalFilters(kept);
  return again.ok ? again.filters : {};
}

/** The filters back as a query (the page's links and its pages), in the API's names. */
export function animalFiltersQuery(filters: AnimalFilters, page?: number): string {
  const query = new URLSearchParams();
  if (filters.status) query.set("status", filters.status);
  if (filters.especie) query.set("especie", filters.especie);
  if (filters.q) query.set("q", filters.q);
  if (filters.precisaLar) query.set("precisa_lar_temporario", "1");
  if (filters.urgente) query.set("urgente", "1");
  if (filters.emLar) query.set("em_lar_temporario", "1");
  if (filters.doseAtrasada) query.set("dose_atrasada", "1");
  if (filters.doseProxima) query.set("dose_proxima", "1");
  if (filters.reservado) query.set("reservado", "1");
  if (filters.ordem && filters.ordem !== "recentes") query.set("ordem", filters.ordem);
  if (page && page > 1) query.set("pagina", String(page));
  const text = query.toString();
  return text ? `?${text}` : "";
}
