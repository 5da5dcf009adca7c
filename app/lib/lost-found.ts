import type { Size } from "./pets";

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
export function hammingDistance(a: string, b: string): number {
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
