import { addDays, daysBetween } from "./dates";
import { searchKey, type Species } from "./pets";

/**
 * The vaccines a dog or a cat is given in Brazil (issue 63), each with its protocol: how many
 * doses a young animal's first series has and how far apart, the same for an adult with no known
 * history, and the yearly booster. A vaccine entry's typed name is matched to this list, so that
 * "V10 Vanguard Plus" and "V10" are the same vaccine (a dose closes the earlier one's reminder)
 * and the brand is kept as the product. Shared by the server, the pages and the API.
 *
 * The protocols are the common ones of Brazilian clinics (WSAVA's guidelines as practised here):
 * a vet may choose otherwise, so the next dose they give is only suggested, never imposed.
 */

export const VACCINE_CODES = [
  "v8",
  "v10",
  "antirrabica",
  "gripe_canina",
  "giardia",
  "leishmaniose",
  "v3",
  "v4",
  "v5",
  "felv",
] as const;
export type VaccineCode = (typeof VACCINE_CODES)[number];

type Series = { doses: number; intervaloDias: number };

export type CatalogueVaccine = {
  code: VaccineCode;
  label: string;
  /** Its names, lower-case without accents, word by word: "v10", "gripe canina", "tosse dos canis". */
  names: string[];
  /** Brands that name it alone ("rabisin", "leucogen"): they match it and stay as the product. */
  brands: string[];
  /** A puppy's or kitten's first series (under a year old), from `desdeSemanas` of age. */
  filhote: Series & { desdeSemanas: number };
  /** An adult with no known history. */
  adulto: Series;
  /** Once a series is complete. */
  reforcoDias: number;
  /** What the team should know before giving it. */
  nota?: string;
};

const YEAR = 365;
const YEARLY = { reforcoDias: YEAR };

const polyvalent = (code: VaccineCode, n: number, names: string[], desdeSemanas: number): CatalogueVaccine => ({
  code,
  label: `V${n}`,
  names: [`v${n}`, ...names],
  brands: [],
  filhote: { desdeSemanas, doses: 3, intervaloDias: 21 },
  adulto: { doses: 2, intervaloDias: 21 },
  ...YEARLY,
});

const twoDoses = { filhote: { desdeSemanas: 8, doses: 2, intervaloDias: 21 }, adulto: { doses: 2, intervaloDias: 21 } };

const antirrabica: CatalogueVaccine = {
  code: "antirrabica",
  label: "Antirrábica",
  names: ["antirrabica", "anti rabica", "antirabica", "raiva", "rabies"],
  brands: ["rabisin", "defensor", "rai vac"],
  filhote: { desdeSemanas: 12, doses: 1, intervaloDias: 0 },
  adulto: { doses: 1, intervaloDias: 0 },
  ...YEARLY,
};

export const VACCINE_CATALOGUE: Record<Exclude<Species, "outro">, readonly CatalogueVaccine[]> = {
  cao: [
    polyvalent("v8", 8, ["octupla", "octavalente"], 6),
    polyvalent("v10", 10, ["dectupla", "decupla", "decavalente"], 6),
    antirrabica,
    {
      code: "gripe_canina",
      label: "Gripe canina",
      names: ["gripe canina", "gripe", "tosse dos canis", "tosse dos canes", "traqueobronquite", "bordetella"],
      brands: ["bronchi shield", "pneumodog", "kc"],
      ...twoDoses,
      ...YEARLY,
    },
    {
      code: "giardia",
      label: "Giárdia",
      names: ["giardia", "giardiase"],
      brands: ["giardiavax"],
      ...twoDoses,
      ...YEARLY,
    },
    {
      code: "leishmaniose",
      label: "Leishmaniose",
      names: ["leishmaniose", "leishmaniose visceral", "calazar"],
      brands: ["leish tec", "leishmune"],
      filhote: { desdeSemanas: 16, doses: 3, intervaloDias: 21 },
      adulto: { doses: 3, intervaloDias: 21 },
      ...YEARLY,
      nota: "Só em cães com exame negativo para leishmaniose.",
    },
  ],
  gato: [
    polyvalent("v3", 3, ["triplice felina", "triplice"], 8),
    polyvalent("v4", 4, ["quadrupla felina", "quadrupla"], 8),
    polyvalent("v5", 5, ["quintupla felina", "quintupla"], 8),
    antirrabica,
    {
      code: "felv",
      label: "FeLV",
      names: ["felv", "leucemia felina"],
      brands: ["leucogen"],
      ...twoDoses,
      ...YEARLY,
      nota: "Só em gatos com exame negativo para FeLV.",
    },
  ],
};

/** A species' vaccines (none are listed for other animals). */
export function vaccinesOf(species: Species): readonly CatalogueVaccine[] {
  return species === "outro" ? [] : VACCINE_CATALOGUE[species];
}

const BY_CODE = new Map<VaccineCode, CatalogueVaccine>(
  [...VACCINE_CATALOGUE.cao, ...VACCINE_CATALOGUE.gato].map((vaccine) => [vaccine.code, vaccine]),
);

function catalogueVaccine(code: VaccineCode): CatalogueVaccine {
  return BY_CODE.get(code)!;
}

/** A typed name as the catalogue reads it: its vaccine, and what else it said (the brand). */
export type VaccineMatch = { code: VaccineCode; label: string; produto: string | null };

/** Words that say nothing of the brand: "Vacina V10", "V10, reforço". */
const FILLER = new Set(["vacina", "vacinas", "vac", "dose", "reforco", "de", "da", "do", "contra", "e"]);

/** Where the words of `phrase` follow one another in `keys`, as the positions they take. */
function find(keys: string[], phrase: string): number[] | null {
  const words = phrase.split(" ");
  for (let at = 0; at + words.length <= keys.length; at++) {
    if (words.every((each, offset) => keys[at + offset] === each)) return words.map((_, offset) => at + offset);
  }
  return null;
}

/**
 * The species' vaccine a typed name means, or null when it names none of them, or more than one
 * ("V4 + antirrábica" is two entries). The rest of the name, less the words that say nothing, is
 * the product: "V10 Vanguard Plus" is V10, product "Vanguard Plus".
 */
export function matchVaccine(species: Species, typed: string): VaccineMatch | null {
  // "V 10", "v-10": the code as one word.
  const words = typed
    .replace(/\b([vV])[\s-]+(\d{1,2})\b/g, "$1$2")
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  const keys = words.map(searchKey);
  if (species === "outro") return null;
  // Every species' vaccines: "V4 + antirrábica" for a dog names two, one of them no dog's.
  const found = [...BY_CODE.values()].flatMap((vaccine) => {
    const named = vaccine.names.map((phrase) => find(keys, phrase)).filter((at) => at !== null);
    const branded = vaccine.brands.some((phrase) => find(keys, phrase));
    return named.length > 0 || branded ? [{ vaccine, taken: new Set(named.flat()) }] : [];
  });
  if (found.length !== 1 || !VACCINE_CATALOGUE[species].includes(found[0]!.vaccine)) return null;
  const { vaccine, taken } = found[0]!;
  const product = words.filter((_, index) => !taken.has(index) && !FILLER.has(keys[index]!)).join(" ");
  return { code: vaccine.code, label: vaccine.label, produto: product || null };
}

/** What the protocol says of the dose given on `data`. */
export type NextDoseAdvice = { dia: string; motivo: string };

/**
 * The next dose after one given on `data`: within the first series (a young animal's, or an
 * adult's with no history), `intervaloDias` later; once it is complete, the yearly booster.
 * `idadeDias` is the animal's age on that day (null: unknown, taken as an adult);
 * `dosesAntes`, the doses of the same vaccine in its record before this one.
 */
export function nextDoseByProtocol(
  code: VaccineCode,
  { data, idadeDias, dosesAntes }: { data: string; idadeDias: number | null; dosesAntes: number },
): NextDoseAdvice {
  const vaccine = catalogueVaccine(code);
  const young = idadeDias !== null && idadeDias < YEAR;
  const series = young ? vaccine.filhote : vaccine.adulto;
  const given = dosesAntes + 1;
  if (given < series.doses) {
    return {
      dia: addDays(data, series.intervaloDias),
      motivo: `${given}ª de ${series.doses} doses ${young ? "do filhote" : "da primeira série"}, a cada ${series.intervaloDias} dias`,
    };
  }
  return { dia: addDays(data, vaccine.reforcoDias), motivo: "reforço anual" };
}

/** What the page and the API know of an animal to suggest its next dose. */
export type DoseHistory = {
  species: Species;
  /** The day it was born, as near as its age says (null: unknown). */
  nascidoEm: string | null;
  /** The vaccine doses in its record, by catalogue code and day. */
  doses: readonly { vacina: VaccineCode | null; data: string }[];
};

/** The next dose the protocol suggests for `nome` given on `data`, or null when the name matches no vaccine. */
export function suggestNextDose(
  history: DoseHistory,
  nome: string,
  data: string,
): (NextDoseAdvice & { vacina: string; nota: string | null }) | null {
  const match = matchVaccine(history.species, nome);
  if (!match || !/^\d{4}-\d{2}-\d{2}$/.test(data)) return null;
  const dosesAntes = history.doses.filter((dose) => dose.vacina === match.code && dose.data < data).length;
  const idadeDias = history.nascidoEm ? daysBetween(history.nascidoEm, data) : null;
  return {
    vacina: match.label,
    nota: catalogueVaccine(match.code).nota ?? null,
    ...nextDoseByProtocol(match.code, { data, idadeDias, dosesAntes }),
  };
}
