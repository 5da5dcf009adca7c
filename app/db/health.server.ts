/**
 * Whether the database can be reached, learnt from the errors queries meet:
 * a lost connection marks it down, and a probe then checks every half second
 * until it answers again. While it is down, the app answers 503 at once.
 */
export class DatabaseHealth {
  down = false;
  private probing = false;

  constructor(
    private readonly probe: () => Promise<boolean>,
    private readonly intervalMs = 500,
  ) {}

  /** Called with every failed query: only connection failures count. */
  report(error: unknown): void {
    if (!isConnectionError(error)) return;
    this.down = true;
    void this.watch();
  }

  private async watch() {
    if (this.probing) return;
    this.probing = true;
    try {
      while (this.down) {
        await new Promise((resolve) => setTimeout(resolve, this.intervalMs).unref());
        if (await this.probe().catch(() => false)) this.down = false;
      }
    } finally {
      this.probing = false;
    }
  }
}

// Node's socket errors and PostgreSQL's connection exceptions (08xxx) and shutdowns (57P0x).
const CONNECTION_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "ENOTFOUND",
  "57P01",
  "57P02",
  "57P03",
]);
const CONNECTION_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i;

function isConnectionError(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth += 1) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === "string" && (CONNECTION_CODES.has(code) || code.startsWith("08"))) return true;
    if (typeof message === "string" && CONNECTION_MESSAGES.test(message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
