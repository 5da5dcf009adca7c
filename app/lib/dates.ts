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
