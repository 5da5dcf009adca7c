import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPet, createUser } from "../support/factories";
import { Client, startTestApp, type TestApp } from "../support/app";

/** `/responsaveis/:id` (issue 18): a caretaker's public page, never a phone or an e-mail. */
let app: TestApp;
let caretakerId: string;
let adopterId: string;

beforeAll(async () => {
  app = await startTestApp();
  const caretaker = await createUser(app.db, {
    email: "ong.pagina@exemplo.com",
    nome: "ONG Pagina Aberta",
    telefone: "21 97777-6666",
    cidade: "Niterói",
    uf: "RJ",
    perfilSobre: "Resgatamos desde 2010.",
  });
  caretakerId = caretaker.id;
  await createPet(app.db, { caretakerId, nome: "Disponivel" });
  await createPet(app.db, { caretakerId, nome: "Adotada", status: "adotado" });
  await createPet(app.db, { caretakerId, nome: "Adotado", status: "adotado" });
  adopterId = (await createUser(app.db, { email: "so.adota@exemplo.com", nome: "Quem Adota" })).id;
});

afterAll(() => app?.close());

describe("a caretaker's page", () => {
  it("shows name, city, about, the available animals and how many were adopted; no phone or e-mail", async () => {
    const page = await new Client(app.baseUrl).get(`/responsaveis/${caretakerId}`);
    expect(page.status).toBe(200);
    for (const text of [
      "ONG Pagina Aberta",
      "Niterói (RJ)",
      "Resgatamos desde 2010.",
      "Disponivel",
      "2 animais adotados pela Adopet",
    ]) {
      expect(page.text).toContain(text);
    }
    expect(page.text).not.toContain("Adotada");
    expect(page.text).not.toContain("97777");
    expect(page.text).not.toContain("ong.pagina@");

    // The same in the API (issue 61), for partner sites too.
    const api = await new Client(app.baseUrl).get(`/api/responsaveis/${caretakerId}`);
    expect(api.json).toMatchObject({ nome: "ONG Pagina Aberta", local: "Niterói (RJ)", adotados: 2, historias: [] });
    expect((api.json.disponiveis as { nome: string }[]).map((pet) => pet.nome)).toEqual(["Disponivel"]);
    expect(api.text).not.toContain("97777");
    expect(api.text).not.toContain("ong.pagina@");
  });

  it("is linked from each of its pets' pages", async () => {
    const feed = await new Client(app.baseUrl).get("/api/pets?limit=50");
    const pet = (feed.json.pets as { id: string; nome: string }[]).find((item) => item.nome === "Disponivel")!;
    const page = await new Client(app.baseUrl).get(`/pets/${pet.id}`);
    expect(page.text).toContain(`href="/adopet/responsaveis/${caretakerId}"`);
  });

  it("does not exist for someone who never published an animal, nor for an unknown id", async () => {
    for (const id of [adopterId, "00000000-0000-4000-8000-000000000000", "1%20or%201=1"]) {
      const page = await new Client(app.baseUrl).get(`/responsaveis/${id}`);
      expect(page.status, id).toBe(404);
      expect(page.text).toContain("Responsável não encontrado");
      expect(page.text).not.toContain("Quem Adota");
      expect((await new Client(app.baseUrl).get(`/api/responsaveis/${id}`)).status, id).toBe(404);
    }
  });
});
