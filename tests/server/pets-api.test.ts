import sharp from "sharp";
import { asc, count, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPet, createUser, DEFAULT_PASSWORD, petPortrait } from "../support/factories";
import { images, imageVariants, petPhotos, pets } from "~/db/schema";
import { PET_MESSAGES } from "~/validation/pets";
import { Client, startTestApp, type TestApp } from "../support/app";

let app: TestApp;
let caretaker: Client;
let other: Client;
let caretakerId: string;

async function signedInClient(email: string) {
  const user = await createUser(app.db, { email, nome: "Protetora" });
  const client = new Client(app.baseUrl);
  expect((await client.post("/api/session", { email, senha: DEFAULT_PASSWORD })).status).toBe(200);
  return { client, id: user.id };
}

function petForm(fields: Record<string, string>, photos: { name: string; type: string; data: Buffer }[]) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  for (const photo of photos)
    form.append("fotos", new File([new Uint8Array(photo.data)], photo.name, { type: photo.type }));
  return form;
}

const VALID = {
  nome: "Paçoca",
  especie: "cao",
  idade: "4",
  idade__unidade: "meses",
  porte: "medio",
  perfil: "Brincalhona e dócil",
  cidade: "Niterói",
  uf: "RJ",
  status: "disponivel",
  sexo: "femea",
};

beforeAll(async () => {
  app = await startTestApp();
  ({ client: caretaker, id: caretakerId } = await signedInClient("protetora@exemplo.com"));
  ({ client: other } = await signedInClient("outra@exemplo.com"));
  // A small feed: 14 available in two cities, one adopted, one removed.
  const base = Date.now() - 1_000_000;
  for (let index = 0; index < 14; index += 1) {
    await createPet(app.db, {
      caretakerId,
      nome: `Pet ${String(index).padStart(2, "0")}`,
      especie: index % 2 ? "gato" : "cao",
      cidade: index < 10 ? "São Gonçalo" : "Niterói",
      porte: index % 3 === 0 ? "grande" : "pequeno",
      idade: index < 4 ? 3 : 5,
      idade__unidade: index < 4 ? "meses" : "anos",
      createdAt: new Date(base + index * 1000),
      photos: [await petPortrait("cao", index)],
    });
  }
  await createPet(app.db, { caretakerId, nome: "Adotado", status: "adotado" });
  const removed = await createPet(app.db, { caretakerId, nome: "Removido" });
  await app.db.update(pets).set({ status: "removido" }).where(eq(pets.id, removed));
});
afterAll(async () => {
  await app.close();
});

describe("GET /api/pets", () => {
  it("lists available pets newest first, in the specification's shape plus richer fields", async () => {
    const response = await new Client(app.baseUrl).get("/api/pets");
    expect(response.status).toBe(200);
    const body = response.json as { pets: Record<string, unknown>[]; total: number; paginas: number; pagina: number };
    expect(body.total).toBe(14);
    expect(body.pets).toHaveLength(12);
    expect(body.paginas).toBe(2);
    expect(body.pets[0]).toMatchObject({
      nome: "Pet 13",
      idade: "5 anos",
      porte: "Porte pequeno",
      local: "Niterói (RJ)",
      especie: "gato",
      status: "disponivel",
      responsavel: { id: caretakerId, nome: "Protetora" },
    });
    expect(Object.keys(body.pets[0]!).slice(0, 7)).toEqual([
      "id",
      "imagem",
      "nome",
      "idade",
      "porte",
      "perfil",
      "local",
    ]);
    expect(body.pets[0]!.imagem).toMatch(/^\/adopet\/imagens\/[0-9a-f-]{36}\/640\.webp$/);
    expect(JSON.stringify(body)).not.toMatch(/Adotado|Removido|protetora@|telefone/);
  });

  it("pages with page and a capped limit; out-of-range values are tamed, never an error", async () => {
    const client = new Client(app.baseUrl);
    const second = (await client.get("/api/pets?page=2")).json as { pets: { nome: string }[] };
    expect(second.pets.map((pet) => pet.nome)).toEqual(["Pet 01", "Pet 00"]);
    const small = (await client.get("/api/pets?limit=5&page=3")).json as { pets: unknown[]; paginas: number };
    expect(small.pets).toHaveLength(4);
    expect(small.paginas).toBe(3);
    const capped = (await client.get("/api/pets?limit=100000")).json as { limite: number };
    expect(capped.limite).toBe(50);
    for (const query of ["page=-1", "page=abc", "limit=0", "limit=1e9", "page=99999999999", "especie=<script>"]) {
      const response = await client.get(`/api/pets?${query}`);
      expect(response.status, query).toBe(200);
    }
    const beyond = (await client.get("/api/pets?page=50")).json as { pets: unknown[] };
    expect(beyond.pets).toEqual([]);
  });

  it("filters by city (accents and case ignored), state, species, size and age group", async () => {
    const client = new Client(app.baseUrl);
    const total = async (query: string) => ((await client.get(`/api/pets?${query}`)).json as { total: number }).total;
    expect(await total("cidade=sao%20goncalo")).toBe(10);
    expect(await total("cidade=NITER%C3%93I")).toBe(4);
    expect(await total("cidade=Niteroi&especie=gato")).toBe(2);
    expect(await total("uf=SP")).toBe(0);
    expect(await total("porte=grande")).toBe(5);
    expect(await total("idade=filhote")).toBe(4);
    expect(await total("idade=adulto")).toBe(10);
  });
});

describe("POST /api/pets", () => {
  it("publishes a pet with its photos (stripped of metadata) for a signed-in caretaker", async () => {
    const jpeg = await sharp(await petPortrait("cao", 2))
      .jpeg()
      .withExif({ IFD3: { GPSLatitudeRef: "S", GPSLatitude: "22/1 54/1 0/1" } })
      .toBuffer();
    const webp = await sharp(await petPortrait("gato", 3))
      .webp()
      .toBuffer();
    const response = await caretaker.post(
      "/api/pets",
      petForm(VALID, [
        { name: "a.jpg", type: "image/jpeg", data: jpeg },
        { name: "b.webp", type: "image/webp", data: webp },
      ]),
    );
    expect(response.status).toBe(201);
    expect(response.json).toMatchObject({
      nome: "Paçoca",
      idade: "4 meses",
      porte: "Porte médio",
      local: "Niterói (RJ)",
    });
    const fotos = response.json.fotos as { url: string }[];
    expect(fotos).toHaveLength(2);
    const image = await fetch(`${app.baseUrl.replace(/\/adopet$/, "")}${fotos[0]!.url}`);
    expect((await sharp(Buffer.from(await image.arrayBuffer())).metadata()).exif).toBeUndefined();
  });

  it("shows HTML in any text field as text, on the page and in its link preview", async () => {
    const response = await caretaker.post(
      "/api/pets",
      petForm({ ...VALID, nome: "<b>Rex</b>", perfil: `"><script>alert(1)</script>` }, [
        { name: "a.png", type: "image/png", data: await petPortrait("cao", 5) },
      ]),
    );
    expect(response.status).toBe(201);
    const html = await (await fetch(`${app.baseUrl}/pets/${response.json.id}`)).text();
    expect(html).not.toContain("<script>alert(1)</script>");
    expect(html).not.toContain("<b>Rex</b>");
    expect(html).toContain("&lt;b&gt;Rex&lt;/b&gt;");
    expect(html).toMatch(/<meta property="og:description" content="[^"]*&quot;&gt;&lt;script&gt;/);
  });

  it("answers 401 to an anonymous visitor", async () => {
    const response = await new Client(app.baseUrl).post("/api/pets", petForm(VALID, []));
    expect(response.status).toBe(401);
  });

  it("validates every field, with Portuguese messages, and writes nothing", async () => {
    const [before] = await app.db.select({ total: count() }).from(pets);
    const response = await caretaker.post(
      "/api/pets",
      petForm(
        {
          nome: "X",
          especie: "dragao",
          idade: "2",
          idade__unidade: "meses",
          porte: "",
          perfil: "",
          cidade: "Rio",
          uf: "XX",
          status: "disponivel",
        },
        [],
      ),
    );
    expect(response.status).toBe(400);
    expect(response.json.errors).toMatchObject({
      nome: ["O nome do animal deve possuir no mínimo 2 caracteres."],
      especie: [PET_MESSAGES.especie],
      porte: [PET_MESSAGES.porte],
      perfil: [PET_MESSAGES.perfil.required],
      uf: [PET_MESSAGES.uf],
      fotos: [PET_MESSAGES.fotos.required],
    });
    const tooOld = await caretaker.post("/api/pets", petForm({ ...VALID, idade: "40", idade__unidade: "anos" }, []));
    expect((tooOld.json.errors as Record<string, string[]>).idade).toEqual(["A idade deve ser de no máximo 30 anos."]);
    const [after] = await app.db.select({ total: count() }).from(pets);
    expect(after!.total).toBe(before!.total);
  });

  it("refuses a non-image renamed .png, saving neither the pet nor any photo", async () => {
    const [petsBefore] = await app.db.select({ total: count() }).from(pets);
    const [imagesBefore] = await app.db.select({ total: count() }).from(images);
    const good = await petPortrait("cao", 1);
    const response = await caretaker.post(
      "/api/pets",
      petForm(VALID, [
        { name: "ok.png", type: "image/png", data: good },
        { name: "virus.png", type: "image/png", data: Buffer.from("MZ\x90\x00 not a png") },
      ]),
    );
    expect(response.status).toBe(400);
    expect((response.json.errors as Record<string, string[]>).fotos![0]).toMatch(/^A foto 2 não é uma imagem válida\./);
    const [petsAfter] = await app.db.select({ total: count() }).from(pets);
    const [imagesAfter] = await app.db.select({ total: count() }).from(images);
    expect(petsAfter!.total).toBe(petsBefore!.total);
    expect(imagesAfter!.total).toBe(imagesBefore!.total);
  });

  it("refuses more than five photos, and an oversized upload without reading it whole", async () => {
    const photo = { name: "p.png", type: "image/png", data: await petPortrait("gato", 4) };
    const six = await caretaker.post(
      "/api/pets",
      petForm(
        VALID,
        Array.from({ length: 6 }, () => photo),
      ),
    );
    expect(six.status).toBe(413);

    // 40 MB streamed in chunks: refused once the first file passes 5 MB.
    const boundary = "----adopet";
    const chunk = new Uint8Array(1024 * 1024).fill(65);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) {
          controller.enqueue(
            new TextEncoder().encode(
              `--${boundary}\r\nContent-Disposition: form-data; name="fotos"; filename="grande.png"\r\nContent-Type: image/png\r\n\r\n`,
            ),
          );
        }
        if (sent >= 40) {
          controller.enqueue(new TextEncoder().encode(`\r\n--${boundary}--\r\n`));
          controller.close();
          return;
        }
        sent += 1;
        controller.enqueue(chunk);
      },
    });
    const cookie = `adopet_sessao=${caretaker.cookie("adopet_sessao")}`;
    const response = await fetch(`${app.baseUrl}/api/pets`, {
      method: "POST",
      headers: { "Content-Type": `multipart/form-data; boundary=${boundary}`, Cookie: cookie },
      body,
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(((await response.json()) as { message: string }).message).toBe("A imagem deve ter no máximo 5 MB.");
    expect(sent).toBeLessThan(40);
  });
});

describe("PATCH and DELETE /api/pets/:id", () => {
  let petId: string;

  beforeAll(async () => {
    petId = await createPet(app.db, { caretakerId, nome: "Bolinha" });
  });

  it("let only the caretaker change a pet: 401 anonymous, 403 someone else, 404 unknown", async () => {
    expect((await new Client(app.baseUrl).patch(`/api/pets/${petId}`, { nome: "Roubado" })).status).toBe(401);
    const forbidden = await other.patch(`/api/pets/${petId}`, { nome: "Roubado" });
    expect(forbidden.status).toBe(403);
    expect(forbidden.json.message).toBe("Só quem cuida do animal pode alterá-lo.");
    expect((await other.delete(`/api/pets/${petId}`)).status).toBe(403);
    expect((await caretaker.patch("/api/pets/00000000-0000-4000-8000-000000000000", { nome: "Ninguém" })).status).toBe(
      404,
    );
    const [row] = await app.db.select().from(pets).where(eq(pets.id, petId));
    expect(row!.nome).toBe("Bolinha");
  });

  it("changes fields by JSON with the same rules, refusing unknown ones", async () => {
    const ok = await caretaker.patch(`/api/pets/${petId}`, { nome: "Bolinha II", idade: 2, idade__unidade: "anos" });
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ nome: "Bolinha II", idade: "2 anos" });
    // A number alone is checked against the stored unit (anos): past 30, or past any number, a 400.
    for (const idade of [31, Number.MAX_SAFE_INTEGER]) {
      const tooOld = await caretaker.patch(`/api/pets/${petId}`, { idade });
      expect([tooOld.status, tooOld.json.errors], String(idade)).toEqual([400, { idade: [PET_MESSAGES.idade.max] }]);
    }
    const bad = await caretaker.patch(`/api/pets/${petId}`, { nome: "B", caretakerId: "x" });
    expect(bad.status).toBe(400);
    expect(bad.json.errors).toEqual({
      nome: ["O nome do animal deve possuir no mínimo 2 caracteres."],
      caretakerId: ["Campo desconhecido."],
    });
  });

  it("marks a pet adopted: it leaves the feed but its page says so, and stays in its caretaker's list", async () => {
    expect((await caretaker.patch(`/api/pets/${petId}`, { status: "adotado" })).status).toBe(200);
    // `GET /meus-pets`, as `/meus-pets` lists them: the caretaker's, whatever their status; no one else's.
    const mine = (await caretaker.get("/api/meus-pets")).json as { pets: { pet: { id: string; status: string } }[] };
    expect(mine.pets).toContainEqual({
      pet: expect.objectContaining({ id: petId, status: "adotado" }),
      candidaturas: { total: 0, novas: 0 },
    });
    const theirs = (await other.get("/api/meus-pets")).json as { pets: { pet: { id: string } }[] };
    expect(theirs.pets.map((item) => item.pet.id)).not.toContain(petId);
    expect((await new Client(app.baseUrl).get("/api/meus-pets")).status).toBe(401);
    const feed = (await new Client(app.baseUrl).get("/api/pets?limit=50")).json as { pets: { id: string }[] };
    expect(feed.pets.map((pet) => pet.id)).not.toContain(petId);
    const single = await new Client(app.baseUrl).get(`/api/pets/${petId}`);
    expect(single.json.status).toBe("adotado");
    const page = await fetch(`${app.baseUrl}/pets/${petId}`);
    expect(page.status).toBe(410);
    expect(await page.text()).toContain("já foi adotado");
  });

  it("removes a pet with its photos; afterwards it is gone (404 in the API, 410 page)", async () => {
    const photos = await app.db.select().from(petPhotos).where(eq(petPhotos.petId, petId));
    expect(photos.length).toBeGreaterThan(0);
    expect((await caretaker.delete(`/api/pets/${petId}`)).status).toBe(204);
    expect((await caretaker.get(`/api/pets/${petId}`)).status).toBe(404);
    expect((await caretaker.delete(`/api/pets/${petId}`)).status).toBe(404);
    expect(await app.db.select().from(images).where(eq(images.id, photos[0]!.imageId))).toHaveLength(0);
    const page = await fetch(`${app.baseUrl}/pets/${petId}`);
    expect(page.status).toBe(410);
    expect(await page.text()).toContain("foi removido");
  });
});

/** A pet's row and its photos, to compare before and after a refused change. */
async function snapshot(petId: string) {
  const [row] = await app.db.select().from(pets).where(eq(pets.id, petId));
  const photos = await app.db
    .select()
    .from(petPhotos)
    .where(eq(petPhotos.petId, petId))
    .orderBy(asc(petPhotos.position));
  return { row, photos };
}

/** How many images and variants rows of these ids are stored. */
async function stored(imageIds: string[]) {
  const [imageRows] = await app.db.select({ total: count() }).from(images).where(inArray(images.id, imageIds));
  const [variantRows] = await app.db
    .select({ total: count() })
    .from(imageVariants)
    .where(inArray(imageVariants.imageId, imageIds));
  return { images: imageRows!.total, variants: variantRows!.total };
}

/** Pages' forms are posted from the app's own origin (server/security.ts refuses others). */
const sameOrigin = () => ({ Origin: new URL(app.baseUrl).origin });
const listForm = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const urlEncoded = () => ({ ...sameOrigin(), "Content-Type": "application/x-www-form-urlencoded" });

describe("the pet forms (pages), used by another account", () => {
  let available: string;
  let adopted: string;

  beforeAll(async () => {
    available = await createPet(app.db, {
      caretakerId,
      nome: "Fofinha",
      photos: [await petPortrait("gato", 1), await petPortrait("gato", 2)],
    });
    adopted = await createPet(app.db, { caretakerId, nome: "Lua", status: "adotado" });
  });

  it("the edit form answers 404 to another account, page and post, and changes nothing", async () => {
    const before = await snapshot(available);
    expect((await other.get(`/meus-pets/${available}`)).status).toBe(404);
    const response = await other.post(
      `/meus-pets/${available}`,
      petForm({ ...VALID, nome: "Roubada", status: "adotado" }, [
        { name: "n.png", type: "image/png", data: await petPortrait("cao", 6) },
      ]),
      sameOrigin(),
    );
    expect(response.status).toBe(404);
    expect(await snapshot(available)).toEqual(before);
  });

  it("marking adopted or available and removing, from the list, answer 403 to another account and change nothing", async () => {
    const before = [await snapshot(available), await snapshot(adopted)];
    for (const [pet, intent] of [
      [available, "adotado"],
      [adopted, "disponivel"],
      [available, "remover"],
      [adopted, "remover"],
    ] as const) {
      const response = await other.post("/meus-pets", listForm({ pet, intent }), urlEncoded());
      expect(response.status, intent).toBe(403);
      expect(response.text).toContain("Só quem cuida do animal pode alterá-lo.");
    }
    expect([await snapshot(available), await snapshot(adopted)]).toEqual(before);
  });

  it("the same forms work for the caretaker: the refusals above are about the account", async () => {
    const adopt = await caretaker.post("/meus-pets", listForm({ pet: available, intent: "adotado" }), urlEncoded());
    expect(adopt.status).toBe(302);
    expect((await snapshot(available)).row!.status).toBe("adotado");
    const again = await caretaker.post("/meus-pets", listForm({ pet: available, intent: "disponivel" }), urlEncoded());
    expect(again.status).toBe(302);
    expect((await snapshot(available)).row!.status).toBe("disponivel");
    const edit = await caretaker.post(
      `/meus-pets/${available}`,
      petForm({ ...VALID, nome: "Fofinha II" }, []),
      sameOrigin(),
    );
    expect(edit.status).toBe(302);
    expect((await snapshot(available)).row!.nome).toBe("Fofinha II");
  });
});

describe("replacing a pet's photos", () => {
  it("by the edit form deletes the old images and their variants", async () => {
    const petId = await createPet(app.db, {
      caretakerId,
      nome: "Trovão",
      photos: [await petPortrait("cao", 1), await petPortrait("cao", 2)],
    });
    const old = (await snapshot(petId)).photos.map((photo) => photo.imageId);
    expect(await stored(old)).toMatchObject({ images: 2 });
    expect((await stored(old)).variants).toBeGreaterThanOrEqual(2);

    const response = await caretaker.post(
      `/meus-pets/${petId}`,
      petForm({ ...VALID, nome: "Trovão" }, [{ name: "n.png", type: "image/png", data: await petPortrait("cao", 3) }]),
      sameOrigin(),
    );
    expect(response.status).toBe(302);
    const now = (await snapshot(petId)).photos.map((photo) => photo.imageId);
    expect(now).toHaveLength(1);
    expect(old).not.toContain(now[0]);
    expect(await stored(old)).toEqual({ images: 0, variants: 0 });
    expect((await stored(now)).variants).toBeGreaterThan(0);
  });

  it("by PATCH deletes the old images no other pet uses, and keeps one another pet shares", async () => {
    const petId = await createPet(app.db, {
      caretakerId,
      nome: "Nuvem",
      photos: [await petPortrait("gato", 4), await petPortrait("gato", 5)],
    });
    const [own, shared] = (await snapshot(petId)).photos.map((photo) => photo.imageId);
    // Bulk seeding shares portraits between pets: another caretaker's pet uses the second one too.
    const sharing = await createPet(app.db, {
      caretakerId: (await createUser(app.db, { email: "vizinha@exemplo.com" })).id,
      nome: "Vizinha",
      photos: [{ imageId: shared! }],
    });
    const sharedBefore = await stored([shared!]);

    const response = await caretaker.request(
      "PATCH",
      `/api/pets/${petId}`,
      petForm({ ...VALID, nome: "Nuvem" }, [{ name: "n.png", type: "image/png", data: await petPortrait("gato", 6) }]),
    );
    expect(response.status).toBe(200);
    const now = (await snapshot(petId)).photos.map((photo) => photo.imageId);
    expect(now).toHaveLength(1);
    expect(await stored([own!])).toEqual({ images: 0, variants: 0 });
    expect(await stored([shared!])).toEqual(sharedBefore);
    expect(sharedBefore.variants).toBeGreaterThan(0);
    expect((await snapshot(sharing)).photos.map((photo) => photo.imageId)).toEqual([shared]);
    expect((await fetch(`${app.baseUrl}/imagens/${shared}/320.webp`)).status).toBe(200);
  });
});
