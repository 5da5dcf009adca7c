import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "~/db/client.server";

// The embedded database works on this thread: while statements are queued, the server must
// still get turns to accept connections and read requests (a turn is what a setImmediate,
// a timer or an I/O callback waits for).
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

  it("lets the event loop turn between statements, and runs them in arrival order", async () => {
    const statements = 200;
    const finished: number[] = [];
    const queued = Array.from({ length: statements }, (_, index) =>
      database.db.execute(sql`select ${index}::int as n`).then(() => finished.push(index)),
    );
    const doneWhenTheLoopTurned = await new Promise<number>((resolve) => setImmediate(() => resolve(finished.length)));
    await Promise.all(queued);

    expect(doneWhenTheLoopTurned).toBeLessThan(statements / 10);
    expect(finished).toEqual([...Array(statements).keys()]);
  });

  it("runs a transaction whole, with nothing of others in between", async () => {
    await database.db.execute(sql`create table tally (n int)`);
    await Promise.all([
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into tally values (1)`);
        await new Promise((resolve) => setTimeout(resolve, 20));
        await tx.execute(sql`insert into tally values (2)`);
      }),
      database.db.execute(sql`insert into tally values (3)`),
    ]);
    const result = (await database.db.execute(sql`select n from tally order by ctid`)) as unknown as {
      rows: { n: number }[];
    };
    expect(result.rows.map((row) => row.n)).toEqual([1, 2, 3]);
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
