import { eq } from "drizzle-orm";
import { generateCnpj } from "@brazilian-utils/brazilian-utils/generate-cnpj";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPet } from "../support/factories";
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

  it("a CNPJ no operator verified does not lock the real ONG out; a verified ONG's CNPJ is its own (the alphanumeric too)", async () => {
    // Someone claimed the CNPJ first (issue 41): the real ONG still claims it, and operators decide.
    const { client: squatter, id: squatterId } = await signedIn("posseiro.ong@exemplo.com", "Posseiro");
    const first = await squatter.patch(`/api/users/${squatterId}`, {
      tipo: "ong",
      cnpj: "45.997.418/0001-53",
      nome_publico: "Patas Reais",
    });
    expect(first.status, first.text).toBe(200);
    const { client: real, id: realId } = await signedIn("real.ong@exemplo.com", "Real");
    const second = await real.patch(`/api/users/${realId}`, {
      tipo: "ong",
      cnpj: "45997418000153",
      nome_publico: "Patas Reais Oficial",
    });
    expect([second.status, second.json.cnpj]).toEqual([200, "45997418000153"]);

    // Once an operator verified one, nobody else claims it.
    await app.db.update(users).set({ verifiedAt: new Date() }).where(eq(users.id, realId));
    const { client: late, id: lateId } = await signedIn("tarde.ong@exemplo.com", "Tarde");
    const taken = await late.patch(`/api/users/${lateId}`, {
      tipo: "ong",
      cnpj: "45997418000153",
      nome_publico: "Outra ONG",
    });
    expect([taken.status, taken.json.errors ?? taken.json.message]).toEqual([409, { cnpj: [ONG_MESSAGES.cnpjTaken] }]);
    const alphanumeric = generateCnpj({ version: 2 });
    const saved = await late.patch(`/api/users/${lateId}`, {
      tipo: "ong",
      cnpj: alphanumeric.toLowerCase(),
      nome_publico: "Outra ONG",
    });
    expect([saved.status, saved.json.cnpj]).toEqual([200, alphanumeric.toUpperCase()]);
    await app.db.update(users).set({ verifiedAt: new Date() }).where(eq(users.id, lateId));
    const { client: copy, id: copyId } = await signedIn("copia.ong@exemplo.com", "Cópia");
    const alphaTaken = await copy.patch(`/api/users/${copyId}`, {
      tipo: "ong",
      cnpj: alphanumeric,
      nome_publico: "Cópia",
    });
    expect(alphaTaken.status).toBe(409);
  });

  it("refuses badge words and marks in public names and account names, in Portuguese (400), and stores nothing", async () => {
    const { client, id } = await signedIn("selo.ong@exemplo.com", "Selo");
    const cnpj = generateCnpj();
    for (const nome_publico of [
      "ONG Amigos de Quatro Patas ✔ ONG verificada",
      "Amigos de Quatro Patas ✔",
      "Patas ☑",
      "Patas ✓",
      "Patas ✅",
      "Patas 🗸",
      "Patas (VERIFICADA)",
      "Patas Verificádas",
      "Patas v e r i f i c a d o",
    ]) {
      const refused = await client.patch(`/api/users/${id}`, { tipo: "ong", cnpj, nome_publico });
      expect([refused.status, refused.json.errors], nome_publico).toEqual([
        400,
        { nome_publico: [ONG_MESSAGES.badge] },
      ]);
    }
    const nome = await client.patch(`/api/users/${id}`, { nome: "Maria Verificada" });
    expect([nome.status, nome.json.errors]).toEqual([400, { nome: [ONG_MESSAGES.badge] }]);
    const signup = await new Client(app.baseUrl).post("/api/users", {
      email: "selo2@exemplo.com",
      nome: "ONG verificada",
      senha: "Abc@1234",
    });
    expect([signup.status, signup.json.errors]).toEqual([400, { nome: [ONG_MESSAGES.badge] }]);
    const [row] = await app.db.select().from(users).where(eq(users.id, id));
    expect([row!.tipo, row!.nome, row!.nomePublico]).toEqual(["pessoa", "Selo", null]);
  });

  it("refuses a verified ONG's name to any other account, accents, case and spaces aside (400)", async () => {
    const { client: verified, id: verifiedId } = await signedIn("guardia.ong@exemplo.com", "Guardiã");
    expect(
      (
        await verified.patch(`/api/users/${verifiedId}`, {
          tipo: "ong",
          cnpj: generateCnpj(),
          nome_publico: "Lar dos Bigodes",
        })
      ).status,
    ).toBe(200);
    await app.db.update(users).set({ verifiedAt: new Date() }).where(eq(users.id, verifiedId));
    const { client: other, id: otherId } = await signedIn("imita.ong@exemplo.com", "Imita");
    for (const nome_publico of ["Lar dos Bigodes", "LAR DOS BIGODES", "Lár  dos Bigodês", "lardosbigodes"]) {
      const refused = await other.patch(`/api/users/${otherId}`, { tipo: "ong", cnpj: generateCnpj(), nome_publico });
      expect([refused.status, refused.json.errors], nome_publico).toEqual([
        400,
        { nome_publico: [ONG_MESSAGES.verifiedName] },
      ]);
    }
    const asPerson = await other.patch(`/api/users/${otherId}`, { nome: "Lar dos Bigodes" });
    expect([asPerson.status, asPerson.json.errors]).toEqual([400, { nome: [ONG_MESSAGES.verifiedName] }]);
    const signup = await new Client(app.baseUrl).post("/api/users", {
      email: "bigodes@exemplo.com",
      nome: "lar dos bigodes",
      senha: "Abc@1234",
    });
    expect([signup.status, signup.json.errors]).toEqual([400, { nome: [ONG_MESSAGES.verifiedName] }]);
    // A name of its own goes through; the verified ONG keeps its own name when it saves other fields.
    expect(
      (
        await other.patch(`/api/users/${otherId}`, {
          tipo: "ong",
          cnpj: generateCnpj(),
          nome_publico: "Lar das Bigodudas",
        })
      ).status,
    ).toBe(200);
    const own = await verified.patch(`/api/users/${verifiedId}`, { nome_publico: "Lar dos  Bigodes" });
    expect(own.status).toBe(200);
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
