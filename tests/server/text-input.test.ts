import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPet, createUser, DEFAULT_PASSWORD } from "../support/factories";
import { messages, pets, users } from "~/db/schema";
import { INVALID_CHARACTERS } from "~/validation/fields";
import { Client, startTestApp, type TestApp } from "../support/app";

/**
 * Text that reads otherwise than it is stored: control characters, ESC sequences,
 * direction overrides, names of invisible characters, decomposed accents.
 */
let app: TestApp;
let caretaker: Client;
let caretakerId: string;
let petId: string;

const message = (fields: Record<string, string>) => ({
  petId,
  nome: "Joana Silva",
  telefone: "21 98888-7777",
  nome__animal: "Farofa",
  contato__texto: "Olá!",
  ...fields,
});

beforeAll(async () => {
  app = await startTestApp();
  caretakerId = (await createUser(app.db, { email: "texto@exemplo.com", nome: "Cuidadora" })).id;
  petId = await createPet(app.db, { caretakerId, nome: "Farofa" });
  caretaker = new Client(app.baseUrl);
  expect((await caretaker.post("/api/session", { email: "texto@exemplo.com", senha: DEFAULT_PASSWORD })).status).toBe(
    200,
  );
});
afterAll(async () => {
  await app.close();
});

describe("text fields", () => {
  it("refuse control characters and direction overrides in one-line fields, with a Portuguese message", async () => {
    const before = (await app.db.select().from(messages)).length;
    for (const nome__animal of ["Rex\u001b[2J", "Rex\nPara: x", "Rex\u202egpj", "Rex\u0085", "Rex\u2066a"]) {
      const response = await new Client(app.baseUrl).post("/api/messages", message({ nome__animal }));
      expect(response.status, JSON.stringify(nome__animal)).toBe(400);
      expect(response.json.errors).toEqual({ nome__animal: [INVALID_CHARACTERS] });
    }
    const signup = await new Client(app.baseUrl).post("/api/users", {
      email: "esc@exemplo.com",
      nome: "Ana\u001b[31m",
      senha: "Abc@123",
    });
    expect(signup.status).toBe(400);
    expect(signup.json.errors).toMatchObject({ nome: expect.arrayContaining([INVALID_CHARACTERS]) });
    const patch = await caretaker.patch(`/api/users/${caretakerId}`, { cidade: "Niterói\u202e" });
    expect(patch.status).toBe(400);
    expect((await app.db.select().from(messages)).length).toBe(before);
    expect(await app.db.select().from(users).where(eq(users.email, "esc@exemplo.com"))).toHaveLength(0);
  });

  it("keep line breaks in multi-line fields, as \\n, and refuse their other control characters", async () => {
    const kept = await new Client(app.baseUrl).post(
      "/api/messages",
      message({ contato__texto: "Olá!\r\nTenho quintal.\n\tPosso visitar?" }),
    );
    expect(kept.status).toBe(201);
    const [stored] = await app.db
      .select()
      .from(messages)
      .where(eq(messages.id, String(kept.json.id)));
    expect(stored!.texto).toBe("Olá!\nTenho quintal.\n\tPosso visitar?");

    const refused = await new Client(app.baseUrl).post(
      "/api/messages",
      message({ contato__texto: "Olá!\u001b[2J\nPara: outra@exemplo.com" }),
    );
    expect(refused.status).toBe(400);
    expect(refused.json.errors).toEqual({ contato__texto: [INVALID_CHARACTERS] });
    const sobre = await caretaker.patch(`/api/users/${caretakerId}`, { perfil__sobre: "Protetora\u202e" });
    expect(sobre.status).toBe(400);
    expect(sobre.json.errors).toEqual({ perfil__sobre: [INVALID_CHARACTERS] });
  });

  it("refuse invisible marks and Unicode line separators in messages, and keep emoji joined", async () => {
    for (const mark of ["\u200b", "\u200f", "\u061c", "\u2028", "\u2029", "\ufeff", "\u2060"]) {
      const refused = await new Client(app.baseUrl).post(
        "/api/messages",
        message({ contato__texto: `Olá${mark}, posso visitar?` }),
      );
      expect(refused.status, JSON.stringify(mark)).toBe(400);
      expect(refused.json.errors).toEqual({ contato__texto: [INVALID_CHARACTERS] });
      const name = await new Client(app.baseUrl).post("/api/messages", message({ nome__animal: `Rex${mark}` }));
      expect(name.status, JSON.stringify(mark)).toBe(400);
    }
    const family = "Somos 👨‍👩‍👧 e temos quintal 🏳️‍🌈";
    const kept = await new Client(app.baseUrl).post("/api/messages", message({ contato__texto: family }));
    expect(kept.status).toBe(201);
    const [stored] = await app.db
      .select()
      .from(messages)
      .where(eq(messages.id, String(kept.json.id)));
    expect(stored!.texto).toBe(family);
  });

  it("refuse names with no visible letter", async () => {
    // Joiners are taken (emoji need them), but show no letter.
    const zeroWidth = "\u200c\u200d\u200c";
    const pet = await caretaker.patch(`/api/pets/${petId}`, { nome: zeroWidth });
    expect(pet.status).toBe(400);
    expect(pet.json.errors).toEqual({ nome: ["O nome do animal deve conter letras."] });
    const city = await caretaker.patch(`/api/pets/${petId}`, { cidade: "12 .." });
    expect(city.json.errors).toEqual({ cidade: ["O nome da cidade deve conter letras."] });
    const person = await caretaker.patch(`/api/users/${caretakerId}`, { nome: "..." });
    expect(person.json.errors).toEqual({ nome: ["O campo nome deve conter letras."] });
    const [row] = await app.db.select({ nome: pets.nome }).from(pets).where(eq(pets.id, petId));
    expect(row!.nome).toBe("Farofa");
  });

  it("are stored in one normal form (NFC), whatever the keyboard sent", async () => {
    const decomposed = "Pac\u0327oca";
    const response = await caretaker.patch(`/api/pets/${petId}`, { nome: decomposed });
    expect(response.status).toBe(200);
    const [row] = await app.db.select({ nome: pets.nome }).from(pets).where(eq(pets.id, petId));
    expect(row!.nome).toBe("Paçoca");
    expect(row!.nome).toHaveLength(6);
  });

  it("through a form page too", async () => {
    const form = new URLSearchParams({
      nome: "Joana Silva",
      telefone: "21 98888-7777",
      nome__animal: "Farofa\u001b[2J",
      contato__texto: "Olá!",
      pet: petId,
    });
    const response = await new Client(app.baseUrl).post("/contato", form.toString(), {
      "Content-Type": "application/x-www-form-urlencoded",
    });
    expect(response.status).toBe(400);
    expect(response.text).toContain(INVALID_CHARACTERS);
  });
});
