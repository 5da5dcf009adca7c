import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { apiEndpoints } from "~/api/index.server";
import routes from "~/routes";
import { bodyLimitFor } from "../../server/body-limits";
import { ROOT, useServerProcess, type RunningServer } from "../support/server-process";

/**
 * Bodies of any size and media type, on every route that takes a body. A form post typed
 * `Application/x-www-form-urlencoded` (capital A) of 4 MiB once took the process down: the form
 * parser knew only the lower-case type and read anything else whole, with no limit.
 */

const MB = 1024 * 1024;
const SOME_ID = "00000000-0000-4000-8000-000000000000";
/** The bound of a route that takes no file (a login form's). */
const DEFAULT_LIMIT = bodyLimitFor("/adopet/login");
const MIXED_CASE_TYPES = ["Application/x-www-form-urlencoded", "Multipart/form-data; boundary=----adopet"];

/**
 * Every page route whose module has an action, and every API endpoint that takes a body (the
 * wing's declarations, app/api), as a path under /adopet with its parameters filled.
 */
function routesWithActions(): string[] {
  const pages = routes
    .filter((route) => {
      const source = fs.readFileSync(path.join(ROOT, "app", route.file), "utf8");
      return /export (async )?function action\b/.test(source);
    })
    .map((route) => `/adopet/${(route.path ?? "").replace(/:[A-Za-z]+/g, SOME_ID)}`);
  const api = apiEndpoints
    .filter((declared) => declared.method !== "get")
    .map((declared) => `/adopet/api${declared.path.replace(/\{\w+\}/g, SOME_ID)}`);
  return [...new Set([...pages, ...api])];
}

type Sent = { status: number; body: string; sent: number };

/**
 * A POST of `total` bytes, written in 64 KiB chunks as the server takes them and never held
 * whole; writing stops once an answer comes. `declared` sends Content-Length, else chunked.
 * A urlencoded body is `a&a&…`; a multipart one, a file part `arquivo` that starts as a PDF.
 */
function send(url: string, contentType: string, total: number, declared: boolean): Promise<Sent> {
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
      method: "POST",
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
    const paths = routesWithActions();
    expect(paths).toContain("/adopet/login");
    expect(paths).toContain("/adopet/api/termos/verificar");
    expect(paths.length).toBeGreaterThan(40);
    expect(bodyLimitFor("/adopet/login")).toBeLessThan(MB);
    expect(bodyLimitFor("/adopet/meus-pets/questionario")).toBe(bodyLimitFor("/adopet/login"));
    expect(bodyLimitFor("/adopet/meus-pets/novo")).toBeGreaterThan(25 * MB);
    expect(bodyLimitFor("/adopet/MEUS-PETS/novo.data")).toBe(bodyLimitFor("/adopet/meus-pets/novo"));
    expect(bodyLimitFor("/adopet/api/termos/verificar")).toBeLessThan(6 * MB);
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
    "answers %s a body past its bound, in either mixed-case type, never with a 5xx: 413 before it is read",
    async (url) => {
      const limit = bodyLimitFor(url);
      for (const type of MIXED_CASE_TYPES) {
        // Declared past the bound: the HTTP layer answers 413 on the headers, long before the end.
        const declared = await send(`${base}${url}`, type, limit + 100 * MB, true);
        expect(declared.status, `${url} ${type} declared`).toBe(413);
        expect(declared.sent, `${url} answered early`).toBeLessThan(limit + 100 * MB);
        // Chunked, with no length declared, just past the bound for a form with no file: counted
        // as it is read (413), or within an upload route's bound, refused by its parser; a route
        // that reads no body, such as `sair`, answers as ever while Node drops it.
        const chunked = await send(`${base}${url}`, type, DEFAULT_LIMIT + 64 * 1024, false);
        expect(chunked.status, `${url} ${type} chunked`).toBeLessThan(500);
      }
      // An upload route's parser, with a file past any one file's limit (5 MB) within the route's bound.
      if (limit > DEFAULT_LIMIT) {
        const file = await send(`${base}${url}`, MIXED_CASE_TYPES[1]!, 6 * MB, false);
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
