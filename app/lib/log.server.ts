import pino, { type Logger } from "pino";

/**
 * The server's log: one JSON line per event (pino), readable in development. Personal data
 * never reaches it: requests are logged by method, path, status and duration only (no query
 * string, header, cookie or body), and the keys below are replaced wherever they appear in
 * what is logged. Text that came from a user or from a failed query is written escaped:
 * control characters (ESC sequences that repaint a terminal, newlines that forge a line) and
 * bidirectional overrides show as \u escapes, and a query's parameters are left out.
 */
const PERSONAL_KEYS = [
  "email",
  "telefone",
  "senha",
  "senha__atual",
  "senha__confirma",
  "cpf",
  "endereco",
  "texto",
  "contato__texto",
  "cookie",
  "authorization",
  "set-cookie",
];
const REDACT_PATHS = PERSONAL_KEYS.flatMap((key) => {
  const name = /^[a-z_]+$/.test(key) ? key : `["${key}"]`;
  const child = name.startsWith("[") ? name : `.${name}`;
  return [name.startsWith("[") ? `*${name}` : name, `*${child}`, `*.*${child}`];
});

const UNPRINTABLE =
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200b-\u200f\u2028\u2029\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;

/** `text` with every unprintable character escaped, and newlines too unless `multiline`. */
export function forLog(text: string, { multiline = false } = {}): string {
  const escaped = text.replace(UNPRINTABLE, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`);
  return multiline ? escaped : escaped.replace(/\r?\n|\t/g, (char) => JSON.stringify(char).slice(1, -1));
}

const withoutParams = (text: string) => text.replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/, "\nparams: (omitidos)");

/** An error as a safe log entry: its type, message and stack without query parameters, escaped. */
function safeError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: forLog(String(error)) };
  return {
    type: error.name,
    message: forLog(withoutParams(error.message)),
    stack: forLog(withoutParams(error.stack ?? ""), { multiline: true }),
    ...(error.cause instanceof Error ? { cause: safeError(error.cause) } : {}),
  };
}

// Asynchronous: lines written while a write is under way go out together in the next one, so a
// line per request costs no system call each. pino writes what is left when the process exits.
const standardOutput = pino.destination({ dest: 1, sync: false });

const baseOptions: pino.LoggerOptions = {
  level: "info",
  base: undefined,
  timestamp: pino.stdTimeFunctions.isoTime,
  formatters: { level: (label) => ({ level: label }) },
  serializers: { err: safeError },
};

function createLogger(stream: pino.DestinationStream = standardOutput): Logger {
  return pino({ ...baseOptions, redact: { paths: REDACT_PATHS, censor: "[omitido]" } }, stream);
}

/**
 * The request lines' logger: the same output and format, without the search for personal keys,
 * which walked every line's object and halved the requests served (docs/performance.md). Request
 * lines hold only what server/http.ts puts in them: id, method, path without its query, status
 * and duration, and an error made safe by the same serializer.
 */
function createRequestLogger(stream: pino.DestinationStream = standardOutput): Logger {
  return pino(baseOptions, stream);
}

/** The process's logger; `useReadableLog` switches it to readable lines (development). */
export let logger: Logger = createLogger();
export let requestLogger: Logger = createRequestLogger();

export async function useReadableLog(): Promise<void> {
  // A dev dependency: colours and one event a line.
  const { default: pretty } = await import("pino-pretty");
  const readable = pretty({ colorize: true, translateTime: "SYS:HH:MM:ss" });
  logger = createLogger(readable);
  requestLogger = createRequestLogger(readable);
}

/** An error at error level: anything thrown that is not an Error is described, not `[object Object]`. */
export function logError(label: string, error: unknown): void {
  logger.error({ err: error instanceof Error ? error : new Error(describeThrown(error)) }, label);
}

function describeThrown(value: unknown): string {
  if (value !== null && typeof value === "object") {
    const { status, statusText } = value as { status?: unknown; statusText?: unknown };
    if (typeof status === "number")
      return `Resposta ${status}${typeof statusText === "string" ? ` ${forLog(statusText)}` : ""}`;
    // Its fields could hold what someone typed: named by its kind only.
    return `Valor lançado: ${Object.prototype.toString.call(value)}`;
  }
  return `Valor lançado: ${typeof value}`;
}
