import { brasiliaTime, dayInBrasilia } from "./dates";

/**
 * The organisation's panel (issue 43): its figures month by month. Months are calendar months in
 * Brasília, written `AAAA-MM`; a range is both ends included.
 */

/** How many months one panel covers at most (five years). */
export const PANEL_MAX_MONTHS = 60;
/** What the panel shows when no range is asked for: the last twelve months, this one included. */
export const PANEL_DEFAULT_MONTHS = 12;

export type MonthRange = { de: string; ate: string };

export const MONTH_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** The month `months` after `month` (before, when negative). */
export function addMonths(month: string, months: number): string {
  const [year, number] = month.split("-").map(Number) as [number, number];
  const index = year * 12 + (number - 1) + months;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
}

/** How many months from `de` to `ate`, both included (0 or less when `ate` comes first). */
export function monthCount({ de, ate }: MonthRange): number {
  const index = (month: string) => {
    const [year, number] = month.split("-").map(Number) as [number, number];
    return year * 12 + number;
  };
  return index(ate) - index(de) + 1;
}

/** Every month of the range, in order. */
export function monthsOf(range: MonthRange): string[] {
  return Array.from({ length: Math.max(0, monthCount(range)) }, (_, index) => addMonths(range.de, index));
}

/** The month it is in Brasília at `now`. */
export function monthOf(now: Date): string {
  return dayInBrasilia(now).slice(0, 7);
}

/** The last twelve months up to `now`'s, the panel's range when none is asked for. */
export function defaultPanelRange(now: Date): MonthRange {
  const ate = monthOf(now);
  return { de: addMonths(ate, 1 - PANEL_DEFAULT_MONTHS), ate };
}

/** The moment a month starts in Brasília. */
export function monthStart(month: string): Date {
  return brasiliaTime(`${month}-01`, 0);
}

const MONTH_NAMES = ["jan", "fev", "mar", "abr", "mai", "jun", "jul", "ago", "set", "out", "nov", "dez"];

/** "nov/2026". */
/** "novembro de 2026", as a receipt says it. */
export function monthInWords(month: string): string {
  const [year, number] = month.split("-");
  return `${MONTH_FULL_NAMES[Number(number) - 1]} de ${year}`;
}
const MONTH_FULL_NAMES = [
  "janeiro",
  "fevereiro",
  "março",
  "abril",
  "maio",
  "junho",
  "julho",
  "agosto",
  "setembro",
  "outubro",
  "novembro",
  "dezembro",
];

export function monthLabel(month: string): string {
  const [year, number] = month.split("-");
  return `${MONTH_NAMES[Number(number) - 1]}/${year}`;
}
