/**
 * Bank statements an organisation exports from its bank, read into plain lines (date, signed
 * centavos, description, the bank's id of the line). Pure: bytes in, lines out, no I/O. Three
 * formats, told apart by their content (never by the file's name):
 *
 * - OFX 1.x (SGML, closing tags optional) and 2.x (XML): every bank exports it.
 * - Nubank's account CSV: `Data,Valor,Identificador,Descrição`, RFC 4180 quoting, decimal dot.
 * - Banco Inter's account CSV: `;`-separated, decimal comma, a preamble before its header.
 *
 * Text is read as UTF-8 when the bytes are valid UTF-8, else as windows-1252 (Latin-1 exports,
 * OFX's `CHARSET:1252`). The header's declared charset is not trusted: several banks declare
 * 1252 and write UTF-8, and bytes that are valid UTF-8 are almost never meant as 1252.
 */

export type StatementLine = {
  /** AAAA-MM-DD as the bank printed it (Brasília day). */
  data: string;
  /** Signed integer centavos: credits positive, debits negative. */
  valorCentavos: number;
  /** The bank's description/memo, whitespace collapsed, control characters removed, at most 300 chars. */
  descricao: string;
  /** The bank's own id of the line (OFX FITID, Nubank "Identificador"), or null when it has none. */
  idBanco: string | null;
};

export type StatementFormat = "ofx" | "nubank" | "inter";

export type ParsedStatement =
  | { ok: true; formato: StatementFormat; linhas: StatementLine[] }
  | {
      ok: false;
      /**
       * formato: not a statement this module reads; vazio: no transaction in it; linha: a line
       * whose date or amount cannot be read (`linha` says which); grande: more than
       * STATEMENT_MAX_LINES transactions.
       */
      motivo: "formato" | "vazio" | "linha" | "grande";
      /** CSV: the 1-based line of the file. OFX: the 1-based index of the transaction (STMTTRN). */
      linha?: number;
    };

/** The most transactions one statement may carry; more is refused (motivo "grande"). */
export const STATEMENT_MAX_LINES = 5000;

/** The largest amount of one line, in centavos (R$ 1 bilhão), either sign. */
const MAX_CENTAVOS = 100_000_000_000;
const DESCRIPTION_MAX = 300;
/** FITID's limit in the OFX spec; a longer id is a malformed line, not one to cut. */
const BANK_ID_MAX = 255;

export function parseStatement(bytes: Uint8Array): ParsedStatement {
  if (bytes.length === 0) return { ok: false, motivo: "vazio" };
  const text = decode(bytes);
  // Bytes that decode to NUL are a binary file (an image, a PDF, a spreadsheet), not text.
  if (text.includes("\u0000")) return { ok: false, motivo: "formato" };
  if (text.trim() === "") return { ok: false, motivo: "vazio" };
  if (isOfx(text)) return finish("ofx", parseOfx(text));
  const lines = text.split(/\r\n|\n|\r/);
  if (isNubankHeader(firstNonBlank(lines))) return finish("nubank", parseNubank(text));
  const inter = findInterHeader(lines);
  if (inter) return finish("inter", parseInter(lines, inter));
  return { ok: false, motivo: "formato" };
}

type Outcome = StatementLine[] | { motivo: "linha" | "grande"; linha?: number };

function finish(formato: StatementFormat, outcome: Outcome): ParsedStatement {
  if (!Array.isArray(outcome)) return { ok: false, ...outcome };
  if (outcome.length === 0) return { ok: false, motivo: "vazio" };
  return { ok: true, formato, linhas: outcome };
}

// ---------------------------------------------------------------------------------------------
// Text

function decode(bytes: Uint8Array): string {
  // UTF-16 with its BOM (what some Windows tools write when asked for "Unicode").
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder("utf-16le").decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder("utf-16be").decode(bytes);
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes); // drops a UTF-8 BOM
  } catch {
    text = new TextDecoder("windows-1252").decode(bytes);
  }
  return text.startsWith("\uFEFF") ? text.slice(1) : text;
}

/** Accents and case dropped, for comparing header names. */
function fold(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().replace(/\s+/g, " ").trim();
}

/** C0/C1 controls (tab and newlines included) as spaces; bidi and zero-width marks and BOMs removed. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROLS = /[\u0000-\u001F\u007F-\u009F]/g;
const INVISIBLE = /[\u061C\u200B-\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]/g;

/** A description as stored: NFC, no controls, whitespace collapsed, at most 300 UTF-16 units (and so code points). */
function cleanDescription(text: string): string {
  let clean = text.normalize("NFC").replace(CONTROLS, " ").replace(INVISIBLE, "").replace(/\s+/g, " ").trim();
  if (clean.length > DESCRIPTION_MAX) {
    clean = clean.slice(0, DESCRIPTION_MAX);
    // Never leave half of a surrogate pair at the cut.
    if (/[\uD800-\uDBFF]$/.test(clean)) clean = clean.slice(0, -1);
    clean = clean.trimEnd();
  }
  return clean;
}

/** The bank's id of a line, or null when empty; undefined when too long to be one. */
function cleanBankId(text: string | undefined): string | null | undefined {
  const id = (text ?? "").replace(CONTROLS, " ").replace(INVISIBLE, "").replace(/\s+/g, " ").trim();
  if (id === "") return null;
  return id.length > BANK_ID_MAX ? undefined : id;
}

/** A balance row some banks list among the transactions ("Saldo do dia", "SALDO ANTERIOR", "S A L D O"). */
function isBalanceRow(description: string): boolean {
  return fold(description).replace(/ /g, "").startsWith("saldo");
}

// ---------------------------------------------------------------------------------------------
// Amounts and dates

/**
 * An amount as integer centavos, read from its digits (no floating point), or null.
 * - "dot": decimal point, no thousands separator (Nubank): "30", "30.5", "-150.00".
 * - "comma": decimal comma, optional "." thousands in groups of three (Inter): "1.250,00", "-45,90".
 * - "auto" (OFX, whose spec allows either decimal mark): with both marks the last one is the
 *   decimal; one mark used once is the decimal; one mark used more than once groups thousands.
 * More than two decimal places is refused, so "1.234" is refused in "dot" and "auto" (three
 * decimals or a thousands group: it cannot be told which); in "comma" it is R$ 1.234,00.
 */
function parseAmount(raw: string, style: "dot" | "comma" | "auto"): number | null {
  const match = /^([+-]?)\s*([\d.,]+)$/.exec(raw.trim());
  if (!match) return null;
  const sign = match[1] === "-" ? -1 : 1;
  const body = match[2]!;
  let decimalMark: "." | "," | null;
  if (style === "dot") decimalMark = ".";
  else if (style === "comma") decimalMark = ",";
  else {
    const lastDot = body.lastIndexOf(".");
    const lastComma = body.lastIndexOf(",");
    if (lastDot >= 0 && lastComma >= 0) decimalMark = lastDot > lastComma ? "." : ",";
    else if (lastDot >= 0) decimalMark = body.indexOf(".") === lastDot ? "." : null;
    else if (lastComma >= 0) decimalMark = body.indexOf(",") === lastComma ? "," : null;
    else decimalMark = null;
  }
  const thousandsMark = decimalMark === "." || (decimalMark === null && body.includes(",")) ? "," : ".";
  const cut = decimalMark === null ? -1 : body.lastIndexOf(decimalMark);
  const whole = cut < 0 ? body : body.slice(0, cut);
  const fraction = cut < 0 ? "" : body.slice(cut + 1);
  if (cut >= 0 && !/^\d{1,2}$/.test(fraction)) return null;
  let digits: string;
  if (/^\d+$/.test(whole)) digits = whole;
  else {
    // Thousands groups: only where the style allows them (never in Nubank's plain numbers).
    if (style === "dot") return null;
    const groups = whole.split(thousandsMark);
    if (!/^\d{1,3}$/.test(groups[0]!) || !groups.slice(1).every((group) => /^\d{3}$/.test(group))) return null;
    digits = groups.join("");
  }
  digits = digits.replace(/^0+(?=\d)/, "");
  if (digits.length > 10) return null; // more than R$ 9.999.999.999: past the cap anyway
  const centavos = Number(digits) * 100 + Number(fraction.padEnd(2, "0"));
  if (centavos > MAX_CENTAVOS) return null;
  return centavos === 0 ? 0 : sign * centavos;
}

/** "AAAA-MM-DD" when the parts make a real calendar day (1900–2999), else null. */
function calendarDay(year: string, month: string, day: string): string | null {
  const [y, m, d] = [Number(year), Number(month), Number(day)];
  if (y < 1900 || y > 2999 || m < 1 || m > 12 || d < 1) return null;
  if (d > new Date(Date.UTC(y, m, 0)).getUTCDate()) return null;
  return `${String(y)}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
}

/** "05/11/2026" (day first, as Brazilian banks print it). */
function brazilianDay(raw: string): string | null {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(raw.trim());
  return match ? calendarDay(match[3]!, match[2]!, match[1]!) : null;
}

/** OFX's YYYYMMDD[HHMMSS[.XXX]][[-3:BRT]]: the day as printed. */
function ofxDay(raw: string): string | null {
  const match = /^(\d{4})(\d{2})(\d{2})(?:\d{2,6}(?:\.\d{1,3})?)?\s*(?:\[[^\]]*\])?$/.exec(raw.trim());
  return match ? calendarDay(match[1]!, match[2]!, match[3]!) : null;
}

/**
 * One statement line from its read parts, or "skip" (a balance row, a zero amount), or "bad".
 * Order: balance rows go first (some print no usable amount), then the amount, then the date.
 */
function readLine(
  rawDay: string | undefined,
  rawAmount: string | undefined,
  descricao: string,
  idBanco: string | null | undefined,
  day: (raw: string) => string | null,
  amountStyle: "dot" | "comma" | "auto",
  skipBalance: boolean,
): StatementLine | "skip" | "bad" {
  if (skipBalance && isBalanceRow(descricao)) return "skip";
  const valorCentavos = rawAmount === undefined ? null : parseAmount(rawAmount, amountStyle);
  if (valorCentavos === null) return "bad";
  if (valorCentavos === 0) return "skip";
  const data = rawDay === undefined ? null : day(rawDay);
  if (data === null || idBanco === undefined) return "bad";
  return { data, valorCentavos, descricao, idBanco };
}

/** Collects lines, refusing a bad one with its number and more than STATEMENT_MAX_LINES. */
class Collector {
  readonly lines: StatementLine[] = [];
  failure: { motivo: "linha" | "grande"; linha?: number } | null = null;

  /** False when reading must stop. */
  add(result: StatementLine | "skip" | "bad", linha: number): boolean {
    if (result === "skip") return true;
    if (result === "bad") this.failure = { motivo: "linha", linha };
    else if (this.lines.length >= STATEMENT_MAX_LINES) this.failure = { motivo: "grande" };
    else this.lines.push(result);
    return this.failure === null;
  }

  get outcome(): Outcome {
    return this.failure ?? this.lines;
  }
}

// ---------------------------------------------------------------------------------------------
// OFX

function isOfx(text: string): boolean {
  return /^\s*OFXHEADER\s*:/i.test(text) || /<\?OFX\s/i.test(text) || /<OFX\s*>/i.test(text);
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/** SGML/XML entities in one pass (so "&amp;lt;" is "&lt;"); an unknown one, or a bare "&", is kept. */
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith("#")) {
      const code = name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : Number(name.slice(1));
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** An element's value in a block: the text after `<TAG>` up to the next tag, whether or not it is closed. */
function ofxValue(block: string, tag: string): string | undefined {
  const match = new RegExp(`<${tag}\\s*>([^<]*)`, "i").exec(block);
  return match ? decodeEntities(match[1]!).trim() : undefined;
}

// Hand-written: five fields of STMTTRN are needed, SGML and XML alike, and a bad block's index must be told.
function parseOfx(text: string): Outcome {
  const collector = new Collector();
  const pieces = text.split(/<STMTTRN\s*>/i).slice(1);
  for (const [index, piece] of pieces.entries()) {
    // An aggregate's end tag is required in OFX, but end a block at the list's end if a bank forgets it.
    const block = piece.split(/<\/STMTTRN\s*>|<\/BANKTRANLIST\s*>/i)[0]!;
    const name = ofxValue(block, "NAME") ?? "";
    const memo = ofxValue(block, "MEMO") ?? "";
    const [cleanName, cleanMemo] = [cleanDescription(name), cleanDescription(memo)];
    const joined =
      cleanName && cleanMemo && cleanName !== cleanMemo ? `${cleanName} - ${cleanMemo}` : cleanName || cleanMemo;
    const line = readLine(
      ofxValue(block, "DTPOSTED"),
      ofxValue(block, "TRNAMT"),
      cleanDescription(joined),
      cleanBankId(ofxValue(block, "FITID")),
      ofxDay,
      "auto",
      true,
    );
    if (!collector.add(line, index + 1)) break;
  }
  return collector.outcome;
}

// ---------------------------------------------------------------------------------------------
// Nubank (RFC 4180, comma-separated)

function firstNonBlank(lines: string[]): string {
  return lines.find((line) => line.trim() !== "") ?? "";
}

function isNubankHeader(line: string): boolean {
  const names = line.split(",").map((name) => fold(name.replace(/^\s*"(.*)"\s*$/, "$1")));
  return (
    names.length === 4 &&
    names[0] === "data" &&
    names[1] === "valor" &&
    names[2] === "identificador" &&
    names[3] === "descricao"
  );
}

type CsvRecord = { fields: string[]; line: number; broken: boolean };

/** RFC 4180 records with the file line each starts on; quotes may hold commas, `""` and newlines. */
function csvRecords(text: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = "";
  let quoted = false;
  let line = 1;
  let start = 1;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else {
        if (char === "\n" || (char === "\r" && text[i + 1] !== "\n")) line++;
        field += char;
      }
    } else if (char === '"' && field === "") quoted = true;
    else if (char === ",") {
      fields.push(field);
      field = "";
    } else if (char === "\n" || char === "\r") {
      if (char === "\r" && text[i + 1] === "\n") i++;
      fields.push(field);
      records.push({ fields, line: start, broken: false });
      fields = [];
      field = "";
      line++;
      start = line;
    } else field += char;
  }
  if (quoted || field !== "" || fields.length > 0) {
    fields.push(field);
    records.push({ fields, line: start, broken: quoted });
  }
  return records;
}

function parseNubank(text: string): Outcome {
  const collector = new Collector();
  const records = csvRecords(text).filter((record) => record.fields.some((field) => field.trim() !== ""));
  for (const record of records.slice(1)) {
    const { fields } = record;
    const line =
      record.broken || fields.length !== 4
        ? "bad"
        : readLine(
            fields[0],
            fields[1],
            cleanDescription(fields[3]!),
            cleanBankId(fields[2]),
            brazilianDay,
            "dot",
            false,
          );
    if (!collector.add(line, record.line)) break;
  }
  return collector.outcome;
}

// ---------------------------------------------------------------------------------------------
// Inter (semicolon-separated, Latin-1 more often than not)

type InterHeader = { index: number; width: number; valor: number; historico: number; descricao: number };

/** Inter's preamble is a handful of lines; its header comes within the first few. */
const INTER_HEADER_WITHIN = 30;

function findInterHeader(lines: string[]): InterHeader | null {
  for (const [index, line] of lines.slice(0, INTER_HEADER_WITHIN).entries()) {
    const names = interFields(line).map(fold);
    while (names.length > 0 && names[names.length - 1] === "") names.pop();
    // "Data Lançamento;Histórico;Descrição;Valor;Saldo" or, older, "Data Lançamento;Descrição;Valor;Saldo".
    if (!/^data lan.{0,4}amento$/.test(names[0] ?? "")) continue;
    const valor = names.indexOf("valor");
    const descricao = names.findIndex((name) => name.startsWith("descri"));
    const historico = names.findIndex((name) => name.startsWith("hist"));
    if (valor < 0 || descricao < 0 || !names.includes("saldo")) continue;
    return { index, width: names.length, valor, historico, descricao };
  }
  return null;
}

/** Split on `;` only (Inter leaves unbalanced quotes inside fields), each field unquoted. */
function interFields(line: string): string[] {
  return line.split(";").map(unquote);
}

/** A field trimmed, without one pair of surrounding quotes. */
function unquote(field: string): string {
  const trimmed = field.trim();
  return trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"') ? trimmed.slice(1, -1) : trimmed;
}

function parseInter(lines: string[], header: InterHeader): Outcome {
  const collector = new Collector();
  for (let index = header.index + 1; index < lines.length; index++) {
    const raw = lines[index]!;
    if (raw.trim() === "") continue;
    // Fields with the raw text, so a description holding a `;` can be put back together.
    const parts = raw.split(";");
    while (parts.length > header.width && parts[parts.length - 1]!.trim() === "") parts.pop();
    if (parts.length > header.width) {
      // The extra `;` belongs to the description, the text column just before the amount.
      const extra = parts.length - header.width;
      parts.splice(header.descricao, extra + 1, parts.slice(header.descricao, header.descricao + extra + 1).join(";"));
    }
    const cells = parts.map(unquote);
    if (cells.every((cell) => cell === "")) continue;
    const text = (column: number) => (column >= 0 ? cleanDescription((cells[column] ?? "").replace(/"/g, "")) : "");
    const [historico, descricao] = [text(header.historico), text(header.descricao)];
    const description = historico && descricao ? `${historico} - ${descricao}` : historico || descricao;
    const line =
      cells.length <= header.valor
        ? "bad"
        : readLine(cells[0], cells[header.valor], cleanDescription(description), null, brazilianDay, "comma", true);
    if (!collector.add(line, index + 1)) break;
  }
  return collector.outcome;
}

/** Words of a name that stay lower case when it is written as a name ("Maria da Silva"). */
const PARTICLES = new Set(["da", "das", "de", "do", "dos", "e"]);

/** A name in capitals as a name is written: "ROBERTO ALVES NUNES" is "Roberto Alves Nunes". */
function asName(text: string): string {
  return text
    .toLocaleLowerCase("pt-BR")
    .split(/\s+/)
    .map((word, index) =>
      index > 0 && PARTICLES.has(word) ? word : word.replace(/^\p{L}/u, (first) => first.toLocaleUpperCase("pt-BR")),
    )
    .join(" ");
}

/**
 * Who paid a credit line, as banks write it (issue 63): a Nubank export's "Transferência
 * recebida pelo Pix - ROBERTO ALVES NUNES - •••.123.456-•• - …", an Inter export's
 * `Pix recebido: "Cp :00000000-MARIA DA SILVA"`, an OFX memo's "PIX RECEBIDO ROBERTO ALVES
 * NUNES". Null when the line names no one.
 */
export function payerOf(description: string): string | null {
  const text = description.replace(/\s+/g, " ").trim();
  const found =
    // Inter: the payer's bank code, a hyphen, the name.
    /Cp ?:\s*\d+\s*-\s*([^"]+)/i.exec(text)?.[1] ??
    // Nubank: the name between the first dashes, before the document or the bank.
    /^Transfer[eê]ncia recebida(?: pelo Pix)? - (.+?)(?: - |$)/i.exec(text)?.[1] ??
    // A bank's memo: what follows the kind of credit.
    /^(?:pix recebido|recebimento (?:de )?pix|ted recebida|doc recebido|transf(?:er[eê]ncia)? recebida(?: pelo pix)?)(?:\s*[-:]\s*|\s+)(?!pelo pix$)(.+)$/i.exec(
      text,
    )?.[1];
  if (!found) return null;
  // What is not a name: documents, bank and branch numbers, masks.
  const name = found
    .replace(/[•*]+[\d.•*/-]*|\d[\d./-]*/g, " ")
    .replace(/["()]/g, " ")
    .replace(/\s+/g, " ")
    .replace(/^[\s,.-]+|[\s,.-]+$/g, "");
  if (!/\p{L}{2}/u.test(name) || name.length > 120) return null;
  return asName(name);
}
