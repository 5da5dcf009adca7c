import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPet, createUser, DEFAULT_PASSWORD, petPortrait } from "../support/factories";
import { pets, users } from "~/db/schema";
import { PET_MESSAGES } from "~/validation/pets";
import { PLACE_MESSAGES } from "~/validation/messages";
import { Client, startTestApp, type TestApp } from "../support/app";

/** The record beyond the specification's fields (issue 18), through the JSON API. */
let app: TestApp;
let caretaker: Client;
let caretakerId: string;

const BASE = {
  nome: "Paçoca",
  especie: "gato",
  idade: "2",
  idade__unidade: "anos",
  porte: "pequeno",
  perfil: "Curiosa",
  cidade: "Niterói",
  uf: "RJ",
  status: "disponivel",
};

async function publish(fields: Record<string, string | string[]>) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) form.append(key, item);
  }
  form.append("fotos", new File([new Uint8Array(await petPortrait("gato", 1))], "p.png", { type: "image/png" }));
  return caretaker.post("/api/pets", form);
}

beforeAll(async () => {
  app = await startTestApp();
  const user = await createUser(app.db, { email: "registro@exemplo.com", nome: "Protetora" });
  caretakerId = user.id;
  caretaker = new Client(app.baseUrl);
  expect(
    (await caretaker.post("/api/session", { email: "registro@exemplo.com", senha: DEFAULT_PASSWORD })).status,
  ).toBe(200);
});

afterAll(() => app?.close());

describe("publishing with the full record", () => {
  it("stores every field and answers it in the API's shape", async () => {
    const response = await publish({
      ...BASE,
      sexo: "femea",
      castrado: "agendado",
      castracao_data: "12/03/2027",
      vacinas: ["v4", "antirrabica"],
      vermifugado: "sim",
      microchip: "982 000 123 456 789",
      convive_com: ["criancas", "gatos"],
      necessidades_especiais: "Ração renal",
      historia: "Chegou num dia de chuva.\r\nHoje dorme na janela.",
      taxa_adocao: "R$ 1.000,00",
    });
    expect(response.status).toBe(201);
    expect(response.json).toMatchObject({
      sexo: "femea",
      castrado: "agendado",
      castracao_data: "2027-03-12",
      vacinas: ["v4", "antirrabica"],
      vermifugado: true,
      microchip: "982000123456789",
      convive_com: ["criancas", "gatos"],
      necessidades_especiais: "Ração renal",
      historia: "Chegou num dia de chuva.\nHoje dorme na janela.",
      taxa_adocao: 1000,
    });
    const fetched = await new Client(app.baseUrl).get(`/api/pets/${response.json.id}`);
    expect(fetched.json).toMatchObject({ sexo: "femea", taxa_adocao: 1000, vacinas: ["v4", "antirrabica"] });
  });

  it("requires the sex of a new pet; the rest may be left out", async () => {
    const missing = await publish(BASE);
    expect(missing.status).toBe(400);
    expect(missing.json.errors).toEqual({ sexo: [PET_MESSAGES.sexo] });
    const minimal = await publish({ ...BASE, sexo: "macho" });
    expect(minimal.status).toBe(201);
    expect(minimal.json).toMatchObject({
      sexo: "macho",
      castrado: null,
      castracao_data: null,
      vacinas: [],
      vermifugado: null,
      microchip: null,
      convive_com: [],
      necessidades_especiais: null,
      historia: null,
      taxa_adocao: null,
    });
  });

  it("refuses each bad value with its message, and writes nothing", async () => {
    const [before] = await app.db.select({ total: count() }).from(pets);
    const response = await publish({
      ...BASE,
      sexo: "hermafrodita",
      castrado: "agendado",
      vacinas: ["v10"],
      vermifugado: "talvez",
      microchip: "12345",
      convive_com: ["papagaios"],
      necessidades_especiais: "x".repeat(301),
      historia: "Vendo por 300 reais.",
      taxa_adocao: "1000,01",
    });
    expect(response.status).toBe(400);
    expect(response.json.errors).toEqual({
      sexo: [PET_MESSAGES.sexo],
      castracao_data: [PET_MESSAGES.castracaoData.required],
      vacinas: ["Escolha apenas vacinas de gatos."],
      vermifugado: [PET_MESSAGES.vermifugado],
      microchip: [PET_MESSAGES.microchip],
      "convive_com[0]": [PET_MESSAGES.conviveCom],
      necessidades_especiais: [PET_MESSAGES.necessidades],
      historia: [PET_MESSAGES.sale],
      taxa_adocao: [PET_MESSAGES.taxa],
    });
    const [after] = await app.db.select({ total: count() }).from(pets);
    expect(after!.total).toBe(before!.total);
  });

  it.each([
    ["Vendo filhote", true],
    ["Valor R$50", true],
    ["Por 200 reais", true],
    ["Está à venda", true],
    ["Preço a combinar", true],
    ["Aceito pix", true],
    ["Adora vender saúde e brincar", false],
    ["Vendedor de alegria", false],
    ["Carinhosa e esperta", false],
  ])("reads %j as an offer for sale: %s", async (perfil, refused) => {
    const response = await publish({ ...BASE, sexo: "femea", perfil });
    expect(response.status).toBe(refused ? 400 : 201);
    if (refused) expect(response.json.errors).toEqual({ perfil: [PET_MESSAGES.sale] });
  });
});

describe("changing the record by PATCH", () => {
  let petId: string;
  beforeAll(async () => {
    petId = await createPet(app.db, { caretakerId, nome: "Bolinha", especie: "cao", vacinas: ["v10"] });
  });

  it("changes and clears fields, leaving out the ones not sent", async () => {
    const changed = await caretaker.patch(`/api/pets/${petId}`, {
      sexo: "macho",
      taxa_adocao: 35.5,
      vermifugado: false,
      historia: "Resgatado em 2025.",
    });
    expect(changed.status).toBe(200);
    expect(changed.json).toMatchObject({
      sexo: "macho",
      taxa_adocao: 35.5,
      vermifugado: false,
      vacinas: ["v10"],
      historia: "Resgatado em 2025.",
    });
    const cleared = await caretaker.patch(`/api/pets/${petId}`, { taxa_adocao: null, historia: null });
    expect(cleared.json).toMatchObject({ sexo: "macho", taxa_adocao: null, historia: null, vermifugado: false });
  });

  it("checks vaccines against the stored species, and a new species drops the old list's", async () => {
    const wrong = await caretaker.patch(`/api/pets/${petId}`, { vacinas: ["v4"] });
    expect(wrong.status).toBe(400);
    expect(wrong.json.errors).toEqual({ vacinas: [PET_MESSAGES.vacinas] });
    const cat = await caretaker.patch(`/api/pets/${petId}`, { especie: "gato" });
    expect(cat.status).toBe(200);
    expect(cat.json.vacinas).toEqual([]);
  });

  it("asks for the date of a castration scheduled by PATCH, and drops it once done", async () => {
    const undated = await caretaker.patch(`/api/pets/${petId}`, { castrado: "agendado" });
    expect(undated.status).toBe(400);
    expect(undated.json.errors).toEqual({ castracao_data: [PET_MESSAGES.castracaoData.required] });
    const impossible = await caretaker.patch(`/api/pets/${petId}`, {
      castrado: "agendado",
      castracao_data: "2027-02-30",
    });
    expect(impossible.json.errors).toEqual({ castracao_data: [PET_MESSAGES.castracaoData.format] });
    const dated = await caretaker.patch(`/api/pets/${petId}`, { castrado: "agendado", castracao_data: "2027-02-28" });
    expect(dated.json).toMatchObject({ castrado: "agendado", castracao_data: "2027-02-28" });
    const done = await caretaker.patch(`/api/pets/${petId}`, { castrado: "sim" });
    expect(done.json).toMatchObject({ castrado: "sim", castracao_data: null });
    const [row] = await app.db.select().from(pets).where(eq(pets.id, petId));
    expect(row!.castracaoData).toBeNull();
  });

  it("refuses wrong types with a message, never a 500", async () => {
    for (const body of [
      { vacinas: [1, 2] },
      { convive_com: { a: 1 } },
      { taxa_adocao: "muito" },
      { taxa_adocao: -1 },
      { microchip: 123456789012345 },
      { historia: ["a"] },
      { sexo: true },
    ]) {
      const response = await caretaker.patch(`/api/pets/${petId}`, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.json.message).toBeTruthy();
    }
  });
});

describe("a pet's city, from the IBGE list", () => {
  it("is resolved from what was typed, spelled as the IBGE does, with its code", async () => {
    const response = await publish({ ...BASE, sexo: "macho", cidade: "sao goncalo", uf: "RJ" });
    expect(response.status).toBe(201);
    expect(response.json).toMatchObject({
      cidade: "São Gonçalo",
      uf: "RJ",
      cidade_ibge: 3304904,
      local: "São Gonçalo (RJ)",
    });
  });

  it("is refused when no city of that state has the name, and nothing is written", async () => {
    const [before] = await app.db.select({ total: count() }).from(pets);
    const response = await publish({ ...BASE, sexo: "macho", cidade: "Niterói", uf: "SP" });
    expect(response.status).toBe(400);
    expect(response.json.errors).toEqual({ cidade: [PLACE_MESSAGES.unknown] });
    const [after] = await app.db.select({ total: count() }).from(pets);
    expect(after!.total).toBe(before!.total);
  });

  it("is resolved again by PATCH when the city or the state changes", async () => {
    const petId = await createPet(app.db, { caretakerId, nome: "Viajante", cidade: "Niterói", uf: "RJ" });
    const moved = await caretaker.patch(`/api/pets/${petId}`, { cidade: "Campos do Jordão", uf: "SP" });
    expect(moved.json).toMatchObject({ cidade: "Campos do Jordão", uf: "SP", cidade_ibge: 3509700 });
    const wrongState = await caretaker.patch(`/api/pets/${petId}`, { uf: "RJ" });
    expect(wrongState.status).toBe(400);
    expect(wrongState.json.errors).toEqual({ cidade: [PLACE_MESSAGES.unknown] });
  });
});

describe("GET /api/cidades", () => {
  it("suggests cities accent- and case-insensitively, names that start with the text first", async () => {
    const response = await new Client(app.baseUrl).get("/api/cidades?q=SAO%20GONCALO");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=86400");
    const cidades = response.json.cidades as {
      ibge: number;
      nome: string;
      uf: string;
      rotulo: string;
      latitude: number;
      longitude: number;
    }[];
    // With its seat's point, which the lost and found map centres on.
    expect(cidades[0]).toEqual({
      ibge: 3304904,
      nome: "São Gonçalo",
      uf: "RJ",
      rotulo: "São Gonçalo (RJ)",
      latitude: expect.closeTo(-22.83, 1),
      longitude: expect.closeTo(-43.06, 1),
    });
    expect(cidades.map((city) => city.rotulo)).toContain("São Gonçalo do Amarante (RN)");
    expect(cidades.length).toBeLessThanOrEqual(8);
  });

  it("narrows to a state, typed or as a parameter, and takes nonsense quietly", async () => {
    const typed = await new Client(app.baseUrl).get(`/api/cidades?q=${encodeURIComponent("bom jesus (sc)")}`);
    expect((typed.json.cidades as { uf: string }[]).every((city) => city.uf === "SC")).toBe(true);
    const param = await new Client(app.baseUrl).get("/api/cidades?q=bom&uf=PI");
    expect((param.json.cidades as { uf: string }[]).every((city) => city.uf === "PI")).toBe(true);
    for (const query of ["", "q=", "q=%00%01", `q=${"a".repeat(500)}`, "q=x&uf=ZZ", "q[]=1&q[]=2"]) {
      const response = await new Client(app.baseUrl).get(`/api/cidades?${query}`);
      expect(response.status, query).toBe(200);
      expect(Array.isArray(response.json.cidades)).toBe(true);
    }
  });
});

describe("a city typed before the IBGE list", () => {
  it("stays readable, and its caretaker is asked to choose it again, on the list and in the profile", async () => {
    const petId = await createPet(app.db, { caretakerId, nome: "Antigo" });
    await app.db.update(pets).set({ cidade: "Vila Imaginária", cidadeIbge: null }).where(eq(pets.id, petId));
    await app.db.update(users).set({ cidade: "Gotham", uf: null, cidadeIbge: null }).where(eq(users.id, caretakerId));
    const list = await caretaker.page("/meus-pets");
    expect(list.text).toContain("A cidade “Vila Imaginária” não está na lista de cidades do IBGE");
    const page = await new Client(app.baseUrl).get(`/pets/${petId}`);
    expect(page.text).toContain("Vila Imaginária (RJ)");
    const profile = await caretaker.get("/perfil");
    expect(profile.text).toContain("Escolha sua cidade entre as sugestões");
    expect(profile.text).toContain('value="Gotham"');
  });
});
