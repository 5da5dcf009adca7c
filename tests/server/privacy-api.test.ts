import { count, eq, inArray, like, or } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPet, createUser, DEFAULT_PASSWORD, petPortrait } from "../support/factories";
import {
  images,
  imageVariants,
  knownLogins,
  messages,
  petPhotos,
  pets,
  rateLimits,
  sessions,
  users,
} from "~/db/schema";
import { updateProfile } from "~/domain/accounts/accounts.server";
import type { DataExport } from "~/domain/accounts/privacy.server";
import { MESSAGES } from "~/validation/messages";
import { Client, startTestApp, type TestApp } from "../support/app";

let app: TestApp;

/** A signed-in person with a profile photo, a pet with two photos, a message received and one sent. */
async function person(email: string, nome: string) {
  const user = await createUser(app.db, { email, nome, telefone: "(21) 97777-1234", cidade: "Niterói", uf: "RJ" });
  await updateProfile(app.db, user.id, { photo: await petPortrait("gato") });
  const petId = await createPet(app.db, {
    caretakerId: user.id,
    nome: "Pipoca",
    photos: [await petPortrait("cao"), await petPortrait("gato")],
  });
  const client = new Client(app.baseUrl);
  expect((await client.post("/api/session", { email, senha: DEFAULT_PASSWORD })).status).toBe(200);
  return { id: user.id, petId, client };
}

const message = (petId: string, nome: string, texto: string) => ({
  petId,
  nome,
  telefone: "(11) 91234-5678",
  nome__animal: "Pipoca",
  contato__texto: texto,
});

let ana: Awaited<ReturnType<typeof person>>;
let bruno: Awaited<ReturnType<typeof person>>;

beforeAll(async () => {
  app = await startTestApp();
  ana = await person("ana@exemplo.com", "Ana Souza");
  bruno = await person("bruno@exemplo.com", "Bruno Lima");
  // Each writes to the other, signed in; a stranger writes to both.
  expect((await ana.client.post("/api/messages", message(bruno.petId, "Ana Souza", "Oi Bruno"))).status).toBe(201);
  expect((await bruno.client.post("/api/messages", message(ana.petId, "Bruno Lima", "Oi Ana"))).status).toBe(201);
  const stranger = new Client(app.baseUrl);
  for (const petId of [ana.petId, bruno.petId]) {
    expect((await stranger.post("/api/messages", message(petId, "Carla", "Olá!"))).status).toBe(201);
  }
});
afterAll(async () => {
  await app.close();
});

describe("GET /api/users/:id/export", () => {
  it("gives a person everything kept about them, as a JSON download, and never a password hash", async () => {
    const response = await ana.client.get(`/api/users/${ana.id}/export`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="adopet-meus-dados-/);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const body = response.json as unknown as DataExport;
    expect(body.conta).toMatchObject({ id: ana.id, email: "ana@exemplo.com", telefone: "(21) 97777-1234", uf: "RJ" });
    expect(body.animais.map((pet) => pet.nome)).toEqual(["Pipoca"]);
    // A visitor's message; what signed-in people wrote each other is in their conversations.
    expect(body.mensagens_recebidas.map((m) => m.texto)).toEqual(["Olá!"]);
    expect(body.mensagens_enviadas).toEqual([]);
    const conversas = (
      body as unknown as { conversas: { papel: string; mensagens: { texto: string; minha: boolean }[] }[] }
    ).conversas;
    expect(
      conversas.map(({ papel, mensagens }) => ({ papel, mensagens: mensagens.map((m) => [m.texto, m.minha]) })),
    ).toEqual(
      expect.arrayContaining([
        { papel: "adotante", mensagens: [["Oi Bruno", true]] },
        { papel: "responsavel", mensagens: [["Oi Ana", false]] },
      ]),
    );
    expect(body.sessoes.length).toBeGreaterThanOrEqual(1);
    expect(body.fotos).toHaveLength(3);
    expect(response.text).not.toMatch(/argon2|password|token/i);
  });

  it("is the same file from the profile page's link, and asks a visitor to log in", async () => {
    const page = await ana.client.get("/perfil/dados");
    expect(page.status).toBe(200);
    expect((page.json as { conta: { id: string } }).conta.id).toBe(ana.id);
    const visitor = await new Client(app.baseUrl).get("/perfil/dados");
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toBe("/adopet/login?voltar=%2Fperfil%2Fdados");
  });

  it("answers 401 without a session and 403 for someone else's data", async () => {
    expect((await new Client(app.baseUrl).get(`/api/users/${ana.id}/export`)).status).toBe(401);
    const other = await bruno.client.get(`/api/users/${ana.id}/export`);
    expect(other.status).toBe(403);
    expect(other.text).not.toContain("ana@exemplo.com");
  });
});

describe("DELETE /api/users/:id", () => {
  it("refuses someone else's account, a visitor and a wrong password, deleting nothing", async () => {
    expect((await new Client(app.baseUrl).delete(`/api/users/${ana.id}`, { senha: DEFAULT_PASSWORD })).status).toBe(
      401,
    );
    expect((await bruno.client.delete(`/api/users/${ana.id}`, { senha: DEFAULT_PASSWORD })).status).toBe(403);
    const wrong = await ana.client.delete(`/api/users/${ana.id}`, { senha: "Errada@1" });
    expect(wrong.status).toBe(400);
    expect(wrong.json.errors).toEqual({ senha: [MESSAGES.senha.wrong] });
    expect((await ana.client.delete(`/api/users/${ana.id}`, {})).status).toBe(400);
    expect(await app.db.select().from(users).where(eq(users.id, ana.id))).toHaveLength(1);
  });

  it("deletes the account and its personal data, and leaves everyone else's as it was", async () => {
    const imageIdsOf = async (userId: string) => {
      const [user] = await app.db.select({ photoId: users.photoId }).from(users).where(eq(users.id, userId));
      const petImages = await app.db
        .select({ id: petPhotos.imageId })
        .from(petPhotos)
        .innerJoin(pets, eq(pets.id, petPhotos.petId))
        .where(eq(pets.caretakerId, userId));
      return [user!.photoId!, ...petImages.map((row) => row.id)];
    };
    const variantsOf = async (imageIds: string[]) =>
      (await app.db.select({ total: count() }).from(imageVariants).where(inArray(imageVariants.imageId, imageIds)))[0]!
        .total;
    /** The keys of the rate-limit counters that name the person (e-mail or id). */
    const limitsOf = async (person: { id: string }, email: string) =>
      (
        await app.db
          .select({ key: rateLimits.key })
          .from(rateLimits)
          .where(or(like(rateLimits.key, `%${email}%`), like(rateLimits.key, `%${person.id}%`)))
      ).map((row) => row.key);
    const anaImages = await imageIdsOf(ana.id);
    const brunoImages = await imageIdsOf(bruno.id);
    expect(anaImages).toHaveLength(3);
    expect(await variantsOf(anaImages)).toBeGreaterThanOrEqual(3);
    // Bulk seeding shares portraits between pets: another account's pet uses the cover of Ana's.
    const shared = anaImages[1]!;
    const dora = await createUser(app.db, { email: "dora@exemplo.com", nome: "Dora" });
    const doraPet = await createPet(app.db, { caretakerId: dora.id, nome: "Faísca", photos: [{ imageId: shared }] });
    const sharedVariants = await variantsOf([shared]);
    expect(sharedVariants).toBeGreaterThan(0);
    // The messages to Ana's and Bruno's pets counted against them as recipients.
    expect(await limitsOf(ana, "ana@exemplo.com")).toContain(`message-recipient:${ana.id}`);
    const brunoLimits = await limitsOf(bruno, "bruno@exemplo.com");
    expect(brunoLimits).toContain(`message-recipient:${bruno.id}`);
    const anaPetIds = (await app.db.select({ id: pets.id }).from(pets).where(eq(pets.caretakerId, ana.id))).map(
      (row) => row.id,
    );
    // Her login made her device and address known; her wrong password above counted against her session.
    expect(await app.db.select().from(knownLogins).where(eq(knownLogins.userId, ana.id))).not.toHaveLength(0);
    const sessionCounters = (
      await app.db.select({ tokenHash: sessions.tokenHash }).from(sessions).where(eq(sessions.userId, ana.id))
    ).map((row) => `password-check:${row.tokenHash}`);
    const counterKeys = async () =>
      (
        await app.db.select({ key: rateLimits.key }).from(rateLimits).where(inArray(rateLimits.key, sessionCounters))
      ).map((row) => row.key);
    expect(await counterKeys()).not.toHaveLength(0);

    const response = await ana.client.delete(`/api/users/${ana.id}`, { senha: DEFAULT_PASSWORD });
    expect(response.status).toBe(204);
    expect(ana.client.cookie("adopet_sessao")).toBeUndefined();

    expect(await app.db.select().from(users).where(eq(users.id, ana.id))).toHaveLength(0);
    expect(await app.db.select().from(sessions).where(eq(sessions.userId, ana.id))).toHaveLength(0);
    expect(await app.db.select().from(pets).where(eq(pets.caretakerId, ana.id))).toHaveLength(0);
    expect(await app.db.select().from(petPhotos).where(inArray(petPhotos.petId, anaPetIds))).toHaveLength(0);
    const gone = anaImages.filter((id) => id !== shared);
    expect(await app.db.select().from(images).where(inArray(images.id, gone))).toHaveLength(0);
    expect(await variantsOf(gone)).toBe(0);
    expect(await limitsOf(ana, "ana@exemplo.com")).toEqual([]);
    expect(await counterKeys()).toEqual([]);
    expect(await app.db.select().from(knownLogins).where(eq(knownLogins.userId, ana.id))).toHaveLength(0);
    const [anaMessages] = await app.db
      .select({ total: count() })
      .from(messages)
      .where(or(eq(messages.recipientId, ana.id), eq(messages.senderNome, "Ana Souza")));
    expect(anaMessages!.total).toBe(0);

    // The photo Dora's pet shares stays, with its variants, on her pet's page.
    expect(await app.db.select().from(images).where(eq(images.id, shared))).toHaveLength(1);
    expect(await variantsOf([shared])).toBe(sharedVariants);
    const doraPage = await new Client(app.baseUrl).get(`/api/pets/${doraPet}`);
    expect(doraPage.json.imagem).toBe(`/adopet/imagens/${shared}/640.webp`);
    expect((await fetch(`${app.baseUrl}/imagens/${shared}/640.webp`)).status).toBe(200);

    // Bruno keeps his account, pet, photos, counters, and the stranger's message; Ana's message to him is gone.
    expect(await app.db.select().from(images).where(inArray(images.id, brunoImages))).toHaveLength(3);
    expect(await limitsOf(bruno, "bruno@exemplo.com")).toEqual(brunoLimits);
    const brunoInbox = await bruno.client.get("/api/messages");
    expect(brunoInbox.status).toBe(200);
    expect(JSON.stringify(brunoInbox.json)).toContain("Olá!");
    expect(JSON.stringify(brunoInbox.json)).not.toContain("Oi Bruno");
    expect((await new Client(app.baseUrl).get(`/api/pets/${bruno.petId}`)).status).toBe(200);
    expect((await new Client(app.baseUrl).get(`/api/pets/${ana.petId}`)).status).toBe(404);

    // The account is really gone: no login, the e-mail is free again.
    const login = await new Client(app.baseUrl).post("/api/session", {
      email: "ana@exemplo.com",
      senha: DEFAULT_PASSWORD,
    });
    expect(login.json.errors).toEqual({ email: [MESSAGES.email.unknown] });
    const again = await new Client(app.baseUrl).post("/api/users", {
      email: "ana@exemplo.com",
      nome: "Ana Souza",
      senha: "Nova@123",
    });
    expect(again.status).toBe(201);
  });
});
