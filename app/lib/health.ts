import { searchKey, type Vaccine } from "./pets";
import type { VaccineCode } from "./vaccines";

/**
 * An animal's health record (issue 45): what each kind of entry holds, and the few facts the
 * rest of the site reads from a record (the pet's vaccines, castration and deworming, and the
 * public summary). Shared by the server, the pages and the API.
 */

export const HEALTH_TYPES = [
  "vacina",
  "vermifugo",
  "antipulgas",
  "castracao",
  "exame",
  "consulta",
  "medicamento",
  "peso",
] as const;
export type HealthType = (typeof HEALTH_TYPES)[number];

export const HEALTH_TYPE_LABEL: Record<HealthType, string> = {
  vacina: "Vacina",
  vermifugo: "Vermífugo",
  antipulgas: "Antipulgas",
  castracao: "Castração",
  exame: "Exame",
  consulta: "Consulta",
  medicamento: "Medicamento",
  peso: "Peso",
};

/** Who wrote an entry, as they stood to the animal then. */
export const HEALTH_ROLES = ["equipe", "lar_temporario", "adotante"] as const;
export type HealthRole = (typeof HEALTH_ROLES)[number];

export const HEALTH_LIMITS = {
  nome: 80,
  produto: 80,
  lote: 40,
  clinica: 120,
  resultado: 300,
  motivo: 300,
  dose: 80,
  observacoes: 500,
  /** Times a day a medication is given. */
  horarios: 8,
  /** The heaviest animal, in kg (a Mastiff is about 100). */
  kg: 150,
  /** Entries per animal: a long life's record, with room to spare. */
  entries: 2_000,
} as const;

/** Files an entry may carry (a photo of the vaccination card, an exam's PDF), and their size. */
export const HEALTH_FILES_MAX = 3;
export const HEALTH_FILE_MAX_BYTES = 10 * 1024 * 1024;
/** What a browser says of them; the server checks the content. */
export const HEALTH_FILE_TYPES = ["application/pdf", "image/jpeg", "image/png"] as const;
export type HealthFile = { id: string; tipo: "pdf" | "imagem" };

/** A file's address, for who may read the record. */
export const healthFileUrl = (petId: string, fileId: string) => `/adopet/pets/${petId}/saude/arquivos/${fileId}`;

/** A medication's time of day, 24-hour `HH:MM`. */
export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/** One entry, as the domain reads and writes it (days as `AAAA-MM-DD`). */
export type HealthEntry = {
  id: string;
  petId: string;
  tipo: HealthType;
  /** The day it happened; a medication's first day. */
  data: string;
  /** A vaccine's, an exam's or a medication's name. */
  nome: string | null;
  /** The catalogue's vaccine a vaccine's name was matched to (null: none). */
  vacina: VaccineCode | null;
  /** A dewormer's or a flea treatment's product; a vaccine's brand. */
  produto: string | null;
  lote: string | null;
  proximaDose: string | null;
  clinica: string | null;
  resultado: string | null;
  motivo: string | null;
  dose: string | null;
  horarios: string[];
  /** A medication's last day (null: until further notice). */
  ate: string | null;
  /** A weight, in grams. */
  gramas: number | null;
  observacoes: string | null;
  /** Who wrote it (null once their account is gone), and as whom. */
  authorId: string | null;
  autorPapel: HealthRole;
  /** A photo of the card, an exam's PDF… in the order sent. */
  arquivos: HealthFile[];
  criadoEm: Date;
};

const NEGATIVE = /\bnegativ/;
const POSITIVE = /\bpositiv|\breagente\b/;

/** Whether an exam's result reads negative (and not positive): "Negativo", "não reagente", "negativo para ambos". */
function readsNegative(resultado: string | null): boolean {
  if (!resultado) return false;
  const text = searchKey(resultado);
  if (/\bnao reagente\b/.test(text)) return true;
  return NEGATIVE.test(text) && !POSITIVE.test(text);
}

/** Whether an exam's result reads positive: "Positivo", "reagente" (not "não reagente"). */
export function readsPositive(resultado: string | null): boolean {
  if (!resultado) return false;
  const text = searchKey(resultado);
  return !/\bnao reagente\b/.test(text) && POSITIVE.test(text);
}

/**
 * Whether the latest test for FIV and the latest for FeLV both read negative (one combined test
 * counts for both). A cat's adopters look for this; it says nothing until both were tested.
 */
export function testedNegativeForFivFelv(
  entries: readonly Pick<HealthEntry, "tipo" | "nome" | "resultado" | "data">[],
) {
  const latest = (disease: RegExp) =>
    entries
      .filter((entry) => entry.tipo === "exame" && entry.nome && disease.test(searchKey(entry.nome)))
      .sort((a, b) => b.data.localeCompare(a.data))[0];
  const fiv = latest(/\bfiv\b/);
  const felv = latest(/\bfelv\b/);
  return Boolean(fiv && felv && readsNegative(fiv.resultado) && readsNegative(felv.resultado));
}

/** What a record says of the pet's own fields, for those it has entries of (the others stay as the team set them). */
export type DerivedPetHealth = {
  castrado?: true;
  vacinas?: Vaccine[];
  vermifugado?: true;
};

export function derivedPetHealth(
  entries: readonly Pick<HealthEntry, "tipo" | "vacina" | "data">[],
  speciesVaccines: readonly Vaccine[],
): DerivedPetHealth {
  const derived: DerivedPetHealth = {};
  if (entries.some((entry) => entry.tipo === "castracao")) derived.castrado = true;
  const vaccines = entries.filter((entry) => entry.tipo === "vacina");
  if (vaccines.length > 0) {
    const codes = new Set<string | null>(vaccines.map((entry) => entry.vacina));
    derived.vacinas = speciesVaccines.filter((code) => codes.has(code));
  }
  if (entries.some((entry) => entry.tipo === "vermifugo")) derived.vermifugado = true;
  return derived;
}

/** How many days before a dose its first reminder goes (and on the day, the second). */
export const DOSE_NOTICE_DAYS = 7;

/** A dose to come: a vaccine's, a dewormer's or a flea treatment's next one. */
export type DueDose = { entryId: string; tipo: HealthType; nome: string; dia: string };

/**
 * The next doses the record expects: for each vaccine (the catalogue's, else by name), dewormer
 * and flea treatment, the latest one given, if it names its next; a dose given since takes its
 * place ("V10 Vanguard Plus" today closes the reminder of last year's "V10"). Soonest first.
 */
export function dueDoses(
  entries: readonly Pick<
    HealthEntry,
    "id" | "tipo" | "nome" | "vacina" | "produto" | "data" | "proximaDose" | "criadoEm"
  >[],
): DueDose[] {
  const latest = new Map<string, (typeof entries)[number]>();
  for (const entry of entries) {
    if (entry.tipo !== "vacina" && entry.tipo !== "vermifugo" && entry.tipo !== "antipulgas") continue;
    // Vaccines by what they protect from; dewormers and flea treatments whatever the product.
    const key = entry.tipo === "vacina" ? `vacina:${vaccineKey(entry)}` : entry.tipo;
    const current = latest.get(key);
    if (!current || entry.data > current.data || (entry.data === current.data && entry.criadoEm > current.criadoEm)) {
      latest.set(key, entry);
    }
  }
  return [...latest.values()]
    .filter((entry) => entry.proximaDose)
    .map((entry) => ({
      entryId: entry.id,
      tipo: entry.tipo,
      nome: entry.tipo === "vacina" ? entry.nome! : `${HEALTH_TYPE_LABEL[entry.tipo]} (${entry.produto})`,
      dia: entry.proximaDose!,
    }))
    .sort((a, b) => a.dia.localeCompare(b.dia));
}

/** A vaccine entry as one key: its catalogue code when matched, else its name without accents or case. */
export function vaccineKey(entry: Pick<HealthEntry, "vacina" | "nome">): string {
  return entry.vacina ?? searchKey(entry.nome ?? "");
}

/** How many animals one entry is registered for at once (a litter, a rescue). */
export const SEVERAL_ANIMALS_MAX = 30;

export const HEALTH_MESSAGES = {
  animais: `Escolha de 1 a ${SEVERAL_ANIMALS_MAX} animais da organização que ainda estão com ela.`,
  lembretes: "Responda true (receber os lembretes) ou false (não receber).",
  tipo: `Escolha o tipo: ${HEALTH_TYPES.join(", ")}.`,
  tipoFixed: "O tipo de um registro não muda: apague-o e crie outro.",
  data: "Informe a data como dd/mm/aaaa, hoje ou antes.",
  de: "Informe o primeiro dia como dd/mm/aaaa.",
  ate: "Informe o último dia como dd/mm/aaaa, a partir do primeiro.",
  proximaDose: "Informe a próxima dose como dd/mm/aaaa, depois da data da aplicação.",
  nome: {
    required: "Informe o nome.",
    max: `O nome deve ter no máximo ${HEALTH_LIMITS.nome} caracteres.`,
  },
  produto: {
    required: "Informe o produto.",
    max: `O produto deve ter no máximo ${HEALTH_LIMITS.produto} caracteres.`,
  },
  lote: `O lote deve ter no máximo ${HEALTH_LIMITS.lote} caracteres.`,
  clinica: `A clínica deve ter no máximo ${HEALTH_LIMITS.clinica} caracteres.`,
  resultado: `O resultado deve ter no máximo ${HEALTH_LIMITS.resultado} caracteres.`,
  motivo: {
    required: "Informe o motivo da consulta.",
    max: `O motivo deve ter no máximo ${HEALTH_LIMITS.motivo} caracteres.`,
  },
  dose: {
    required: "Informe a dose (por exemplo, 1 comprimido ou 5 gotas).",
    max: `A dose deve ter no máximo ${HEALTH_LIMITS.dose} caracteres.`,
  },
  horarios: `Informe de 1 a ${HEALTH_LIMITS.horarios} horários, como 08:00.`,
  kg: `Informe o peso em kg, maior que 0 e até ${HEALTH_LIMITS.kg}.`,
  observacoes: `As observações devem ter no máximo ${HEALTH_LIMITS.observacoes} caracteres.`,
  tooMany: `Este animal já tem ${HEALTH_LIMITS.entries} registros de saúde.`,
  arquivos: {
    type: "Envie arquivos PDF, JPEG ou PNG.",
    size: "Cada arquivo pode ter até 10 MB.",
    max: `Envie no máximo ${HEALTH_FILES_MAX} arquivos.`,
    content: "Este arquivo não é um PDF, JPEG ou PNG válido.",
  },
} as const;
