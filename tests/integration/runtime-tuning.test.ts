import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import type { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import express, { type Express, type RequestHandler } from "express";
import { data, type AppLoadContext, type ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openDatabase, type Database } from "~/db/client.server";
import { createHttpApp } from "../../server/http";
import { runtimeTuning } from "../../server/tuning";
import { embeddedDatabaseProblem, fewStatementsPerTurn } from "../../server/tuning/embedded-database";
import { bornWithExpressPrototypes, nodeServerProblem } from "../../server/tuning/node-server";
import { publicResponseCache } from "../../server/tuning/response-cache";
import { directReads, directReadsProblem } from "../../server/tuning/direct-reads";
import { directWrites, directWritesProblem } from "../../server/tuning/direct-writes";

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
      publicCache: publicResponseCache({ ttlMs: 60_000 }),
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

describe("the API's public reads answered by their loaders (React Router, Express)", () => {
  const calls: { url: string; params: object }[] = [];
  let outcome: () => unknown = () => data({ pets: [] });
  const loader = ({ request, params }: { request: Request; params: object }) => {
    calls.push({ url: request.url, params });
    return outcome();
  };
  const build = {
    basename: "/adopet/",
    routes: {
      "routes/api/pets": { id: "routes/api/pets", parentId: "root", path: "api/pets", module: { loader } },
      "routes/api/pet": { id: "routes/api/pet", parentId: "root", path: "api/pets/:id", module: { loader } },
    },
  } as unknown as ServerBuild;
  let server: Awaited<ReturnType<typeof listen>>;

  beforeAll(async () => {
    const app = express();
    app.use(directReads(build, () => ({}) as AppLoadContext));
    // What the server has after them: React Router's handler.
    app.use((_req, res) => void res.status(299).send("React Router"));
    server = await listen(http.createServer(app));
  });
  afterAll(() => server.close());

  it("React Router's data() and these routes have the shape the trick relies on, or it is left out", () => {
    expect(directReadsProblem(build)).toBeUndefined();
    const { "routes/api/pet": _pet, ...withoutOne } = build.routes;
    expect(directReadsProblem({ ...build, routes: withoutOne })).toContain("routes/api/pet");
    // A page, or a route beside `api/pets/:id` that React Router would rank first.
    const page = { ...build.routes["routes/api/pets"]!, module: { loader, default: () => null } } as never;
    expect(directReadsProblem({ ...build, routes: { ...build.routes, "routes/api/pets": page } })).toContain(
      "só um loader",
    );
    const featured = {
      id: "routes/destaques",
      parentId: "root",
      path: "api/pets/destaques",
      module: { loader },
    } as never;
    expect(directReadsProblem({ ...build, routes: { ...build.routes, "routes/destaques": featured } })).toContain(
      "routes/destaques",
    );
  });

  it("answers a read with the loader's data(), as Response.json would: its status, its headers, JSON", async () => {
    calls.length = 0;
    outcome = () => data({ nome: "Bolota" }, { status: 201, headers: { "Cache-Control": "public, max-age=30" } });
    const answer = await get(`${server.base}/adopet/api/pets/abc-1?x=1`);
    const reference = Response.json(
      { nome: "Bolota" },
      { status: 201, headers: { "Cache-Control": "public, max-age=30" } },
    );
    expect(answer.status).toBe(reference.status);
    // Written with res.append, as React Router's Express adapter writes its headers: Express adds the charset.
    expect(answer.headers["content-type"]).toBe(`${reference.headers.get("content-type")}; charset=utf-8`);
    expect(answer.headers["cache-control"]).toBe("public, max-age=30");
    expect(answer.body.toString()).toBe(await reference.text());
    expect(calls).toEqual([
      { url: expect.stringMatching(/\/adopet\/api\/pets\/abc-1\?x=1$/), params: { id: "abc-1" } },
    ]);
  });

  it("leaves to React Router what is not a read's data(): a throw, a Response, other methods and paths", async () => {
    const throwing = () => {
      throw new Error("falhou");
    };
    for (const [kind, make] of [
      ["a throw", throwing],
      [
        "a thrown Response",
        () => {
          throw Response.json({}, { status: 401 });
        },
      ],
      ["a Response", () => new Response("x")],
      ["a plain value", () => ({ pets: [] })],
    ] as const) {
      outcome = make;
      expect({ kind, status: (await get(`${server.base}/adopet/api/pets`)).status }).toEqual({ kind, status: 299 });
    }
    outcome = () => data({ pets: [] });
    calls.length = 0;
    for (const path of [
      "/adopet/api/pets/abc/questionario",
      "/adopet/api/pets/%61bc",
      "/adopet/api/petsx",
      "/adopet/home",
    ]) {
      expect({ path, status: (await get(`${server.base}${path}`)).status }).toEqual({ path, status: 299 });
    }
    const post = await fetch(`${server.base}/adopet/api/pets`, { method: "POST" });
    expect(post.status).toBe(299);
    expect(calls).toEqual([]);
  });
});

describe("the API's busiest write answered by its action (React Router, Express)", () => {
  const calls: { url: string; method: string; params: object; body: string; cookie: string | null }[] = [];
  let outcome: () => unknown = () => data({ id: "c1" }, { status: 201 });
  const action = async ({ request, params }: { request: Request; params: object }) => {
    calls.push({
      url: request.url,
      method: request.method,
      params,
      body: await request.text(),
      cookie: request.headers.get("cookie"),
    });
    return outcome();
  };
  const build = {
    basename: "/adopet/",
    routes: {
      "routes/api/pet-candidaturas": {
        id: "routes/api/pet-candidaturas",
        parentId: "root",
        path: "api/pets/:id/candidaturas",
        module: { action, loader: () => null },
      },
    },
  } as unknown as ServerBuild;
  let server: Awaited<ReturnType<typeof listen>>;
  const post = (path: string, init: RequestInit = {}) =>
    fetch(`${server.base}${path}`, { method: "POST", body: '{"respostas":{}}', ...init });

  beforeAll(async () => {
    const app = express();
    app.use(directWrites(build, () => ({}) as AppLoadContext));
    // What the server has after it: React Router's handler, then the last-resort error page.
    app.use((_req, res) => void res.status(299).send("React Router"));
    app.use(((_error, _req, res, _next) => void res.status(598).send("erro")) as express.ErrorRequestHandler);
    server = await listen(http.createServer(app));
  });
  afterAll(() => server.close());

  it("React Router's data() and this route have the shape the trick relies on, or it is left out", () => {
    expect(directWritesProblem(build)).toBeUndefined();
    expect(directWritesProblem({ ...build, routes: {} })).toContain("routes/api/pet-candidaturas");
    const route = build.routes["routes/api/pet-candidaturas"]!;
    const withMiddleware = { ...route, module: { action, middleware: [() => undefined] } } as never;
    expect(directWritesProblem({ routes: { "routes/api/pet-candidaturas": withMiddleware } })).toContain(
      "só um action",
    );
    const fixed = { id: "routes/x", parentId: "root", path: "api/pets/destaques/candidaturas", module: {} } as never;
    expect(directWritesProblem({ routes: { ...build.routes, "routes/x": fixed } })).toContain("routes/x");
  });

  it("gives the action the method, headers and body, and answers its data() as Response.json would", async () => {
    calls.length = 0;
    outcome = () => data({ id: "c1", status: "nova" }, { status: 201, headers: { Location: "/adopet/x" } });
    const answer = await post("/adopet/api/pets/p-1/candidaturas?x=1", {
      headers: { "content-type": "application/json", cookie: "a=1" },
    });
    expect(answer.status).toBe(201);
    expect(answer.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(answer.headers.get("location")).toBe("/adopet/x");
    expect(await answer.json()).toEqual({ id: "c1", status: "nova" });
    expect(calls).toEqual([
      {
        url: "http://localhost/adopet/api/pets/p-1/candidaturas?x=1",
        method: "POST",
        params: { id: "p-1" },
        body: '{"respostas":{}}',
        cookie: "a=1",
      },
    ]);
  });

  it("answers a Response returned or thrown as it is, and leaves any other throw to the error page", async () => {
    outcome = () => {
      throw Response.json({ message: "Faça login para continuar." }, { status: 401, headers: { "X-A": "1" } });
    };
    const refused = await post("/adopet/api/pets/p-1/candidaturas");
    expect([refused.status, refused.headers.get("x-a"), await refused.json()]).toEqual([
      401,
      "1",
      { message: "Faça login para continuar." },
    ]);
    outcome = () => new Response("texto", { status: 202 });
    const plain = await post("/adopet/api/pets/p-1/candidaturas");
    expect([plain.status, await plain.text()]).toEqual([202, "texto"]);
    outcome = () => {
      throw new Error("falhou");
    };
    expect((await post("/adopet/api/pets/p-1/candidaturas")).status).toBe(598);
  });

  it("leaves to React Router other methods and paths", async () => {
    calls.length = 0;
    for (const path of [
      "/adopet/api/pets/p-1/candidaturas/x",
      "/adopet/api/pets/%70-1/candidaturas",
      "/adopet/api/pets/p-1/candidaturas.data",
      "/adopet/api/candidaturas",
    ]) {
      expect({ path, status: (await post(path)).status }).toEqual({ path, status: 299 });
    }
    const put = await post("/adopet/api/pets/p-1/candidaturas", { method: "PUT" });
    expect(put.status).toBe(299);
    expect((await fetch(`${server.base}/adopet/api/pets/p-1/candidaturas`)).status).toBe(299);
    expect(calls).toEqual([]);
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

    expect(tuning.responseCache({} as Database["db"])).toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(1);
  });
});
