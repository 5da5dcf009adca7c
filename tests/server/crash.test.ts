import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_CARETAKER } from "~/demo/seed.server";
import { Client } from "../support/app";
import { serverDatabase, startServer, type RunningServer, type ServerDatabase } from "../support/server-process";

/**
 * Kill -9 while contact messages are being sent, start again at once: every
 * message that was answered 201 is there, once, whole.
 */
describe("a crash while messages are being sent", () => {
  let database: ServerDatabase | undefined;
  let settings: Record<string, string>;
  let server: RunningServer | undefined;

  beforeAll(async () => {
    database = await serverDatabase();
    settings = { ...database.env, MESSAGE_LIMIT_PER_HOUR: "100000" };
  });
  afterAll(async () => {
    if (server && server.child.exitCode === null) {
      server.child.kill("SIGKILL");
      await server.exited;
    }
    await database?.destroy();
  });

  it("loses no acknowledged message and duplicates none", async () => {
    server = await startServer(settings);
    const api = new Client(`${server.baseUrl}/adopet`);
    const feed = await api.get("/api/pets?cidade=Rio%20de%20Janeiro");
    const petId = (feed.json.pets as { id: string; nome: string }[])[0]!.id;

    const acknowledged: string[] = [];
    let attempts = 0;
    let stop = false;
    const sender = async (lane: number) => {
      while (!stop) {
        attempts += 1;
        const texto = `Mensagem ${lane}-${attempts}`;
        try {
          const response = await api.post("/api/messages", {
            petId,
            nome: "Teste de Queda",
            telefone: "21 98888-7777",
            nome__animal: "Dunga",
            contato__texto: texto,
          });
          if (response.status === 201) acknowledged.push(response.json.id as string);
        } catch {
          return; // The server is gone.
        }
      }
    };
    const lanes = Array.from({ length: 8 }, (_, lane) => sender(lane));
    while (acknowledged.length < 40) await new Promise((resolve) => setTimeout(resolve, 5));
    server.child.kill("SIGKILL");
    stop = true;
    await Promise.all(lanes);
    await server.exited;

    // Start again at once: the lock of the killed process is taken over.
    server = await startServer(settings);
    const caretaker = new Client(`${server.baseUrl}/adopet`);
    const login = await caretaker.post("/api/session", { email: DEMO_CARETAKER.email, senha: DEMO_CARETAKER.senha });
    expect(login.status).toBe(200);
    const inbox = await caretaker.get("/api/messages");
    const received = inbox.json.recebidas as { id: string; nome: string; telefone: string; contato__texto: string }[];
    const crashTest = received.filter((message) => message.nome === "Teste de Queda");
    const ids = new Set(crashTest.map((message) => message.id));

    for (const id of acknowledged) expect(ids.has(id), id).toBe(true);
    expect(ids.size).toBe(crashTest.length);
    expect(crashTest.length).toBeLessThanOrEqual(attempts);
    for (const message of crashTest) {
      expect(message.telefone).toBe("21 98888-7777");
      expect(message.contato__texto).toMatch(/^Mensagem \d+-\d+$/);
    }
  });
});
