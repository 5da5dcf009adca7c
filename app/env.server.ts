import path from "node:path";
import { z } from "zod";
import { isLocalUrl } from "~/lib/public-url";
import { DEFAULT_REPORTS_TO_HIDE } from "~/lib/reports";
import { parseKey } from "~/services/vault.server";

/**
 * The one place that reads process.env. Every setting has a default that makes
 * `npm start` work on a fresh machine (embedded database in ./data).
 */
const booleanFlag = z
  .enum(["true", "false", "1", "0", "yes", "no", "on", "off"])
  .transform((value) => value === "true" || value === "1" || value === "yes" || value === "on");

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  HOST: z.string().min(1).default("0.0.0.0"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "DATABASE_URL deve começar com postgres:// ou postgresql://")
    .optional(),
  DEMO_DATA: booleanFlag.optional(),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  TRUST_PROXY: z.string().default("false"),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "SMTP_URL deve começar com smtp:// ou smtps://")
    .optional(),
  MAIL_FROM: z.string().min(3).default("Adopet <nao-responda@adopet.local>"),
  DATA_ENCRYPTION_KEY: z
    .string()
    .refine(
      (value) => parseKey(value) !== null,
      "DATA_ENCRYPTION_KEY deve ter 64 dígitos hexadecimais (openssl rand -hex 32)",
    )
    .optional(),
  PUBLIC_URL: z.url({ error: "PUBLIC_URL deve ser um endereço completo, como https://adote.exemplo.org" }).optional(),
  MESSAGE_LIMIT_PER_HOUR: z.coerce.number().int().min(1).default(10),
  MESSAGE_LIMIT_PER_RECIPIENT_PER_HOUR: z.coerce.number().int().min(1).default(60),
  SIGNUP_LIMIT_PER_HOUR: z.coerce.number().int().min(1).default(20),
  REPORT_LIMIT_PER_HOUR: z.coerce.number().int().min(1).default(10),
  PRIVACY_CONTACT: z.string().trim().min(3).max(200).optional(),
  // A map's tiles come from a third party: off unless the operator names a server (docs/operations.md).
  MAP_TILES_URL: z
    .string()
    .refine(
      (value) => mapTilesOrigin(value) !== null,
      "MAP_TILES_URL deve ser um endereço https com {z}, {x} e {y}, como https://tile.openstreetmap.org/{z}/{x}/{y}.png",
    )
    .optional(),
  MAP_TILES_ATTRIBUTION: z.string().trim().min(3).max(300).default("© colaboradores do OpenStreetMap"),
  APPLICATION_RETENTION_DAYS: z.coerce
    .number({ error: "APPLICATION_RETENTION_DAYS deve ser um número de dias" })
    .int()
    .min(1)
    .max(3650)
    .default(180),
  REPORTS_TO_HIDE: z.coerce
    .number({ error: "REPORTS_TO_HIDE deve ser um número de pessoas" })
    .int()
    .min(1)
    .max(1000)
    .default(DEFAULT_REPORTS_TO_HIDE),
  LIVE_HEARTBEAT_MS: z.coerce
    .number({ error: "LIVE_HEARTBEAT_MS deve ser um número de milissegundos" })
    .int()
    .min(50)
    .max(60_000)
    .default(25_000),
  REPORTER_MIN_AGE_DAYS: z.coerce
    .number({ error: "REPORTER_MIN_AGE_DAYS deve ser um número de dias" })
    .int()
    .min(0)
    .max(365)
    .default(7),
  RATE_LIMITS: z.enum(["on", "off"], { error: "RATE_LIMITS deve ser on ou off" }).default("on"),
  JOBS: z.enum(["on", "off"], { error: "JOBS deve ser on ou off" }).default("on"),
  REQUEST_LOG: z.enum(["on", "off"], { error: "REQUEST_LOG deve ser on ou off" }).default("on"),
  RUNTIME_TUNING: z.enum(["on", "off"], { error: "RUNTIME_TUNING deve ser on ou off" }).default("on"),
  DATABASE_PREPARED_STATEMENTS: z
    .enum(["on", "off"], { error: "DATABASE_PREPARED_STATEMENTS deve ser on ou off" })
    .default("on"),
});

type MapTiles = { url: string; attribution: string; origin: string };

export type Env = {
  nodeEnv: "development" | "production" | "test";
  host: string;
  port: number;
  /** Absolute path of the embedded database's directory (PGlite). */
  dataDir: string;
  /** When set, PostgreSQL is used instead of the embedded database. */
  databaseUrl: string | undefined;
  /** PostgreSQL: statements with parameters run named, parsed once per connection (ADR 27). */
  preparedStatements: boolean;
  /** Load the demo caretaker and pets into an empty database. */
  demoData: boolean;
  /** PUBLIC_URL names an address others reach (not localhost): a real site, not a demo. */
  publicSite: boolean;
  shutdownTimeoutMs: number;
  /** Express's "trust proxy": which proxies may tell the client's address and protocol. */
  trustProxy: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** The site's public address (for links in e-mails sent outside a request). */
  publicUrl: string | undefined;
  /** The key personal data is encrypted with at rest (app/services/vault.server.ts). */
  dataEncryptionKey: Buffer | undefined;
  /** Contact messages one client may send per hour. */
  messageLimitPerHour: number;
  /** Contact messages one caretaker may receive per hour. */
  messageLimitPerRecipientPerHour: number;
  /** Accounts one client address may create per hour. */
  signupLimitPerHour: number;
  /** Reports (denúncias) one client address may file per hour. */
  reportLimitPerHour: number;
  /** Days the answers of a closed adoption application are kept (LGPD). */
  applicationRetentionDays: number;
  /** Who answers for the personal data of this installation (an e-mail or an address), on the privacy page. */
  privacyContact: string | undefined;
  /** The map tiles' server (lost and found's maps), and the credit it asks for; none unless configured. */
  mapTiles: MapTiles | undefined;
  /** Distinct people whose reports hide a listing until an operator looks. */
  reportsToHide: number;
  /**
   * How often an open stream of conversations beats, and checks its session again: a stream
   * ends within this long of a logout, a suspension or a password change. Shorter in tests.
   */
  liveHeartbeatMs: number;
  /** Days an account must have before its reports count towards hiding a listing (issue 41). */
  reporterMinAgeDays: number;
  /** False only in tests that must reach what every limit guards (scripts/sqlmap.sh). */
  rateLimits: boolean;
  /** False for web servers whose jobs run in a separate worker process (`npm run worker`). */
  jobs: boolean;
  /** A log line per request, with its id (off by default: measured in docs/performance.md). */
  requestLog: boolean;
  /** The runtime tuning of server/tuning (ADR 15); off runs the libraries as they ship. */
  runtimeTuning: boolean;
};

/**
 * The origin a tiles' template is fetched from (the Content-Security-Policy allows its images),
 * or null when it is no such template: https (http only for a local test server), one host (no
 * `{s}` subdomains), with `{z}`, `{x}` and `{y}`.
 */
function mapTilesOrigin(template: string): string | null {
  if (!["{z}", "{x}", "{y}"].every((part) => template.includes(part))) return null;
  try {
    const url = new URL(template.replaceAll(/\{[zxy]\}/g, "0"));
    const local = url.hostname === "127.0.0.1" || url.hostname === "localhost";
    if (url.protocol !== "https:" && !(local && url.protocol === "http:")) return null;
    if (url.host.includes("{")) return null;
    return url.origin;
  } catch {
    return null;
  }
}

export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  // An empty variable (VAR= in a shell or an env file) means "use the default".
  const given = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ""));
  const parsed = envSchema.safeParse(given);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`).join("\n");
    throw new Error(`Configuração inválida:\n${problems}`);
  }
  const value = parsed.data;
  // A site at a public address is a real one: it starts without the demo's accounts, whose
  // passwords the README publishes, unless DEMO_DATA asks for them.
  const publicSite = value.PUBLIC_URL !== undefined && !isLocalUrl(value.PUBLIC_URL);
  const demoData = value.DEMO_DATA ?? (value.DATABASE_URL === undefined && !publicSite);
  return {
    nodeEnv: value.NODE_ENV,
    host: value.HOST,
    port: value.PORT,
    dataDir: path.resolve(value.DATA_DIR),
    databaseUrl: value.DATABASE_URL,
    preparedStatements: value.DATABASE_PREPARED_STATEMENTS === "on",
    // Demo data is on by default for the embedded database at a local address (a first look
    // at the app), off by default on PostgreSQL or at a public address (a real deployment).
    demoData,
    publicSite,
    shutdownTimeoutMs: value.SHUTDOWN_TIMEOUT_MS,
    trustProxy: value.TRUST_PROXY,
    smtpUrl: value.SMTP_URL,
    mailFrom: value.MAIL_FROM,
    publicUrl: value.PUBLIC_URL?.replace(/\/+$/, ""),
    dataEncryptionKey:
      value.DATA_ENCRYPTION_KEY === undefined ? undefined : (parseKey(value.DATA_ENCRYPTION_KEY) ?? undefined),
    messageLimitPerHour: value.MESSAGE_LIMIT_PER_HOUR,
    messageLimitPerRecipientPerHour: value.MESSAGE_LIMIT_PER_RECIPIENT_PER_HOUR,
    signupLimitPerHour: value.SIGNUP_LIMIT_PER_HOUR,
    reportLimitPerHour: value.REPORT_LIMIT_PER_HOUR,
    applicationRetentionDays: value.APPLICATION_RETENTION_DAYS,
    privacyContact: value.PRIVACY_CONTACT,
    mapTiles: value.MAP_TILES_URL
      ? {
          url: value.MAP_TILES_URL,
          attribution: value.MAP_TILES_ATTRIBUTION,
          origin: mapTilesOrigin(value.MAP_TILES_URL)!,
        }
      : undefined,
    reportsToHide: value.REPORTS_TO_HIDE,
    liveHeartbeatMs: value.LIVE_HEARTBEAT_MS,
    reporterMinAgeDays: value.REPORTER_MIN_AGE_DAYS,
    rateLimits: value.RATE_LIMITS === "on",
    jobs: value.JOBS === "on",
    requestLog: value.REQUEST_LOG === "on",
    runtimeTuning: value.RUNTIME_TUNING === "on",
  };
}
