import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import type { SQL } from "drizzle-orm";
import { inject } from "vitest";
import { openDatabase, type Database } from "~/db/client.server";
import { migrate, MIGRATIONS_DIR } from "~/db/migrate.server";
import { fewStatementsPerTurn } from "../../server/tuning/embedded-database";
import { adminQuery, databaseUrl, dropDatabase } from "./postgres-admin";
import { scratchDir } from "./scratch";

/** How many migrations drizzle/ holds: a new database applies them all. */
export const MIGRATION_COUNT = (
  JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, "meta/_journal.json"), "utf8")) as { entries: unknown[] }
).entries.length;

export type TestDatabase = Database & { dataDir?: string; url?: string; destroy(): Promise<void> };

/**
 * A fresh database for one test file: PGlite in a temporary directory, or, when DATABASE_URL is
 * set, a new database created on that PostgreSQL server (dropped afterwards). `migrated`, it is
 * a copy of the global setup's template (tests/support/database-template.ts): migrated, with the
 * job queue installed; otherwise empty (on PGlite, a copy of the setup's empty cluster).
 */
export async function createTestDatabase({ migrated = true } = {}): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const url = await createPostgresDatabase(serverUrl, { migrated });
    const database = await openDatabase({ databaseUrl: url, dataDir: "" });
    // A copy of the template is migrated already; this applies nothing unless it is missing.
    if (migrated) await migrate(database.db);
    return {
      ...database,
      url,
      destroy: async () => {
        await database.close();
        await dropDatabase(serverUrl, url);
      },
    };
  }
  const dataDir = scratchDir("adopet-test-");
  copyTemplate(path.join(dataDir, "db"), { migrated });
  // As the server runs it (server/tuning), unless RUNTIME_TUNING=off.
  const database = await openDatabase({
    dataDir: path.join(dataDir, "db"),
    tuneEmbedded: process.env.RUNTIME_TUNING === "off" ? undefined : fewStatementsPerTurn,
  });
  // A copy of the template is migrated already; this applies nothing unless it is missing.
  if (migrated) await migrate(database.db);
  return {
    ...database,
    dataDir: path.join(dataDir, "db"),
    destroy: async () => {
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Starts `dataDir` as a copy of an embedded database the global setup made, if it made one: the
 * migrated one, or, not `migrated`, the empty one (initdb done).
 */
export function copyTemplate(dataDir: string, { migrated = true } = {}): void {
  const template = inject(migrated ? "pgliteTemplate" : "pgliteEmpty");
  if (template) fs.cpSync(template, dataDir, { recursive: true });
}

/**
 * A new database on the PostgreSQL server `serverUrl` names, as a copy of the global setup's
 * template when `migrated` (and there is one), else empty; its URL.
 */
export async function createPostgresDatabase(serverUrl: string, { migrated }: { migrated: boolean }): Promise<string> {
  const name = `adopet_test_${randomUUID().replaceAll("-", "")}`;
  const template = migrated ? inject("postgresTemplate") : undefined;
  await adminQuery(serverUrl, template ? `create database ${name} template ${template}` : `create database ${name}`);
  return databaseUrl(serverUrl, name);
}

/**
 * A database migrated up to, and not including, the migration `tag`: for a test that writes
 * data as it was before that migration, then runs the rest (`migrate(database.db)`).
 */
export async function createDatabaseBefore(tag: string): Promise<TestDatabase> {
  const database = await createTestDatabase({ migrated: false });
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "adopet-migrations-"));
  try {
    fs.cpSync(MIGRATIONS_DIR, folder, { recursive: true });
    const journalFile = path.join(folder, "meta/_journal.json");
    const journal = JSON.parse(fs.readFileSync(journalFile, "utf8")) as { entries: { tag: string }[] };
    const cut = journal.entries.findIndex((entry) => entry.tag === tag);
    if (cut < 1) throw new Error(`No migration ${tag}`);
    fs.writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, cut) }));
    await migrate(database.db, folder);
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
  return database;
}

/** The rows a raw query answers. */
export async function queryRows<T>(database: TestDatabase, query: SQL): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}
