import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "~/db/client.server";

// The embedded database's upkeep (its scheduling on the event loop is part of the runtime
// tuning: tests/integration/runtime-tuning.test.ts).
describe.skipIf(Boolean(process.env.DATABASE_URL))("the embedded database at work", () => {
  let dir: string;
  let database: Database;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "adopet-runtime-"));
    database = await openDatabase({ dataDir: path.join(dir, "data") });
  });
  afterAll(async () => {
    await database?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  // Statistics: PGlite has no autovacuum, so the app refreshes them itself.
  const estimatedRows = async () => {
    const result = (await database.db.execute(
      sql`select reltuples::int as rows from pg_class where relname = 'litter'`,
    )) as unknown as { rows: { rows: number }[] };
    return result.rows[0]!.rows;
  };
  const add = (rows: number) =>
    database.db.execute(sql`insert into litter select n, repeat('x', 100) from generate_series(1, ${rows}) n`);

  it("takes statistics of a table that grew by more than a tenth, and leaves them alone otherwise", async () => {
    await database.db.execute(sql`create table litter (n int, body text)`);
    await add(5_000);
    expect(await estimatedRows()).toBe(-1); // never analysed

    await database.refreshStatistics();
    expect(await estimatedRows()).toBe(5_000);

    await add(100);
    await database.refreshStatistics();
    expect(await estimatedRows()).toBe(5_000);

    await add(5_000);
    await database.refreshStatistics();
    expect(await estimatedRows()).toBe(10_100);
  });
});
