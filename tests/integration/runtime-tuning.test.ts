import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import type { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import express, { type Express, type RequestHandler } from "express";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openDatabase, type Database } from "~/db/client.server";
import { createHttpApp } from "../../server/http";
import { runtimeTuning } from "../../server/tuning";
import { embeddedDatabaseProblem, fewStatementsPerTurn } from "../../server/tuning/embedded-database";
import { bornWithExpressPrototypes, nodeServerProblem } from "../../server/tuning/node-server";
import { publicResponseCache } from "../../server/tuning/response-cache";
import { isPersonalRequest } from "~/web/personal.server";
import { apiListener, lightResponsesProblem } from "../../server/tuning/api-listener";

// Each trick of server/tuning leans on the shape of a library: these tests fail when an
// upgrade changes it, before the trick misbehaves in production (ADR 15). The process
// settings (V8 flags, malloc) are checked in tests/server/node-flags.test.ts.

/** Listens on a free port; the base URL and a way to close. */
async function listen(server: http.Server) {
  server.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** An HTTP GET with Node's client (fetch decompresses on its own): status, headers, raw body. */
function get(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on("error", reject);
  });
}

describe("requests born with Express's prototypes (Node's http, Express)", () => {
  const protoAtHandler = (app: Express) => {
    const seen: { request: boolean; response: boolean }[] = [];
    app.use((req, res) => {
      seen.push({
        request: Object.getPrototypeOf(req) === app.request,
        response: Object.getPrototypeOf(res) === app.response,
      });
      res.end("ok");
    });
    return seen;
  };

  it("Express exposes app.request and app.response built on Node's, whose constructors are plain functions", () => {
    expect(nodeServerProblem(express())).toBeUndefined();
  });

  it("Express still gives every request and response app.request and app.response", async () => {
    // On Node's plain server: what the trick makes requests born with is what Express would give them.
    const app = express();
    const seen = protoAtHandler(app);
    const server = await listen(http.createServer(app));
    await fetch(`${server.base}/`);
    await server.close();
    expect(seen).toEqual([{ request: true, response: true }]);
  });

  it("Node honours the IncomingMessage and ServerResponse options: requests arrive with them", async () => {
    const app = express();
    const seen = protoAtHandler(app);
    const server = bornWithExpressPrototypes(app);
    const arrived: object[] = [];
    // Runs before Express sees the request.
    server.prependListener("request", (req: http.IncomingMessage, res: http.ServerResponse) => {
      arrived.push(Object.getPrototypeOf(req) as object, Object.getPrototypeOf(res) as object);
    });
    const running = await listen(server);
    const response = await fetch(`${running.base}/`);
    expect(await response.text()).toBe("ok");
    await running.close();
    expect(arrived).toEqual([app.request, app.response]);
    expect(seen).toEqual([{ request: true, response: true }]);
  });

  it("is left out, with a warning, when Express no longer has the shape it relies on", () => {
    const warn = vi.fn();
    const app = express();
    // An Express whose requests would no longer be Node's.
    Object.defineProperty(app, "request", { value: {} });
    const server = runtimeTuning({ enabled: true, warn }).nodeServer(app);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("app.request"));
    expect(server).toBeInstanceOf(http.Server);
  });
});

describe.skipIf(Boolean(process.env.DATABASE_URL))(
  "the embedded database's statement scheduler (PGlite, Drizzle)",
  () => {
    let dir: string;
    let database: Database;
    let client: PGlite;
    // Calls to the instance's methods, as Drizzle makes them (counted outside the scheduler).
    const calls: string[] = [];

    beforeAll(async () => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), "adopet-tuning-"));
      database = await openDatabase({
        dataDir: path.join(dir, "data"),
        tuneEmbedded: (opened) => {
          client = opened;
          expect(embeddedDatabaseProblem(opened)).toBeUndefined();
          fewStatementsPerTurn(opened);
          for (const method of ["query", "exec", "transaction"] as const) {
            const scheduled = opened[method].bind(opened) as (...args: unknown[]) => Promise<unknown>;
            Object.assign(opened, { [method]: (...args: unknown[]) => (calls.push(method), scheduled(...args)) });
          }
        },
      });
    });
    afterAll(async () => {
      await database?.close();
      fs.rmSync(dir, { recursive: true, force: true });
    });

    it("PGlite has the methods the scheduler wraps, and they answer with promises", async () => {
      for (const method of ["query", "exec", "transaction"] as const) expect(typeof client[method]).toBe("function");
      expect(await client.query("select 1 as one")).toMatchObject({ rows: [{ one: 1 }] });
      expect(await client.exec("select 2 as two")).toMatchObject([{ rows: [{ two: 2 }] }]);
      // A transaction's own statements must not go back through the scheduled methods: the
      // transaction holds the scheduler, so they would wait for it for ever.
      const inTransaction = client.transaction((tx) => tx.query("select 3 as three"));
      const stuck = new Promise((resolve) =>
        setTimeout(() => resolve("a transaction waited for itself"), 5_000).unref(),
      );
      expect(await Promise.race([inTransaction, stuck])).toMatchObject({ rows: [{ three: 3 }] });
    });

    it("Drizzle sends every statement through them, and a transaction's own statements around them", async () => {
      await database.db.execute(sql`create table counted (n int)`);
      calls.length = 0;
      await database.db.execute(sql`insert into counted values (1)`);
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into counted values (2)`);
        await tx.execute(sql`insert into counted values (3)`);
      });
      await database.db.execute(sql`select * from counted`);
      // One call per statement, one for the transaction: its statements did not come back
      // through the scheduler, where they would wait for the transaction holding it.
      expect(calls).toEqual(["query", "transaction", "query"]);
    });

    it("lets the event loop turn between statements, and runs them in arrival order", async () => {
      const statements = 200;
      const finished: number[] = [];
      const queued = Array.from({ length: statements }, (_, index) =>
        database.db.execute(sql`select ${index}::int as n`).then(() => finished.push(index)),
      );
      const doneWhenTheLoopTurned = await new Promise<number>((resolve) =>
        setImmediate(() => resolve(finished.length)),
      );
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

    it("is left out, with a warning, when PGlite no longer has a method it wraps", () => {
      const warn = vi.fn();
      const changed = { query: async () => undefined, exec: async () => undefined } as unknown as PGlite;
      runtimeTuning({ enabled: true, warn }).tuneEmbeddedDatabase(changed);
      expect(warn).toHaveBeenCalledWith(expect.stringContaining("transaction()"));
      expect(Object.keys(changed)).toEqual(["query", "exec"]);
    });
  },
);

describe("the response cache (Express, compression)", () => {
  const json = JSON.stringify({ pets: Array.from({ length: 50 }, (_, n) => ({ id: n, nome: `Pet ${n}` })) });
  const page = (nonce: string) =>
    `<!doctype html><p>${"Adote! ".repeat(200)}</p><script nonce="${nonce}">1</script><p>fim</p>`;
  let server: Awaited<ReturnType<typeof listen>>;

  beforeAll(async () => {
    // As the server builds it: compression first, then the cache, then the pages.
    const handler: RequestHandler = (req, res) => {
      if (req.path === "/adopet/api/pets") {
        res.json(JSON.parse(json));
        return;
      }
      // A page written in pieces, as React Router streams one.
      res.type("html");
      const body = page(String(res.locals.cspNonce));
      res.write(body.slice(0, 500));
      setImmediate(() => res.end(body.slice(500)));
    };
    const app = createHttpApp({
      // Asked only by the health check, which these tests leave alone.
      db: {} as Database["db"],
      handler,
      production: true,
      // The API's paths come from its declarations (app/api): here, the feed's.
      publicCache: publicResponseCache({
        ttlMs: 60_000,
        apiPaths: [/^\/adopet\/api\/pets$/],
        isPersonal: isPersonalRequest,
      }),
    });
    server = await listen(http.createServer(app));
  });
  afterAll(() => server.close());

  it("stores the body as written, before compression, and compresses each replay again", async () => {
    const url = `${server.base}/adopet/api/pets`;
    const gzip = { "Accept-Encoding": "gzip" };
    const first = await get(url, gzip);
    const second = await get(url, gzip);
    expect([first.headers["x-cache"], second.headers["x-cache"]]).toEqual(["MISS", "MISS"]);
    expect(second.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(second.body).toString()).toBe(json);

    const plain = await get(url, { "Accept-Encoding": "identity" });
    expect(plain.headers["x-cache"]).toBe("HIT");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(json);
    const zipped = await get(url, gzip);
    expect(zipped.headers["x-cache"]).toBe("HIT");
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(zipped.body).toString()).toBe(json);
  });

  it("replays a page written in pieces whole, with this response's nonce", async () => {
    const url = `${server.base}/adopet/home`;
    await get(url);
    await get(url);
    const hit = await get(url, { "Accept-Encoding": "identity" });
    expect(hit.headers["x-cache"]).toBe("HIT");
    const nonce = /'nonce-([^']+)'/.exec(String(hit.headers["content-security-policy"]))?.[1];
    expect(nonce).toBeTruthy();
    expect(hit.body.toString()).toBe(page(nonce!));
    expect(Number(hit.headers["content-length"])).toBe(hit.body.length);
  });
});

describe("the API's light Request and Response (@hono/node-server, Express)", () => {
  let server: Awaited<ReturnType<typeof listen>>;
  let seen: { url: string; method: string; body: string } | undefined;

  beforeAll(async () => {
    const listener = apiListener(
      async (request) => {
        seen = { url: request.url, method: request.method, body: await request.text() };
        return Response.json({ nome: "Bolota" }, { status: 201, headers: { "Cache-Control": "no-store" } });
      },
      { lightResponses: true },
    );
    const app = express();
    // Headers set before the adapter writes its own, as helmet and CORS do.
    app.use((_req, res, next) => void (res.setHeader("X-Antes", "1"), next()));
    app.use((req, res, next) => void listener(req, res).catch(next));
    server = await listen(http.createServer(app));
  });
  afterAll(() => server.close());

  it("replaces the global Response with one that still passes for it, or it is reported", () => {
    expect(lightResponsesProblem()).toBeUndefined();
    expect(Response.json({}) instanceof Response).toBe(true);
    expect(Response.json({ a: 1 }).headers.get("content-type")).toBe("application/json");
  });

  it("gives the handler the method, path and body, and writes its Response.json with the headers set before", async () => {
    const answer = await fetch(`${server.base}/adopet/api/pets/p-1/candidaturas?x=1`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"respostas":{}}',
    });
    expect(answer.status).toBe(201);
    expect(answer.headers.get("content-type")).toBe("application/json");
    expect(answer.headers.get("cache-control")).toBe("no-store");
    expect(answer.headers.get("x-antes")).toBe("1");
    expect(await answer.json()).toEqual({ nome: "Bolota" });
    expect(seen).toEqual({
      url: expect.stringMatching(/\/adopet\/api\/pets\/p-1\/candidaturas\?x=1$/),
      method: "POST",
      body: '{"respostas":{}}',
    });
  });
});

describe("RUNTIME_TUNING=off", () => {
  it("runs Node's plain server, PGlite as it is, no response cache, and says so once", async () => {
    const warn = vi.fn();
    const tuning = runtimeTuning({ enabled: false, warn });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("RUNTIME_TUNING=off"));

    const app = express();
    app.use((_req, res) => void res.end("ok"));
    const server = tuning.nodeServer(app);
    const arrived: object[] = [];
    server.prependListener("request", (req: http.IncomingMessage) =>
      arrived.push(Object.getPrototypeOf(req) as object),
    );
    const running = await listen(server);
    expect(await (await fetch(`${running.base}/`)).text()).toBe("ok");
    await running.close();
    expect(arrived).toEqual([http.IncomingMessage.prototype]);

    const client = { query: () => undefined, exec: () => undefined, transaction: () => undefined };
    const methods = { ...client };
    tuning.tuneEmbeddedDatabase(client as unknown as PGlite);
    expect(client).toEqual(methods);

    const subscribed: unknown[] = [];
    const cache = tuning.responseCache({
      ttlMs: 1000,
      isPersonal: isPersonalRequest,
      onPublicChange: (clear) => subscribed.push(clear),
    });
    expect(cache).toBeUndefined();
    expect(subscribed).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(1);
  });
});
