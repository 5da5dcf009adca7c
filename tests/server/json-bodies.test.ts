import http from "node:http";
import { beforeAll, describe, expect, it } from "vitest";
import { Client } from "../support/app";
import { useServerProcess, type RunningServer } from "../support/server-process";

/**
 * Nested, wide and long JSON bodies on every JSON route of the built server, as a real
 * process with its production heap ceiling: each is refused with a 4xx in Portuguese and
 * the server goes on answering. A 5 MB body of nested arrays once made the process run
 * out of heap and exit.
 */
describe.skipIf(Boolean(process.env.DATABASE_URL))("JSON bodies of any shape", () => {
  const running = useServerProcess({ DEMO_DATA: "true" });
  let server: RunningServer;
  let base: string;
  let ong: Client;
  let ongId: string;
  let petId: string;
  let messageId: string;

  beforeAll(async () => {
    server = running.current();
    base = `${server.baseUrl}/adopet`;
    ong = new Client(base);
    const login = await ong.post("/api/session", { email: "ong@adopet.example", senha: "Adote@2022" });
    expect(login.status).toBe(200);
    ongId = String(login.json.id);
    const feed = await ong.get("/api/pets?limit=1");
    petId = String((feed.json.pets as { id: string }[])[0]!.id);
    const visitor = new Client(base);
    const sent = await visitor.post("/api/messages", {
      petId,
      nome: "Joana Silva",
      telefone: "21 98888-7777",
      nome__animal: "Qualquer",
      contato__texto: "Olá!",
    });
    expect(sent.status).toBe(201);
    messageId = String(sent.json.id);
  });

  const MB = 1024 * 1024;
  const nested = (bytes: number) => "[".repeat(bytes / 2) + "]".repeat(bytes / 2);
  const wide = (bytes: number) => `[${"{},".repeat(Math.floor(bytes / 3) - 1)}{}]`;
  const long = (bytes: number) => JSON.stringify({ nome: "a".repeat(bytes) });

  const routes = () => [
    { method: "POST", url: "/api/users", client: new Client(base) },
    { method: "POST", url: "/api/session", client: new Client(base) },
    { method: "POST", url: "/api/messages", client: new Client(base) },
    { method: "PATCH", url: `/api/users/${ongId}`, client: ong },
    { method: "DELETE", url: `/api/users/${ongId}`, client: ong },
    { method: "PATCH", url: `/api/messages/${messageId}`, client: ong },
    { method: "PATCH", url: `/api/pets/${petId}`, client: ong },
  ];

  async function expectAlive() {
    expect(server.child.exitCode).toBeNull();
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
  }

  it("refuses bodies nested or repeated past what a route takes, even within its size (400)", async () => {
    for (const { method, url, client } of routes()) {
      for (const body of [nested(4000), wide(6000)]) {
        const response = await client.request(method, url, body);
        expect(response.status, `${method} ${url}`).toBe(400);
        expect(response.json.message).toBe("Os dados enviados têm estrutura complexa demais.");
      }
    }
    await expectAlive();
  });

  it("refuses a body that is not an object (null, a list, a bare value) with 400 on every JSON route", async () => {
    // `null` to PATCH /api/pets/:id once answered 500 (issue 60).
    for (const { method, url, client } of routes()) {
      for (const body of ["null", "[]", '"texto"', "42", "true"]) {
        const response = await client.request(method, url, body);
        expect(response.status, `${method} ${url} ${body}`).toBe(400);
        expect(response.json.message).toBe('Envie os dados como um objeto JSON, entre chaves: {"campo": valor}.');
      }
    }
    await expectAlive();
  });

  it("refuses bodies past a route's size (413), declared or streamed", async () => {
    const photoRoute = `/api/users/${ongId}`;
    for (const { method, url, client } of routes().filter(
      (route) => !(route.method === "PATCH" && route.url === photoRoute),
    )) {
      const response = await client.request(method, url, long(16 * 1024));
      expect(response.status, `${method} ${url}`).toBe(413);
      expect(response.json.message).toBe("Os dados enviados são grandes demais.");
    }
    // Without Content-Length, the body is cut off once it passes the route's size: the answer
    // comes while the client is still sending.
    const status = await new Promise<number>((resolve, reject) => {
      const request = http.request(`${base}${photoRoute}`, {
        method: "PATCH",
        headers: { "Content-Type": "application/json", Cookie: `adopet_sessao=${ong.cookie("adopet_sessao")}` },
      });
      request.on("response", (response) => {
        response.resume();
        resolve(response.statusCode!);
        request.destroy();
      });
      request.on("error", reject);
      const chunk = "[".repeat(MB);
      let sent = 0;
      const more = () => {
        while (sent < 9 && request.write(chunk)) sent++;
        if (sent < 9) request.once("drain", () => (sent++, more()));
        else request.end();
      };
      more();
    });
    expect(status).toBe(413);
    await expectAlive();
  });

  it("keeps answering after megabytes of nested or repeated brackets on the photo route", async () => {
    const url = `/api/users/${ongId}`;
    for (const body of [nested(5 * MB), wide(7 * MB)]) {
      const response = await ong.patch(url, body);
      expect(response.status).toBe(400);
      expect(response.json.message).toBe("Os dados enviados têm estrutura complexa demais.");
      await expectAlive();
    }
    // A photo of megabytes in its one string field still goes through the shape check.
    const photo = `data:image/png;base64,${"A".repeat(7 * MB)}`;
    const response = await ong.patch(url, { foto__upload: photo });
    expect(response.status).toBe(413);
    expect(response.json.errors).toEqual({ foto__upload: ["A imagem deve ter no máximo 5 MB."] });
    await expectAlive();
    // And an ordinary change still works.
    expect((await ong.patch(url, { cidade: "Niterói" })).status).toBe(200);
  });
});
