import { randomUUID } from "node:crypto";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPet, createUser, DEFAULT_PASSWORD } from "../support/factories";
import { favorites, pets } from "~/db/schema";
import { Client, startTestApp, type TestApp } from "../support/app";

/**
 * Favourites (issue 18): the API, the page's form without JavaScript, and whose they are. Each
 * test makes the people and pets it needs (issue 41): any one of them runs alone, in any order.
 */
let app: TestApp;
let caretakerId: string;

/** A new account, signed in. */
async function signedIn(nome: string) {
  const email = `${nome}.${randomUUID().slice(0, 8)}@exemplo.com`;
  const user = await createUser(app.db, { email, nome });
  const client = new Client(app.baseUrl);
  expect((await client.post("/api/session", { email, senha: DEFAULT_PASSWORD })).status).toBe(200);
  return { client, id: user.id };
}
const pet = (nome: string) => createPet(app.db, { caretakerId, nome });
const mark = async (person: Client, petId: string) =>
  expect((await person.request("PUT", `/api/favoritos/${petId}`)).status).toBe(204);

beforeAll(async () => {
  app = await startTestApp();
  ({ id: caretakerId } = await createUser(app.db, { email: "ong.favoritos@exemplo.com" }));
});

afterAll(() => app?.close());

describe("the favourites API", () => {
  it("marks (twice is once), lists last marked first with each pet's fate, and unmarks", async () => {
    const { client: ana, id: anaId } = await signedIn("ana");
    const [available, adopted, removed] = [await pet("Favorita"), await pet("Adotadinha"), await pet("Sumida")];
    for (const id of [available, available, adopted, removed]) await mark(ana, id);
    await app.db.update(pets).set({ status: "adotado" }).where(eq(pets.id, adopted));
    await app.db.update(pets).set({ status: "removido" }).where(eq(pets.id, removed));
    const list = await ana.get("/api/favoritos");
    expect(list.status).toBe(200);
    const items = list.json.favoritos as { pet: { nome: string; status: string }; favoritado_em: string }[];
    expect(items.map((item) => [item.pet.nome, item.pet.status])).toEqual([
      ["Sumida", "removido"],
      ["Adotadinha", "adotado"],
      ["Favorita", "disponivel"],
    ]);
    expect((await ana.delete(`/api/favoritos/${removed}`)).status).toBe(204);
    expect((await ana.delete(`/api/favoritos/${removed}`)).status).toBe(204);
    const [row] = await app.db.select({ total: count() }).from(favorites).where(eq(favorites.userId, anaId));
    expect(row!.total).toBe(2);
  });

  it("are each person's own: another sees only theirs, a visitor gets 401", async () => {
    const { client: ana } = await signedIn("ana");
    const { client: bruno } = await signedIn("bruno");
    const [first, second] = [await pet("Dela"), await pet("Também")];
    for (const id of [first, second]) await mark(ana, id);
    expect((await bruno.get("/api/favoritos")).json.favoritos).toEqual([]);
    expect((await new Client(app.baseUrl).get("/api/favoritos")).status).toBe(401);
    expect((await new Client(app.baseUrl).request("PUT", `/api/favoritos/${first}`)).status).toBe(401);
    // Bruno removing Ana's favourite removes only his own (none): hers stay.
    expect((await bruno.delete(`/api/favoritos/${first}`)).status).toBe(204);
    expect((await ana.get("/api/favoritos")).json.favoritos).toHaveLength(2);
  });

  it("answers 404 for an unknown, malformed or removed pet, and 405 for other methods", async () => {
    const { client: ana } = await signedIn("ana");
    const [available, removed] = [await pet("Presente"), await pet("Sumida")];
    await app.db.update(pets).set({ status: "removido" }).where(eq(pets.id, removed));
    for (const id of ["00000000-0000-4000-8000-000000000000", "1%20or%201=1", removed]) {
      expect((await ana.request("PUT", `/api/favoritos/${id}`)).status, id).toBe(404);
    }
    expect((await ana.post(`/api/favoritos/${available}`)).status).toBe(405);
    expect((await ana.post("/api/favoritos", {})).status).toBe(405);
  });
});

describe("the heart's form, without JavaScript", () => {
  it("marks and unmarks, then goes back to the page it came from (never another site)", async () => {
    const { client: bruno } = await signedIn("bruno");
    const available = await pet("Coração");
    const form = (intent: string, voltar: string) => {
      const body = new FormData();
      body.set("pet", available);
      body.set("intent", intent);
      body.set("voltar", voltar);
      return body;
    };
    const marked = await bruno.post("/favoritos", form("favoritar", `/pets/${available}`));
    expect(marked.status).toBe(302);
    expect(marked.headers.get("location")).toBe(`/adopet/pets/${available}`);
    const page = await bruno.get(`/pets/${available}`);
    expect(page.text).toMatch(/aria-pressed="true"[^>]*>.*Remover dos favoritos/s);
    const offsite = await bruno.post("/favoritos", form("desfavoritar", "//evil.example/"));
    expect(offsite.headers.get("location")).toBe("/adopet/favoritos");
    expect((await bruno.get("/api/favoritos")).json.favoritos).toEqual([]);
    expect((await new Client(app.baseUrl).post("/favoritos", form("favoritar", "/home"))).status).toBe(302);
  });

  it("shows a visitor no heart, and a signed-in person one per card", async () => {
    const { client: ana } = await signedIn("ana");
    // The newest pet: on the home page's first cards.
    await mark(ana, await pet("Queridinha"));
    const visitor = await new Client(app.baseUrl).get("/home");
    expect(visitor.text).not.toContain("Favoritar");
    const home = await ana.get("/home");
    expect(home.text).toContain("Remover dos favoritos: Queridinha");
    expect(home.text).toContain('aria-pressed="true"');
  });
});
