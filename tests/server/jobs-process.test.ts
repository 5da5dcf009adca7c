import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/db/client.server";
import { MESSAGE_NOTICE_JOB } from "~/domain/messages/messages.server";
import { createTestDatabase, type TestDatabase } from "../support/database";
import { drained, jobsCompleted, jobsLeft } from "../support/jobs";
import {
  serverDatabase,
  startServer,
  startWorker,
  type RunningServer,
  type ServerDatabase,
} from "../support/server-process";
import { receivedBy, startSmtpPeer, type SmtpPeer } from "../support/smtp-peer";

const PUBLIC_URL = "https://adote.exemplo.org";

async function firstPet(baseUrl: string) {
  const listed = (await (await fetch(`${baseUrl}/adopet/api/pets?page=1`)).json()) as {
    pets: { id: string; nome: string }[];
  };
  return listed.pets[0]!;
}

async function sendMessages(baseUrl: string, pet: { id: string; nome: string }, count: number, from = 0) {
  const statuses = [];
  for (let index = from; index < from + count; index += 1) {
    const response = await fetch(`${baseUrl}/adopet/api/messages`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        petId: pet.id,
        nome: "Bia Lima",
        telefone: "21 97777-1234",
        nome__animal: pet.nome,
        contato__texto: `Mensagem ${index}\nsegunda linha`,
      }),
    });
    statuses.push(response.status);
  }
  return statuses;
}

async function stop(server: { child: RunningServer["child"]; exited: Promise<number | null> } | undefined) {
  if (server && server.child.exitCode === null) {
    server.child.kill("SIGKILL");
    await server.exited;
  }
}

describe("jobs survive the process", () => {
  let mail: SmtpPeer;
  let running: RunningServer | undefined;
  // The embedded database, or a fresh one on PostgreSQL with DATABASE_URL (npm run test:db).
  let database: ServerDatabase | undefined;
  let place: Record<string, string>;

  beforeAll(async () => {
    mail = await startSmtpPeer();
    database = await serverDatabase();
    place = database.env;
  });
  afterAll(async () => {
    await stop(running);
    await mail.close();
    await database?.destroy();
  });

  it(
    "notices queued by a server killed with -9 go out after the restart, once each, as multipart e-mails",
    { timeout: 240_000 },
    async () => {
      const env = { ...place, SMTP_URL: mail.url, PUBLIC_URL };
      // A server that runs no jobs: the notices stay queued when it dies.
      running = await startServer({ ...env, JOBS: "off" });
      const pet = await firstPet(running.baseUrl);
      expect(await sendMessages(running.baseUrl, pet, 3)).toEqual([201, 201, 201]);
      running.child.kill("SIGKILL");
      await running.exited;
      expect(mail.received).toHaveLength(0);

      running = await startServer(env);
      const toCaretaker = () => receivedBy(mail, "ong@adopet.example");
      await expect.poll(() => toCaretaker().length, { timeout: 20_000 }).toBe(3);
      const parsed = await Promise.all(toCaretaker().map((message) => simpleParser(message.data)));
      expect(new Set(parsed.map((message) => message.messageId)).size).toBe(3);
      for (const message of parsed) {
        expect(message.subject).toBe(`Nova mensagem sobre ${pet.nome} na Adopet`);
        expect(message.to).toMatchObject({ text: "ong@adopet.example" });
        expect(message.text).toContain("Bia Lima escreveu sobre");
        expect(message.text).toContain("segunda linha");
        expect(message.text).toContain("Telefone de Bia Lima: 21 97777-1234");
        expect(message.text).toContain(`${PUBLIC_URL}/adopet/mensagens`);
        // Accessible HTML: its language, a heading, the link with words, not a bare address.
        expect(message.html).toContain('lang="pt-BR"');
        expect(message.html).toMatch(/<h1[^>]*>Olá, [^<]+!<\/h1>/);
        expect(message.html).toMatch(
          new RegExp(`<a href="${PUBLIC_URL}/adopet/mensagens"[^>]*>[\\s\\S]*Veja todas as suas mensagens`),
        );
      }
      // One log line per run, and nothing personal in it.
      const jobLines = () =>
        running!
          .output()
          .split("\n")
          .filter((line) => line.includes('"job":"message-notice"'));
      await expect.poll(() => jobLines().length, { timeout: 20_000 }).toBeGreaterThanOrEqual(3);
      expect(jobLines().join("\n")).not.toMatch(/ong@adopet\.example|97777|Bia Lima|Mensagem \d/);
      // Nothing more comes: stopped (letting a run finish), the server leaves no job to run, and
      // each of the three ran once.
      running.child.kill("SIGTERM");
      expect(await running.exited).toBe(0);
      expect(jobLines()).toHaveLength(3);
      expect(toCaretaker()).toHaveLength(3);
      const opened = await openDatabase({ databaseUrl: place.DATABASE_URL, dataDir: place.DATA_DIR ?? "" });
      try {
        expect(await jobsLeft(opened.db, MESSAGE_NOTICE_JOB)).toBe(0);
        expect(await jobsCompleted(opened.db, MESSAGE_NOTICE_JOB)).toBe(3);
      } finally {
        await opened.close();
      }
    },
  );
});

/** On PostgreSQL: web servers that only send jobs, and a worker process that runs them. */
describe.skipIf(!process.env.DATABASE_URL)("npm run worker on PostgreSQL", () => {
  let database: TestDatabase;
  let mail: SmtpPeer;
  let web: RunningServer;
  let worker: Awaited<ReturnType<typeof startWorker>> | undefined;

  beforeAll(async () => {
    database = await createTestDatabase({ migrated: false });
    mail = await startSmtpPeer();
    web = await startServer({ DATABASE_URL: database.url!, DEMO_DATA: "true", JOBS: "off", SMTP_URL: mail.url });
  });
  afterAll(async () => {
    await stop(web);
    await stop(worker);
    await mail.close();
    await database?.destroy();
  });

  it("runs the jobs the web servers queued", async () => {
    const pet = await firstPet(web.baseUrl);
    expect(await sendMessages(web.baseUrl, pet, 2)).toEqual([201, 201]);
    // Stored for a worker, and none run.
    expect(await jobsLeft(database.db, MESSAGE_NOTICE_JOB)).toBe(2);
    expect(mail.received).toHaveLength(0);
    worker = await startWorker({ DATABASE_URL: database.url!, SMTP_URL: mail.url, PUBLIC_URL });
    await expect.poll(() => receivedBy(mail, "ong@adopet.example").length, { timeout: 20_000 }).toBe(2);
    // Both run by the worker, once each; the web server ran none (it logs each job it runs).
    await drained(database.db, MESSAGE_NOTICE_JOB);
    expect(await jobsCompleted(database.db, MESSAGE_NOTICE_JOB)).toBe(2);
    expect(receivedBy(mail, "ong@adopet.example")).toHaveLength(2);
    expect(web.output()).not.toContain('"job":"message-notice"');
    worker.child.kill("SIGTERM");
    expect(await worker.exited).toBe(0);
  });
});
