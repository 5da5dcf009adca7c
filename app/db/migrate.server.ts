import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { rowsOf, type Db } from "./client.server";

/**
 * `drizzle/` sits two levels above both this source file (app/db/) and the
 * server bundle (build/server/), so the same relative path works in both.
 */
export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../drizzle");

// Any constant shared by every app server: it serialises concurrent start-ups.
const MIGRATION_LOCK_KEY = 7_361_842;

export type MigrationResult = { applied: string[]; alreadyApplied: number };

/**
 * Applies the generated SQL migrations in order, each in a transaction of its
 * own, recorded in drizzle's own table (`drizzle.__drizzle_migrations`) so
 * drizzle-kit sees the same history. An advisory lock makes several app servers
 * starting at once apply each migration exactly once.
 */
export async function migrate(db: Db, migrationsFolder = MIGRATIONS_DIR): Promise<MigrationResult> {
  const migrations = readMigrationFiles({ migrationsFolder });
  const recorded = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`);
    await tx.execute(sql`create schema if not exists drizzle`);
    await tx.execute(sql`
      create table if not exists drizzle.__drizzle_migrations (
        id serial primary key,
        hash text not null,
        created_at bigint
      )`);
    return new Set(
      rowsOf<{ hash: string }>(await tx.execute(sql`select hash from drizzle.__drizzle_migrations`)).map(
        (row) => row.hash,
      ),
    );
  });

  const result: MigrationResult = { applied: [], alreadyApplied: 0 };
  for (const migration of migrations) {
    // Read in one query above: a start with nothing to apply opens no transaction per migration.
    if (recorded.has(migration.hash)) {
      result.alreadyApplied += 1;
      continue;
    }
    // Another server may have applied it since: looked up again under the lock.
    const applied = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`);
      const existing = await tx.execute(
        sql`select 1 from drizzle.__drizzle_migrations where hash = ${migration.hash} limit 1`,
      );
      if (rowsOf(existing).length > 0) return false;
      for (const statement of migration.sql) {
        if (statement.trim()) await tx.execute(sql.raw(statement));
      }
      await tx.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${migration.hash}, ${migration.folderMillis})`,
      );
      return true;
    });
    if (applied) result.applied.push(migration.hash);
    else result.alreadyApplied += 1;
  }
  return result;
}
