import {
  AGE_GROUPS,
  CASTRATION_LABEL,
  COMPANION_LABEL,
  listInWords,
  SIZE_LABEL,
  type Castration,
  type Companion,
  type Sex,
  type Size,
  type Species,
} from "~/lib/pets";

export const ALERT_FREQUENCIES = ["diaria", "imediata"] as const;
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number];

export const FREQUENCY_LABEL: Record<AlertFrequency, string> = {
  diaria: "Um resumo por dia",
  imediata: "Assim que forem publicados",
};

/** An account's alerts, at most. */
export const ALERTS_MAX = 20;

export const ALERT_MESSAGES = {
  frequencia: "Frequência inválida: use diaria ou imediata.",
  filtros: "Informe os filtros da busca como um objeto, com os mesmos parâmetros de GET /adopet/api/pets.",
  tooMany: `Você já tem ${ALERTS_MAX} alertas. Exclua um para criar outro.`,
  lostFound: "Um alerta de perdidos e achados precisa de uma cidade (perto) e aceita só espécie e raio.",
  tipo: "Tipo inválido: use perdido ou encontrado (ou nenhum, para animais para adoção).",
  invalidLink: "Este link de cancelamento não é válido. Você pode gerenciar seus alertas em Alertas, depois de entrar.",
} as const;

/**
 * A saved search as stored: the feed's parameters, with `perto` as an IBGE code. With `tipo`
 * (issue 47), it is a search of lost or found animals' reports: `especie`, `perto` and `raio` only.
 */
export type SavedSearch = {
  tipo?: "perdido" | "encontrado";
  cidade?: string;
  uf?: string;
  especie?: Species;
  porte?: Size;
  idade?: keyof typeof AGE_GROUPS;
  q?: string;
  perto?: string;
  raio?: number;
  sexo?: Sex;
  castrado?: Castration;
  convive_com?: Companion[];
};

const ANIMALS: Record<Species, string> = { cao: "Cães", gato: "Gatos", outro: "Outros animais" };
const SEXES_IN_WORDS: Record<Sex, string> = { macho: "machos", femea: "fêmeas" };

/**
 * A saved search in words, for its page and its e-mails: "Cães · porte Pequeno · até 50 km
 * de Niterói (RJ) · “brincalhão”". `pertoRotulo` names the city of `perto`.
 */
export function describeSearch(search: SavedSearch, pertoRotulo?: string): string {
  const parts = [search.especie ? ANIMALS[search.especie] : "Todos os animais"];
  if (search.tipo) parts[0] = `${parts[0]} ${search.tipo === "perdido" ? "perdidos" : "encontrados"}`;
  if (search.sexo) parts.push(SEXES_IN_WORDS[search.sexo]);
  if (search.porte) parts.push(`porte ${SIZE_LABEL[search.porte]}`);
  if (search.idade) parts.push(AGE_GROUPS[search.idade].label);
  if (search.castrado) parts.push(CASTRATION_LABEL[search.castrado]);
  if (search.convive_com?.length) {
    parts.push(`convive com ${listInWords(search.convive_com.map((c) => COMPANION_LABEL[c].toLowerCase()))}`);
  }
  if (search.perto && pertoRotulo) parts.push(`até ${search.raio ?? 50} km de ${pertoRotulo}`);
  if (search.cidade) parts.push(`em ${search.cidade}`);
  if (search.uf) parts.push(search.uf);
  if (search.q) parts.push(`“${search.q}”`);
  return parts.join(" · ");
}

/** The parameters in the order the feed's form sends them. */
const PARAMETERS = [
  "q",
  "cidade",
  "perto",
  "raio",
  "uf",
  "especie",
  "porte",
  "idade",
  "sexo",
  "castrado",
  "convive_com",
] as const satisfies readonly (keyof SavedSearch)[];

/** The feed's address for a saved search (within the app: /home?…). */
export function searchHref(search: SavedSearch): string {
  const params = new URLSearchParams();
  for (const key of PARAMETERS) {
    const value = search[key];
    if (value === undefined || value === "" || (Array.isArray(value) && value.length === 0)) continue;
    params.set(key, Array.isArray(value) ? value.join(",") : String(value));
  }
  const query = params.toString();
  if (search.tipo) return `/perdidos-e-achados?tipo=${search.tipo}${query ? `&${query}` : ""}`;
  return query ? `/home?${query}` : "/home";
}
