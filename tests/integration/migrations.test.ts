import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate, MIGRATIONS_DIR } from "~/db/migrate.server";
import { createTestDatabase, type TestDatabase } from "../support/database";

const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, "meta/_journal.json"), "utf8")) as {
  entries: { tag: string }[];
};

async function rows<T>(database: TestDatabase, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

describe("migrations", () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase({ migrated: false });
  });
  afterAll(async () => {
    await database.destroy();
  });

  it("apply every generated migration to an empty database, then nothing the second time", async () => {
    const first = await migrate(database.db);
    expect(first.applied).toHaveLength(journal.entries.length);
    expect(first.alreadyApplied).toBe(0);

    const second = await migrate(database.db);
    expect(second.applied).toHaveLength(0);
    expect(second.alreadyApplied).toBe(journal.entries.length);

    const recorded = await rows<{ total: number }>(
      database,
      sql`select count(*)::int as total from drizzle.__drizzle_migrations`,
    );
    expect(recorded[0]!.total).toBe(journal.entries.length);
  });

  it("create the tables the app needs", async () => {
    const tables = await rows<{ table_name: string }>(
      database,
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    expect(tables.map((table) => table.table_name)).toEqual(
      expect.arrayContaining(["users", "sessions", "pets", "pet_photos", "images", "image_variants", "messages"]),
    );
  });

  it("keep e-mail addresses unique whatever their case", async () => {
    await database.db.execute(
      sql`insert into users (email, nome, password_hash) values ('Ana@Exemplo.com', 'Ana', 'x')`,
    );
    await expect(
      database.db.execute(sql`insert into users (email, nome, password_hash) values ('ana@exemplo.com', 'Ana', 'x')`),
    ).rejects.toThrow();
  });
});

describe("a failing migration", () => {
  let database: TestDatabase;
  let folder: string;

  beforeAll(async () => {
    database = await createTestDatabase({ migrated: false });
    folder = fs.mkdtempSync(path.join(os.tmpdir(), "adopet-migrations-"));
    fs.mkdirSync(path.join(folder, "meta"));
    fs.writeFileSync(
      path.join(folder, "meta/_journal.json"),
      JSON.stringify({
        version: "7",
        dialect: "postgresql",
        entries: [
          { idx: 0, version: "7", when: 1, tag: "0000_good", breakpoints: true },
          { idx: 1, version: "7", when: 2, tag: "0001_bad", breakpoints: true },
        ],
      }),
    );
    fs.writeFileSync(path.join(folder, "0000_good.sql"), "create table good (id int);");
    fs.writeFileSync(
      path.join(folder, "0001_bad.sql"),
      "create table half (id int);\n--> statement-breakpoint\ninsert into missing_table values (1);",
    );
  });
  afterAll(async () => {
    await database.destroy();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it("is rolled back whole, while the migrations before it stay applied", async () => {
    await expect(migrate(database.db, folder)).rejects.toThrow();
    const tables = await rows<{ table_name: string }>(
      database,
      sql`select table_name from information_schema.tables where table_schema = 'public'`,
    );
    const names = tables.map((table) => table.table_name);
    expect(names).toContain("good");
    expect(names).not.toContain("half");
    const recorded = await rows<{ total: number }>(
      database,
      sql`select count(*)::int as total from drizzle.__drizzle_migrations`,
    );
    expect(recorded[0]!.total).toBe(1);
  });
});
