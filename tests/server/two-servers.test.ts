import { simpleParser } from "mailparser";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGE_NOTICE_JOB } from "~/domain/messages/messages.server";
import { Client } from "../support/app";
import { createTestDatabase, type TestDatabase } from "../support/database";
import { drained } from "../support/jobs";
import { startServer, type RunningServer } from "../support/server-process";
import { receivedBy, startSmtpPeer, type SmtpPeer } from "../support/smtp-peer";
import { conversationThrough, eventsOf } from "../support/conversations";

/** Two app processes on one PostgreSQL, sharing nothing but the database. */
describe.skipIf(!process.env.DATABASE_URL)("two app servers on one PostgreSQL", () => {
  let database: TestDatabase;
  let one: RunningServer;
  let two: RunningServer;
  let mail: SmtpPeer;
  let env: Record<string, string>;

  beforeAll(async () => {
    database = await createTestDatabase({ migrated: false });
    mail = await startSmtpPeer();
    env = { DATABASE_URL: database.url!, DEMO_DATA: "true", SMTP_URL: mail.url, MESSAGE_LIMIT_PER_HOUR: "100" };
    // Started together: the migrations are applied once, under the advisory lock.
    const started = await Promise.allSettled([startServer(env), startServer(env)]);
    // Both are stopped after the tests even when one of them failed to start.
    [one, two] = started.map((result) => (result.status === "fulfilled" ? result.value : undefined)) as [
      RunningServer,
      RunningServer,
    ];
    for (const result of started) if (result.status === "rejected") throw result.reason;
  });
  afterAll(async () => {
    for (const server of [one, two]) {
      if (server && server.child.exitCode === null) {
        server.child.kill("SIGTERM");
        await server.exited;
      }
    }
    await mail?.close();
    await database?.destroy();
  });

  it("apply the migrations and the demo data once", async () => {
    const feed = await new Client(`${two.baseUrl}/adopet`).get("/api/pets?limit=50");
    // The sample list's nine, and the cat a protetora asks the NGO to take in.
    expect(feed.json.total).toBe(10);
  });

  it("share sessions: a login on one is valid on the other, and a logout on one ends it on both", async () => {
    const onOne = new Client(`${one.baseUrl}/adopet`);
    expect(
      (await onOne.post("/api/users", { email: "dupla@exemplo.com", nome: "Dupla", senha: "Abc@123" })).status,
    ).toBe(201);
    expect((await onOne.post("/api/session", { email: "dupla@exemplo.com", senha: "Abc@123" })).status).toBe(200);
    const cookie = `adopet_sessao=${onOne.cookie("adopet_sessao")}`;
    const onTwo = await fetch(`${two.baseUrl}/adopet/api/session`, { headers: { Cookie: cookie } });
    expect(onTwo.status).toBe(200);
    expect((await onOne.delete("/api/session")).status).toBe(204);
    expect((await fetch(`${two.baseUrl}/adopet/api/session`, { headers: { Cookie: cookie } })).status).toBe(401);
  });

  it("share rate limits: failed logins counted on both add up", async () => {
    const onOne = new Client(`${one.baseUrl}/adopet`);
    const onTwo = new Client(`${two.baseUrl}/adopet`);
    await onOne.post("/api/users", { email: "alvo2@exemplo.com", nome: "Alvo", senha: "Abc@123" });
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const client = attempt % 2 ? onTwo : onOne;
      expect((await client.post("/api/session", { email: "alvo2@exemplo.com", senha: "Errada@1" })).status).toBe(400);
    }
    expect((await onOne.post("/api/session", { email: "alvo2@exemplo.com", senha: "Abc@123" })).status).toBe(429);
    expect((await onTwo.post("/api/session", { email: "alvo2@exemplo.com", senha: "Abc@123" })).status).toBe(429);
  });

  it("share photos: one uploaded through one server is served by the other", async () => {
    const onOne = new Client(`${one.baseUrl}/adopet`);
    await onOne.post("/api/users", { email: "foto@exemplo.com", nome: "Foto", senha: "Abc@123" });
    const login = await onOne.post("/api/session", { email: "foto@exemplo.com", senha: "Abc@123" });
    const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: "#3772ff" } })
      .png()
      .toBuffer();
    const updated = await onOne.patch(`/api/users/${login.json.id}`, {
      foto__upload: `data:image/png;base64,${png.toString("base64")}`,
    });
    expect(updated.status).toBe(200);
    const image = await fetch(`${two.baseUrl}${updated.json.foto}`);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/webp");
  });

  it("share the job queue: messages sent through both are e-mailed once each", async () => {
    const listed = (await (await fetch(`${one.baseUrl}/adopet/api/pets?page=1`)).json()) as {
      pets: { id: string; nome: string }[];
    };
    const pet = listed.pets[0]!;
    const statuses = await Promise.all(
      Array.from({ length: 20 }, async (_, index) => {
        const response = await fetch(`${(index % 2 ? one : two).baseUrl}/adopet/api/messages`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({
            petId: pet.id,
            nome: "Duas Vias",
            telefone: "21 96666-5555",
            nome__animal: pet.nome,
            contato__texto: `Mensagem ${index}`,
          }),
        });
        return response.status;
      }),
    );
    expect(statuses).toEqual(Array(20).fill(201));
    await expect
      .poll(() => receivedBy(mail, "ong@adopet.example").length, {
        timeout: 20_000,
        message: `${one.output()}\n${two.output()}`,
      })
      .toBe(20);
    // Every notice queued has run, on one server or the other: a second e-mail of one would be here.
    await drained(database.db, MESSAGE_NOTICE_JOB);
    const parsed = await Promise.all(
      receivedBy(mail, "ong@adopet.example").map((message) => simpleParser(message.data)),
    );
    const ids = parsed.map((message) => message.messageId);
    expect(new Set(ids).size, ids.join("\n")).toBe(20);
    expect(receivedBy(mail, "ong@adopet.example")).toHaveLength(20);
  });
  it("carry conversations live: a message written through one reaches a reader on the other, across its restart", async () => {
    const { adopter, caretaker, conversationId } = await conversationThrough(`${one.baseUrl}/adopet`, database.url!);
    const reader = await eventsOf(`${two.baseUrl}/adopet`, caretaker);
    try {
      await reader.next("pronto");
      const started = Date.now();
      const sent = await adopter.post(`/api/conversas/${conversationId}/mensagens`, { texto: "Pelo servidor um" });
      expect(sent.status).toBe(201);
      const event = await reader.next("mensagem", { timeoutMs: 2_000 });
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(JSON.parse(event.data)).toMatchObject({ conversa_id: conversationId, mensagem_id: sent.json.id });
    } finally {
      reader.close();
    }

    // The reader's server restarts: its stream ends; connected again (as a browser does), it hears again.
    const watching = await eventsOf(`${two.baseUrl}/adopet`, caretaker);
    await watching.next("pronto");
    two.child.kill("SIGTERM");
    await two.exited;
    await watching.ended;
    two = await startServer(env);
    const again = await eventsOf(`${two.baseUrl}/adopet`, caretaker);
    try {
      await again.next("pronto");
      const sent = await adopter.post(`/api/conversas/${conversationId}/mensagens`, { texto: "De novo" });
      expect(JSON.parse((await again.next("mensagem", { timeoutMs: 2_000 })).data).mensagem_id).toBe(sent.json.id);
    } finally {
      again.close();
    }
  });
});
