import { defineConfig } from "vitest/config";
import { ProcessesFirst } from "./tests/support/sequencer";

/**
 * Server tests of what runs the same on any database: the HTTP layer (body limits, headers,
 * keep-alive, the response cache), the pages' and documents' rendering, input fuzzing, the
 * process's flags, log and start-up switches (the demo data's: its seeding on PostgreSQL, by two
 * processes at once, is tests/server/two-servers and tests/integration/seed). Embedded PostgreSQL
 * (PGlite) and a PostgreSQL server run the same SQL; what differs between them is connections,
 * locks and concurrency, which these do not exercise.
 * They run once, on the embedded database (npm test), not again on PostgreSQL (npm run test:db).
 */
const SAME_ON_ANY_DATABASE = [
  "body-limits",
  "caretaker-page",
  "demo-data",
  "forged-headers",
  "fuzz",
  "json-bodies",
  "keep-alive",
  "legal-pages",
  "logs",
  "node-flags",
  "openapi",
  "page-scripts",
  "production-mode",
  "public-cache",
  "return-to",
  "runtime-tuning-off",
  "security",
  "syndication",
  "text-input",
  "widget",
].map((name) => `tests/server/${name}.test.ts`);

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    // Creating a PGlite database takes seconds; the server tests start processes, and CI's runners
    // are up to three times slower than a machine of ours (a test's limit catches hangs, not speed).
    testTimeout: 120_000,
    // Two files at a time (Vitest's default is one fewer than the cores: one, here). Most files
    // spend their time waiting on a server process, a database or a timer, so two use both cores.
    maxWorkers: 2,
    // Each worker runs its files one after another in one module graph, instead of a new process
    // per file: loading the built app, PGlite's WebAssembly and the libraries again for each of
    // 112 files took a third of the pass. Each file still has its own database and app
    // (tests/support), so nothing a test writes reaches another file.
    isolate: false,
    hookTimeout: 120_000,
    // The longest files first, so that neither core waits alone at the end.
    sequence: { sequencer: ProcessesFirst },
    // The apps the tests start write no line per request (tests/server/logs.test.ts turns them on).
    // A fixed key for the data the app encrypts (DATA_ENCRYPTION_KEY is required on PostgreSQL).
    // One migrated embedded database that each test's database starts as a copy of.
    globalSetup: ["tests/support/database-template.ts"],
    env: {
      REQUEST_LOG: "off",
      DATA_ENCRYPTION_KEY: "5f1c0e4b7a9d2c6e8f3a1b5d7c9e2f4a6b8d0c2e4f6a8b0d2c4e6f8a0b2d4c6e",
    },
    projects: [
      {
        extends: true,
        test: { name: "unit", include: ["tests/unit/**/*.test.ts"] },
      },
      {
        // Everything that talks to a database: PGlite by default, PostgreSQL with DATABASE_URL.
        extends: true,
        test: { name: "db", include: ["tests/integration/**/*.test.ts"] },
      },
      {
        // Starts the built server (npm run build first), in this process or as a real one.
        extends: true,
        test: { name: "server", include: ["tests/server/**/*.test.ts"], exclude: SAME_ON_ANY_DATABASE },
      },
      {
        // The same, for the tests above that run once (npm run test:db leaves this project out).
        extends: true,
        test: { name: "http", include: SAME_ON_ANY_DATABASE },
      },
    ],
  },
});
