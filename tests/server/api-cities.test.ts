import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dayInBrasilia } from "~/lib/dates";
import { MESSAGES } from "~/validation/messages";
import { PET_MESSAGES } from "~/validation/pets";
import { FOSTER_MESSAGES } from "~/validation/foster";
import { Client, signedInAccount, startTestApp, type TestApp } from "../support/app";
import { petPortrait } from "../support/factories";

/**
 * One way to name a city (issue 61), on every endpoint that takes one: `cidade_ibge`, or `cidade`
 * as "Niterói (RJ)"; pets also keep `cidade` + `uf` (the specification's form). Each answer carries
 * the city's IBGE code.
 */

const NITEROI = 3303302;
const RIO = 3304557;
const UNKNOWN_CITY = "Cidade não encontrada: confira o nome e o estado, ou escolha uma das sugestões.";

let app: TestApp;
let photo: Buffer;
beforeAll(async () => {
  app = await startTestApp();
  photo = await petPortrait("cao");
});
afterAll(() => app?.close());

let people = 0;
const person = () => {
  people += 1;
  return signedInAccount(app, { email: `cidade.${people}@exemplo.com`, nome: `Pessoa ${people}` });
};

/** The three ways, and what each must resolve to. */
const FORMS = [{ cidade_ibge: NITEROI }, { cidade: "Niterói (RJ)" }, { cidade: "Niterói", uf: "RJ" }] as const;

function multipart(fields: Record<string, string | number>, files: Buffer[]) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, String(value));
  for (const [index, bytes] of files.entries())
    form.append("fotos", new Blob([new Uint8Array(bytes)], { type: "image/png" }), `foto-${index}.png`);
  return form;
}

describe("a city, as the API takes it", () => {
  it("names a pet by code, by 'Niterói (RJ)' or by cidade + uf, and answers with the code", async () => {
    const { client } = await person();
    const pet = {
      nome: "Bidu",
      especie: "cao",
      idade: 2,
      idade__unidade: "anos",
      porte: "medio",
      perfil: "Dócil",
      status: "disponivel",
    };
    for (const city of FORMS) {
      const made = await client.post("/api/pets", multipart({ ...pet, sexo: "macho", ...city }, [photo]));
      expect(made.status, `${JSON.stringify(city)}: ${made.text}`).toBe(201);
      const read = await client.get(`/api/pets/${made.json.id as string}`);
      expect([read.json.cidade, read.json.uf, read.json.cidade_ibge]).toEqual(["Niterói", "RJ", NITEROI]);
    }
    const missing = await client.post("/api/pets", multipart({ ...pet, sexo: "macho" }, [photo]));
    expect([missing.status, missing.json.errors]).toEqual([
      400,
      { cidade: [MESSAGES.cidade.required], uf: [PET_MESSAGES.uf] },
    ]);
    const noState = await client.post("/api/pets", multipart({ ...pet, sexo: "macho", cidade: "Niterói" }, [photo]));
    expect([noState.status, noState.json.errors]).toEqual([400, { uf: [PET_MESSAGES.uf] }]);
    // A code outside the list's range is no code; one in range that names no city is an unknown city.
    const outside = await client.post("/api/pets", multipart({ ...pet, sexo: "macho", cidade_ibge: 9999999 }, [photo]));
    expect([outside.status, outside.json.errors]).toEqual([400, { cidade_ibge: [MESSAGES.cidade.ibge] }]);
    const unknown = await client.post("/api/pets", multipart({ ...pet, sexo: "macho", cidade_ibge: 3399999 }, [photo]));
    expect([unknown.status, unknown.json.errors]).toEqual([400, { cidade: [UNKNOWN_CITY] }]);

    // A change by code moves it, state and all.
    const made = await client.post("/api/pets", multipart({ ...pet, sexo: "macho", cidade_ibge: NITEROI }, [photo]));
    const moved = await client.patch(`/api/pets/${made.json.id as string}`, { cidade_ibge: RIO });
    expect(moved.status, moved.text).toBe(200);
    expect([moved.json.cidade, moved.json.uf, moved.json.cidade_ibge]).toEqual(["Rio de Janeiro", "RJ", RIO]);
    const wrong = await client.patch(`/api/pets/${made.json.id as string}`, { cidade_ibge: "Niterói" });
    expect([wrong.status, wrong.json.errors]).toEqual([400, { cidade_ibge: [MESSAGES.cidade.ibge] }]);
  });

  it("names a foster offer, an organisation and an account the same ways", async () => {
    const offer = {
      especies: ["cao"],
      portes: ["pequeno"],
      quantos: 1,
      tem_animais: false,
      tem_criancas: false,
      tela_nas_janelas: true,
    };
    for (const city of FORMS) {
      const { client, id } = await person();
      const saved = await client.request("PUT", "/api/lares/meu", { ...offer, ...city });
      expect(saved.status, `${JSON.stringify(city)}: ${saved.text}`).toBe(200);
      expect([saved.json.cidade, saved.json.cidade_ibge]).toEqual(["Niterói", NITEROI]);

      const created = await client.post("/api/organizacoes", { nome: `Grupo Cidade ${id.slice(0, 6)}`, ...city });
      expect(created.status, `${JSON.stringify(city)}: ${created.text}`).toBe(201);
      const organization = await client.get(`/api/organizacoes/${created.json.id as string}`);
      expect([organization.json.cidade, organization.json.uf, organization.json.cidade_ibge]).toEqual([
        "Niterói",
        "RJ",
        NITEROI,
      ]);
    }
    const { client, id } = await person();
    expect((await client.request("PUT", "/api/lares/meu", offer)).json.errors).toEqual({
      cidade: [MESSAGES.cidade.required],
      uf: [FOSTER_MESSAGES.uf],
    });
    const profile = await client.patch(`/api/users/${id}`, { cidade_ibge: RIO });
    expect([profile.status, profile.json.cidade, profile.json.cidade_ibge]).toEqual([200, "Rio de Janeiro", RIO]);
    const byName = await client.patch(`/api/users/${id}`, { cidade: "Niterói (RJ)" });
    expect([byName.json.cidade, byName.json.cidade_ibge]).toEqual(["Niterói", NITEROI]);
    const unknown = await client.patch(`/api/users/${id}`, { cidade_ibge: 3399999 });
    expect([unknown.status, unknown.json.errors]).toEqual([400, { cidade: [UNKNOWN_CITY] }]);
  });

  it("names a lost animal's city by code or by name, and answers with the code", async () => {
    const { client } = await person();
    const report = {
      tipo: "perdido",
      especie: "cao",
      porte: "medio",
      cores: "caramelo",
      data: dayInBrasilia(new Date()),
    };
    for (const city of [{ cidade_ibge: NITEROI }, { cidade: "Niterói (RJ)" }] as Record<string, string | number>[]) {
      const made = await client.post("/api/perdidos-e-achados", multipart({ ...report, ...city }, [photo]));
      expect(made.status, `${JSON.stringify(city)}: ${made.text}`).toBe(201);
      const read = await new Client(app.baseUrl).get(`/api/perdidos-e-achados/${made.json.id as string}`);
      expect([read.json.cidade_ibge, (read.json.cidade as { nome: string }).nome]).toEqual([NITEROI, "Niterói"]);
    }
  });

  it("is said once in the document: every body that takes a city refers to the one code", async () => {
    const document = (await new Client(app.baseUrl).get("/api/openapi.json")).json as {
      components: { schemas: Record<string, { description?: string }> };
    };
    expect(document.components.schemas.CodigoIbge?.description).toContain("Niterói (RJ)");
    const text = JSON.stringify(document);
    const refs = text.split('"#/components/schemas/CodigoIbge"').length - 1;
    // Pets (create, change), foster offers, organisations (create, change), accounts, lost and found.
    expect(refs).toBeGreaterThanOrEqual(7);
  });
});
