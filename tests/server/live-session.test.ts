import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPet, DEFAULT_PASSWORD } from "../support/factories";
import { DEFAULT_QUESTIONS } from "~/lib/applications";
import { setOperator } from "~/domain/moderation/operators.server";
import { eventsOf } from "../support/conversations";
import type { EventStreamReader } from "../support/event-stream";
import { Client, signedInAccount, startTestApp, type TestApp } from "../support/app";

/**
 * The live stream of conversations ends with its session (issue 41, item 6): each heartbeat
 * reads the session again from the database, so a logout, a suspension or a password change
 * ends the stream within one beat, and no message reaches it afterwards. The beat is
 * LIVE_HEARTBEAT_MS (25 s by default), short here so the test waits for beats, not for 25 s.
 */
const HEARTBEAT_MS = 150;
let app: TestApp;
let caretaker: Client;
let operator: Client;
let petId: string;

const answers = Object.fromEntries(
  DEFAULT_QUESTIONS.map((question) => [
    question.id,
    question.tipo === "sim_nao" ? true : question.opcoes ? question.opcoes[0]! : "Sim, com carinho.",
  ]),
);
const FORM = { "Content-Type": "application/x-www-form-urlencoded" };

beforeAll(async () => {
  app = await startTestApp({ LIVE_HEARTBEAT_MS: String(HEARTBEAT_MS) });
  const owner = await signedInAccount(app, { email: "ong.aovivo@exemplo.com", nome: "ONG Ao Vivo" });
  caretaker = owner.client;
  petId = await createPet(app.db, { caretakerId: owner.id, nome: "Pipoca" });
  ({ client: operator } = await signedInAccount(app, { email: "olga.aovivo@exemplo.com", nome: "Olga" }));
  expect((await setOperator(app.db, "olga.aovivo@exemplo.com", true)).ok).toBe(true);
});
afterAll(() => app?.close());

/** An adopter who applied for the pet, their conversation with the caretaker, and their open stream, heard live. */
async function adopterWithStream(email: string) {
  const adopter = await signedInAccount(app, { email, nome: "Ana" });
  const applied = await adopter.client.post(`/api/pets/${petId}/candidaturas`, { respostas: answers });
  expect(applied.status).toBe(201);
  const conversationId = (await adopter.client.get(`/api/candidaturas/${applied.json.id as string}`)).json
    .conversa_id as string;
  const stream = await eventsOf(app.baseUrl, adopter.client);
  expect(stream.status).toBe(200);
  await stream.next("pronto");
  // Live before the session ends: a message from the caretaker reaches it, across several beats.
  await new Promise((resolve) => setTimeout(resolve, 3 * HEARTBEAT_MS));
  const sent = await caretaker.post(`/api/conversas/${conversationId}/mensagens`, { texto: "Tudo bem?" });
  expect(sent.status).toBe(201);
  await stream.next("mensagem");
  return { ...adopter, conversationId, stream };
}

/**
 * The stream ends within a few beats, and a message written afterwards never reaches it
 * (`conversationId` null: nobody can write to the conversation any more).
 */
async function expectEnded(stream: EventStreamReader, conversationId: string | null) {
  const ended = await Promise.race([
    stream.ended.then(() => true),
    new Promise<false>((resolve) => setTimeout(() => resolve(false), 20 * HEARTBEAT_MS)),
  ]);
  stream.close();
  expect(ended, "the stream was still open after 20 heartbeats").toBe(true);
  const heard = stream.events.filter((event) => event.event === "mensagem").length;
  expect(heard).toBe(1);
  if (conversationId === null) return;
  const later = await caretaker.post(`/api/conversas/${conversationId}/mensagens`, { texto: "Ainda aí?" });
  expect(later.status).toBe(201);
  await new Promise((resolve) => setTimeout(resolve, 3 * HEARTBEAT_MS));
  expect(stream.events.filter((event) => event.event === "mensagem")).toHaveLength(heard);
}

describe("the live stream of conversations", () => {
  it("ends at the next heartbeat after a logout (DELETE /api/session)", async () => {
    const { client, conversationId, stream } = await adopterWithStream("ana.sai@exemplo.com");
    expect((await client.delete("/api/session")).status).toBe(204);
    await expectEnded(stream, conversationId);
  });

  it("ends at the next heartbeat after an operator suspends the account", async () => {
    const { id, stream } = await adopterWithStream("ana.suspensa@exemplo.com");
    const suspended = await operator.post(
      "/moderacao",
      new URLSearchParams({
        intent: `suspender_conta:${id}`,
        form: `usuario-${id}`,
        motivo: "Golpe com pedidos de dinheiro.",
      }).toString(),
      FORM,
    );
    expect(suspended.status).toBe(302);
    // A suspended account's conversations take no more messages: nothing to write afterwards.
    await expectEnded(stream, null);
  });

  it("ends at the next heartbeat after the password is changed in another session", async () => {
    const { email, conversationId, stream } = await adopterWithStream("ana.troca@exemplo.com");
    const laptop = new Client(app.baseUrl);
    expect((await laptop.post("/api/session", { email, senha: DEFAULT_PASSWORD })).status).toBe(200);
    const changed = await laptop.post(
      "/perfil/senha",
      new URLSearchParams({
        senha__atual: DEFAULT_PASSWORD,
        senha: "Nova@4567",
        senha__confirma: "Nova@4567",
      }).toString(),
      FORM,
    );
    expect(changed.status).toBe(302);
    await expectEnded(stream, conversationId);
    // The session that changed it goes on.
    expect((await laptop.get("/api/session")).status).toBe(200);
  });
});

describe("an event on the live stream (issue 60)", () => {
  it("goes out only to a session still open: a message after a logout ends the stream, unsent, before any beat", async () => {
    // A beat that never comes within the test: only the event's own check can end the stream.
    const slow = await startTestApp({ LIVE_HEARTBEAT_MS: "60000" });
    try {
      const owner = await signedInAccount(slow, { email: "ong.lenta@exemplo.com", nome: "ONG Lenta" });
      const pet = await createPet(slow.db, { caretakerId: owner.id, nome: "Tico" });
      const adopter = await signedInAccount(slow, { email: "ana.lenta@exemplo.com", nome: "Ana" });
      const applied = await adopter.client.post(`/api/pets/${pet}/candidaturas`, { respostas: answers });
      const conversationId = (await adopter.client.get(`/api/candidaturas/${applied.json.id as string}`)).json
        .conversa_id as string;
      const stream = await eventsOf(slow.baseUrl, adopter.client);
      await stream.next("pronto");
      expect((await owner.client.post(`/api/conversas/${conversationId}/mensagens`, { texto: "Oi" })).status).toBe(201);
      await stream.next("mensagem");
      expect((await adopter.client.delete("/api/session")).status).toBe(204);
      expect((await owner.client.post(`/api/conversas/${conversationId}/mensagens`, { texto: "Saiu?" })).status).toBe(
        201,
      );
      const ended = await Promise.race([
        stream.ended.then(() => true),
        new Promise<false>((resolve) => setTimeout(() => resolve(false), 10_000)),
      ]);
      stream.close();
      expect(ended).toBe(true);
      expect(stream.events.filter((event) => event.event === "mensagem")).toHaveLength(1);
    } finally {
      await slow.close();
    }
  });
});
