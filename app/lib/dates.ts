// One fixed time zone, so the server and the browser write the same date (no hydration mismatch).
const DATE_TIME = new Intl.DateTimeFormat("pt-BR", {
  dateStyle: "short",
  timeStyle: "short",
  timeZone: "America/Sao_Paulo",
});

/** "21/11/2026, 06:40" (Brasília time). */
export function formatDateTime(date: Date): string {
  return DATE_TIME.format(date);
}

const LONG_DATE = new Intl.DateTimeFormat("pt-BR", { dateStyle: "long", timeZone: "America/Sao_Paulo" });

/** "24 de novembro de 2026" (the day in Brasília). */
export function formatLongDate(date: Date): string {
  return LONG_DATE.format(date);
}

/** A calendar day (yyyy-mm-dd, as a date column holds it) as "15/03/2027". */
export function formatDay(day: string): string {
  const [year, month, date] = day.split("-");
  return `${date}/${month}/${year}`;
}

// Made once: a formatter with a time zone costs more to make than many days to format.
const DAY_IN_BRASILIA = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" });

/** The calendar day (yyyy-mm-dd) it is in Brasília at `date`. */
export function dayInBrasilia(date: Date): string {
  return DAY_IN_BRASILIA.format(date);
}

/** The calendar day `days` after `day` (yyyy-mm-dd). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The moment it is `hour`:00 in Brasília on `day` (UTC−3: Brazil keeps no daylight saving time since 2019). */
export function brasiliaTime(day: string, hour: number): Date {
  return new Date(`${day}T${String(hour).padStart(2, "0")}:00:00-03:00`);
}

/** "1 dia", "7 dias". */
export const daysText = (days: number) => `${days} ${days === 1 ? "dia" : "dias"}`;

/** Whole days from one calendar day to another (yyyy-mm-dd). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T12:00:00Z`) - Date.parse(`${from}T12:00:00Z`)) / (24 * 60 * 60 * 1000));
}

/** A moment as a datetime-local field shows it in Brasília ("2026-12-05T15:00"). */
export function brasiliaInputValue(date: Date): string {
  return new Date(date.getTime() - 3 * 60 * 60 * 1000).toISOString().slice(0, 16);
}
