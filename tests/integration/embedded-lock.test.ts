import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { DatabaseLockedError, openDatabase, type Database } from "~/db/client.server";

// The lock belongs to the embedded database only.
describe.skipIf(Boolean(process.env.DATABASE_URL))("the embedded database's lock", () => {
  const opened: Database[] = [];
  const dirs: string[] = [];

  function tempDataDir() {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "adopet-lock-"));
    dirs.push(dir);
    return path.join(dir, "data");
  }

  afterEach(async () => {
    for (const database of opened.splice(0)) await database.close();
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("refuses a second opener of the same directory, naming it, and loses nothing", async () => {
    const dataDir = tempDataDir();
    const first = await openDatabase({ dataDir });
    opened.push(first);
    await first.db.execute(sql`create table notes (body text)`);
    await first.db.execute(sql`insert into notes values ('antes')`);

    const second = openDatabase({ dataDir });
    await expect(second).rejects.toBeInstanceOf(DatabaseLockedError);
    await expect(second).rejects.toThrow(dataDir);

    await first.db.execute(sql`insert into notes values ('depois')`);
    const result = (await first.db.execute(sql`select body from notes order by body`)) as unknown as {
      rows: { body: string }[];
    };
    expect(result.rows.map((row) => row.body)).toEqual(["antes", "depois"]);
  });

  it("is released on close, so the directory can be opened again with its data", async () => {
    const dataDir = tempDataDir();
    const first = await openDatabase({ dataDir });
    await first.db.execute(sql`create table notes (body text)`);
    await first.db.execute(sql`insert into notes values ('guardado')`);
    await first.close();

    const again = await openDatabase({ dataDir });
    opened.push(again);
    const result = (await again.db.execute(sql`select body from notes`)) as unknown as { rows: { body: string }[] };
    expect(result.rows).toEqual([{ body: "guardado" }]);
  });

  it("takes over at once a fresh lock whose owner, on this machine, no longer runs", async () => {
    const dataDir = tempDataDir();
    fs.mkdirSync(dataDir, { recursive: true });
    fs.mkdirSync(`${dataDir}.lock`);
    // A pid that cannot be running: beyond Linux's largest.
    fs.writeFileSync(`${dataDir}.lock.owner`, JSON.stringify({ pid: 2 ** 22 + 1, host: os.hostname() }));
    const database = await openDatabase({ dataDir });
    opened.push(database);
    expect(JSON.parse(fs.readFileSync(`${dataDir}.lock.owner`, "utf8"))).toMatchObject({ pid: process.pid });
  });

  it("does not take over a fresh lock whose owner still runs", async () => {
    const dataDir = tempDataDir();
    fs.mkdirSync(dataDir, { recursive: true });
    fs.mkdirSync(`${dataDir}.lock`);
    fs.writeFileSync(`${dataDir}.lock.owner`, JSON.stringify({ pid: process.ppid, host: os.hostname() }));
    await expect(openDatabase({ dataDir })).rejects.toBeInstanceOf(DatabaseLockedError);
  });

  it("takes over a stale lock left by a crashed process", async () => {
    const dataDir = tempDataDir();
    fs.mkdirSync(dataDir, { recursive: true });
    const lockDir = `${dataDir}.lock`;
    fs.mkdirSync(lockDir);
    const longAgo = new Date(Date.now() - 5 * 60_000);
    fs.utimesSync(lockDir, longAgo, longAgo);

    const database = await openDatabase({ dataDir });
    opened.push(database);
    expect(database.kind).toBe("pglite");
  });
});
