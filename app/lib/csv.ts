/**
 * The two forms every CSV Adopet writes comes in (issue 63; app/presenters/csv.ts writes them):
 * `planilha`, the default, for a spreadsheet in Brazil; `csv-virgula`, for programs.
 */
export const CSV_FORMATS = ["planilha", "csv-virgula"] as const;
export type CsvFormat = (typeof CSV_FORMATS)[number];

export const CSV_FORMAT_MESSAGE =
  "Escolha o formato: sem `formato` (ou formato=planilha), para abrir numa planilha; formato=csv-virgula, separado por vírgulas, para programas.";

/** The form `?formato=` asks for: the spreadsheet's when none is named; null for one not written. */
export function csvFormatOf(query: URLSearchParams): CsvFormat | null {
  const asked = query.get("formato");
  if (asked === null || asked === "") return "planilha";
  return (CSV_FORMATS as readonly string[]).includes(asked) ? (asked as CsvFormat) : null;
}
