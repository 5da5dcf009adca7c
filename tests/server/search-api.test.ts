import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPet, createUser } from "../support/factories";
import { seedManyPets } from "~/demo/seed.server";
import { PLACE_MESSAGES } from "~/validation/messages";
import { Client, startTestApp, type TestApp } from "../support/app";

/** Search (issue 18): words, distance and the record's filters, through GET /api/pets. */
let app: TestApp;
const visitor = () => new Client(app.baseUrl);
type ApiPet = { nome: string; cidade: string; distancia_km?: number };
const names = (json: Record<string, unknown>) => (json.pets as ApiPet[]).map((pet) => pet.nome);

beforeAll(async () => {
  app = await startTestApp();
  const { id: caretakerId } = await createUser(app.db, { email: "busca@exemplo.com" });
  const base = Date.now() - 100_000;
  const pets = [
    { nome: "Nina", cidade: "Niterói", perfil: "Brincalhona e dócil, marcadorbusca", sexo: "femea", castrado: "sim" },
    {
      nome: "Bento",
      cidade: "São Gonçalo",
      perfil: "Calmo, marcadorbusca",
      historia: "Uma gatinha o criou.\nHoje é brincalhão.",
      sexo: "macho",
      convive_com: ["criancas", "gatos"],
    },
    {
      nome: "Rosa",
      cidade: "Rio de Janeiro",
      perfil: "Tímida, marcadorbusca",
      sexo: "femea",
      convive_com: ["criancas"],
    },
    { nome: "Serra", cidade: "Campos do Jordão", uf: "SP", perfil: "Friorenta, marcadorbusca", sexo: "macho" },
  ] as const;
  for (const [index, pet] of pets.entries()) {
    await createPet(app.db, {
      caretakerId,
      especie: "gato",
      uf: "RJ",
      ...pet,
      convive_com: "convive_com" in pet ? [...pet.convive_com] : [],
      createdAt: new Date(base + index * 1000),
    });
  }
});

afterAll(() => app?.close());

describe("Buscar", () => {
  it("finds words in name, profile and story, accents and plural aside", async () => {
    expect(names((await visitor().get("/api/pets?q=brincalhao")).json).sort()).toEqual(["Bento"]);
    expect(names((await visitor().get("/api/pets?q=brincalhona")).json)).toEqual(["Nina"]);
    expect(names((await visitor().get("/api/pets?q=gatinhas")).json)).toEqual(["Bento"]);
    expect(names((await visitor().get("/api/pets?q=DOCIL%20nina")).json)).toEqual(["Nina"]);
    expect(names((await visitor().get("/api/pets?q=marcadorbusca")).json)).toEqual(["Serra", "Rosa", "Bento", "Nina"]);
    expect((await visitor().get("/api/pets?q=ornitorrinco")).json.total).toBe(0);
  });

  it("takes any text without an error: quotes, operators, control characters, a single stop word", async () => {
    for (const q of ["'", "a & b | !c", "(", "%00", "de", "x".repeat(500), "<script>"]) {
      const response = await visitor().get(`/api/pets?q=${encodeURIComponent(q)}`);
      expect(response.status, q).toBe(200);
    }
  });
});

describe("Perto de", () => {
  it("lists the pets within the radius of a city, nearest first, with their distance", async () => {
    const near = await visitor().get("/api/pets?perto=3303302&raio=25&q=marcadorbusca");
    expect(near.status).toBe(200);
    const pets = near.json.pets as ApiPet[];
    expect(pets.map((pet) => [pet.nome, pet.distancia_km])).toEqual([
      ["Nina", 0],
      ["Bento", 7],
      ["Rosa", 10],
    ]);
    const closer = await visitor().get("/api/pets?perto=3303302&raio=10&q=marcadorbusca");
    expect(names(closer.json)).toEqual(["Nina", "Bento"]);
  });

  it("takes the city's name too, and 50 km when the radius is missing or not one of the list", async () => {
    const byName = await visitor().get(`/api/pets?perto=${encodeURIComponent("campos do jordão (sp)")}&raio=7`);
    expect(names(byName.json)).toEqual(["Serra"]);
    expect((byName.json.pets as ApiPet[])[0]!.distancia_km).toBe(0);
  });

  it("answers 400 for a city it does not know", async () => {
    for (const perto of ["9999999", "Atlântida"]) {
      const response = await visitor().get(`/api/pets?perto=${encodeURIComponent(perto)}`);
      expect(response.status).toBe(400);
      expect(response.json).toEqual({ message: PLACE_MESSAGES.unknown, errors: { perto: [PLACE_MESSAGES.unknown] } });
    }
  });
});

describe("the record's filters", () => {
  it("filter by sex, castration and every companion asked for", async () => {
    expect(names((await visitor().get("/api/pets?q=marcadorbusca&sexo=femea")).json)).toEqual(["Rosa", "Nina"]);
    expect(names((await visitor().get("/api/pets?q=marcadorbusca&castrado=sim")).json)).toEqual(["Nina"]);
    expect(names((await visitor().get("/api/pets?q=marcadorbusca&convive_com=criancas")).json)).toEqual([
      "Rosa",
      "Bento",
    ]);
    expect(
      names((await visitor().get("/api/pets?q=marcadorbusca&convive_com=criancas&convive_com=gatos")).json),
    ).toEqual(["Bento"]);
    expect(names((await visitor().get("/api/pets?q=marcadorbusca&convive_com=criancas,gatos")).json)).toEqual([
      "Bento",
    ]);
    // Unknown values are ignored, as every filter's.
    expect(names((await visitor().get("/api/pets?q=marcadorbusca&sexo=x&convive_com=papagaios")).json)).toHaveLength(4);
  });
});

describe("counting many", () => {
  it("counts the plain filters exactly, and words, places and companions up to 1,000", async () => {
    const many = await startTestApp();
    try {
      await seedManyPets(many.db, 3_000, { perCaretaker: 500 });
      const client = new Client(many.baseUrl);
      const plain = await client.get("/api/pets?page=1");
      expect([plain.json.total, plain.json.total_limitado, plain.json.paginas]).toEqual([3_000, false, 250]);
      // About four in ten live with children: more than 1,000, counted to 1,000.
      const companions = await client.get("/api/pets?convive_com=criancas");
      expect([companions.json.total, companions.json.total_limitado, companions.json.paginas]).toEqual([
        1_000,
        true,
        84,
      ]);
      const page = await client.get("/home?convive_com=criancas");
      expect(page.text).toContain("Mais de 1.000 animais encontrados");
    } finally {
      await many.close();
    }
  });
});
