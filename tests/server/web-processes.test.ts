import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../support/database";
import { until } from "../support/poll";
import { runUntilExit, startServer, type RunningServer } from "../support/server-process";

/** The ids of the live processes whose parent is `pid`. */
function childrenOf(pid: number): number[] {
  return fs
    .readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
        // The fields after the command's name: state, then the parent's id.
        const [state, parent] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
        return Number(parent) === pid && state !== "Z";
      } catch {
        return false;
      }
    })
    .map(Number);
}

const listening = (output: string) => output.match(/Adopet em http/g)?.length ?? 0;

describe("WEB_CONCURRENCY", () => {
  it("is refused on the embedded database, which one process holds, and when it is not a count", async () => {
    const embedded = await runUntilExit({ WEB_CONCURRENCY: "2", DATABASE_URL: "", DATA_DIR: "/nonexistent/adopet" });
    expect(embedded.code).toBe(1);
    expect(embedded.output).toContain("WEB_CONCURRENCY: acima de 1 exige DATABASE_URL (PostgreSQL)");
    const wrong = await runUntilExit({ WEB_CONCURRENCY: "dois", DATA_DIR: "/nonexistent/adopet" });
    expect(wrong.code).toBe(1);
    expect(wrong.output).toContain("WEB_CONCURRENCY: deve ser um número inteiro de processos web, de 1 a 64");
  });
});

describe.skipIf(!process.env.DATABASE_URL)("WEB_CONCURRENCY=2 on PostgreSQL", () => {
  let database: TestDatabase;
  let server: RunningServer;

  beforeAll(async () => {
    database = await createTestDatabase();
    server = await startServer({ DATABASE_URL: database.url!, WEB_CONCURRENCY: "2" });
    await until("both web processes listening", () => listening(server.output()) === 2, { timeoutMs: 60_000 });
  });
  afterAll(async () => {
    if (server?.child.exitCode === null) {
      server.child.kill("SIGKILL");
      for (const pid of childrenOf(server.child.pid!)) process.kill(pid, "SIGKILL");
      await server.exited;
    }
    await database?.destroy();
  });

  it("serves from two processes on one port, and starts another when one dies", async () => {
    const workers = childrenOf(server.child.pid!);
    expect(workers).toHaveLength(2);
    for (let index = 0; index < 10; index += 1) {
      expect((await fetch(`${server.baseUrl}/adopet/healthz`)).status).toBe(200);
    }
    process.kill(workers[0]!, "SIGKILL");
    await until("a new web process listening", () => listening(server.output()) === 3, { timeoutMs: 60_000 });
    expect(server.output()).toMatch(/O processo web [12] terminou \(SIGKILL\): iniciando outro\./);
    const now = childrenOf(server.child.pid!);
    expect(now).toHaveLength(2);
    expect(now).not.toContain(workers[0]);
    const page = await fetch(`${server.baseUrl}/adopet/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Boas-vindas!");
  });

  it("ends every process on SIGTERM, each gracefully, and exits 0", async () => {
    const workers = childrenOf(server.child.pid!);
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    expect(server.output().match(/Encerrado\./g)).toHaveLength(2);
    for (const pid of workers) expect(fs.existsSync(`/proc/${pid}`)).toBe(false);
  });
});
