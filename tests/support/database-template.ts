import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "~/db/client.server";
import { migrate } from "~/db/migrate.server";

/**
 * Vitest's global setup: one embedded database migrated once, which each test file's database
 * starts as a copy of (tests/support/database.ts, tests/support/app.ts). Creating a PGlite
 * database and applying every migration takes seconds; copying its directory, a fraction of
 * that. Migrations themselves are tested on empty databases (tests/integration/migrations).
 * On PostgreSQL (DATABASE_URL) there is no template: each database is migrated as it is created.
 */
declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) return;
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "adopet-template-"));
  const dataDir = path.join(root, "db");
  const database = await openDatabase({ dataDir });
  await migrate(database.db);
  await database.close();
  project.provide("pgliteTemplate", dataDir);
  return () => fs.rmSync(root, { recursive: true, force: true });
}
