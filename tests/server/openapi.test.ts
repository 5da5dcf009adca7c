import { randomUUID } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import SwaggerParser from "@apidevtools/swagger-parser";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiEndpoints } from "~/api/index.server";
import routes from "~/routes";
import { Client, startTestApp, type TestApp } from "../support/app";

/**
 * The API's OpenAPI document (issue 23): served, valid by a standard validator, and unable to
 * drift from the routes (every route under `api/` and every method it takes is in it). Every
 * answer the integration tests receive is checked against it (tests/support/openapi.ts).
 */
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

type Document = { openapi: string; paths: Record<string, Record<string, unknown>> };

async function served(): Promise<Document> {
  const answer = await fetch(`${app.baseUrl}/api/openapi.json`);
  expect(answer.status).toBe(200);
  expect(answer.headers.get("content-type")).toBe("application/json; charset=utf-8");
  return (await answer.json()) as Document;
}

/**
 * The API's paths as OpenAPI writes them: the wing's declared endpoints (app/api), and the app's
 * routes whose module still lives under routes/api/.
 */
function apiRoutes(entries: RouteConfigEntry[] = routes): { path: string }[] {
  const declared = [...new Set(apiEndpoints.map(({ path }) => path))].map((path) => ({ path }));
  const legacy = (list: RouteConfigEntry[]): { path: string }[] =>
    list.flatMap((entry) => [
      ...(entry.file.startsWith("routes/api/") && entry.path
        ? [{ path: entry.path.replace(/^api/, "").replaceAll(/:(\w+)/g, "{$1}") }]
        : []),
      ...legacy(entry.children ?? []),
    ]);
  return [...declared, ...legacy(entries)];
}

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

/**
 * The served document, committed: the answers are checked against what the app serves, so a
 * field renamed in both a schema and the code passes every other test; this copy makes such a
 * change show in review, as a diff of docs/openapi.json.
 */
const SNAPSHOT = new URL("../../docs/openapi.json", import.meta.url);
const SNAPSHOT_HOW_TO_UPDATE =
  "The served OpenAPI document differs from docs/openapi.json. If the API change is intended, " +
  "rewrite the snapshot with `npm run build && UPDATE_OPENAPI_SNAPSHOT=1 npx vitest run " +
  "tests/server/openapi.test.ts -t snapshot` and commit it, so reviewers see the change in its diff.";

/** Objects' keys sorted at every depth (arrays keep their order): the same document, the same text. */
function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortedKeys((value as Record<string, unknown>)[key])]),
  );
}

describe("the OpenAPI document", () => {
  it("is served as JSON, to other sites too, and passes a standard OpenAPI 3.1 validator", async () => {
    const document = await served();
    expect(document.openapi).toBe("3.1.0");
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeTruthy();
    const crossSite = await fetch(`${app.baseUrl}/api/openapi.json`, { headers: { Origin: "https://ong.example" } });
    expect(crossSite.headers.get("access-control-allow-origin")).toBe("*");
  });

  it("has every route under api/, and no path the app does not have", async () => {
    const document = await served();
    const routePaths = apiRoutes().map(({ path }) => path);
    expect(routePaths.length).toBeGreaterThan(20);
    expect(Object.keys(document.paths).sort()).toEqual([...routePaths].sort());
  });

  it("has every method each route takes: the others are refused with 405", async () => {
    const document = await served();
    const visitor = new Client(app.baseUrl);
    const missing: string[] = [];
    const refusedButDocumented: string[] = [];
    for (const { path } of apiRoutes()) {
      const url = `/api${path.replaceAll(/\{\w+\}/g, randomUUID())}`;
      for (const method of METHODS) {
        // Straight to the server: the checked client would refuse an undocumented answer itself.
        const answer = await fetch(`${app.baseUrl}${url}`, { method, redirect: "manual" });
        await answer.arrayBuffer();
        const documented = method.toLowerCase() in document.paths[path]!;
        if (answer.status === 405) {
          if (documented) refusedButDocumented.push(`${method} ${path}`);
          expect(answer.headers.get("allow"), `${method} ${path}`).toBeTruthy();
        } else if (!documented) {
          missing.push(`${method} ${path} → ${answer.status}`);
        }
      }
    }
    expect(missing).toEqual([]);
    expect(refusedButDocumented).toEqual([]);
    // The checked client agrees with a documented refusal.
    await expect(visitor.request("PUT", "/api/pets")).resolves.toMatchObject({ status: 405 });
  });

  it("is the snapshot committed in docs/openapi.json (UPDATE_OPENAPI_SNAPSHOT=1 rewrites it)", async () => {
    const document = sortedKeys(await served());
    if (process.env.UPDATE_OPENAPI_SNAPSHOT === "1") {
      await writeFile(SNAPSHOT, `${JSON.stringify(document, null, 2)}\n`);
      return;
    }
    const committed = await readFile(SNAPSHOT, "utf8").catch(() => null);
    expect(committed, SNAPSHOT_HOW_TO_UPDATE).not.toBeNull();
    expect(document, SNAPSHOT_HOW_TO_UPDATE).toEqual(JSON.parse(committed!));
  });

  it("gets the checked client to refuse an answer the document does not have", async () => {
    // A path outside the document answered with anything but 404 is reported.
    const visitor = new Client(app.baseUrl);
    const unknown = await visitor.get("/api/nao-existe");
    expect(unknown.status).toBe(404);
    const { apiChecker } = await import("../support/openapi");
    const check = await apiChecker(app.baseUrl);
    expect(() => check("GET", "/pets", 200, JSON.stringify({ pets: "nenhum" }))).toThrow(/fora do documento/);
    expect(() => check("GET", "/pets", 418, "")).toThrow(/status fora do documento/);
    expect(() => check("DELETE", "/session", 204, "{}")).toThrow(/corpo que o documento não prevê/);
    expect(() => check("GET", "/cidades", 200, JSON.stringify({ cidades: [] }))).not.toThrow();
  });
});

describe("the documentation pages", () => {
  const anchorOf = (method: string, path: string) =>
    `${method}${path
      .replaceAll(/[{}]/g, "")
      .replaceAll("/", "-")
      .replace(/\.json$/, "-json")}`;

  it("an index links every operation to its area's page; each page holds its area, small, under the strict policy", async () => {
    const document = await served();
    const client = new Client(app.baseUrl);
    const index = await client.get("/api/docs");
    expect(index.status).toBe(200);
    expect(index.text).toContain("<h1");
    expect(index.text).toContain('href="/adopet/api/openapi.json"');

    const pages = new Map<string, string>();
    for (const [path, item] of Object.entries(document.paths)) {
      for (const method of Object.keys(item)) {
        const link = new RegExp(`href="/adopet/api/docs/([a-z0-9-]+)#${anchorOf(method, path)}"`).exec(index.text);
        expect(link, `${method} ${path} in the index`).not.toBeNull();
        const area = link![1]!;
        if (!pages.has(area)) {
          const page = await client.get(`/api/docs/${area}`);
          expect(page.status, area).toBe(200);
          expect(page.headers.get("content-type")).toMatch(/^text\/html/);
          const policy = page.headers.get("content-security-policy") ?? "";
          expect(policy).toContain("style-src 'self'");
          expect(policy).not.toContain("unsafe-inline");
          // A page a phone can take: the whole document on one page was 756 KB.
          expect(Buffer.byteLength(page.text), area).toBeLessThan(150_000);
          // A schema an operation names is on the same page.
          for (const [, name] of page.text.matchAll(/href="#esquema-([^"]+)"/g)) {
            expect(page.text, `${area}: ${name}`).toContain(`id="esquema-${name}"`);
          }
          pages.set(area, page.text);
        }
        expect(pages.get(area), `${method} ${path} on ${area}`).toContain(`id="${anchorOf(method, path)}"`);
      }
    }
    expect(pages.get("animais")).toContain('id="esquema-Pet"');
    expect((await client.get("/api/docs/nada-disso")).status).toBe(404);
  });

  it("is open to search engines, unlike the API itself", async () => {
    const robots = await new Client(app.baseUrl).get("/robots.txt");
    expect(robots.text).toContain("Allow: /adopet/api/docs\n");
    expect(robots.text).toContain("Disallow: /adopet/api/\n");
  });
});
