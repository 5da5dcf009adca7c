import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase, type Database } from "~/db/client.server";
import { migrate } from "~/db/migrate.server";
import { appJobs } from "~/jobs/definitions.server";
import { startJobQueue, type JobQueue } from "~/jobs/queue.server";
import { createMailer } from "~/services/mail.server";
import { adminQuery, databaseUrl, dropDatabase } from "./postgres-admin";
import { scratchDir } from "./scratch";

/**
 * Vitest's global setup: one database, made once, that each test file's database starts as a
 * copy of (tests/support/database.ts, tests/support/app.ts): every migration applied, and the
 * job queue's schema and queues installed, as a started app leaves them. Applying the migrations
 * (the cities' alone are 423 KB of SQL) and installing pg-boss take seconds a database; copying,
 * a fraction of that. On the embedded database the copy is of its directory; on PostgreSQL
 * (DATABASE_URL), `create database … template`. Migrations themselves are tested on empty
 * databases (tests/integration/migrations).
 */
declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
    pgliteEmpty: string;
    postgresTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const name = `adopet_template_${randomUUID().replaceAll("-", "")}`;
    await adminQuery(serverUrl, `create database ${name}`);
    await prepare(await openDatabase({ databaseUrl: databaseUrl(serverUrl, name), dataDir: "" }));
    project.provide("postgresTemplate", name);
    return () => dropDatabase(serverUrl, databaseUrl(serverUrl, name));
  }
  const root = scratchDir("adopet-template-");
  // PGlite's initdb takes 5 s of one core: done once, and the empty cluster kept for the tests of
  // migrations, which start from nothing (`createTestDatabase({ migrated: false })`).
  const emptyDir = path.join(root, "empty");
  await (await openDatabase({ dataDir: emptyDir })).close();
  const dataDir = path.join(root, "db");
  fs.cpSync(emptyDir, dataDir, { recursive: true });
  await prepare(await openDatabase({ dataDir }));
  project.provide("pgliteTemplate", dataDir);
  project.provide("pgliteEmpty", emptyDir);
  return () => fs.rmSync(root, { recursive: true, force: true });
}

/** Migrates `database`, installs the app's queues (no worker, no schedule), and closes it. */
async function prepare(database: Database) {
  try {
    await migrate(database.db);
    const mailer = createMailer({ from: "Adopet <nao-responda@adopet.example>", log: () => undefined });
    const queue: JobQueue = await startJobQueue(
      database,
      appJobs({ db: database.db, mailer, publicUrl: () => "http://127.0.0.1", jobs: () => queue }),
      { work: false },
    );
    await queue.stop();
  } finally {
    await database.close();
  }
}
