import { beforeAll, describe, expect, it } from "vitest";
import { Client } from "../support/app";
import { useServerProcess, type RunningServer } from "../support/server-process";
import { STARTUP_STEPS } from "../../server/startup-clock";

/** The built server's log, as a real process writes it: JSON lines, no personal data. */
describe.skipIf(Boolean(process.env.DATABASE_URL))("the server's log", () => {
  const running = useServerProcess({ DEMO_DATA: "true", REQUEST_LOG: "on" });
  let server: RunningServer;
  let base: string;

  beforeAll(() => {
    server = running.current();
    base = `${server.baseUrl}/adopet`;
  });

  const lines = () =>
    server
      .output()
      .split("\n")
      .filter((line) => line.trim() !== "");

  it("is one JSON object a line, with a line per request carrying its id, path, status and duration", async () => {
    const echoed = await fetch(`${base}/api/pets?cidade=Niter%C3%B3i`, { headers: { "X-Request-Id": "pedido-123" } });
    expect(echoed.headers.get("x-request-id")).toBe("pedido-123");
    const forged = await fetch(`${base}/healthz`, { headers: { "X-Request-Id": 'x"},{"level":"fatal' } });
    const generated = forged.headers.get("x-request-id")!;
    expect(generated).toMatch(/^[0-9a-f-]{36}$/);

    await expect.poll(() => lines().some((line) => line.includes(generated)), { timeout: 10_000 }).toBe(true);
    const entries = lines().map((line) => JSON.parse(line) as Record<string, unknown>);
    const request = entries.find((entry) => (entry.req as { id?: string } | undefined)?.id === "pedido-123")!;
    expect(request).toMatchObject({
      level: "info",
      req: { id: "pedido-123", method: "GET", path: "/adopet/api/pets" },
      res: { status: 200 },
    });
    expect(typeof request.responseTime).toBe("number");
    expect(JSON.stringify(request)).not.toContain("Niter");
    expect(entries.some((entry) => entry.level === "fatal")).toBe(false);
  });

  it("says, as it listens, how long each step of starting took (what npm run bench prints)", () => {
    const listening = lines()
      .map((line) => JSON.parse(line) as { msg?: string; startup?: Record<string, number> })
      .find((entry) => entry.msg?.startsWith("Adopet em"));
    const steps = Object.keys(listening?.startup ?? {});
    // In the order they happen; the demo data only when it was loaded by this start.
    expect(steps.filter((step) => step !== "demo")).toEqual(STARTUP_STEPS.filter((step) => step !== "demo"));
    expect(Object.values(listening!.startup!).every((ms) => Number.isInteger(ms) && ms >= 0)).toBe(true);
  });

  it("answers requests outside /adopet, and posts to pages without an action, with no error logged", async () => {
    const outside = await fetch(`${server.baseUrl}/foo`, { headers: { "X-Request-Id": "fora-1" } });
    expect(outside.status).toBe(404);
    expect(await outside.text()).toContain("Página não encontrada");
    const posted = await fetch(`${server.baseUrl}/foo/bar`, { method: "POST", headers: { "X-Request-Id": "fora-2" } });
    expect(posted.status).toBe(404);
    const noAction = await fetch(`${base}/privacidade`, {
      method: "POST",
      headers: { "X-Request-Id": "sem-acao", Origin: server.baseUrl },
    });
    expect(noAction.status).toBe(405);
    await expect.poll(() => lines().some((line) => line.includes("sem-acao")), { timeout: 10_000 }).toBe(true);
    const entries = lines().map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(entries.filter((entry) => entry.level === "error")).toEqual([]);
    expect(lines().some((line) => line.includes("[object Object]"))).toBe(false);
  });

  it("never holds an e-mail, a phone, a password, a cookie, an authorization or what someone wrote", async () => {
    const secrets = {
      email: "segredo.pessoal@exemplo.com",
      senha: "Senha@Secreta1",
      telefone: "21 97654-3210",
      texto: "Meu endereço é Rua Sigilosa, 42",
      cookie: "adopet_sessao=biscoito-secreto",
      authorization: "Bearer token-secreto",
    };
    const client = new Client(base);
    await client.post("/api/session", { email: secrets.email, senha: secrets.senha });
    await client.post(
      "/login",
      `email=${encodeURIComponent(secrets.email)}&senha=${encodeURIComponent(secrets.senha)}`,
      {
        "Content-Type": "application/x-www-form-urlencoded",
      },
    );
    const feed = await client.get("/api/pets?limit=1");
    const petId = (feed.json.pets as { id: string }[])[0]!.id;
    const sent = await client.post("/api/messages", {
      petId,
      nome: "Pessoa Reservada",
      telefone: secrets.telefone,
      nome__animal: "Qualquer",
      contato__texto: secrets.texto,
    });
    expect(sent.status).toBe(201);
    await client.request("GET", "/api/messages", undefined, {
      Cookie: secrets.cookie,
      Authorization: secrets.authorization,
    });
    await client.post("/api/users", { email: secrets.email, nome: "Pessoa Reservada", senha: secrets.senha });
    // The notice e-mail (logged as due, without SMTP) is written after the answer.
    await expect
      .poll(() => lines().some((line) => line.includes("email não enviado") && line.includes("Nova mensagem")), {
        timeout: 10_000,
      })
      .toBe(true);

    const log = server.output();
    for (const [what, value] of Object.entries(secrets)) expect(log, what).not.toContain(value);
    expect(log).not.toContain("biscoito-secreto");
    expect(log).not.toContain("Reservada");
    for (const line of lines()) expect(() => JSON.parse(line)).not.toThrow();
  });
});
