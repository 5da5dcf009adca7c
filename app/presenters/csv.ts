import { stringify } from "csv-stringify/sync";
import type { CsvFormat } from "~/lib/csv";

export type CsvCell = string | number | null | undefined;

/**
 * Every CSV Adopet writes, in one of its two forms (issue 63):
 * - `planilha`, the default: what a spreadsheet in Brazil opens in columns with a double click:
 *   UTF-8 with a byte-order mark, cells separated by `;`, decimals with a comma;
 * - `csv-virgula` (`?formato=csv-virgula`): for programs and open-data tools: comma-separated,
 *   decimals with a point, no byte-order mark.
 * In both, a cell a spreadsheet would run as a formula is written as text, and lines end in CRLF
 * (RFC 4180).
 */
export function writeCsv(rows: readonly (readonly CsvCell[])[], format: CsvFormat): string {
  const spreadsheet = format === "planilha";
  return stringify(rows as CsvCell[][], {
    bom: spreadsheet,
    delimiter: spreadsheet ? ";" : ",",
    // Numbers stay numbers to the formula guard: a negative one is not taken for a formula.
    cast: { number: (value) => (spreadsheet ? String(value).replace(".", ",") : String(value)) },
    escape_formulas: true,
    record_delimiter: "windows",
  });
}
