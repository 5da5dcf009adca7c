/** Pet vocabulary shared by the server and the browser: codes, labels and formats. */

export const SPECIES = ["cao", "gato", "outro"] as const;
export type Species = (typeof SPECIES)[number];
export const SPECIES_LABEL: Record<Species, string> = { cao: "Cão", gato: "Gato", outro: "Outro" };
/** In the plural, for titles ("Gatos para adoção"). */
export const SPECIES_PLURAL: Record<Species, string> = { cao: "Cães", gato: "Gatos", outro: "Outros animais" };

export const AGE_UNITS = ["dias", "meses", "anos"] as const;
export type AgeUnit = (typeof AGE_UNITS)[number];
/** The largest age accepted in each unit (past it, the next unit reads better). */
export const AGE_MAX: Record<AgeUnit, number> = { dias: 365, meses: 36, anos: 30 };
const DAYS_PER_UNIT: Record<AgeUnit, number> = { dias: 1, meses: 30, anos: 365 };
const SINGULAR: Record<AgeUnit, string> = { dias: "dia", meses: "mês", anos: "ano" };

export const SIZES = ["pequeno", "medio", "medio_grande", "grande"] as const;
export type Size = (typeof SIZES)[number];
export const SIZE_LABEL: Record<Size, string> = {
  pequeno: "Pequeno",
  medio: "Médio",
  medio_grande: "Médio/grande",
  grande: "Grande",
};

export type PetStatus = "disponivel" | "adotado" | "removido" | "oculto";
export const STATUS_LABEL: Record<PetStatus, string> = {
  disponivel: "Disponível",
  adotado: "Adotado",
  removido: "Removido",
  oculto: "Oculto pela moderação",
};

/** Whether the public sees the pet at all: not removed, not hidden by moderation (adopted ones say so). */
export const isListed = (status: string) => status === "disponivel" || status === "adotado";

/**
 * Counts of a search by words, place or companions stop here: past it the feed says "more
 * than 1,000" (a million pets are not counted on every page view), and the last page is the
 * one that holds the 1,000th. The plain filters are counted exactly (the pet_counts table).
 */
export const COUNT_CAP = 1_000;

/** The radii of `Perto de`, in km; 50 when none is chosen. */
export const RADII_KM = [10, 25, 50, 100, 200] as const;
export type RadiusKm = (typeof RADII_KM)[number];
export const DEFAULT_RADIUS_KM: RadiusKm = 50;

/** Age groups of the feed's filter, in days. */
export const AGE_GROUPS = {
  filhote: { label: "Filhote (até 1 ano)", min: 0, max: 364 },
  jovem: { label: "Jovem (1 a 3 anos)", min: 365, max: 3 * 365 - 1 },
  adulto: { label: "Adulto (3 a 8 anos)", min: 3 * 365, max: 8 * 365 - 1 },
  idoso: { label: "Idoso (8 anos ou mais)", min: 8 * 365, max: 1_000_000 },
} as const;

export const UFS = [
  "AC",
  "AL",
  "AP",
  "AM",
  "BA",
  "CE",
  "DF",
  "ES",
  "GO",
  "MA",
  "MT",
  "MS",
  "MG",
  "PA",
  "PB",
  "PR",
  "PE",
  "PI",
  "RJ",
  "RN",
  "RS",
  "RO",
  "RR",
  "SC",
  "SP",
  "SE",
  "TO",
] as const;

/** "2 anos", "1 ano", "45 dias", "1 mês": the way the product's sample list reads. */
export function formatAge(value: number, unit: AgeUnit): string {
  return `${value} ${value === 1 ? SINGULAR[unit] : unit}`;
}

export function ageInDays(value: number, unit: AgeUnit): number {
  return value * DAYS_PER_UNIT[unit];
}

/** "Porte pequeno", "Porte médio/grande". */
export function formatSize(size: Size): string {
  return `Porte ${SIZE_LABEL[size].toLowerCase()}`;
}

/** "Rio de Janeiro (RJ)": only city and state are ever shown for a location. */
export function formatPlace(cidade: string, uf: string): string {
  return `${cidade} (${uf})`;
}

/** Lower case without accents: how cities are compared in searches. */
export function searchKey(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();
}

// The pet's record beyond the specification's fields: what decides adoptions in Brazil.

export const SEXES = ["macho", "femea"] as const;
export type Sex = (typeof SEXES)[number];
export const SEX_LABEL: Record<Sex, string> = { macho: "Macho", femea: "Fêmea" };

export const CASTRATION = ["sim", "nao", "agendado"] as const;
export type Castration = (typeof CASTRATION)[number];
export const CASTRATION_LABEL: Record<Castration, string> = {
  sim: "Castrado",
  nao: "Não castrado",
  agendado: "Castração agendada",
};

/** The vaccines a caretaker can tick, by species (none are listed for other animals). */
export const VACCINES_BY_SPECIES: Record<Species, readonly Vaccine[]> = {
  cao: ["v8", "v10", "antirrabica"],
  gato: ["v3", "v4", "v5", "antirrabica"],
  outro: [],
};
export const VACCINES = ["v8", "v10", "v3", "v4", "v5", "antirrabica"] as const;
export type Vaccine = (typeof VACCINES)[number];
export const VACCINE_LABEL: Record<Vaccine, string> = {
  v8: "V8",
  v10: "V10",
  v3: "V3",
  v4: "V4",
  v5: "V5",
  antirrabica: "Antirrábica",
};

export const COMPANIONS = ["criancas", "caes", "gatos"] as const;
export type Companion = (typeof COMPANIONS)[number];
export const COMPANION_LABEL: Record<Companion, string> = { criancas: "Crianças", caes: "Cães", gatos: "Gatos" };

/** The highest adoption fee, in cents (R$ 1.000,00). */
export const FEE_MAX_CENTS = 100_000;

/** "R$ 50,00", "R$ 1.000,00": with a plain space, as the texts are written. */
export function formatFee(cents: number): string {
  const reais = Math.floor(cents / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ".");
  return `R$ ${reais},${String(cents % 100).padStart(2, "0")}`;
}

/** "12/03/2027" from an ISO date ("2027-03-12"). */
export function formatDay(isoDate: string): string {
  const [year, month, day] = isoDate.split("-");
  return `${day}/${month}/${year}`;
}

/** "V8, Antirrábica" or "Crianças e gatos": a list as a sentence reads it. */
export function listInWords(words: string[]): string {
  if (words.length <= 1) return words.join("");
  return `${words.slice(0, -1).join(", ")} e ${words.at(-1)}`;
}
