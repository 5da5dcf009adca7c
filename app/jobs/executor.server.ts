import { Param, SQL, StringChunk } from "drizzle-orm";
import type { PGlite } from "@electric-sql/pglite";
import type pg from "pg";
import type { Database, Db } from "~/db/client.server";

/** What pg-boss runs its SQL through (its `db` option): our own connections, never its own pool. */
export type SqlExecutor = { executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> };

/**
 * The executor over the app's own database. On PostgreSQL, the app's pool. On PGlite, its one
 * session: statements with parameters go through `query`, and pg-boss's parameterless scripts
 * (its migrations and maintenance, several statements in a BEGIN…COMMIT) through `exec`, since
 * a prepared statement holds one; a script that fails is rolled back by hand, or the session
 * would stay in an aborted transaction for every later query.
 */
export function databaseExecutor(database: Pick<Database, "db" | "kind">): SqlExecutor {
  if (database.kind === "postgres") {
    const pool = (database.db as unknown as { $client: pg.Pool }).$client;
    return { executeSql: (text, values) => pool.query(text, values) };
  }
  const client = (database.db as unknown as { $client: PGlite }).$client;
  return {
    async executeSql(text, values) {
      if (values && values.length > 0) return client.query(text, values);
      try {
        const results = await client.exec(text);
        return results.at(-1) ?? { rows: [] };
      } catch (error) {
        await client.exec("rollback").catch(() => undefined);
        throw error;
      }
    },
  };
}

/**
 * The executor inside a Drizzle transaction, so that a job is stored with the rows that call
 * for it, or not at all. On PGlite it is also the only way: its one session belongs to the
 * transaction until it ends, and a statement sent outside it would wait for ever.
 */
export function transactionExecutor(tx: Db): SqlExecutor {
  return { executeSql: async (text, values = []) => (await tx.execute(withParameters(text, values))) as never };
}

/**
 * `text` with its `$1…$n` placeholders bound to `values`, as Drizzle SQL (which numbers them
 * again). One flat list of text and parameters: half the time Drizzle takes to write it out
 * from a template per parameter (a job's insert has 25).
 */
function withParameters(text: string, values: unknown[]): SQL {
  const parts = text.split(/\$(\d+)\b/);
  // A Param, never a bare value: Drizzle would spread an array into a list.
  return new SQL(
    parts.map((part, index) => (index % 2 === 0 ? new StringChunk(part) : new Param(values[Number(part) - 1] ?? null))),
  );
}
