import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/db/client.server";
import { messages, petPhotos, pets } from "~/db/schema";
import { imageUrl } from "~/lib/image-urls";
import { until } from "../support/poll";
import { runUntilExit, startServer, type RunningServer } from "../support/server-process";
import { receivedBy, startSmtpPeer } from "../support/smtp-peer";
import { MIGRATION_COUNT } from "../support/database";

// The embedded database's life cycle, through the real process.
describe.skipIf(Boolean(process.env.DATABASE_URL))("the app process on the embedded database", () => {
  let tempDir: string;
  let dataDir: string;
  let server: RunningServer;

  beforeAll(async () => {
    tempDir = fs.mkdtempSync(path.join(os.tmpdir(), "adopet-process-"));
    dataDir = path.join(tempDir, "nested", "data");
    server = await startServer({ DATA_DIR: dataDir });
  });
  afterAll(async () => {
    if (server.child.exitCode === null) {
      server.child.kill("SIGKILL");
      await server.exited;
    }
    fs.rmSync(tempDir, { recursive: true, force: true });
  });

  it("creates the database in a new directory, migrates it and loads the demo data", async () => {
    expect(server.output()).toContain(`${MIGRATION_COUNT} migração(ões) aplicada(s)`);
    expect(server.output()).toContain("Dados de demonstração carregados");
    const response = await fetch(`${server.baseUrl}/adopet/`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Boas-vindas!");
  });

  it("answers unknown pages with a 404 page in Portuguese", async () => {
    const response = await fetch(`${server.baseUrl}/adopet/nao-existe`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("Página não encontrada");
  });

  it("serves built assets with an immutable cache lifetime, compressed", async () => {
    const html = await (await fetch(`${server.baseUrl}/adopet/`)).text();
    const css = /href="(\/adopet\/assets\/[^"]+\.css)"/.exec(html)?.[1];
    expect(css).toBeDefined();
    const response = await fetch(`${server.baseUrl}${css}`, { headers: { "accept-encoding": "gzip" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toContain("immutable");
    expect(response.headers.get("content-encoding")).toBe("gzip");
  });

  it("refuses a second process on the same directory with a message naming it", async () => {
    const second = await runUntilExit({ DATA_DIR: dataDir });
    expect(second.code).toBe(1);
    expect(second.output).toContain(dataDir);
    expect(second.output).toContain("já está em uso por outro processo");
    // The first one is unharmed.
    expect((await fetch(`${server.baseUrl}/adopet/healthz`)).status).toBe(200);
  });

  it("on SIGTERM finishes the request in flight, closes the database and exits 0", async () => {
    // A sign-up whose body comes in two parts. The server has the request once it answers
    // "100 Continue" to its headers; it cannot answer before the rest of the body arrives.
    const payload = Buffer.from(JSON.stringify({ email: "em-voo@exemplo.com", nome: "Em Voo", senha: "Nova@123" }));
    const request = http.request(`${server.baseUrl}/adopet/api/users`, {
      method: "POST",
      agent: false,
      headers: { "Content-Type": "application/json", "Content-Length": payload.length, Expect: "100-continue" },
    });
    let answeredYet = false;
    const answered = new Promise<{ status?: number; body: string }>((resolve, reject) => {
      request.on("response", (response) => {
        answeredYet = true;
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (body += chunk));
        response.on("end", () => resolve({ status: response.statusCode, body }));
        response.on("error", reject);
      });
      request.on("error", reject);
    });
    // Awaited below; a failure before then (a cut connection) is that await's error, not an unhandled one.
    answered.catch(() => undefined);
    await new Promise((resolve) => request.once("continue", resolve));
    await new Promise((resolve) => request.write(payload.subarray(0, 10), resolve));

    server.child.kill("SIGTERM");
    await until("the server to take the signal", () => server.output().includes("SIGTERM recebido"));
    // It is shutting down: no new connection is served (refused once the socket is closed, or
    // reset if it reached the queue just before), and ours has had no answer yet.
    await expect(
      new Promise((resolve, reject) =>
        http.get(`${server.baseUrl}/adopet/healthz`, { agent: false }, resolve).on("error", reject),
      ),
    ).rejects.toMatchObject({ code: expect.stringMatching(/^ECONN(REFUSED|RESET)$/) });
    expect(answeredYet).toBe(false);
    expect(server.child.exitCode).toBeNull();

    request.end(payload.subarray(10));
    const { status, body } = await answered;
    expect(status).toBe(201);
    expect(JSON.parse(body)).toMatchObject({ email: "em-voo@exemplo.com", nome: "Em Voo" });
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain("Encerrado.");
  });

  it("on SIGTERM sends the e-mail notices of the messages it just stored before closing the database", async () => {
    // A slow mail server: each notice is still on its way when the signal comes.
    const mail = await startSmtpPeer({ greetingDelayMs: 300 });
    const running = await startServer({ DATA_DIR: dataDir, SMTP_URL: mail.url });
    try {
      const listed = (await (await fetch(`${running.baseUrl}/adopet/api/pets?page=1`)).json()) as {
        pets: { id: string; nome: string }[];
      };
      const pet = listed.pets[0]!;
      const statuses = await Promise.all(
        [1, 2, 3].map(async (index) => {
          const response = await fetch(`${running.baseUrl}/adopet/api/messages`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({
              petId: pet.id,
              nome: "Ana",
              telefone: "21 98888-7777",
              nome__animal: pet.nome,
              contato__texto: `Mensagem ${index} antes do encerramento`,
            }),
          });
          return response.status;
        }),
      );
      expect(statuses).toEqual([201, 201, 201]);
      running.child.kill("SIGTERM");
      expect(await running.exited).toBe(0);
      expect(running.output()).not.toContain("não enviado");
      // The notices (the demo adopter's check-in may go too, at the first start).
      expect(receivedBy(mail, "ong@adopet.example")).toHaveLength(3);

      const database = await openDatabase({ dataDir });
      const all = await database.db.select({ notifiedAt: messages.notifiedAt, texto: messages.texto }).from(messages);
      await database.close();
      // The demo data's own message aside.
      const stored = all.filter((message) => message.texto.endsWith("antes do encerramento"));
      expect(stored).toHaveLength(3);
      expect(stored.filter((message) => message.notifiedAt === null)).toEqual([]);
    } finally {
      if (running.child.exitCode === null) {
        running.child.kill("SIGKILL");
        await running.exited;
      }
      await mail.close();
    }
  });

  it("keeps its data, and starts again on the existing database serving the stored images", async () => {
    // The lock was released: this process can open the directory.
    const database = await openDatabase({ dataDir });
    const [photo] = await database.db.select({ imageId: petPhotos.imageId }).from(petPhotos).limit(1);
    const petCount = (await database.db.select({ id: pets.id }).from(pets)).length;
    await database.close();
    // The sample list's nine, the adopted one and the cat a protetora asks the NGO to take in.
    expect(petCount).toBe(11);

    server = await startServer({ DATA_DIR: dataDir });
    expect(server.output()).toContain(`0 migração(ões) aplicada(s), ${MIGRATION_COUNT} já existente(s)`);
    expect(server.output()).not.toContain("Dados de demonstração carregados");

    const image = await fetch(`${server.baseUrl}${imageUrl(photo!.imageId, 320)}`);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/webp");
    expect(image.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect((await image.arrayBuffer()).byteLength).toBeGreaterThan(500);

    for (const missing of [
      imageUrl("00000000-0000-4000-8000-000000000000", 320),
      `/adopet/imagens/${photo!.imageId}/321.webp`,
      "/adopet/imagens/nao-e-um-id/320.webp",
    ]) {
      expect((await fetch(`${server.baseUrl}${missing}`)).status, missing).toBe(404);
    }
  });
});
