import fs from "node:fs";
import path from "node:path";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import type { Database } from "~/db/client.server";
import type { JobQueue } from "~/jobs/queue.server";
import { createUser, DEFAULT_PASSWORD, type NewUser } from "./factories";
import { copyTemplate, createTestDatabase, type TestDatabase } from "./database";
import { apiChecker } from "./openapi";
import { scratchDir } from "./scratch";
import { startSmtpPeer, type SmtpPeer } from "./smtp-peer";

/**
 * The built app (`npm run build` first), in this process, on a fresh database
 * (PGlite, or PostgreSQL with DATABASE_URL), answering real HTTP on a free port.
 * The test gets the database too, to check what was (not) written.
 */
export type TestApp = { baseUrl: string; db: Database["db"]; jobs: JobQueue; close(): Promise<void> };

type BuiltServer = {
  createServer(options: { clientDir: string }): Promise<{ server: Server; database: Database; jobs: JobQueue }>;
};

const BUILD = path.resolve(import.meta.dirname, "../../build/server/index.js");
/** The built client's files (scripts, styles, the widget's script), served as in production. */
const CLIENT_DIR = path.resolve(import.meta.dirname, "../../build/client");

export async function startTestApp(settings: Record<string, string> = {}): Promise<TestApp> {
  let external: TestDatabase | undefined;
  let tempDir: string | undefined;
  if (process.env.DATABASE_URL) {
    external = await createTestDatabase();
  } else {
    tempDir = scratchDir("adopet-app-");
    copyTemplate(path.join(tempDir, "data"));
  }
  // React's packages choose their build by NODE_ENV when first loaded. The app is imported under
  // "production" below and loads its own at start; this process has React's development build,
  // so the rest is loaded first as this process has it (a mix of the two breaks rendering).
  await Promise.all([import("react"), import("react/jsx-runtime"), import("react-dom/server")]);
  const saved = { ...process.env };
  Object.assign(process.env, {
    NODE_ENV: "production",
    DEMO_DATA: "false",
    DATA_DIR: tempDir ? path.join(tempDir, "data") : "",
    DATABASE_URL: external?.url ?? "",
    ...settings,
  });
  const { createServer } = (await import(/* @vite-ignore */ BUILD)) as BuiltServer;
  const { server, database, jobs } = await createServer({ clientDir: CLIENT_DIR }).finally(() => {
    process.env = saved;
  });
  server.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/adopet`,
    db: database.db,
    jobs,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await jobs.stop();
      await database.close();
      if (external) await external.destroy();
      if (tempDir) fs.rmSync(tempDir, { recursive: true, force: true });
    },
  };
}

/** The app with an SMTP peer for its mail, as most server tests need; `app.close()` closes the peer too. */
export async function startAppWithMail(
  settings: Record<string, string> = {},
): Promise<{ app: TestApp; smtp: SmtpPeer }> {
  const smtp = await startSmtpPeer();
  let app: TestApp;
  try {
    app = await startTestApp({ ...settings, SMTP_URL: smtp.url });
  } catch (error) {
    await smtp.close();
    throw error;
  }
  const close = async () => {
    try {
      await app.close();
    } finally {
      await smtp.close();
    }
  };
  return { app: { ...app, close }, smtp };
}

/** A tiny HTTP client that keeps cookies, like a browser would. */
export class Client {
  private cookies = new Map<string, string>();

  constructor(private readonly baseUrl: string) {}

  async request(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
    const init: RequestInit = { method, redirect: "manual", headers: { ...headers } };
    if (body !== undefined) {
      init.body = typeof body === "string" || body instanceof FormData ? body : JSON.stringify(body);
      if (!(body instanceof FormData) && !("Content-Type" in headers)) {
        (init.headers as Record<string, string>)["Content-Type"] = "application/json";
      }
    }
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    if (cookie) (init.headers as Record<string, string>).Cookie = cookie;
    const response = await fetch(`${this.baseUrl}${url}`, init);
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const [name, ...rest] = pair!.split("=");
      const value = rest.join("=");
      if (/max-age=0/i.test(line) || value === "") this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), value);
    }
    // The bytes as sent (a PDF), and as text.
    const bytes = Buffer.from(await response.arrayBuffer());
    const text = bytes.toString("utf8");
    // Every answer of the API is checked against its OpenAPI document (issue 23); /api/docs is its page.
    if (url.startsWith("/api/") && !url.startsWith("/api/docs")) {
      const check = await apiChecker(this.baseUrl);
      check(method, url.slice("/api".length).split("?")[0]!, response.status, text);
    }
    let json: unknown = undefined;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      // Not JSON (a page or a redirect).
    }
    return { status: response.status, headers: response.headers, text, bytes, json: json as Record<string, unknown> };
  }

  get = (url: string) => this.request("GET", url);
  /** A page as a browser ends on it: the app's redirects followed (`/meus-pets` to the organisation's list). */
  page = async (url: string) => {
    let response = await this.get(url);
    for (let hops = 0; hops < 3 && response.status >= 300 && response.status < 400; hops++) {
      response = await this.get(response.headers.get("location")!.replace(/^\/adopet/, ""));
    }
    return response;
  };
  post = (url: string, body?: unknown, headers?: Record<string, string>) => this.request("POST", url, body, headers);
  put = (url: string, body?: unknown) => this.request("PUT", url, body);
  patch = (url: string, body?: unknown) => this.request("PATCH", url, body);
  delete = (url: string, body?: unknown) => this.request("DELETE", url, body);

  cookie(name: string) {
    return this.cookies.get(name);
  }
}

/** A new account (with the factories' password) and a client signed in as it. */
export async function signedInAccount(
  app: TestApp,
  input: NewUser & { email: string; nome: string },
): Promise<{ client: Client; id: string; email: string }> {
  const user = await createUser(app.db, input);
  const client = new Client(app.baseUrl);
  const session = await client.post("/api/session", { email: input.email, senha: DEFAULT_PASSWORD });
  if (session.status !== 200) throw new Error(`login de ${input.email}: ${session.status}`);
  return { client, id: user.id, email: input.email };
}
