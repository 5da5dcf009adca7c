import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { csvFormatOf } from "~/lib/csv";
import { writeCsv } from "~/presenters/csv";

const ROWS = [
  ["animal", "peso_kg", "saldo", "nota"],
  ["Bolota", 4.25, -12.5, '=HIPERLINK("http://x")'],
  ["Dom; Bolinha", 10, 0, 'diz "oi", e sai'],
];

describe("every CSV Adopet writes", () => {
  it("opens in columns in a spreadsheet in Brazil: a BOM, `;`, decimal commas, formulas as text", () => {
    const csv = writeCsv(ROWS, "planilha");
    expect(csv.startsWith("\uFEFF")).toBe(true);
    expect(csv).toContain("\r\n");
    const read = parse(csv, { bom: true, delimiter: ";" }) as string[][];
    expect(read).toEqual([
      ["animal", "peso_kg", "saldo", "nota"],
      ["Bolota", "4,25", "-12,5", '\'=HIPERLINK("http://x")'],
      ["Dom; Bolinha", "10", "0", 'diz "oi", e sai'],
    ]);
  });

  it("is comma-separated with decimal points and no BOM for programs (`formato=csv-virgula`)", () => {
    const csv = writeCsv(ROWS, "csv-virgula");
    expect(csv.startsWith("\uFEFF")).toBe(false);
    const read = parse(csv) as string[][];
    expect(read).toEqual([
      ["animal", "peso_kg", "saldo", "nota"],
      ["Bolota", "4.25", "-12.5", '\'=HIPERLINK("http://x")'],
      ["Dom; Bolinha", "10", "0", 'diz "oi", e sai'],
    ]);
  });

  it("is asked for by `?formato=`: the spreadsheet's form when none is named, none it does not write", () => {
    const of = (query: string) => csvFormatOf(new URLSearchParams(query));
    expect(of("")).toBe("planilha");
    expect(of("formato=")).toBe("planilha");
    expect(of("formato=planilha")).toBe("planilha");
    expect(of("formato=csv-virgula")).toBe("csv-virgula");
    expect(of("formato=xlsx")).toBeNull();
    expect(of("formato=CSV-VIRGULA")).toBeNull();
  });
});
