import { randomUUID } from "node:crypto";
import { simpleParser } from "mailparser";
import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPet, DEFAULT_PASSWORD } from "../support/factories";
import { applications, conversations, users } from "~/db/schema";
import { DEFAULT_QUESTIONS } from "~/lib/applications";
import {
  CONVERSATION_NOTICE_JOB,
  TEAM,
  NOTICE_DELAY_MS,
  sendConversationNotice,
} from "~/domain/conversations/notices.server";
import { createMailer } from "~/services/mail.server";
import type { SmtpPeer } from "../support/smtp-peer";
import { openEventStream } from "../support/event-stream";
import { until } from "../support/poll";
import { messagesIn } from "../support/conversations";
import { Client, signedInAccount, startAppWithMail, type TestApp } from "../support/app";

/**
 * Conversations (issue 20, first slice): every application has one; its two parties write,
 * read and mark it read through the API; nobody else sees it; bad input is refused with
 * nothing written. Each test opens the conversation it reads, between new accounts (issue 41):
 * any one of them runs alone, in any order.
 */
const PUBLIC_URL = "https://adote.exemplo.org";
const MINUTE = 60_000;
let app: TestApp;
let smtp: SmtpPeer;
type Person = { client: Client; id: string; email: string };
let stranger: Person;

const person = (email: string, nome: string): Promise<Person> =>
  signedInAccount(app, { email, nome, telefone: "(21) 98765-4321" });

/** Answers to every question of the default questionnaire. */
const answers = Object.fromEntries(
  DEFAULT_QUESTIONS.map((question) => [
    question.id,
    question.tipo === "sim_nao" ? true : question.opcoes ? question.opcoes[0]! : "Sim, com carinho.",
  ]),
);

/**
 * A new caretaker ("ONG Conversa") and adopter ("Ana Conversa"), and the conversation of the
 * adopter's application for the caretaker's Tobias, with no messages yet.
 */
async function conversation() {
  const tag = randomUUID().slice(0, 8);
  const caretaker = await person(`ong.conversas.${tag}@exemplo.com`, "ONG Conversa");
  const adopter = await person(`ana.conversas.${tag}@exemplo.com`, "Ana Conversa");
  const petId = await createPet(app.db, { caretakerId: caretaker.id, nome: "Tobias" });
  const applied = await adopter.client.post(`/api/pets/${petId}/candidaturas`, { respostas: answers });
  expect(applied.status).toBe(201);
  const application = await adopter.client.get(`/api/candidaturas/${applied.json.id as string}`);
  const conversationId = application.json.conversa_id as string;
  // The caretaker reads the same conversation on the application.
  const seenByCaretaker = await caretaker.client.get(`/api/candidaturas/${applied.json.id as string}`);
  expect(seenByCaretaker.json.conversa_id).toBe(conversationId);
  return { caretaker, adopter, conversationId };
}

/** A conversation where the caretaker answered and the adopter has not read it yet. */
async function answeredConversation() {
  const opened = await conversation();
  const reply = await opened.caretaker.client.post(`/api/conversas/${opened.conversationId}/mensagens`, {
    texto: "Pode sim! Às 10h?",
  });
  expect(reply.status).toBe(201);
  return opened;
}

beforeAll(async () => {
  ({ app, smtp } = await startAppWithMail({ PUBLIC_URL }));
  // Never a party to any conversation.
  stranger = await person("outra.conversas@exemplo.com", "Outra Pessoa");
});
afterAll(() => app?.close());

describe("a conversation", () => {
  it("is opened with the application, and listed only once it has messages", async () => {
    const { caretaker, adopter, conversationId } = await conversation();
    expect(conversationId).toMatch(/^[0-9a-f-]{36}$/);
    const list = await adopter.client.get("/api/conversas");
    expect(list.status).toBe(200);
    expect(list.json).toEqual({ conversas: [], nao_lidas: 0 });
    const thread = await adopter.client.get(`/api/conversas/${conversationId}`);
    expect(thread.status).toBe(200);
    expect(thread.json).toMatchObject({
      papel: "adotante",
      pet: { nome: "Tobias" },
      outra_parte: { id: caretaker.id, nome: "ONG Conversa" },
      mensagens: [],
    });
  });

  it("carries messages both ways, unread until the reader marks them", async () => {
    const { caretaker, adopter, conversationId } = await conversation();
    const sent = await adopter.client.post(`/api/conversas/${conversationId}/mensagens`, {
      texto: "  Olá! Posso visitar o Tobias no sábado?\nTenho quintal.  ",
    });
    expect(sent.status).toBe(201);
    expect(sent.json).toEqual({ id: expect.any(String), enviada_em: expect.any(String) });

    const inbox = await caretaker.client.get("/api/conversas");
    expect(inbox.json.nao_lidas).toBe(1);
    expect(inbox.json.conversas).toEqual([
      expect.objectContaining({
        id: conversationId,
        papel: "responsavel",
        outra_parte: { id: adopter.id, nome: "Ana Conversa" },
        ultima_mensagem: { texto: "Olá! Posso visitar o Tobias no sábado?\nTenho quintal.", minha: false },
        nao_lidas: 1,
      }),
    ]);

    expect((await caretaker.client.post(`/api/conversas/${conversationId}/lida`)).status).toBe(204);
    expect((await caretaker.client.get("/api/conversas")).json.nao_lidas).toBe(0);
    const read = await adopter.client.get(`/api/conversas/${conversationId}`);
    expect(read.json.mensagens).toEqual([
      expect.objectContaining({ id: sent.json.id, minha: true, lida_em: expect.any(String) }),
    ]);

    const reply = await caretaker.client.post(`/api/conversas/${conversationId}/mensagens`, {
      texto: "Pode sim! Às 10h?",
    });
    expect(reply.status).toBe(201);
    const thread = await adopter.client.get(`/api/conversas/${conversationId}`);
    expect(thread.json.mensagens).toEqual([
      expect.objectContaining({ minha: true }),
      expect.objectContaining({ texto: "Pode sim! Às 10h?", minha: false, lida_em: null }),
    ]);
    expect((await adopter.client.get("/api/conversas")).json.nao_lidas).toBe(1);
    // Writing does not mark the other party's messages read: only reading does.
    expect((await caretaker.client.get("/api/conversas")).json.nao_lidas).toBe(0);
  });

  it("is nobody else's: another account gets 404 for reading, writing and marking, a visitor 401", async () => {
    const { adopter, conversationId } = await conversation();
    const before = await messagesIn(app.db, conversationId);
    expect((await stranger.client.get(`/api/conversas/${conversationId}`)).status).toBe(404);
    const written = await stranger.client.post(`/api/conversas/${conversationId}/mensagens`, { texto: "Oi" });
    expect(written.status).toBe(404);
    expect(written.json.message).toBe("Conversa não encontrada.");
    expect((await stranger.client.post(`/api/conversas/${conversationId}/lida`)).status).toBe(404);
    expect((await stranger.client.get("/api/conversas")).json.conversas).toEqual([]);
    const visitor = new Client(app.baseUrl);
    expect((await visitor.get(`/api/conversas/${conversationId}`)).status).toBe(401);
    expect((await visitor.post(`/api/conversas/${conversationId}/mensagens`, { texto: "Oi" })).status).toBe(401);
    expect((await adopter.client.get("/api/conversas/nao-e-um-id")).status).toBe(404);
    expect(await messagesIn(app.db, conversationId)).toBe(before);
  });

  it("has its page for its two parties only, reading it marks it read, a reply comes back to it", async () => {
    const { adopter, conversationId } = await answeredConversation();
    const form = { "Content-Type": "application/x-www-form-urlencoded" };
    const before = await messagesIn(app.db, conversationId);
    expect((await stranger.client.get(`/mensagens/${conversationId}`)).status).toBe(404);
    expect((await stranger.client.post(`/mensagens/${conversationId}`, "texto=Oi", form)).status).toBe(404);
    // Nor through the application's page.
    const [application] = await app.db
      .select({ id: applications.id })
      .from(applications)
      .where(eq(applications.adopterId, adopter.id));
    const throughApplication = await stranger.client.post(
      `/candidaturas/${application!.id}?acao=mensagem`,
      "texto=Oi",
      form,
    );
    expect(throughApplication.status).toBe(404);
    expect((await new Client(app.baseUrl).get(`/mensagens/${conversationId}`)).status).toBe(302);
    expect(await messagesIn(app.db, conversationId)).toBe(before);

    expect((await adopter.client.get("/api/conversas")).json.nao_lidas).toBeGreaterThan(0);
    const page = await adopter.client.get(`/mensagens/${conversationId}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain("Conversa com ONG Conversa");
    expect(page.text).toContain("Pode sim! Às 10h?");
    expect((await adopter.client.get("/api/conversas")).json.nao_lidas).toBe(0);

    const replied = await adopter.client.post(
      `/mensagens/${conversationId}`,
      "texto=Combinado%2C%20at%C3%A9%20s%C3%A1bado!",
      form,
    );
    expect(replied.status).toBe(302);
    expect(replied.headers.get("location")).toBe(`/adopet/mensagens/${conversationId}`);
    expect(await messagesIn(app.db, conversationId)).toBe(before + 1);
    const empty = await adopter.client.post(`/mensagens/${conversationId}`, "texto=%20", form);
    expect(empty.status).toBe(400);
    expect(await messagesIn(app.db, conversationId)).toBe(before + 1);
  });

  it("refuses bad input in Portuguese, with nothing written", async () => {
    const { caretaker, adopter, conversationId } = await conversation();
    const before = await messagesIn(app.db, conversationId);
    const url = `/api/conversas/${conversationId}/mensagens`;
    const cases: [unknown, string][] = [
      [{ texto: "   " }, "Escreva a mensagem."],
      [{ texto: "a".repeat(1001) }, "A mensagem deve ter no máximo 1000 caracteres."],
      [{ texto: "oi\u202e" }, "Este campo contém caracteres não permitidos (de controle ou de direção do texto)."],
      [{ texto: 42 }, "Este campo deve ser um texto."],
    ];
    for (const [body, message] of cases) {
      const answer = await adopter.client.post(url, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.json.errors).toEqual({ texto: [message] });
    }
    const unknownField = await adopter.client.post(url, { texto: "Oi", telefone: "21999999999" });
    expect(unknownField.status).toBe(400);
    expect(unknownField.json.errors).toEqual({ telefone: ["Campo desconhecido."] });
    const malformed = await adopter.client.post(url, '{"texto": "oi"', { "Content-Type": "application/json" });
    expect(malformed.status).toBe(400);
    expect(await messagesIn(app.db, conversationId)).toBe(before);
    // HTML is text: kept as typed, and shown as text by the pages.
    const html = await adopter.client.post(url, { texto: "<script>alert(1)</script>" });
    expect(html.status).toBe(201);
    const thread = await caretaker.client.get(`/api/conversas/${conversationId}`);
    expect(thread.json.mensagens).toContainEqual(expect.objectContaining({ texto: "<script>alert(1)</script>" }));
  });

  it("is not written to once the other party's account is suspended", async () => {
    const { caretaker, adopter, conversationId } = await conversation();
    await app.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, caretaker.id));
    const before = await messagesIn(app.db, conversationId);
    try {
      const answer = await adopter.client.post(`/api/conversas/${conversationId}/mensagens`, { texto: "Oi?" });
      expect(answer.status).toBe(404);
      expect(await messagesIn(app.db, conversationId)).toBe(before);
    } finally {
      await app.db.update(users).set({ suspendedAt: null }).where(eq(users.id, caretaker.id));
    }
  });

  it("e-mails a message unread for 10 minutes, with those that piled up, at most once an hour", async () => {
    const { caretaker, adopter, conversationId } = await conversation();
    const mailer = createMailer({ smtpUrl: smtp.url, from: "Adopet <nao-responda@adopet.exemplo>" });
    // The conversation's notices only (the application's own e-mail may arrive meanwhile).
    const to = async (email: string) => {
      const mails = await Promise.all(
        smtp.received.filter((message) => message.to.includes(email)).map((message) => simpleParser(message.data)),
      );
      return mails.filter((mail) => mail.subject?.includes("escreveu sobre"));
    };
    // The adopter's messages are for the team (issue 43): the caretaker is its only member here.
    const notice = { conversationId, recipientId: TEAM };
    const run = (at: number) => sendConversationNotice(app.db, mailer, app.jobs, notice, PUBLIC_URL, new Date(at));
    await caretaker.client.post(`/api/conversas/${conversationId}/lida`);
    const before = (await to(caretaker.email)).length;

    const first = await adopter.client.post(`/api/conversas/${conversationId}/mensagens`, { texto: "Primeira" });
    const sentAt = Date.parse(first.json.enviada_em as string);
    // Its job waits in the queue for 10 minutes (one per conversation and reader).
    const { rows } = (await app.db.execute(
      sql`select created_on, start_after from pgboss.job where name = ${CONVERSATION_NOTICE_JOB} and singleton_key = ${`${conversationId}:${TEAM}`} and state = 'created'`,
    )) as unknown as { rows: { created_on: string | Date; start_after: string | Date }[] };
    expect(rows).toHaveLength(1);
    // 10 minutes after it was queued, both on the database's clock.
    const delay = new Date(rows[0]!.start_after).getTime() - new Date(rows[0]!.created_on).getTime();
    expect(Math.abs(delay - NOTICE_DELAY_MS)).toBeLessThan(1_000);

    await run(sentAt + 5 * MINUTE);
    expect(await to(caretaker.email)).toHaveLength(before);
    await adopter.client.post(`/api/conversas/${conversationId}/mensagens`, { texto: "Segunda\ncom duas linhas" });
    await run(sentAt + 11 * MINUTE);
    expect(await to(caretaker.email)).toHaveLength(before + 1);
    const mail = (await to(caretaker.email)).at(-1)!;
    expect(mail.subject).toBe("Ana Conversa escreveu sobre Tobias na Adopet");
    expect(mail.text).toContain("Ana Conversa enviou 2 mensagens sobre Tobias que você ainda não leu:");
    expect(mail.text).toMatch(/Primeira[\s\S]*Segunda/);
    expect(mail.text).toContain(`${PUBLIC_URL}/adopet/mensagens/${conversationId}`);
    expect(mail.text).not.toContain("98765");

    // Within the hour: nothing more; after it, what is still unread.
    await adopter.client.post(`/api/conversas/${conversationId}/mensagens`, { texto: "Terceira" });
    await run(sentAt + 30 * MINUTE);
    expect(await to(caretaker.email)).toHaveLength(before + 1);
    await run(sentAt + 72 * MINUTE);
    expect(await to(caretaker.email)).toHaveLength(before + 2);
    const later = (await to(caretaker.email)).at(-1)!;
    expect(later.text).toContain("Ana Conversa enviou uma mensagem sobre Tobias que você ainda não leu:");
    expect(later.text).toContain("Terceira");
    expect(later.text).not.toContain("Primeira");

    // Read in time: no e-mail.
    await adopter.client.post(`/api/conversas/${conversationId}/mensagens`, { texto: "Quarta" });
    await caretaker.client.post(`/api/conversas/${conversationId}/lida`);
    await run(sentAt + 300 * MINUTE);
    expect(await to(caretaker.email)).toHaveLength(before + 2);
  });

  it("is live: a message reaches both parties' open event streams within 2 seconds, nobody else's", async () => {
    const { caretaker, adopter, conversationId } = await conversation();
    const stream = (person: Person) =>
      openEventStream(`${app.baseUrl}/api/conversas/eventos`, {
        Cookie: `adopet_sessao=${person.client.cookie("adopet_sessao")}`,
      });
    // Someone else, with a conversation of their own (its messages mark how far their stream got).
    const outsider = await person("fora.ao-vivo@exemplo.com", "Pessoa de Fora");
    const theirPet = await createPet(app.db, { caretakerId: caretaker.id, nome: "Marcador" });
    const applied = await outsider.client.post(`/api/pets/${theirPet}/candidaturas`, { respostas: answers });
    const outsiders = (await outsider.client.get(`/api/candidaturas/${applied.json.id as string}`)).json
      .conversa_id as string;
    const [theirs, mine, others] = await Promise.all([stream(caretaker), stream(adopter), stream(outsider)]);
    try {
      expect(theirs.status).toBe(200);
      expect(theirs.contentType).toBe("text/event-stream; charset=utf-8");
      await Promise.all([theirs.next("pronto"), mine.next("pronto"), others.next("pronto")]);
      const started = Date.now();
      const sent = await adopter.client.post(`/api/conversas/${conversationId}/mensagens`, { texto: "Ao vivo!" });
      const event = await theirs.next("mensagem", { timeoutMs: 2_000 });
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(JSON.parse(event.data)).toEqual({ conversa_id: conversationId, mensagem_id: sent.json.id });
      // The author's other tabs hear it too; the text itself is read with the session.
      await mine.next("mensagem");
      expect(event.data).not.toContain("Ao vivo");
      // Nobody else's: a message written later in the outsider's own conversation is the first they hear of.
      const marker = await outsider.client.post(`/api/conversas/${outsiders}/mensagens`, { texto: "Marcador" });
      expect(marker.status).toBe(201);
      await others.next("mensagem");
      expect(
        others.events.filter((received) => received.event === "mensagem").map((received) => JSON.parse(received.data)),
      ).toEqual([{ conversa_id: outsiders, mensagem_id: marker.json.id }]);
    } finally {
      for (const reader of [theirs, mine, others]) reader.close();
    }
    const visitor = await fetch(`${app.baseUrl}/api/conversas/eventos`);
    expect(visitor.status).toBe(401);
    // Ten streams a person on one server: the eleventh is refused, until one closes.
    const open = await Promise.all(Array.from({ length: 10 }, () => stream(stranger)));
    try {
      await Promise.all(open.map((reader) => reader.next("pronto")));
      const eleventh = await stream(stranger);
      expect(eleventh.status).toBe(429);
      eleventh.close();
    } finally {
      for (const reader of open) reader.close();
    }
    await until("a stream closed to be let go", async () => {
      const again = await stream(stranger);
      again.close();
      return again.status === 200;
    });
  });

  it("is in both parties' data export, each seeing their side", async () => {
    const { caretaker, adopter, conversationId } = await answeredConversation();
    const exported = await adopter.client.get(`/api/users/${adopter.id}/export`);
    expect(exported.status).toBe(200);
    const conversas = exported.json.conversas as {
      id: string;
      com: string;
      papel: string;
      mensagens: { minha: boolean; texto: string }[];
    }[];
    const mine = conversas.find((conversation) => conversation.id === conversationId)!;
    expect(mine).toMatchObject({ animal: "Tobias", com: "ONG Conversa", papel: "adotante" });
    expect(mine.mensagens).toContainEqual(expect.objectContaining({ texto: "Pode sim! Às 10h?", minha: false }));
    const theirs = (await caretaker.client.get(`/api/users/${caretaker.id}/export`)).json.conversas as typeof conversas;
    expect(theirs.find((conversation) => conversation.id === conversationId)).toMatchObject({ papel: "responsavel" });
    const strangers = (await stranger.client.get(`/api/users/${stranger.id}/export`)).json.conversas;
    expect(strangers).toEqual([]);
  });

  it("goes with an account deleted: the conversation and its messages", async () => {
    const caretaker = await person("ong.lua.conversas@exemplo.com", "ONG da Lua");
    const gone = await person("vai.conversas@exemplo.com", "Vai Embora");
    const petId = await createPet(app.db, { caretakerId: caretaker.id, nome: "Lua" });
    const applied = await gone.client.post(`/api/pets/${petId}/candidaturas`, { respostas: answers });
    const id = (await gone.client.get(`/api/candidaturas/${applied.json.id as string}`)).json.conversa_id as string;
    await gone.client.post(`/api/conversas/${id}/mensagens`, { texto: "Até logo" });
    expect(await messagesIn(app.db, id)).toBe(1);
    const deleted = await gone.client.delete(`/api/users/${gone.id}`, { senha: DEFAULT_PASSWORD });
    expect(deleted.status).toBe(204);
    const [left] = await app.db.select({ total: count() }).from(conversations).where(eq(conversations.id, id));
    expect(left!.total).toBe(0);
    expect(await messagesIn(app.db, id)).toBe(0);
  });
});
