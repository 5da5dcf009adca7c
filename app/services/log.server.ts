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

function createLogger(stream?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level: "info",
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    serializers: { err: safeError },
    redact: { paths: REDACT_PATHS, censor: "[omitido]" },
  };
  // Asynchronous: lines written while a write is under way go out together in the next one, so
  // a line per request costs no system call each (measured in docs/performance.md). pino writes
  // what is left when the process exits.
  return pino(options, stream ?? pino.destination({ dest: 1, sync: false }));
}

/** The process's logger; `useReadableLog` switches it to readable lines (development). */
export let logger: Logger = createLogger();

export async function useReadableLog(): Promise<void> {
  // A dev dependency: colours and one event a line.
  const { default: pretty } = await import("pino-pretty");
  logger = createLogger(pretty({ colorize: true, translateTime: "SYS:HH:MM:ss" }));
}

export function logError(label: string, error: unknown): void {
  logger.error({ err: error }, label);
}
