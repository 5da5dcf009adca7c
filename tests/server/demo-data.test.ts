import { afterAll, describe, expect, it } from "vitest";
import { DEMO_ADOPTER, DEMO_CARETAKER } from "~/demo/seed.server";
import { serverDatabase, startServer, type RunningServer, type ServerDatabase } from "../support/server-process";

/**
 * Demo data (issue 41): a site at a public address starts without the demo's accounts, whose
 * passwords the README publishes, unless DEMO_DATA asks, and then warns at every start.
 */

const PUBLIC_URL = "https://adote.exemplo.org";
/** Each test boots the built server on a fresh database (twice in one), seeding the demo: minutes on a busy 2-core runner, not seconds. */
const BOOTS = 150_000;
const WARNING = "ATENÇÃO: dados de demonstração num site público";

const started: RunningServer[] = [];
const databases: ServerDatabase[] = [];

/** A database of its own, without the demo switch `serverDatabase` sets (each test says its own). */
async function freshDatabase(): Promise<Record<string, string>> {
  const database = await serverDatabase();
  databases.push(database);
  const { DEMO_DATA: _demo, ...env } = database.env;
  return env;
}

async function start(env: Record<string, string>): Promise<RunningServer> {
  const server = await startServer(env);
  started.push(server);
  return server;
}

async function stop(server: RunningServer): Promise<void> {
  server.child.kill("SIGTERM");
  await server.exited;
}

/** Whether the demo caretaker's published login opens a session. */
async function demoLoginWorks(server: RunningServer, account: { email: string; senha: string }): Promise<boolean> {
  const response = await fetch(`${server.baseUrl}/adopet/api/session`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: account.email, senha: account.senha }),
  });
  return response.status === 200;
}

/** No demo account holds operator powers, and the old demo operator's login opens nothing. */
async function expectNoDemoOperator(server: RunningServer) {
  expect(await demoLoginWorks(server, { email: "operador@adopet.example", senha: "Adote@2022" })).toBe(false);
  for (const account of [DEMO_CARETAKER, DEMO_ADOPTER]) {
    const client = await fetch(`${server.baseUrl}/adopet/api/session`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: account.email, senha: account.senha }),
    });
    expect(client.status).toBe(200);
    const cookie = client.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");
    const moderation = await fetch(`${server.baseUrl}/adopet/moderacao`, { headers: { Cookie: cookie } });
    expect(moderation.status, account.email).toBe(404);
  }
}

/** The log's warnings, as objects (the server writes one JSON line per event). */
function warnings(server: RunningServer): string[] {
  return server
    .output()
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as { level: string; msg: string })
    .filter((entry) => entry.level === "warn")
    .map((entry) => entry.msg);
}

afterAll(async () => {
  for (const server of started) {
    if (server.child.exitCode === null) {
      server.child.kill("SIGKILL");
      await server.exited;
    }
  }
  for (const database of databases) await database.destroy();
});

describe("demo data on a site at a public address", () => {
  it(
    "is not loaded without DEMO_DATA: the database starts empty and nothing warns",
    async () => {
      const server = await start({ ...(await freshDatabase()), PUBLIC_URL });
      expect(await demoLoginWorks(server, DEMO_CARETAKER)).toBe(false);
      const pets = (await (await fetch(`${server.baseUrl}/adopet/api/pets`)).json()) as {
        total: number;
        pets: unknown[];
      };
      expect(pets).toMatchObject({ total: 0, pets: [] });
      expect(warnings(server).filter((message) => message.includes(WARNING))).toEqual([]);
      await stop(server);
    },
    BOOTS,
  );

  it(
    "is loaded with DEMO_DATA=on, gives no account operator powers, and every start warns (pt-BR, at warn level) that its passwords are published",
    async () => {
      const env = { ...(await freshDatabase()), PUBLIC_URL, DEMO_DATA: "on" };
      const first = await start(env);
      expect(await demoLoginWorks(first, DEMO_CARETAKER)).toBe(true);
      await expectNoDemoOperator(first);
      expect(warnings(first)).toContainEqual(expect.stringContaining(WARNING));
      expect(warnings(first).find((message) => message.includes(WARNING))).toContain(
        "as senhas das contas de demonstração estão publicadas no README",
      );
      await stop(first);
      // A second start loads nothing new, and still warns.
      const second = await start(env);
      expect(warnings(second)).toContainEqual(expect.stringContaining(WARNING));
      await stop(second);
    },
    BOOTS,
  );
});

// The default without DATABASE_URL: only the embedded database loads the demo unasked.
describe.skipIf(Boolean(process.env.DATABASE_URL))("demo data on a local site", () => {
  it(
    "is loaded by default in production at localhost, without a warning",
    async () => {
      const server = await start({
        ...(await freshDatabase()),
        NODE_ENV: "production",
        PUBLIC_URL: "http://localhost:3000",
      });
      expect(await demoLoginWorks(server, DEMO_ADOPTER)).toBe(true);
      expect(warnings(server).filter((message) => message.includes(WARNING))).toEqual([]);
      await stop(server);
    },
    BOOTS,
  );
});
