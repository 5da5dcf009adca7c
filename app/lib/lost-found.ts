import { formatDay } from "./dates";
import { SEX_LABEL, SIZE_LABEL, SPECIES_LABEL, type Sex, type Size, type Species } from "./pets";

/** Lost and found animals (issue 47): the words reports, pages and the API share. */

export const REPORT_TYPES = ["perdido", "encontrado"] as const;
export type ReportType = (typeof REPORT_TYPES)[number];
export const REPORT_TYPE_LABEL: Record<ReportType, string> = { perdido: "Perdido", encontrado: "Encontrado" };

export const REPORT_STATUSES = ["aberto", "reencontrado", "encerrado"] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** The colours a report picks from: what people say of a coat, and what a match compares. */
export const COLORS = [
  "preto",
  "branco",
  "cinza",
  "marrom",
  "caramelo",
  "creme",
  "dourado",
  "laranja",
  "tigrado",
  "rajado",
  "malhado",
  "tricolor",
] as const;
export type Color = (typeof COLORS)[number];
export const COLOR_LABEL: Record<Color, string> = {
  preto: "Preto",
  branco: "Branco",
  cinza: "Cinza",
  marrom: "Marrom",
  caramelo: "Caramelo",
  creme: "Creme",
  dourado: "Dourado",
  laranja: "Laranja",
  tigrado: "Tigrado",
  rajado: "Rajado",
  malhado: "Malhado",
  tricolor: "Tricolor",
};

export const REPORT_PHOTOS_MAX = 5;
/** A lost and a found report are compared within this distance and this many days apart. */
export const MATCH_RADIUS_KM = 30;
export const MATCH_DAYS = 60;
/** The radii the list's filter offers; it searches within the matching's distance unless told. */
export const LOST_FOUND_RADII_KM = [10, MATCH_RADIUS_KM, 50, 100] as const;
/**
 * How a conversation or an e-mail names a report's animal ("Ana escreveu sobre …"): a lost
 * animal's name, else "o gato encontrado".
 */
export function reportAnimalName({ tipo, nome, especie }: { tipo: ReportType; nome: string | null; especie: Species }) {
  if (nome) return nome;
  const animal = especie === "cao" ? "o cão" : especie === "gato" ? "o gato" : "o animal";
  return `${animal} ${tipo === "perdido" ? "perdido" : "encontrado"}`;
}

/** An emergency's area, at most; the animals a shelter registers in one request, at most (a photo each). */
export const EMERGENCY_CITIES_MAX = 100;
export const EMERGENCY_ANIMALS_MAX = 10;

/** An open report closes itself after this many days unless its author renews it. */
export const REPORT_OPEN_DAYS = 90;

/**
 * A point on the map, rounded to about 500 m (0.005° of latitude is 556 m): a report shows where
 * an animal was lost or seen, never a house.
 */
export function roundedPoint(latitude: number, longitude: number): { latitude: number; longitude: number } {
  const round = (value: number) => Math.round(value / 0.005) * 0.005;
  return { latitude: Number(round(latitude).toFixed(3)), longitude: Number(round(longitude).toFixed(3)) };
}

const SIZE_ORDER: Record<Size, number> = { pequeno: 0, medio: 1, medio_grande: 2, grande: 3 };

/** Sizes people may tell apart differently: the same one, or the next. */
export const sizesFit = (a: Size, b: Size) => Math.abs(SIZE_ORDER[a] - SIZE_ORDER[b]) <= 1;

/** Two coats fit when they share a colour, or when either report named none. */
export const colorsFit = (a: readonly Color[], b: readonly Color[]) =>
  a.length === 0 || b.length === 0 || a.some((color) => b.includes(color));

/** The bits two 64-bit perceptual hashes (16 hex digits) differ by: 0 is the same picture. */
function hammingDistance(a: string, b: string): number {
  let bits = 0;
  for (let index = 0; index < 16; index += 4) {
    let diff = Number.parseInt(a.slice(index, index + 4), 16) ^ Number.parseInt(b.slice(index, index + 4), 16);
    while (diff) {
      bits += diff & 1;
      diff >>>= 1;
    }
  }
  return bits;
}

/**
 * How alike two sets of photos are, from 0 to 1: by their nearest pair of hashes. Unrelated
 * pictures differ in about 32 bits of 64: that or more says nothing.
 */
export function photoLikeness(a: readonly string[], b: readonly string[]): number {
  let nearest = 64;
  for (const left of a) for (const right of b) nearest = Math.min(nearest, hammingDistance(left, right));
  return Math.max(0, 1 - nearest / 32);
}

/** What a report's title and facts are read from. */
type ReportFacts = {
  tipo: ReportType;
  nome: string | null;
  especie: Species;
  porte: Size;
  sexo: Sex | null;
  cores: readonly Color[];
  data: string;
  bairro: string | null;
  cidade: { nome: string; uf: string };
};

/** A report's title, as its page, the list and its poster say it: "Procura-se: Paçoca", "Cão encontrado em Niterói". */
export function reportTitle(report: Pick<ReportFacts, "tipo" | "nome" | "especie" | "cidade">): string {
  const animal = report.especie === "outro" ? "Animal" : SPECIES_LABEL[report.especie];
  if (report.tipo === "perdido") return `Procura-se: ${report.nome ?? animal.toLowerCase()}`;
  return `${animal} encontrado em ${report.cidade.nome}`;
}

/** A report's facts, labelled, as its page and its poster list them. */
export function reportFacts(report: ReportFacts): [string, string][] {
  return [
    ["Espécie", SPECIES_LABEL[report.especie]],
    ["Porte", SIZE_LABEL[report.porte]],
    ["Sexo", report.sexo ? SEX_LABEL[report.sexo] : "Não informado"],
    ["Cores", report.cores.map((color) => COLOR_LABEL[color]).join(", ")],
    [report.tipo === "perdido" ? "Perdido em" : "Encontrado em", formatDay(report.data)],
    ["Onde", `${report.bairro ? `${report.bairro}, ` : ""}${report.cidade.nome} (${report.cidade.uf})`],
  ];
}
