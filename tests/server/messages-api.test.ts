import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPet, createUser } from "../support/factories";
import { emailDeliveries, messages } from "~/db/schema";
import { createMailer, type Mail } from "~/services/mail.server";
import { MESSAGE_NOTICE_JOB, sendMessageNotice } from "~/domain/messages/messages.server";
import { MESSAGES } from "~/validation/messages";
import { CONTACT_MESSAGES } from "~/validation/messages-form";
import { Client, signedInAccount, startTestApp, type TestApp } from "../support/app";

let app: TestApp;
let caretaker: Client;
let stranger: Client;
let petId: string;
let ownerId: string;

const signedIn = (email: string, nome: string) => signedInAccount(app, { email, nome });

const body = (overrides: Record<string, unknown> = {}) => ({
  petId,
  nome: "Carla Souza",
  telefone: "(21) 98888-7777",
  nome__animal: "Tupã",
  contato__texto: "Posso visitar no sábado?",
  ...overrides,
});

beforeAll(async () => {
  app = await startTestApp();
  const owner = await signedIn("ong@exemplo.com", "ONG Lar Feliz");
  caretaker = owner.client;
  ownerId = owner.id;
  petId = await createPet(app.db, { caretakerId: owner.id, nome: "Tupã" });
  stranger = (await signedIn("curioso@exemplo.com", "Curioso")).client;
});
afterAll(async () => {
  await app.close();
});

describe("POST /api/messages", () => {
  it("delivers to the pet's caretaker: 201, then in their inbox with the sender's phone", async () => {
    const sender = new Client(app.baseUrl);
    const response = await sender.post("/api/messages", body());
    expect(response.status).toBe(201);
    expect(response.json.mensagem).toBe("Mensagem enviada com sucesso!");

    const inbox = await caretaker.get("/api/messages");
    expect(inbox.status).toBe(200);
    const received = inbox.json.recebidas as Record<string, unknown>[];
    expect(received[0]).toMatchObject({
      id: response.json.id,
      pet: { id: petId, nome: "Tupã" },
      nome: "Carla Souza",
      telefone: "(21) 98888-7777",
      contato__texto: "Posso visitar no sábado?",
      lida: false,
    });
  });

  it("validates with the specification's messages", async () => {
    const response = await new Client(app.baseUrl).post(
      "/api/messages",
      body({ nome: "", telefone: "0800 123", nome__animal: "T", contato__texto: "x".repeat(301) }),
    );
    expect(response.status).toBe(400);
    expect(response.json.errors).toEqual({
      nome: [MESSAGES.nome.required, MESSAGES.nome.min, MESSAGES.nome.pattern],
      telefone: [MESSAGES.telefone.pattern],
      nome__animal: [MESSAGES.nomeAnimal.min],
      contato__texto: [MESSAGES.contatoTexto.max],
    });
  });

  it("keeps HTML and scripts as plain text", async () => {
    const text = `<img src=x onerror="alert(1)"><script>alert('x')</script>`;
    expect((await new Client(app.baseUrl).post("/api/messages", body({ contato__texto: text }))).status).toBe(201);
    const page = await fetch(`${app.baseUrl}/mensagens`, {
      headers: { Cookie: `adopet_sessao=${caretaker.cookie("adopet_sessao")}` },
    });
    const html = await page.text();
    expect(html).toContain("&lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt;");
    expect(html).not.toContain("<script>alert('x')</script>");
    expect(html).not.toContain('<img src=x onerror="alert(1)">');
  });
});

/** Pages' forms are posted from the app's own origin (server/security.ts refuses others). */
const formHeaders = () => ({
  Origin: new URL(app.baseUrl).origin,
  "Content-Type": "application/x-www-form-urlencoded",
});

async function messageCount() {
  const [row] = await app.db.select({ total: count() }).from(messages);
  return row!.total;
}

describe("a message about a pet that is no longer available", () => {
  let adopted: string;
  let removed: string;

  beforeAll(async () => {
    adopted = await createPet(app.db, { caretakerId: ownerId, nome: "Lua", status: "adotado" });
    removed = await createPet(app.db, { caretakerId: ownerId, nome: "Sol" });
    expect((await caretaker.delete(`/api/pets/${removed}`)).status).toBe(204);
  });

  it("POST /api/messages answers 404 with the petId error for an unknown, adopted or removed pet, storing nothing", async () => {
    const before = await messageCount();
    const pets = { unknown: "00000000-0000-4000-8000-000000000000", adopted, removed };
    for (const [which, id] of Object.entries(pets)) {
      const response = await new Client(app.baseUrl).post("/api/messages", body({ petId: id, nome__animal: "Lua" }));
      expect(response.status, which).toBe(404);
      expect(response.json, which).toEqual({
        message: CONTACT_MESSAGES.petGone,
        errors: { petId: [CONTACT_MESSAGES.petGone] },
      });
    }
    expect(await messageCount()).toBe(before);
    // The same request about the available pet is delivered: the refusals are about the pet.
    expect((await new Client(app.baseUrl).post("/api/messages", body())).status).toBe(201);
    expect(await messageCount()).toBe(before + 1);
  });

  it("the contact page for an adopted pet says so, offers no way to write to it, and its form stores nothing", async () => {
    const before = await messageCount();
    const page = await new Client(app.baseUrl).get(`/contato?pet=${adopted}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain(CONTACT_MESSAGES.petGone);
    // No recipient shown, no pet chosen for the form (the hidden `pet` field).
    expect(page.text).not.toContain('class="recipient"');
    expect(page.text).not.toMatch(/<input[^>]*name="pet"/);

    const visitor = new Client(app.baseUrl);
    const fields = { nome: "Carla Souza", telefone: "(21) 98888-7777", contato__texto: "Ainda está aí?" };
    const chosen = await visitor.post(
      "/contato",
      new URLSearchParams({ ...fields, pet: adopted, nome__animal: "Lua" }).toString(),
      formHeaders(),
    );
    expect(chosen.status).toBe(410);
    expect(chosen.text).toContain(CONTACT_MESSAGES.petGone);
    // By name, an adopted pet is no candidate.
    const named = await visitor.post(
      "/contato",
      new URLSearchParams({ ...fields, nome__animal: "Lua" }).toString(),
      formHeaders(),
    );
    expect(named.status).toBe(400);
    expect(named.text).toContain(CONTACT_MESSAGES.noMatch);
    expect(await messageCount()).toBe(before);
  });
});

describe("reading messages", () => {
  it("GET /api/messages needs a session, and shows a stranger none of the caretaker's messages", async () => {
    expect((await new Client(app.baseUrl).get("/api/messages")).status).toBe(401);
    const inbox = await stranger.get("/api/messages");
    expect(inbox.status).toBe(200);
    expect(inbox.json.recebidas).toEqual([]);
    expect(inbox.text).not.toContain("98888-7777");
  });

  it("only the recipient marks a message read; anyone else gets 404", async () => {
    const [message] = await app.db.select().from(messages).where(eq(messages.petId, petId)).limit(1);
    expect((await stranger.patch(`/api/messages/${message!.id}`, { lida: true })).status).toBe(404);
    expect((await new Client(app.baseUrl).patch(`/api/messages/${message!.id}`, { lida: true })).status).toBe(401);
    expect((await caretaker.patch(`/api/messages/${message!.id}`, { lida: "sim" })).status).toBe(400);
    expect((await caretaker.patch(`/api/messages/${message!.id}`, { lida: true })).status).toBe(204);
    const [after] = await app.db.select().from(messages).where(eq(messages.id, message!.id));
    expect(after!.readAt).not.toBeNull();
  });

  it("the inbox form: marking someone else's message read answers 404, and 'all read' touches only one's own", async () => {
    const sent = await new Client(app.baseUrl).post("/api/messages", body({ contato__texto: "Ainda não lida" }));
    expect(sent.status).toBe(201);
    const id = sent.json.id as string;
    const readAt = async () => (await app.db.select().from(messages).where(eq(messages.id, id)))[0]!.readAt;

    const one = await stranger.post("/mensagens", new URLSearchParams({ mensagem: id }).toString(), formHeaders());
    expect(one.status).toBe(404);
    expect(one.text).toContain("Mensagem não encontrada.");
    expect(await readAt()).toBeNull();
    const all = await stranger.post("/mensagens", "intent=ler-todas", formHeaders());
    expect(all.status).toBe(302);
    expect(await readAt()).toBeNull();

    // The same form marks it read for its recipient.
    const own = await caretaker.post("/mensagens", new URLSearchParams({ mensagem: id }).toString(), formHeaders());
    expect(own.status).toBe(302);
    expect(await readAt()).not.toBeNull();

    // All at once through the API: the recipient's only.
    const another = await new Client(app.baseUrl).post("/api/messages", body({ contato__texto: "Outra não lida" }));
    const unread = async () =>
      (
        await app.db
          .select()
          .from(messages)
          .where(eq(messages.id, another.json.id as string))
      )[0]!.readAt;
    expect((await stranger.post("/api/messages/lidas")).status).toBe(204);
    expect(await unread()).toBeNull();
    expect((await new Client(app.baseUrl).post("/api/messages/lidas")).status).toBe(401);
    expect((await caretaker.post("/api/messages/lidas")).status).toBe(204);
    expect(await unread()).not.toBeNull();
  });

  it("a signed-in sender's message is in their conversation about the pet, not among the visitors' messages", async () => {
    const sent = await stranger.post("/api/messages", body({ contato__texto: "Mensagem do curioso" }));
    expect(sent.status).toBe(201);
    const thread = await stranger.get(`/api/conversas/${sent.json.conversa_id as string}`);
    expect(thread.json.mensagens).toEqual([expect.objectContaining({ texto: "Mensagem do curioso", minha: true })]);
    expect((await stranger.get("/api/messages")).json.enviadas).toEqual([]);
  });
});

describe("abuse", () => {
  /** Another app, with a limit of 3 messages an hour, a clean slate and one pet to write about. */
  async function withLimitOfThree(check: (limited: TestApp, client: Client, pet: string) => Promise<void>) {
    const limited = await startTestApp({ MESSAGE_LIMIT_PER_HOUR: "3" });
    try {
      const owner = await createUser(limited.db, { email: "dona@exemplo.com" });
      const pet = await createPet(limited.db, { caretakerId: owner.id, nome: "Tupã" });
      await check(limited, new Client(limited.baseUrl), pet);
    } finally {
      await limited.close();
    }
  }

  it("limits messages per client with 429 and a Portuguese message", async () => {
    await withLimitOfThree(async (limited, client, pet) => {
      for (let index = 0; index < 3; index += 1) {
        expect((await client.post("/api/messages", body({ petId: pet }))).status).toBe(201);
      }
      const refused = await client.post("/api/messages", body({ petId: pet }));
      expect(refused.status).toBe(429);
      expect(refused.json.message).toMatch(
        /^Você enviou muitas mensagens seguidas\. Tente novamente em \d+ minutos?\.$/,
      );
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await limited.db.select().from(messages)).toHaveLength(3);
    });
  });

  it("a burst of messages sent at the same moment never gets past the limit", async () => {
    await withLimitOfThree(async (limited, client, pet) => {
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => client.post("/api/messages", body({ petId: pet }))),
      );
      expect(answers.map((answer) => answer.status).sort()).toEqual([201, 201, 201, ...Array<number>(7).fill(429)]);
      expect(await limited.db.select().from(messages)).toHaveLength(3);
    });
  });

  it("a filled honeypot is answered like a success, and nothing is stored", async () => {
    const before = (await app.db.select().from(messages)).length;
    const form = new URLSearchParams({ ...body(), pet: petId, site: "http://spam.example" } as Record<string, string>);
    const response = await new Client(app.baseUrl).post("/contato", form.toString(), {
      "Content-Type": "application/x-www-form-urlencoded",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/adopet/contato");
    expect((await app.db.select().from(messages)).length).toBe(before);
  });
});

describe("e-mail notices", () => {
  it("a message's notice is a job stored with it; a failed send stays owed, and a sent one never goes twice", async () => {
    const response = await new Client(app.baseUrl).post("/api/messages", body({ nome: "Após a queda" }));
    expect(response.status).toBe(201);
    const id = (response.json as { id: string }).id;
    const [job] = rowsOf(
      await app.db.execute(
        sql`select state from pgboss.job where name = ${MESSAGE_NOTICE_JOB} and data->>'messageId' = ${id}`,
      ),
    );
    expect(job).toBeDefined();
    // The server's worker runs it (without SMTP_URL, its mailer writes to the log).
    const notifiedAt = async () => (await app.db.select().from(messages).where(eq(messages.id, id)))[0]!.notifiedAt;
    await expect.poll(notifiedAt, { timeout: 20_000 }).not.toBeNull();

    // As if that send had failed: the notice is owed again.
    await app.db.update(messages).set({ notifiedAt: null }).where(eq(messages.id, id));
    await app.db.delete(emailDeliveries).where(eq(emailDeliveries.idempotencyKey, `aviso-mensagem.${id}`));
    const url = "https://adote.exemplo.org";
    const failing = { kind: "smtp" as const, send: async () => Promise.reject(new Error("SMTP fora do ar")) };
    await expect(sendMessageNotice(app.db, failing, id, url)).rejects.toThrow("SMTP fora do ar");
    expect(await notifiedAt()).toBeNull();

    const sent: Mail[] = [];
    const recording = { kind: "smtp" as const, send: async (mail: Mail) => void sent.push(mail) };
    await sendMessageNotice(app.db, recording, id, url);
    expect(sent).toHaveLength(1);
    const notice = sent[0]!;
    expect(notice.to).toBe("ong@exemplo.com");
    expect(notice.subject).toBe("Nova mensagem sobre Tupã na Adopet");
    expect(notice.text).toContain("(21) 98888-7777");
    expect(notice.text).toContain("https://adote.exemplo.org/adopet/mensagens");
    expect(notice.html).toContain('href="https://adote.exemplo.org/adopet/mensagens"');
    expect(notice.idempotencyKey).toBe(`aviso-mensagem.${id}`);
    // Sent once, even when the job runs again after a crash that came before notified_at was written.
    await sendMessageNotice(app.db, recording, id, url);
    await app.db.update(messages).set({ notifiedAt: null }).where(eq(messages.id, id));
    await sendMessageNotice(app.db, recording, id, url);
    expect(sent).toHaveLength(1);
  });

  it("without SMTP, the log says a notice was due, escaped, without its recipient or text", async () => {
    const lines: string[] = [];
    const mailer = createMailer({ from: "Adopet <a@b.c>", log: (line) => lines.push(line) });
    await mailer.send({
      to: "x@exemplo.com",
      subject: "Nova mensagem sobre Rex\u001b[2J\nPara: chefe@exemplo.com",
      text: "Telefone: 21 98888-7777",
    });
    expect(mailer.kind).toBe("log");
    expect(lines).toEqual([
      "[email não enviado: SMTP_URL não configurado] Assunto: Nova mensagem sobre Rex\\u001b[2J\\nPara: chefe@exemplo.com",
    ]);
  });
});

/** PGlite and node-postgres both answer `execute` with an object holding `rows`. */
function rowsOf(result: unknown): Record<string, unknown>[] {
  return (result as { rows: Record<string, unknown>[] }).rows;
}
