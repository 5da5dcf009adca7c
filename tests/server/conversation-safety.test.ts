import { and, count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPet } from "../support/factories";
import { applications, blocks, conversationMessages, conversations, messages, users } from "~/db/schema";
import { apply } from "~/domain/applications/applications.server";
import { DEFAULT_QUESTIONS } from "~/lib/applications";
import { CONVERSATION_MESSAGES } from "~/lib/conversations";
import { listReportQueue } from "~/domain/moderation/reports.server";
import { messagesIn } from "../support/conversations";
import { Client, signedInAccount, startTestApp, type TestApp } from "../support/app";
import { openEventStream } from "../support/event-stream";

/**
 * Conversations (issue 20): a signed-in person's contact message opens their conversation; a
 * party's WhatsApp is seen only when they share it; blocking refuses new messages politely;
 * a conversation is reported to moderation. Each only for the conversation's own parties.
 */
let app: TestApp;
type Person = { client: Client; id: string; email: string };
let caretaker: Person;
let adopter: Person;
let stranger: Person;
let petId: string;
let otherPetId: string;
let conversationId: string;

const FORM = { "Content-Type": "application/x-www-form-urlencoded" };
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const BLOCKED_TEXT =
  "Não foi possível enviar: esta pessoa preferiu não receber mais contatos seus. Obrigado pela compreensão.";

const contact = (client: Client, pet: string, fields: Partial<Record<string, string>> = {}) =>
  client.post("/api/messages", {
    petId: pet,
    nome: "Ana Segura",
    // Not the profile's: a signed-in sender's typed phone goes nowhere.
    telefone: "(21) 91234-0000",
    nome__animal: "Tobias",
    contato__texto: "Olá! O Tobias ainda está disponível?",
    ...fields,
  });

const adjust = (client: Client, id: string, intent: string) =>
  client.post(`/mensagens/${id}/ajustes`, form({ intent }), FORM);

beforeAll(async () => {
  app = await startTestApp({ PUBLIC_URL: "https://adote.exemplo.org", MESSAGE_LIMIT_PER_HOUR: "100" });
  caretaker = await signedInAccount(app, {
    email: "ong.segura@exemplo.com",
    nome: "ONG Segura",
    telefone: "(21) 97777-2222",
  });
  adopter = await signedInAccount(app, {
    email: "ana.segura@exemplo.com",
    nome: "Ana Segura",
    telefone: "(21) 98888-1111",
  });
  stranger = await signedInAccount(app, { email: "estranha.segura@exemplo.com", nome: "Estranha" });
  petId = await createPet(app.db, { caretakerId: caretaker.id, nome: "Tobias" });
  otherPetId = await createPet(app.db, { caretakerId: caretaker.id, nome: "Pipoca" });
});
afterAll(async () => {
  await app?.close();
});

describe("a signed-in person's contact message", () => {
  it("opens their conversation about the pet, and the next one continues it; the caretaker sees no phone", async () => {
    const sent = await contact(adopter.client, petId);
    expect(sent.status).toBe(201);
    expect(sent.json).toEqual({
      id: expect.any(String),
      mensagem: "Mensagem enviada com sucesso!",
      conversa_id: expect.any(String),
    });
    conversationId = sent.json.conversa_id as string;

    const inbox = await caretaker.client.get("/api/conversas");
    expect(inbox.json.nao_lidas).toBe(1);
    expect(inbox.json.conversas).toEqual([
      expect.objectContaining({
        id: conversationId,
        papel: "responsavel",
        outra_parte: { id: adopter.id, nome: "Ana Segura" },
        ultima_mensagem: { texto: "Olá! O Tobias ainda está disponível?", minha: false },
      }),
    ]);
    // Not a visitor's message: the typed phone is nowhere the caretaker reads.
    const visitors = await caretaker.client.get("/api/messages");
    expect(visitors.json.recebidas).toEqual([]);
    const thread = await caretaker.client.get(`/api/conversas/${conversationId}`);
    for (const phone of ["91234-0000", "98888-1111"]) expect(JSON.stringify(thread.json)).not.toContain(phone);
    expect(thread.json.whatsapp).toEqual({ compartilhando: false, outra_parte: null });

    // Through the page: the same conversation, and the sender is taken to it.
    const page = await adopter.client.post(
      "/contato",
      // Signed in, the form asks for neither a name nor a phone.
      form({ pet: petId, nome__animal: "Tobias", contato__texto: "Posso visitar no sábado?" }),
      FORM,
    );
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe(`/adopet/mensagens/${conversationId}`);
    expect(await messagesIn(app.db, conversationId)).toBe(2);
    const [row] = await app.db
      .select({ total: count() })
      .from(conversations)
      .where(and(eq(conversations.petId, petId), eq(conversations.adopterId, adopter.id)));
    expect(row!.total).toBe(1);
    const followed = await adopter.client.get(`/mensagens/${conversationId}`);
    expect(followed.text).toContain("Mensagem enviada com sucesso!");
    expect(followed.text).toContain("Posso visitar no sábado?");
  });

  it("is the one an application continues: applying after writing opens no second conversation", async () => {
    const writer = await signedInAccount(app, { email: "bia.segura@exemplo.com", nome: "Bia Segura" });
    const pet = await createPet(app.db, { caretakerId: caretaker.id, nome: "Amora" });
    const sent = await contact(writer.client, pet, { nome__animal: "Amora" });
    expect(sent.status).toBe(201);
    const answers = Object.fromEntries(
      DEFAULT_QUESTIONS.map((question) => [
        question.id,
        question.tipo === "sim_nao" ? true : question.opcoes ? question.opcoes[0]! : "Sim, com carinho.",
      ]),
    );
    const applied = await writer.client.post(`/api/pets/${pet}/candidaturas`, { respostas: answers });
    expect(applied.status).toBe(201);
    const application = await writer.client.get(`/api/candidaturas/${applied.json.id as string}`);
    expect(application.json.conversa_id).toBe(sent.json.conversa_id);
    expect(await messagesIn(app.db, sent.json.conversa_id as string)).toBe(1);
    const [row] = await app.db
      .select({ total: count() })
      .from(conversations)
      .where(and(eq(conversations.petId, pet), eq(conversations.adopterId, writer.id)));
    expect(row!.total).toBe(1);
  });

  it("about one's own pet is refused with 403, nothing stored", async () => {
    const [before] = await app.db.select({ total: count() }).from(conversationMessages);
    const own = await contact(caretaker.client, petId);
    expect(own.status).toBe(403);
    expect(own.json.message).toBe("Este animal foi publicado por você: as mensagens sobre ele chegam em Mensagens.");
    const [after] = await app.db.select({ total: count() }).from(conversationMessages);
    expect(after!.total).toBe(before!.total);
  });

  it("from a visitor stays a message with the phone typed, for the caretaker only", async () => {
    const sent = await contact(new Client(app.baseUrl), petId, { nome: "Caio Visitante", telefone: "(21) 96666-3333" });
    expect(sent.status).toBe(201);
    expect(sent.json.conversa_id).toBeNull();
    const visitors = await caretaker.client.get("/api/messages");
    expect(visitors.json.recebidas).toEqual([
      expect.objectContaining({ nome: "Caio Visitante", telefone: "(21) 96666-3333" }),
    ]);
    const page = await caretaker.client.get("/mensagens");
    expect(page.text).toContain("Responder pelo WhatsApp");
    expect(page.text).toContain("https://wa.me/5521966663333?text=");
  });
});

describe("sharing one's WhatsApp", () => {
  it("shows the other party a wa.me link only once shared, only to them, until sharing stops", async () => {
    const events = await openEventStream(`${app.baseUrl}/api/conversas/eventos`, {
      Cookie: `adopet_sessao=${adopter.client.cookie("adopet_sessao")}`,
    });
    try {
      await events.next("pronto");
      expect((await adjust(stranger.client, conversationId, "compartilhar-whatsapp")).status).toBe(404);
      const shared = await adjust(caretaker.client, conversationId, "compartilhar-whatsapp");
      expect(shared.status).toBe(302);
      expect(shared.headers.get("location")).toBe(`/adopet/mensagens/${conversationId}`);
      // The adopter's open pages hear of it, and read the conversation again.
      expect(JSON.parse((await events.next("conversa", { timeoutMs: 2_000 })).data)).toEqual({
        conversa_id: conversationId,
      });
    } finally {
      events.close();
    }
    const seen = await adopter.client.get(`/api/conversas/${conversationId}`);
    expect(seen.json.whatsapp).toEqual({
      compartilhando: false,
      outra_parte: `https://wa.me/5521977772222?text=${encodeURIComponent(
        "Olá, ONG Segura! Estou escrevendo sobre Tobias, da nossa conversa na Adopet.",
      )}`,
    });
    expect((await caretaker.client.get(`/api/conversas/${conversationId}`)).json.whatsapp).toEqual({
      compartilhando: true,
      outra_parte: null,
    });
    const page = await adopter.client.get(`/mensagens/${conversationId}`);
    expect(page.text).toContain("Conversar com ONG Segura no WhatsApp");
    // Nowhere else: not in the list, not on the pet's page.
    expect(JSON.stringify((await adopter.client.get("/api/conversas")).json)).not.toContain("97777");
    expect((await new Client(app.baseUrl).get(`/pets/${petId}`)).text).not.toContain("97777");

    expect((await adjust(caretaker.client, conversationId, "parar-whatsapp")).status).toBe(302);
    expect((await adopter.client.get(`/api/conversas/${conversationId}`)).json.whatsapp).toEqual({
      compartilhando: false,
      outra_parte: null,
    });
  });

  it("needs a phone in one's profile: without one, nothing is shared and the page says how", async () => {
    await app.db.update(users).set({ telefone: null }).where(eq(users.id, adopter.id));
    try {
      const refused = await adjust(adopter.client, conversationId, "compartilhar-whatsapp");
      expect(refused.status).toBe(302);
      const [row] = await app.db
        .select({ at: conversations.adopterWhatsAppAt })
        .from(conversations)
        .where(eq(conversations.id, conversationId));
      expect(row!.at).toBeNull();
      const page = await adopter.client.get(`/mensagens/${conversationId}`);
      expect(page.text).toContain("Cadastre seu telefone no seu perfil para compartilhar seu WhatsApp.");
    } finally {
      await app.db.update(users).set({ telefone: "(21) 98888-1111" }).where(eq(users.id, adopter.id));
    }
  });

  it("refuses an unknown choice and a conversation that is not an id", async () => {
    expect((await adjust(adopter.client, conversationId, "apagar-tudo")).status).toBe(400);
    expect((await adjust(adopter.client, "nao-e-id", "bloquear")).status).toBe(404);
    const visitor = await adjust(new Client(app.baseUrl), conversationId, "bloquear");
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toContain("/adopet/login");
  });
});

describe("a party's choices through the API", () => {
  it("are made one at a time, by the conversation's parties only, with the page's rules", async () => {
    const patch = (who: Client, body: unknown) => who.patch(`/api/conversas/${conversationId}`, body);
    const shared = await patch(caretaker.client, { compartilhar_whatsapp: true });
    expect([shared.status, shared.json.whatsapp]).toEqual([200, { compartilhando: true, outra_parte: null }]);
    const seen = await adopter.client.get(`/api/conversas/${conversationId}`);
    expect((seen.json.whatsapp as { outra_parte: string }).outra_parte).toContain("https://wa.me/5521977772222");
    expect((await patch(stranger.client, { compartilhar_whatsapp: true })).status).toBe(404);
    const two = await patch(caretaker.client, { compartilhar_whatsapp: false, bloquear: true });
    expect([two.status, two.json.errors]).toEqual([400, { formulario: [CONVERSATION_MESSAGES.umCampo] }]);
    const wrong = await patch(caretaker.client, { bloquear: "sim" });
    expect([wrong.status, wrong.json.errors]).toEqual([400, { bloquear: [CONVERSATION_MESSAGES.simNao] }]);

    const blocked = await patch(caretaker.client, { bloquear: true });
    expect([blocked.status, blocked.json.bloqueio]).toEqual([200, "voce"]);
    const refused = await adopter.client.post(`/api/conversas/${conversationId}/mensagens`, { texto: "Oi?" });
    expect(refused.status).toBe(403);
    // The blocked party does not lift it.
    expect((await patch(adopter.client, { bloquear: false })).status).toBe(404);
    const unblocked = await patch(caretaker.client, { bloquear: false });
    expect([unblocked.status, unblocked.json.bloqueio]).toEqual([200, null]);
    const stopped = await patch(caretaker.client, { compartilhar_whatsapp: false });
    expect(stopped.json.whatsapp).toEqual({ compartilhando: false, outra_parte: null });
  });
});

describe("blocking", () => {
  it("refuses the blocked person's new messages politely, both ways, until unblocked; nobody else may lift it", async () => {
    await adjust(adopter.client, conversationId, "compartilhar-whatsapp");
    expect((await adjust(stranger.client, conversationId, "bloquear")).status).toBe(404);
    expect((await adjust(caretaker.client, conversationId, "bloquear")).status).toBe(302);
    const before = await messagesIn(app.db, conversationId);

    const refused = await adopter.client.post(`/api/conversas/${conversationId}/mensagens`, { texto: "Oi?" });
    expect(refused.status).toBe(403);
    expect(refused.json.message).toBe(BLOCKED_TEXT);
    // Nor through the contact form, about another of the caretaker's pets.
    const viaContact = await contact(adopter.client, otherPetId, { nome__animal: "Pipoca" });
    expect(viaContact.status).toBe(403);
    expect(viaContact.json.message).toBe(BLOCKED_TEXT);
    const ownSide = await caretaker.client.post(`/api/conversas/${conversationId}/mensagens`, { texto: "Oi" });
    expect(ownSide.status).toBe(403);
    expect(ownSide.json.message).toBe("Você bloqueou esta pessoa. Desbloqueie para voltar a escrever.");
    expect(await messagesIn(app.db, conversationId)).toBe(before);

    // Each side knows where it stands; a blocked person's shared WhatsApp is not shown.
    expect((await adopter.client.get(`/api/conversas/${conversationId}`)).json.bloqueio).toBe("outra_parte");
    const blockerView = await caretaker.client.get(`/api/conversas/${conversationId}`);
    expect(blockerView.json).toMatchObject({ bloqueio: "voce", whatsapp: { outra_parte: null } });
    const page = await caretaker.client.get(`/mensagens/${conversationId}`);
    expect(page.text).toContain("Você bloqueou Ana Segura. Desbloqueie para voltar a escrever.");
    expect(page.text).not.toContain('name="texto"');
    const inbox = await caretaker.client.get("/mensagens");
    expect(inbox.text).toContain("Bloqueios");

    // Someone else's block is not theirs to lift.
    const [block] = await app.db.select({ id: blocks.id }).from(blocks).where(eq(blocks.blockerId, caretaker.id));
    const lifted = await adopter.client.post("/mensagens", form({ intent: "desbloquear", bloqueio: block!.id }), FORM);
    expect(lifted.status).toBe(404);
    // Nor does the blocked party lift it from the conversation.
    expect((await adjust(adopter.client, conversationId, "desbloquear")).status).toBe(404);
    // Applications are refused too, politely, with nothing stored.
    const applied = await adopter.client.post(`/api/pets/${otherPetId}/candidaturas`, { respostas: {} });
    expect(applied.status).toBe(403);
    expect(applied.json.message).toBe(BLOCKED_TEXT);
    // Blocked after the form was checked: the statement that writes the application refuses it as well.
    const late = await apply(app.db, app.jobs, {
      adopterId: adopter.id,
      petId: otherPetId,
      caretakerId: caretaker.id,
      perguntas: [...DEFAULT_QUESTIONS],
      respostas: {},
    });
    expect(late).toEqual({ ok: false, failure: { kind: "forbidden", rule: "blocked-by-recipient" } });
    const [stored] = await app.db
      .select({ total: count() })
      .from(applications)
      .where(and(eq(applications.adopterId, adopter.id), eq(applications.petId, otherPetId)));
    expect(stored!.total).toBe(0);
    expect((await adopter.client.post(`/api/conversas/${conversationId}/mensagens`, { texto: "Oi?" })).status).toBe(
      403,
    );

    const unblocked = await caretaker.client.post(
      "/mensagens",
      form({ intent: "desbloquear", bloqueio: block!.id }),
      FORM,
    );
    expect(unblocked.status).toBe(302);
    expect((await adopter.client.post(`/api/conversas/${conversationId}/mensagens`, { texto: "Oi?" })).status).toBe(
      201,
    );
    expect((await adopter.client.get(`/api/conversas/${conversationId}`)).json.bloqueio).toBeNull();

    // The other way round: whoever blocked a caretaker does not apply for their animals either.
    expect((await adjust(adopter.client, conversationId, "bloquear")).status).toBe(302);
    const ownBlock = await adopter.client.post(`/api/pets/${otherPetId}/candidaturas`, { respostas: {} });
    expect(ownBlock.status).toBe(403);
    expect(ownBlock.json.message).toBe("Você bloqueou esta pessoa. Desbloqueie para voltar a escrever.");
    expect((await adjust(adopter.client, conversationId, "desbloquear")).status).toBe(302);
    expect((await adopter.client.get(`/api/conversas/${conversationId}`)).json.bloqueio).toBeNull();
  });

  it("a visitor's phone, from a message received: the same number however typed is refused; other caretakers still hear from it", async () => {
    const visitor = new Client(app.baseUrl);
    const first = await contact(visitor, petId, { nome: "Rui Insistente", telefone: "(21) 95555-4444" });
    expect(first.status).toBe(201);
    const messageId = first.json.id as string;
    // Only its recipient blocks by a message.
    const notMine = await stranger.client.post(
      "/mensagens",
      form({ intent: "bloquear-telefone", mensagem: messageId }),
      FORM,
    );
    expect(notMine.status).toBe(404);
    const blocked = await caretaker.client.post(
      "/mensagens",
      form({ intent: "bloquear-telefone", mensagem: messageId }),
      FORM,
    );
    expect(blocked.status).toBe(302);
    const [row] = await app.db
      .select()
      .from(blocks)
      .where(
        and(eq(blocks.blockerId, caretaker.id), eq(blocks.descricao, "Rui Insistente, telefone terminado em 4444")),
      );
    // The phone is kept only as a keyed hash.
    expect(row!.phoneKey).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain("95555");

    const [before] = await app.db.select({ total: count() }).from(messages);
    for (const telefone of ["21955554444", "(21)95555-4444"]) {
      const again = await contact(visitor, petId, { nome: "Rui", telefone });
      expect(again.status, telefone).toBe(403);
      expect(again.json.message).toBe(BLOCKED_TEXT);
    }
    const [after] = await app.db.select({ total: count() }).from(messages);
    expect(after!.total).toBe(before!.total);

    const elsewhere = await createPet(app.db, { caretakerId: stranger.id, nome: "Amora" });
    expect((await contact(visitor, elsewhere, { nome__animal: "Amora", telefone: "21955554444" })).status).toBe(201);
    const page = await caretaker.client.get("/mensagens");
    expect(page.text).toContain("Telefone bloqueado");
    expect(page.text).toContain("Rui Insistente, telefone terminado em 4444");
    // In the blocker's data export (LGPD).
    const exported = await caretaker.client.get(`/api/users/${caretaker.id}/export`);
    expect(exported.json.bloqueios).toContainEqual({
      quem: "Rui Insistente, telefone terminado em 4444",
      desde: expect.any(String),
    });

    // Through the API: the blocks are listed with their ids, each lifted by its own blocker only.
    const listed = await caretaker.client.get("/api/bloqueios");
    expect(listed.json.bloqueios).toEqual([
      { id: row!.id, descricao: "Rui Insistente, telefone terminado em 4444", criado_em: expect.any(String) },
    ]);
    expect((await stranger.client.get("/api/bloqueios")).json.bloqueios).toEqual([]);
    expect((await visitor.get("/api/bloqueios")).status).toBe(401);
    expect((await stranger.client.delete(`/api/bloqueios/${row!.id}`)).status).toBe(404);
    expect((await visitor.delete(`/api/bloqueios/${row!.id}`)).status).toBe(401);
    expect((await caretaker.client.delete(`/api/bloqueios/${row!.id}`)).status).toBe(204);
    expect((await caretaker.client.delete(`/api/bloqueios/${row!.id}`)).status).toBe(404);
    expect((await caretaker.client.get("/api/bloqueios")).json.bloqueios).toEqual([]);
    expect((await contact(visitor, petId, { nome: "Rui", telefone: "21955554444" })).status).toBe(201);
    // And blocked again from his message: by its recipient only.
    const block = (client: Client, body: unknown) => client.post("/api/bloqueios", body);
    expect((await block(stranger.client, { mensagem_id: messageId })).status).toBe(404);
    expect((await block(visitor, { mensagem_id: messageId })).status).toBe(401);
    const notAnId = await block(caretaker.client, { mensagem_id: "nao-e-id" });
    expect([notAnId.status, notAnId.json.errors]).toEqual([400, { mensagem_id: [CONVERSATION_MESSAGES.mensagemId] }]);
    expect((await block(caretaker.client, '{"mensagem_id": ')).status).toBe(400);
    expect((await block(caretaker.client, { mensagem_id: messageId })).status).toBe(204);
    expect((await contact(visitor, petId, { nome: "Rui", telefone: "(21) 95555-4444" })).status).toBe(403);
    expect((await caretaker.client.get("/api/bloqueios")).json.bloqueios).toMatchObject([
      { descricao: "Rui Insistente, telefone terminado em 4444" },
    ]);
  });
});

describe("reporting a conversation", () => {
  it("is open to either party only, and reaches the moderation queue with its latest messages and the other account", async () => {
    const body = { alvo: { tipo: "conversa", id: conversationId }, categoria: "outro", texto: "Pediu dinheiro." };
    expect((await stranger.client.post("/api/denuncias", body)).status).toBe(404);
    expect((await new Client(app.baseUrl).post("/api/denuncias", body)).status).toBe(401);
    const page = await caretaker.client.get(`/denunciar?tipo=conversa&id=${conversationId}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain("a conversa com Ana Segura sobre Tobias");
    const filed = await caretaker.client.post("/api/denuncias", body);
    expect(filed.status).toBe(201);

    const queue = await listReportQueue(app.db, "recentes");
    const entry = queue.find((target) => target.id === conversationId);
    expect(entry).toMatchObject({
      tipo: "conversa",
      titulo: "Conversa entre Ana Segura e ONG Segura sobre Tobias",
      conta: { id: adopter.id, nome: "Ana Segura", suspensa: false },
    });
    expect(entry!.trecho).toContain("Ana Segura: Posso visitar no sábado?");

    // Both parties report each other: the operator decides from the messages, no account offered.
    expect((await adopter.client.post("/api/denuncias", body)).status).toBe(201);
    const both = (await listReportQueue(app.db, "recentes")).find((target) => target.id === conversationId);
    expect(both).toMatchObject({
      titulo: "Conversa entre Ana Segura e ONG Segura sobre Tobias (as duas partes denunciaram)",
      conta: null,
    });
  });
});

describe("a long conversation", () => {
  it("is read 100 messages at a time, further back with `antes`, by its parties only", async () => {
    await app.db.insert(conversationMessages).values(
      Array.from({ length: 230 }, (_, index) => ({
        conversationId,
        authorId: index % 2 ? caretaker.id : adopter.id,
        texto: `Mensagem antiga ${index}`,
        // A day ago, 0.4 ms apart (as the database's clock gives them, to the microsecond), pairs
        // at the same instant: a page's edge may fall inside a millisecond, and the id keeps the order.
        createdAt: sql`now() - interval '1 day' + make_interval(secs => ${Math.floor(index / 2) * 0.0004})`,
      })),
    );
    const all = await app.db
      .select({ id: conversationMessages.id, texto: conversationMessages.texto })
      .from(conversationMessages)
      .where(eq(conversationMessages.conversationId, conversationId))
      .orderBy(conversationMessages.createdAt, conversationMessages.id);

    type Page = { mais_antigas: boolean; mensagens: { id: string }[] };
    const read = async (antes?: string) => {
      const answer = await adopter.client.get(`/api/conversas/${conversationId}${antes ? `?antes=${antes}` : ""}`);
      expect(answer.status).toBe(200);
      return answer.json as unknown as Page;
    };
    const pages: Page[] = [await read()];
    while (pages.at(-1)!.mais_antigas) pages.push(await read(pages.at(-1)!.mensagens[0]!.id));
    expect(pages.map((page) => page.mensagens.length)).toEqual([100, 100, all.length - 200]);
    // Oldest first within a page; together, every message once, in order.
    expect(pages.reverse().flatMap((page) => page.mensagens.map((message) => message.id))).toEqual(
      all.map((row) => row.id),
    );

    const oldest = all[0]!.id;
    expect((await stranger.client.get(`/api/conversas/${conversationId}?antes=${oldest}`)).status).toBe(404);
    const malformed = await adopter.client.get(`/api/conversas/${conversationId}?antes=nao-e-id`);
    expect(malformed.status).toBe(400);
    expect(malformed.json.errors).toEqual({ antes: ["Informe o id de uma mensagem desta conversa."] });
    // A message of another conversation is not a place in this one.
    const [elsewhere] = await app.db
      .insert(conversations)
      .values({
        petId: otherPetId,
        adopterId: stranger.id,
        caretakerId: caretaker.id,
        organizationId: sql`(select organization_id from pets where id = ${otherPetId})`,
      })
      .returning({ id: conversations.id });
    const [foreign] = await app.db
      .insert(conversationMessages)
      .values({ conversationId: elsewhere!.id, authorId: stranger.id, texto: "Outra conversa" })
      .returning({ id: conversationMessages.id });
    expect((await adopter.client.get(`/api/conversas/${conversationId}?antes=${foreign!.id}`)).status).toBe(404);

    // The page links to the messages before, and back to the latest.
    const latest = await adopter.client.get(`/mensagens/${conversationId}`);
    const older = /href="(\/adopet\/mensagens\/[0-9a-f-]{36}\?antes=[0-9a-f-]{36})"[^>]*>Ver mensagens anteriores/.exec(
      latest.text,
    );
    expect(older).not.toBeNull();
    const before = await adopter.client.get(older![1]!.replace("/adopet", ""));
    expect(before.status).toBe(200);
    expect(before.text).toContain("Ver as mensagens mais recentes");
    // Up to the message before the first one shown on the latest page, and not that one.
    const cursor = all.findIndex((row) => older![1]!.endsWith(row.id));
    expect(before.text).toContain(`>${all[cursor - 1]!.texto}<`);
    expect(before.text).not.toContain(`>${all[cursor]!.texto}<`);
    expect((await stranger.client.get(older![1]!.replace("/adopet", ""))).status).toBe(404);
  });
});
