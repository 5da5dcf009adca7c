import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHttpApp } from "../../server/http";
import { bornWithExpressPrototypes } from "../../server/tuning/node-server";
import { createTestDatabase, type TestDatabase } from "../support/database";

describe("GET /adopet/healthz", () => {
  let database: TestDatabase;
  let server: Server;
  let base: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    // Pages are not under test here: the React Router handler is left out.
    const app = createHttpApp({ db: database.db, handler: (_req, res) => void res.status(404).end() });
    server = bornWithExpressPrototypes(app).listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await database.destroy().catch(() => undefined);
  });

  it("answers 200 while the database is reachable", async () => {
    const response = await fetch(`${base}/adopet/healthz`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({ status: "ok" });
  });

  it("redirects / and /adopet into the app, keeping the query", async () => {
    for (const [from, to] of [
      ["/", "/adopet/"],
      ["/adopet", "/adopet/"],
      ["/adopet?x=1", "/adopet/?x=1"],
    ] as const) {
      const response = await fetch(`${base}${from}`, { redirect: "manual" });
      expect(response.status, from).toBe(301);
      expect(response.headers.get("location"), from).toBe(to);
    }
  });

  it("sends security headers", async () => {
    const response = await fetch(`${base}/adopet/healthz`);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("x-powered-by")).toBeNull();
  });

  it("answers 503 in Portuguese once the database is gone", async () => {
    await database.close();
    const response = await fetch(`${base}/adopet/healthz`);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: "indisponível", mensagem: "Banco de dados inacessível." });
  });
});
