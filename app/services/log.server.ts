/**
 * What the server writes to its log. Text that came from a user (a name, a message) or
 * from a failed query is written escaped: control characters (ESC sequences that repaint a
 * terminal, newlines that forge a line) and bidirectional overrides show as \u escapes, and
 * a query's parameters, which hold what people typed, are left out.
 */
const UNPRINTABLE =
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200b-\u200f\u2028\u2029\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;

/** `text` with every unprintable character escaped, and newlines too unless `multiline`. */
export function forLog(text: string, { multiline = false } = {}): string {
  const escaped = text.replace(UNPRINTABLE, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`);
  return multiline ? escaped : escaped.replace(/\r?\n|\t/g, (char) => JSON.stringify(char).slice(1, -1));
}

/** An error as one safe log entry: its name, message (without query parameters) and stack. */
function describeError(error: unknown): string {
  if (!(error instanceof Error)) return forLog(String(error));
  const withoutParams = (text: string) => text.replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/, "\nparams: (omitidos)");
  const stack = error.stack ?? `${error.name}: ${error.message}`;
  const cause = error.cause instanceof Error ? `\nCausa: ${describeError(error.cause)}` : "";
  return forLog(withoutParams(stack), { multiline: true }) + cause;
}

export function logError(label: string, error: unknown): void {
  console.error(`${label}: ${describeError(error)}`);
}
