import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, rowsOf, type Database, type Db } from "~/db/client.server";
import { createTestDatabase, type TestDatabase } from "../support/database";

// Statements with parameters run named on PostgreSQL (ADR 27): through node-postgres's pool
// option `Client`, which these tests fail without (an upgrade that dropped it, say).

/**
 * Runs `work` three times on one connection (a text is named from its third use), then lists
 * the statements that connection holds parsed.
 */
function preparedAfter(db: Db, work: (tx: Db) => Promise<unknown>) {
  return db.transaction(async (tx) => {
    for (let time = 0; time < 3; time += 1) await work(tx);
    const listed = await tx.execute(sql`select name, statement from pg_prepared_statements order by name`);
    return rowsOf<{ name: string; statement: string }>(listed);
  });
}

describe.runIf(process.env.DATABASE_URL)("named statements on PostgreSQL", () => {
  let database: TestDatabase;
  let unnamed: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
    unnamed = await openDatabase({ databaseUrl: database.url!, dataDir: "", preparedStatements: false });
  });
  afterAll(async () => {
    await unnamed?.close();
    await database?.destroy();
  });

  it("parses a statement with parameters once per connection once it is used again, under one name, and answers each call with its own values", async () => {
    const answers: number[] = [];
    let next = 5;
    const prepared = await preparedAfter(database.db, async (tx) => {
      const rows = rowsOf<{ n: number }>(await tx.execute(sql`select ${next++}::int as n`));
      answers.push(rows[0]!.n);
    });
    expect(answers).toEqual([5, 6, 7]);
    const mine = prepared.filter((row) => row.statement === "select $1::int as n");
    expect(mine).toHaveLength(1);
    expect(mine[0]!.name).toMatch(/^adopet_\d+$/);
  });

  it("leaves statements without parameters to the simple protocol", async () => {
    const prepared = await preparedAfter(database.db, (tx) => tx.execute(sql`select 41 + 1 as answer`));
    expect(prepared.map((row) => row.statement)).not.toContain("select 41 + 1 as answer");
  });

  it("names nothing with DATABASE_PREPARED_STATEMENTS=off", async () => {
    const prepared = await preparedAfter(unnamed.db, (tx) => tx.execute(sql`select ${1}::int as n`));
    expect(prepared).toEqual([]);
  });
});
