import type { AddressInfo } from "node:net";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHttpApp } from "../../server/http";
import { bornWithExpressPrototypes } from "../../server/tuning/node-server";
import { createTestDatabase, type TestDatabase } from "../support/database";

describe("the HTTP server", () => {
  let database: TestDatabase;
  let app: ReturnType<typeof createHttpApp>;
  let server: Server;
  let base: string;
  const arrived: { request: object | null; response: object | null }[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    app = createHttpApp({
      db: database.db,
      handler: (req, res) => void res.status(201).json({ query: req.query, ip: req.ip, path: req.path }),
    });
    server = bornWithExpressPrototypes(app);
    // Runs before Express sees the request.
    server.prependListener("request", (req: IncomingMessage, res: ServerResponse) => {
      arrived.push({ request: Object.getPrototypeOf(req) as object, response: Object.getPrototypeOf(res) as object });
    });
    server.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await database.destroy();
  });

  it("hands Express requests and responses that already have the app's prototypes", async () => {
    await fetch(`${base}/adopet/x`);
    expect(arrived.at(-1)).toEqual({ request: app.request, response: app.response });
  });

  it("keeps what Express gives requests and responses", async () => {
    const response = await fetch(`${base}/adopet/pets?cidade=Recife&porte=medio`);
    expect(response.status).toBe(201);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(await response.json()).toEqual({
      query: { cidade: "Recife", porte: "medio" },
      ip: "127.0.0.1",
      path: "/adopet/pets",
    });
  });
});
