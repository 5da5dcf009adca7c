import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, MIGRATION_COUNT, type TestDatabase } from "../support/database";
import { startServer, type RunningServer } from "../support/server-process";

describe.skipIf(!process.env.DATABASE_URL)("the app process on PostgreSQL", () => {
  let database: TestDatabase;
  let server: RunningServer;

  beforeAll(async () => {
    database = await createTestDatabase({ migrated: false });
    server = await startServer({ DATABASE_URL: database.url! });
  });
  afterAll(async () => {
    if (server?.child.exitCode === null) {
      server.child.kill("SIGTERM");
      await server.exited;
    }
    await database?.destroy();
  });

  it("applies the same migrations, without demo data unless asked", async () => {
    expect(server.output()).toContain("Banco de dados (PostgreSQL)");
    expect(server.output()).toContain(`${MIGRATION_COUNT} migração(ões) aplicada(s)`);
    expect(server.output()).not.toContain("Dados de demonstração carregados");
    // The password never reaches the log.
    expect(server.output()).not.toMatch(/postgres:\/\/[^@\s]*:[^@\s]+@/);
  });

  it("serves the pages and a healthy health check", async () => {
    expect((await fetch(`${server.baseUrl}/adopet/healthz`)).status).toBe(200);
    const page = await fetch(`${server.baseUrl}/adopet/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Boas-vindas!");
  });

  it("exits 0 on SIGTERM", async () => {
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
  });
});
