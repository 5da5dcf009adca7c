import { gzipSync } from "node:zlib";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pets, users } from "~/db/schema";
import { createPet, createUser } from "../support/factories";
import { Client, signedInAccount, startTestApp, type TestApp } from "../support/app";

/**
 * Open Adopet (issue 23): the widget other sites frame (and only it may be framed), its
 * script, and CORS on the public reads alone.
 */
const PUBLIC_URL = "https://adote.exemplo.org";
let app: TestApp;
let caretakerId: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  app = await startTestApp({ PUBLIC_URL });
  caretakerId = (await createUser(app.db, { email: "widget@exemplo.com", nome: "ONG Janela" })).id;
  ids.rex = await createPet(app.db, { caretakerId, nome: "Rex" });
  ids.mia = await createPet(app.db, { caretakerId, nome: "Mia", especie: "gato" });
  ids.bob = await createPet(app.db, { caretakerId, nome: "Bob", status: "adotado" });
  ids.oculto = await createPet(app.db, { caretakerId, nome: "Sumido" });
  await app.db
    .update(pets)
    .set({ status: "oculto", statusBeforeHidden: "disponivel", hiddenBy: "operador" })
    .where(eq(pets.id, ids.oculto));
});
afterAll(() => app?.close());

const visitor = () => new Client(app.baseUrl);

describe("the widget", () => {
  it("shows the caretaker's available animals, each linking its page in a new tab, and may be framed", async () => {
    const answer = await visitor().get(`/widget/${caretakerId}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(answer.headers.get("content-security-policy")).toContain("frame-ancestors *");
    expect(answer.headers.get("x-frame-options")).toBeNull();
    expect(answer.text).toContain('<h1 class="widget__title">Animais para adoção com ONG Janela</h1>');
    expect(answer.text).toContain(`href="${PUBLIC_URL}/adopet/pets/${ids.rex}" target="_blank" rel="noopener"`);
    expect(answer.text).toContain(`href="${PUBLIC_URL}/adopet/pets/${ids.mia}"`);
    expect(answer.text).not.toContain("Bob");
    expect(answer.text).not.toContain("Sumido");
    // No script of the app, no inline script: the policy allows neither.
    expect(answer.text).not.toMatch(/<script(?![^>]*src="\/adopet\/widget-frame\.js")/);
    expect(Buffer.byteLength(answer.text)).toBeLessThan(30_000);
  });

  it("takes a number of animals and a species", async () => {
    const one = await visitor().get(`/widget/${caretakerId}?limite=1`);
    expect(one.text.match(/class="widget__card"/g)).toHaveLength(1);
    const cats = await visitor().get(`/widget/${caretakerId}?especie=gato`);
    expect(cats.text).toContain("Gatos para adoção com ONG Janela");
    expect(cats.text).toContain("Mia");
    expect(cats.text).not.toContain(">Rex<");
    // Out of range or unreadable options fall back to what is allowed.
    const many = await visitor().get(`/widget/${caretakerId}?limite=999&especie=peixe`);
    expect(many.status).toBe(200);
    expect(many.text.match(/class="widget__card"/g)).toHaveLength(2);
  });

  it("is a 404 for someone who never published, an unknown id or a malformed one", async () => {
    const person = await createUser(app.db, { email: "sem-pets@exemplo.com", nome: "Sem Pets" });
    for (const id of [person.id, "00000000-0000-4000-8000-000000000000", "nada"]) {
      const answer = await visitor().get(`/widget/${id}`);
      expect(answer.status, id).toBe(404);
      expect(answer.text).toContain("Nenhum animal encontrado.");
    }
  });

  it("is a 404 for a suspended caretaker", async () => {
    const suspended = await createUser(app.db, { email: "suspensa@exemplo.com", nome: "Suspensa" });
    await createPet(app.db, { caretakerId: suspended.id, nome: "Escondido" });
    await app.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, suspended.id));
    const answer = await visitor().get(`/widget/${suspended.id}`);
    expect(answer.status).toBe(404);
    expect(answer.text).not.toContain("Escondido");
  });

  it("is the only page another site may frame", async () => {
    for (const path of [
      "/home",
      `/pets/${ids.rex}`,
      `/responsaveis/${caretakerId}`,
      "/api/pets",
      "/widget.js",
      `/widget/${caretakerId}/x`,
      "/widget/%2e%2e",
    ]) {
      const answer = await visitor().get(path);
      expect(answer.headers.get("x-frame-options"), path).toBe("DENY");
      if (!path.startsWith("/api/") && !path.endsWith(".js")) {
        expect(answer.headers.get("content-security-policy"), path).toContain("frame-ancestors 'none'");
      }
    }
  });

  it("has a script under 5 KB compressed that other sites may load, as the photos it shows", async () => {
    const script = await visitor().get("/widget.js");
    expect(script.status).toBe(200);
    expect(script.headers.get("content-type")).toMatch(/^(text|application)\/javascript/);
    expect(script.headers.get("cross-origin-resource-policy")).toBe("cross-origin");
    expect(gzipSync(script.text).length).toBeLessThan(5_000);
    const page = await visitor().get(`/widget/${caretakerId}`);
    const photo = /src="(\/adopet\/imagens\/[^"]+)"/.exec(page.text)![1]!;
    const image = await new Client(app.baseUrl.replace(/\/adopet$/, "")).get(photo);
    expect(image.status).toBe(200);
    expect(image.headers.get("cross-origin-resource-policy")).toBe("cross-origin");
  });
});

describe("CORS", () => {
  const ORIGIN = { Origin: "https://parceiro.exemplo.com" };

  it("lets any site read the public GET endpoints, without credentials", async () => {
    for (const path of [
      "/api/pets",
      `/api/pets/${ids.rex}`,
      `/api/pets/${ids.rex}/questionario`,
      `/api/users/${caretakerId}`,
    ]) {
      const answer = await visitor().request("GET", path, undefined, ORIGIN);
      expect(answer.status, path).toBe(200);
      expect(answer.headers.get("access-control-allow-origin"), path).toBe("*");
      expect(answer.headers.get("access-control-allow-credentials"), path).toBeNull();
    }
    const preflight = await visitor().request("OPTIONS", "/api/pets", undefined, {
      ...ORIGIN,
      "Access-Control-Request-Method": "GET",
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-methods")).toBe("GET, HEAD");
  });

  it("lets no other site read or write anything else", async () => {
    const { client } = await signedInAccount(app, { email: "cors@exemplo.com", nome: "Cora" });
    const { id } = await signedInAccount(app, { email: "cors2@exemplo.com", nome: "Corina" });
    for (const path of [
      "/api/favoritos",
      "/api/messages",
      "/api/session",
      "/api/candidaturas",
      "/api/questionario",
      // Next to the public reads, not one of them.
      `/api/users/${id}/export`,
      `/api/pets/${ids.rex}/candidaturas`,
    ]) {
      const answer = await client.request("GET", path, undefined, ORIGIN);
      expect(answer.headers.get("access-control-allow-origin"), path).toBeNull();
    }
    const write = await client.request("POST", "/api/pets", {}, { ...ORIGIN, "Content-Type": "application/json" });
    expect(write.status).toBe(403);
    expect(write.headers.get("access-control-allow-origin")).toBeNull();
    const preflight = await visitor().request("OPTIONS", "/api/favoritos", undefined, {
      ...ORIGIN,
      "Access-Control-Request-Method": "PUT",
    });
    expect(preflight.headers.get("access-control-allow-origin")).toBeNull();
  });
});
