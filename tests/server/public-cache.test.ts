import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPet, createUser, DEFAULT_PASSWORD, petPortrait } from "../support/factories";
import { Client, startTestApp, type TestApp } from "../support/app";

let app: TestApp;
let caretakerId: string;

beforeAll(async () => {
  app = await startTestApp();
  caretakerId = (await createUser(app.db, { email: "cache@exemplo.com", nome: "Lar Temporário" })).id;
  await createPet(app.db, { caretakerId, nome: "Primeiro" });
});
afterAll(async () => {
  await app.close();
});

/** Asks for `path` as a new visitor would, `times` times in a row; the last answer. */
async function ask(path: string, times = 1, headers: Record<string, string> = {}) {
  let answer!: Awaited<ReturnType<Client["get"]>>;
  for (let time = 0; time < times; time += 1)
    answer = await new Client(app.baseUrl).request("GET", path, undefined, headers);
  return answer;
}

const nonceOf = (headers: Headers) => /'nonce-([^']+)'/.exec(headers.get("content-security-policy") ?? "")?.[1];

describe("the micro-cache of public responses", () => {
  it("keeps a page asked for twice and serves the next visitors from memory, each with its own nonce", async () => {
    const first = await ask("/home");
    const second = await ask("/home");
    const third = await ask("/home");
    expect([first, second, third].map((answer) => answer.headers.get("x-cache"))).toEqual(["MISS", "MISS", "HIT"]);
    for (const response of [first, second, third]) {
      const nonce = nonceOf(response.headers)!;
      const inBody = [...response.text.matchAll(/nonce="([^"]+)"/g)].map((match) => match[1]);
      expect(inBody.length).toBeGreaterThan(0);
      expect(new Set(inBody)).toEqual(new Set([nonce]));
    }
    expect(new Set([first, second, third].map((answer) => nonceOf(answer.headers))).size).toBe(3);
    expect(third.text).toContain("Primeiro");
  });

  it("keeps nothing asked for once: a crawler walking page after page leaves no answers behind", async () => {
    const pages = ["/home?especie=cao", "/api/pets?porte=medio", "/home?uf=RJ"];
    for (const page of pages) expect((await ask(page)).headers.get("x-cache")).toBe("MISS");
    // Asked again, each is made afresh (nothing was kept), and kept from now on.
    for (const page of pages) expect((await ask(page)).headers.get("x-cache")).toBe("MISS");
    for (const page of pages) expect((await ask(page)).headers.get("x-cache")).toBe("HIT");
  });

  it("makes an answer once for visitors who ask for it at the same time", async () => {
    for (const url of ["/api/pets?page=2", "/home?especie=gato"]) {
      // Known already (asked for once, so its answer will be kept), not yet kept.
      await ask(url);
      const answers = await Promise.all(Array.from({ length: 12 }, () => new Client(app.baseUrl).get(url)));
      expect(answers.map((answer) => answer.headers.get("x-cache")).sort()).toEqual([
        ...Array<string>(11).fill("HIT"),
        "MISS",
      ]);
      for (const answer of answers) {
        expect(answer.status).toBe(200);
        const nonce = nonceOf(answer.headers)!;
        const inBody = [...answer.text.matchAll(/nonce="([^"]+)"/g)].map((match) => match[1]);
        expect(inBody.every((value) => value === nonce)).toBe(true);
      }
      const json = answers.filter((answer) => answer.json).map((answer) => answer.text);
      expect(new Set(json).size).toBeLessThanOrEqual(1);
    }
  });

  it("sends a replayed page whole, compressed or not, with its length right", async () => {
    await ask("/home", 2);
    const plain = await ask("/home", 1, { "Accept-Encoding": "identity" });
    expect(plain.headers.get("x-cache")).toBe("HIT");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(Number(plain.headers.get("content-length"))).toBe(Buffer.byteLength(plain.text));
    const zipped = await ask("/home", 1, { "Accept-Encoding": "gzip" });
    expect(zipped.headers.get("x-cache")).toBe("HIT");
    expect(zipped.headers.get("content-encoding")).toBe("gzip");
    for (const page of [plain, zipped]) {
      expect(page.text).toContain("Primeiro");
      expect(page.text.trimEnd()).toMatch(/<\/html>$/);
      expect(page.text).toContain(`nonce="${nonceOf(page.headers)}"`);
    }
  });

  it("answers a visitor who has the data already with a 304; pages, whose nonce changes, get no tag", async () => {
    const visitor = new Client(app.baseUrl);
    await ask("/api/pets", 2);
    const cached = await visitor.get("/api/pets");
    const etag = cached.headers.get("etag")!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await visitor.request("GET", "/api/pets", undefined, { "If-None-Match": etag });
    expect(again.status).toBe(304);
    expect(again.text).toBe("");
    const changed = await visitor.request("GET", "/api/pets", undefined, { "If-None-Match": '"outra"' });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("etag")).toBe(etag);

    // A page: a stored copy would carry an old nonce that the new policy refuses.
    await ask("/home", 2);
    const page = await visitor.get("/home");
    expect(page.headers.get("x-cache")).toBe("HIT");
    expect(page.headers.get("etag")).toBeNull();

    const person = new Client(app.baseUrl);
    expect((await person.post("/api/session", { email: "cache@exemplo.com", senha: DEFAULT_PASSWORD })).status).toBe(
      200,
    );
    const signedIn = await person.request("GET", "/api/pets", undefined, { "If-None-Match": etag });
    expect(signedIn.status).toBe(200);
  });

  it("never serves or stores a signed-in person's page", async () => {
    const person = new Client(app.baseUrl);
    expect((await person.post("/api/session", { email: "cache@exemplo.com", senha: DEFAULT_PASSWORD })).status).toBe(
      200,
    );
    const signedIn = await person.get("/home");
    expect(signedIn.headers.get("x-cache")).toBeNull();
    expect(signedIn.text).toContain("Sair");
    const visitor = await new Client(app.baseUrl).get("/home");
    expect(visitor.text).not.toContain("Sair");
    expect(visitor.text).not.toContain("Lar Temporário</");
  });

  it("shows a change at once: publishing and marking adopted (through the app) clear the cache", async () => {
    const caretaker = new Client(app.baseUrl);
    expect((await caretaker.post("/api/session", { email: "cache@exemplo.com", senha: DEFAULT_PASSWORD })).status).toBe(
      200,
    );
    const visitor = new Client(app.baseUrl);
    await ask("/api/pets", 2);
    expect((await visitor.get("/api/pets")).headers.get("x-cache")).toBe("HIT");

    const form = new FormData();
    const fields = {
      nome: "Novidade",
      especie: "gato",
      idade: "2",
      idade__unidade: "anos",
      porte: "pequeno",
      sexo: "femea",
    };
    for (const [key, value] of Object.entries({
      ...fields,
      perfil: "Calma",
      cidade: "Niterói",
      uf: "RJ",
      status: "disponivel",
    })) {
      form.set(key, value);
    }
    form.append("fotos", new File([new Uint8Array(await petPortrait("gato"))], "foto.png", { type: "image/png" }));
    const published = await caretaker.post("/api/pets", form);
    expect(published.status, published.text).toBe(201);
    const petId = published.json.id as string;

    const afterPublish = await visitor.get("/api/pets");
    expect(afterPublish.headers.get("x-cache")).toBe("MISS");
    expect(afterPublish.text).toContain("Novidade");
    expect((await visitor.get(`/pets/${petId}`)).status).toBe(200);

    expect((await caretaker.patch(`/api/pets/${petId}`, { status: "adotado" })).status).toBe(200);
    expect((await visitor.get("/api/pets")).text).not.toContain("Novidade");
    expect((await visitor.get(`/pets/${petId}`)).status).toBe(410);
  });

  it("keeps nothing but a 200: a missing pet is asked again", async () => {
    const url = "/pets/00000000-0000-4000-8000-000000000000";
    expect((await new Client(app.baseUrl).get(url)).status).toBe(404);
    const again = await new Client(app.baseUrl).get(url);
    expect(again.status).toBe(404);
    expect(again.headers.get("x-cache")).toBe("MISS");
    // Visitors who waited for an answer that is not kept go on and get their own.
    const together = await Promise.all(Array.from({ length: 5 }, () => new Client(app.baseUrl).get(url)));
    expect(together.map((answer) => answer.status)).toEqual([404, 404, 404, 404, 404]);
  });
});
