import path from "node:path";
import { z } from "zod";

/**
 * The one place that reads process.env. Every setting has a default that makes
 * `npm start` work on a fresh machine (embedded database in ./data).
 */
const booleanFlag = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((value) => value === "true" || value === "1" || value === "yes");

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
});

export type Env = {
  nodeEnv: "development" | "production" | "test";
  host: string;
  port: number;
  /** Absolute path of the embedded database's directory (PGlite). */
  dataDir: string;
  /** When set, PostgreSQL is used instead of the embedded database. */
  databaseUrl: string | undefined;
  /** Load the demo caretaker and pets into an empty database. */
  demoData: boolean;
  shutdownTimeoutMs: number;
};

export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  // An empty variable (VAR= in a shell or an env file) means "use the default".
  const given = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ""));
  const parsed = envSchema.safeParse(given);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`).join("\n");
    throw new Error(`Configuração inválida:\n${problems}`);
  }
  const value = parsed.data;
  return {
    nodeEnv: value.NODE_ENV,
    host: value.HOST,
    port: value.PORT,
    dataDir: path.resolve(value.DATA_DIR),
    databaseUrl: value.DATABASE_URL,
    // Demo data is on by default for the embedded database (a first look at the
    // app), off by default on PostgreSQL (a real deployment).
    demoData: value.DEMO_DATA ?? value.DATABASE_URL === undefined,
    shutdownTimeoutMs: value.SHUTDOWN_TIMEOUT_MS,
  };
}
