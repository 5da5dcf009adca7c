import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pets } from "~/db/schema";
import { Client, signedInAccount, startTestApp, type TestApp } from "../support/app";
import { organizationTeam } from "../support/organizations";

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app.close();
});

describe("security headers", () => {
  it("every page has a nonce-based Content-Security-Policy without unsafe-inline, and the nonce is on its scripts", async () => {
    const first = await fetch(`${app.baseUrl}/`);
    const second = await fetch(`${app.baseUrl}/`);
    const csp = first.headers.get("content-security-policy")!;
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeDefined();
    expect(csp).not.toContain("unsafe-inline");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(second.headers.get("content-security-policy")).not.toContain(nonce);

    const html = await first.text();
    const inlineScripts = html.match(/<script(?![^>]*\bsrc=)[^>]*>/g) ?? [];
    expect(inlineScripts.length).toBeGreaterThan(0);
    for (const tag of inlineScripts) expect(tag).toContain(`nonce="${nonce}"`);
  });

  it("answers with the other headers everywhere, API and images included", async () => {
    for (const path of ["/", "/api/pets", "/healthz", "/nao-existe"]) {
      const response = await fetch(`${app.baseUrl}${path}`);
      expect(response.headers.get("x-content-type-options"), path).toBe("nosniff");
      expect(response.headers.get("x-frame-options"), path).toBe("DENY");
      expect(response.headers.get("referrer-policy"), path).toBe("strict-origin-when-cross-origin");
      expect(response.headers.get("strict-transport-security"), path).toMatch(/max-age=\d+/);
      expect(response.headers.get("content-security-policy"), path).toContain("default-src 'self'");
    }
  });
});

describe("signed-in pages", () => {
  it("are sent `private, no-store`, pages and their data; a visitor's public page is not (issue 60)", async () => {
    const { admin, foster, organizationId } = await organizationTeam(app, "cache");
    const [pet] = await app.db.select({ id: pets.id }).from(pets).where(eq(pets.caretakerId, admin.id));
    const pages: [Client, string][] = [
      [admin.client, "/perfil"],
      [admin.client, "/candidaturas"],
      [admin.client, `/pets/${pet!.id}/saude`],
      [admin.client, `/organizacoes/${organizationId}/contas`],
      [foster.client, "/meus-lares"],
      [admin.client, "/perfil.data"],
      [admin.client, "/home"],
    ];
    for (const [client, path] of pages) {
      const response = await client.get(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("cache-control"), path).toBe("private, no-store");
    }
    const visitor = await fetch(`${app.baseUrl}/home`);
    expect(visitor.headers.get("cache-control") ?? "").not.toContain("no-store");
  });
});

describe("map tiles", () => {
  it("are allowed as images from the configured server only, and the report form names them", async () => {
    const tiles = "https://mapas.exemplo.org/tiles/{z}/{x}/{y}.png";
    const withTiles = await startTestApp({ MAP_TILES_URL: tiles, MAP_TILES_ATTRIBUTION: "Mapas <Exemplo>" });
    try {
      const csp = (await fetch(`${withTiles.baseUrl}/`)).headers.get("content-security-policy")!;
      expect(csp).toMatch(/img-src 'self' data: blob: https:\/\/mapas\.exemplo\.org;/);
      const { client } = await signedInAccount(withTiles, { email: "mapa@exemplo.com", nome: "Mara Mapa" });
      const form = await client.get("/perdidos-e-achados/novo");
      expect(form.status).toBe(200);
      expect(form.text).toContain("Ponto no mapa (opcional)");
      expect(form.text).toContain("mapas.exemplo.org/tiles/{z}/{x}/{y}.png");
    } finally {
      await withTiles.close();
    }
    const csp = (await fetch(`${app.baseUrl}/`)).headers.get("content-security-policy")!;
    expect(csp).toContain("img-src 'self' data: blob:;");
  });
});

describe("cross-site requests", () => {
  it("refuses form posts and API calls whose Origin is another site", async () => {
    const client = new Client(app.baseUrl);
    const form = await client.post("/login", "email=a%40b.com&senha=x", {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: "https://site-malicioso.example",
    });
    expect(form.status).toBe(403);
    expect(form.text).toBe("Pedido recusado: ele veio de outro site.");

    const api = await client.post(
      "/api/session",
      { email: "a@b.com", senha: "x" },
      {
        "Content-Type": "application/json",
        Origin: "null",
      },
    );
    expect(api.status).toBe(403);
    expect(api.json.message).toBe("Pedido recusado: ele veio de outro site.");

    const fetchMetadata = await client.post(
      "/api/users",
      { email: "a@b.com" },
      {
        "Content-Type": "application/json",
        "Sec-Fetch-Site": "cross-site",
      },
    );
    expect(fetchMetadata.status).toBe(403);
  });

  it("lets same-origin posts and clients without browser headers through", async () => {
    const client = new Client(app.baseUrl);
    const origin = new URL(app.baseUrl).origin;
    const sameOrigin = await client.post(
      "/api/users",
      { email: "mesma@exemplo.com", nome: "Mesma", senha: "Abc@123" },
      {
        "Content-Type": "application/json",
        Origin: origin,
        "Sec-Fetch-Site": "same-origin",
      },
    );
    expect(sameOrigin.status).toBe(201);
    const script = await client.post("/api/users", { email: "script@exemplo.com", nome: "Script", senha: "Abc@123" });
    expect(script.status).toBe(201);
  });
});
