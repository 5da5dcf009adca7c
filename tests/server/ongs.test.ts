import { eq } from "drizzle-orm";
import { generateCnpj } from "@brazilian-utils/brazilian-utils/generate-cnpj";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPet } from "~/demo/factories.server";
import { users } from "~/db/schema";
import { ONG_MESSAGES } from "~/validation/accounts";
import { Client, signedInAccount, startTestApp, type TestApp } from "../support/app";

/** ONGs (issue 22): the account's kind, the CNPJ and public name, what pages and the API show. */
let app: TestApp;
let ong: Client;
let ongId: string;

const signedIn = (email: string, nome: string) => signedInAccount(app, { email, nome });

beforeAll(async () => {
  app = await startTestApp();
  ({ client: ong, id: ongId } = await signedIn("focinhos@exemplo.com", "Marta Lima"));
});
afterAll(() => app?.close());

describe("an ONG's account", () => {
  it("needs a CNPJ with right check digits and a public name, each refused in Portuguese", async () => {
    const patch = (body: object) => ong.patch(`/api/users/${ongId}`, body);
    const bare = await patch({ tipo: "ong" });
    expect([bare.status, bare.json.errors]).toEqual([400, { cnpj: [ONG_MESSAGES.cnpjRequired] }]);
    const wrong = await patch({ tipo: "ong", cnpj: "11.222.333/0001-82", nome_publico: "Focinhos" });
    expect([wrong.status, wrong.json.errors]).toEqual([400, { cnpj: [ONG_MESSAGES.cnpj] }]);
    const noName = await patch({ tipo: "ong", cnpj: "11.222.333/0001-81" });
    expect([noName.status, noName.json.errors]).toEqual([400, { nome_publico: [ONG_MESSAGES.nomePublicoRequired] }]);
    const kind = await patch({ tipo: "empresa" });
    expect([kind.status, kind.json.errors]).toEqual([400, { tipo: [ONG_MESSAGES.tipo] }]);
  });

  it("is saved with its CNPJ unmasked, shown by its public name with `ong` on its pets, its CNPJ only to itself", async () => {
    const saved = await ong.patch(`/api/users/${ongId}`, {
      tipo: "ong",
      cnpj: "11.222.333/0001-81",
      nome_publico: "ONG Focinhos Felizes",
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json).toMatchObject({ tipo: "ong", cnpj: "11222333000181", nome_publico: "ONG Focinhos Felizes" });
    expect(saved.json.verificada).toBe(false);
    const visitor = new Client(app.baseUrl);
    const seen = await visitor.get(`/api/users/${ongId}`);
    expect(seen.json).toMatchObject({ tipo: "ong", nome_publico: "ONG Focinhos Felizes", verificada: false });
    expect(seen.json.cnpj).toBeUndefined();
    const petId = await createPet(app.db, { caretakerId: ongId, nome: "Bento" });
    const pet = await visitor.get(`/api/pets/${petId}`);
    expect(pet.json.responsavel).toEqual({ id: ongId, nome: "ONG Focinhos Felizes", tipo: "ong", verificada: false });
    const page = await visitor.get(`/responsaveis/${ongId}`);
    expect(page.text).toContain("ONG Focinhos Felizes");
    expect(page.text).toContain(">ONG<");
  });

  it("one CNPJ is one account; the alphanumeric CNPJ of 2026 is taken too", async () => {
    const { client: other, id: otherId } = await signedIn("outra.ong@exemplo.com", "Outra");
    const taken = await other.patch(`/api/users/${otherId}`, {
      tipo: "ong",
      cnpj: "11222333000181",
      nome_publico: "Outra ONG",
    });
    expect([taken.status, taken.json.message]).toEqual([409, ONG_MESSAGES.cnpjTaken]);
    const alphanumeric = generateCnpj({ version: 2 });
    const saved = await other.patch(`/api/users/${otherId}`, {
      tipo: "ong",
      cnpj: alphanumeric.toLowerCase(),
      nome_publico: "Outra ONG",
    });
    expect([saved.status, saved.json.cnpj]).toEqual([200, alphanumeric.toUpperCase()]);
  });

  it("a change of its CNPJ or name ends an operator's check; a person keeps no CNPJ", async () => {
    await app.db.update(users).set({ verifiedAt: new Date() }).where(eq(users.id, ongId));
    const visitor = new Client(app.baseUrl);
    expect((await visitor.get(`/api/users/${ongId}`)).json.verificada).toBe(true);
    // Other fields leave it checked.
    expect((await ong.patch(`/api/users/${ongId}`, { perfil__sobre: "Resgatamos em Niterói." })).json.verificada).toBe(
      true,
    );
    expect((await ong.patch(`/api/users/${ongId}`, { nome_publico: "Focinhos" })).json.verificada).toBe(false);
    const person = await ong.patch(`/api/users/${ongId}`, { tipo: "pessoa" });
    expect(person.json).toMatchObject({ tipo: "pessoa", cnpj: null, nome_publico: null, verificada: false });
    const pet = await createPet(app.db, { caretakerId: ongId, nome: "Nilo" });
    const responsavel = (await visitor.get(`/api/pets/${pet}`)).json.responsavel as { nome: string };
    expect(responsavel.nome).toBe("Marta Lima");
  });
});
