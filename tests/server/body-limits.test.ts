import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { apiEndpoints, apiWing } from "~/api/index.server";
import { PAGE_BODY_LIMITS } from "~/route-body-limits";
import routes from "~/routes";
import { bodyLimits } from "../../server/body-limits";
import { ROOT, useServerProcess, type RunningServer } from "../support/server-process";

/**
 * Bodies of any size and media type, on every route that takes a body. A form post typed
 * `Application/x-www-form-urlencoded` (capital A) of 4 MiB once took the process down: the form
 * parser knew only the lower-case type and read anything else whole, with no limit.
 */

const MB = 1024 * 1024;
const SOME_ID = "00000000-0000-4000-8000-000000000000";
/** The bounds as the server makes them: the pages' table, and the API's declarations. */
const bodyLimitFor = bodyLimits({
  pages: routes,
  pageLimits: PAGE_BODY_LIMITS,
  api: apiWing(() => {
    throw new Error("no request is answered here");
  }).bodyLimitFor,
});
/** The bound of a route that takes no file (a login form's). */
const DEFAULT_LIMIT = bodyLimitFor("POST", "/adopet/login");
const MIXED_CASE_TYPES = ["Application/x-www-form-urlencoded", "Multipart/form-data; boundary=----adopet"];

const hasAction = (file: string) =>
  /export (async )?function action\b|export const action\b/.test(fs.readFileSync(path.join(ROOT, "app", file), "utf8"));

type Target = { method: string; url: string };

/**
 * Every page route whose module has an action (POST), and every API endpoint that takes a body
 * (the wing's declarations, app/api, with their methods), as a path under /adopet with its
 * parameters filled.
 */
function routesWithActions(): Target[] {
  const pages = routes
    .filter((route) => hasAction(route.file))
    .map((route) => ({ method: "POST", url: `/adopet/${(route.path ?? "").replace(/:[A-Za-z]+/g, SOME_ID)}` }));
  const api = apiEndpoints
    .filter((declared) => declared.method !== "get")
    .map((declared) => ({
      method: declared.method.toUpperCase(),
      url: `/adopet/api${declared.path.replace(/\{\w+\}/g, SOME_ID)}`,
    }));
  return [...pages, ...api];
}

type Sent = { status: number; body: string; sent: number };

/**
 * A POST of `total` bytes, written in 64 KiB chunks as the server takes them and never held
 * whole; writing stops once an answer comes. `declared` sends Content-Length, else chunked.
 * A urlencoded body is `a&a&…`; a multipart one, a file part `arquivo` that starts as a PDF.
 */
function send(url: string, contentType: string, total: number, declared: boolean, method = "POST"): Promise<Sent> {
  return new Promise((resolve, reject) => {
    const multipart = contentType.toLowerCase().startsWith("multipart/");
    const opening = multipart
      ? Buffer.from(
          '------adopet\r\nContent-Disposition: form-data; name="arquivo"; filename="termo.pdf"\r\n' +
            "Content-Type: application/pdf\r\n\r\n%PDF-",
        )
      : Buffer.alloc(0);
    const filler = Buffer.from((multipart ? "aa" : "a&").repeat(32 * 1024));
    let first = true;
    let sent = 0;
    let answered = false;
    const request = http.request(url, {
      method,
      headers: {
        "Content-Type": contentType,
        Origin: new URL(url).origin,
        ...(declared ? { "Content-Length": String(total) } : {}),
      },
    });
    request.on("response", (response) => {
      answered = true;
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (text: string) => (body += text));
      response.on("end", () => {
        resolve({ status: response.statusCode ?? 0, body, sent });
        request.destroy();
      });
    });
    // The server may close the connection once it has answered, while the body is still going.
    request.on("error", (error) =>
      answered
        ? undefined
        : reject(new Error(`${url} ${contentType} ${total} ${declared ? "declared" : "chunked"}: ${error.message}`)),
    );
    const write = () => {
      while (!answered && sent < total) {
        const chunk = first ? Buffer.concat([opening, filler]) : filler;
        first = false;
        const part = chunk.subarray(0, Math.min(chunk.length, total - sent));
        sent += part.length;
        if (!request.write(part)) {
          request.once("drain", write);
          return;
        }
      }
      if (!answered) request.end();
    };
    write();
  });
}

describe("request bodies bounded before any parser", () => {
  const running = useServerProcess();
  let server: RunningServer;
  let base: string;

  beforeAll(() => {
    server = running.current();
    base = server.baseUrl;
  });

  async function expectAlive() {
    expect(server.child.exitCode).toBeNull();
    expect((await fetch(`${base}/adopet/healthz`)).status).toBe(200);
  }

  it("finds every route that takes a body, and bounds uploads' routes above the others", () => {
    const targets = routesWithActions();
    expect(targets).toContainEqual({ method: "POST", url: "/adopet/login" });
    expect(targets).toContainEqual({ method: "POST", url: "/adopet/api/termos/verificar" });
    expect(targets.length).toBeGreaterThan(40);
    const post = (url: string) => bodyLimitFor("POST", url);
    expect(post("/adopet/login")).toBeLessThan(MB);
    // A page's route is the one React Router picks: a fixed name beside a parameter keeps its own.
    expect(post("/adopet/meus-pets/questionario")).toBe(DEFAULT_LIMIT);
    expect(post("/adopet/candidaturas/recebidas")).toBe(DEFAULT_LIMIT);
    expect(post(`/adopet/meus-pets/${SOME_ID}`)).toBeGreaterThan(25 * MB);
    expect(post("/adopet/meus-pets/novo")).toBeGreaterThan(25 * MB);
    expect(post("/adopet/MEUS-PETS/novo.data")).toBe(post("/adopet/meus-pets/novo"));
    expect(post("/adopet/meus-pets/novo/")).toBe(post("/adopet/meus-pets/novo"));
    expect(post("/adopet/api/termos/verificar")).toBeLessThan(6 * MB);
    // An endpoint's bound is its method's declaration: a pet's edit takes photos, its removal none.
    expect(bodyLimitFor("PATCH", `/adopet/api/pets/${SOME_ID}`)).toBe(post("/adopet/meus-pets/novo"));
    expect(bodyLimitFor("DELETE", `/adopet/api/pets/${SOME_ID}`)).toBe(DEFAULT_LIMIT);
  });

  it("has each bound where its route is declared: the pages' table names their routes, uploads declare theirs", () => {
    const pageRoutes = new Map(routes.map((route) => [route.path, route.file]));
    for (const routePath of Object.keys(PAGE_BODY_LIMITS)) {
      const file = pageRoutes.get(routePath);
      expect(file, `${routePath} in app/routes.ts`).toBeDefined();
      expect(hasAction(file!), `${routePath} takes a form`).toBe(true);
    }
    const uploads = apiEndpoints.filter((declared) => declared.doc.traits?.upload);
    expect(uploads.length).toBeGreaterThan(5);
    for (const declared of uploads) {
      expect(declared.bodyLimit, `${declared.method} ${declared.path}`).toBeGreaterThan(DEFAULT_LIMIT);
    }
  });

  it("answers 413 to a 4 MiB login form typed Application/x-www-form-urlencoded, and goes on", async () => {
    for (const declared of [true, false]) {
      const answer = await send(`${base}/adopet/login`, "Application/x-www-form-urlencoded", 4 * MB, declared);
      expect(answer.status, declared ? "declared" : "chunked").toBe(413);
      expect(answer.body).toContain("Os dados enviados são grandes demais.");
    }
    await expectAlive();
  });

  it("goes on reading a connection after a route refuses a body it has not read whole", async () => {
    // A 1 MB login form, past the form parser's own limit and sent whole, then a second request
    // on the same connection: the route answers 413 having read only part of the body, and the
    // second request is answered only if the server drops the rest (it once stayed paused on it).
    const body = "a&".repeat(512 * 1024);
    const { host, hostname, port } = new URL(base);
    const received = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(port), hostname);
      let text = "";
      socket.setEncoding("latin1");
      socket.on("data", (chunk: string) => (text += chunk));
      socket.on("end", () => resolve(text));
      socket.on("error", (error) => reject(new Error(`${error.message} after: ${text.slice(0, 200)}`)));
      socket.write(
        `POST /adopet/login HTTP/1.1\r\nHost: ${host}\r\nOrigin: ${base}\r\n` +
          `Content-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\n\r\n` +
          `${body.length.toString(16)}\r\n${body}\r\n0\r\n\r\n` +
          `GET /adopet/healthz HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`,
      );
    });
    const statuses = [...received.matchAll(/^HTTP\/1\.1 (\d{3})/gm)].map((match) => match[1]);
    expect(statuses).toEqual(["413", "200"]);
  });

  it("answers 413 to 10 MB sent to the termo's verification, and to a 20 MB 'PDF' in Multipart", async () => {
    const url = `${base}/adopet/api/termos/verificar`;
    for (const type of ["Application/x-www-form-urlencoded", "Multipart/form-data; boundary=----adopet"]) {
      for (const declared of [true, false]) {
        const answer = await send(url, type, type.startsWith("Multipart") ? 20 * MB : 10 * MB, declared);
        expect(answer.status, `${type} ${declared}`).toBe(413);
        // Refused by the HTTP layer's bound, or first by the parser's for one file (a finer message).
        expect(["Os dados enviados são grandes demais.", "O PDF deve ter até 5 MB."]).toContain(
          (JSON.parse(answer.body) as { message: string }).message,
        );
      }
    }
    await expectAlive();
  });

  // Each route is checked where its bound is decided (bodyLimitFor, above) and, over HTTP, with
  // bodies just past the bounds that apply to it: the HTTP layer's, and for an upload route its
  // parser's own. A body past a bound is refused whatever its size, so sending 10 MB or 300 MB
  // to every route (2 GB a run) proved no more; the termo's test above sends those once.
  // One test a route: over a hundred of them, and a failure names its route first.
  it.for(routesWithActions())(
    "answers $method $url a body past its bound, in either mixed-case type, never with a 5xx: 413 before it is read",
    async ({ method, url }) => {
      const limit = bodyLimitFor(method, url);
      for (const type of MIXED_CASE_TYPES) {
        // Declared past the bound: the HTTP layer answers 413 on the headers, long before the end.
        const declared = await send(`${base}${url}`, type, limit + 100 * MB, true, method);
        expect(declared.status, `${url} ${type} declared`).toBe(413);
        expect(declared.sent, `${url} answered early`).toBeLessThan(limit + 100 * MB);
        // Chunked, with no length declared, just past the bound for a form with no file: counted
        // as it is read (413), or within an upload route's bound, refused by its parser; a route
        // that reads no body, such as `sair`, answers as ever while Node drops it.
        const chunked = await send(`${base}${url}`, type, DEFAULT_LIMIT + 64 * 1024, false, method);
        expect(chunked.status, `${url} ${type} chunked`).toBeLessThan(500);
      }
      // An upload route's parser, with a file past any one file's limit (5 MB) within the route's bound.
      if (limit > DEFAULT_LIMIT) {
        const file = await send(`${base}${url}`, MIXED_CASE_TYPES[1]!, 6 * MB, false, method);
        expect(file.status, `${url} a 6 MB file`).toBeLessThan(500);
      }
      await expectAlive();
    },
  );

  it("reads a small form typed in capitals as the same form", async () => {
    const answer = await fetch(`${base}/adopet/login`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "Application/X-WWW-Form-Urlencoded; Charset=UTF-8", Origin: base },
      body: "email=adotante%40adopet.example&senha=Adote%402022",
    });
    expect(answer.status).toBe(302);
    expect(answer.headers.get("set-cookie")).toContain("adopet_sessao=");
  });

  it("refuses a body that is no form where a form is read (415)", async () => {
    const answer = await fetch(`${base}/adopet/login`, {
      method: "POST",
      headers: { "Content-Type": "text/plain", Origin: base },
      body: "email=adotante%40adopet.example",
    });
    expect(answer.status).toBe(415);
  });
});
