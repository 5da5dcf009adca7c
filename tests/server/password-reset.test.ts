import { randomBytes } from "node:crypto";
import { simpleParser, type ParsedMail } from "mailparser";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, DEFAULT_PASSWORD } from "../support/factories";
import { passwordResets } from "~/db/schema";
import { forgetOldResets, resetPassword } from "~/domain/accounts/password-reset.server";
import { RESET_MESSAGES } from "~/validation/accounts";
import { MESSAGES } from "~/validation/messages";
import { Client, startAppWithMail, type TestApp } from "../support/app";
import type { SmtpPeer } from "../support/smtp-peer";

/** `Esqueci minha senha` (issue 22): the same answer for everyone, a link for an hour and once, sessions ended. */
const PUBLIC_URL = "https://adote.exemplo.org";
const NEW_PASSWORD = "Nova@2026";
let app: TestApp;
let smtp: SmtpPeer;

beforeAll(async () => {
  // Each test asks from an address of its own (the limit per client is 10 an hour).
  ({ app, smtp } = await startAppWithMail({ PUBLIC_URL, TRUST_PROXY: "loopback" }));
});

afterAll(() => app?.close());

async function mailTo(to: string): Promise<ParsedMail[]> {
  // Addresses as stored: the account may have capitals that the request had not.
  const sent = smtp.received.filter((message) => message.to.some((address) => address.toLowerCase() === to));
  return Promise.all(sent.map((message) => simpleParser(message.data)));
}

let address = 1;
const fromNewAddress = () => ({ "X-Forwarded-For": `198.51.100.${address++}` });

/** Asks for a link for `email` and waits for its e-mail; the link's token. */
async function askLink(email: string): Promise<string> {
  const before = (await mailTo(email)).length;
  const asked = await new Client(app.baseUrl).post("/api/senha/esqueci", { email }, fromNewAddress());
  expect([asked.status, asked.json.message]).toEqual([202, RESET_MESSAGES.sent]);
  await expect.poll(async () => (await mailTo(email)).length, { timeout: 20_000 }).toBe(before + 1);
  const mail = (await mailTo(email)).at(-1)!;
  expect(mail.subject).toBe("Crie uma nova senha na Adopet");
  const link = new RegExp(`${PUBLIC_URL}/adopet/senha/nova\\?token=([A-Za-z0-9_-]{43})`).exec(mail.text ?? "");
  expect(link).not.toBeNull();
  return link![1]!;
}

describe("asking for a link", () => {
  it("answers 202 with the same words whether or not the account exists, and e-mails only an account", async () => {
    const user = await createUser(app.db, { email: "Rita.Reset@exemplo.com", nome: "Rita" });
    const unknown = await new Client(app.baseUrl).post(
      "/api/senha/esqueci",
      { email: "ninguem@exemplo.com" },
      fromNewAddress(),
    );
    expect([unknown.status, unknown.json]).toEqual([202, { message: RESET_MESSAGES.sent }]);
    // Any case of the address finds the account.
    const token = await askLink("rita.reset@exemplo.com");
    expect(token).toHaveLength(43);
    expect(await mailTo("ninguem@exemplo.com")).toEqual([]);
    // Only the token's hash is stored.
    const rows = await app.db.select().from(passwordResets).where(eq(passwordResets.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it("refuses a malformed request with a Portuguese message", async () => {
    const client = new Client(app.baseUrl);
    const bad = await client.post("/api/senha/esqueci", { email: "nao-e-email" });
    expect([bad.status, bad.json.errors]).toEqual([400, { email: [MESSAGES.email.format] }]);
    const extra = await client.post("/api/senha/esqueci", { email: "a@b.com", admin: true });
    expect(extra.status).toBe(400);
  });

  it("limits an account to 3 links an hour without saying so, and a client to 10", async () => {
    await createUser(app.db, { email: "limite.reset@exemplo.com", nome: "Lia" });
    const client = new Client(app.baseUrl);
    const headers = { "X-Forwarded-For": "203.0.113.77" };
    const answers: number[] = [];
    for (let index = 0; index < 5; index += 1) {
      answers.push((await client.post("/api/senha/esqueci", { email: "limite.reset@exemplo.com" }, headers)).status);
    }
    expect(answers).toEqual([202, 202, 202, 202, 202]);
    await expect.poll(async () => (await mailTo("limite.reset@exemplo.com")).length, { timeout: 20_000 }).toBe(3);
    // The client's own limit is said, without a word about any account.
    const more: number[] = [];
    for (let index = 0; index < 5; index += 1) {
      more.push((await client.post("/api/senha/esqueci", { email: `x${index}@exemplo.com` }, headers)).status);
    }
    expect(more).toEqual([202, 202, 202, 202, 202]);
    const limited = await client.post("/api/senha/esqueci", { email: "y@exemplo.com" }, headers);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(limited.json.message).toMatch(
      /^Muitos pedidos de nova senha feitos a partir desta conexão\. Tente novamente/,
    );
  });
});

describe("setting the new password", () => {
  it("sets it once, ends every session, and the old password no longer logs in", async () => {
    await createUser(app.db, { email: "bia.reset@exemplo.com", nome: "Bia" });
    const session = new Client(app.baseUrl);
    expect(
      (await session.post("/api/session", { email: "bia.reset@exemplo.com", senha: DEFAULT_PASSWORD })).status,
    ).toBe(200);
    const token = await askLink("bia.reset@exemplo.com");
    const client = new Client(app.baseUrl);
    const mismatch = await client.post("/api/senha/nova", {
      token,
      senha: NEW_PASSWORD,
      senha__confirma: "Outra@2026",
    });
    expect([mismatch.status, mismatch.json.errors]).toEqual([
      400,
      { senha__confirma: [MESSAGES.senhaConfirma.differs] },
    ]);
    const weak = await client.post("/api/senha/nova", { token, senha: "fraca", senha__confirma: "fraca" });
    expect(weak.status).toBe(400);
    expect(weak.json.errors).toHaveProperty("senha");

    const done = await client.post("/api/senha/nova", { token, senha: NEW_PASSWORD, senha__confirma: NEW_PASSWORD });
    expect(done.status).toBe(204);
    // Every session ended; the new password logs in, the old one not.
    expect((await session.get("/api/session")).status).toBe(401);
    expect(
      (await client.post("/api/session", { email: "bia.reset@exemplo.com", senha: DEFAULT_PASSWORD })).status,
    ).toBe(400);
    expect((await client.post("/api/session", { email: "bia.reset@exemplo.com", senha: NEW_PASSWORD })).status).toBe(
      200,
    );
    // Once.
    const again = await client.post("/api/senha/nova", { token, senha: "Outra@2026", senha__confirma: "Outra@2026" });
    expect([again.status, again.json.message]).toEqual([400, RESET_MESSAGES.invalidToken]);
  });

  it("refuses a link past its hour, by the clock given, and an unknown one", async () => {
    await createUser(app.db, { email: "caio.reset@exemplo.com", nome: "Caio" });
    const token = await askLink("caio.reset@exemplo.com");
    const later = new Date(Date.now() + 61 * 60_000);
    const expired = await resetPassword(app.db, { token, senha: NEW_PASSWORD }, "203.0.113.200", later);
    expect(expired).toEqual({ ok: false, failure: { kind: "invalid", field: "token", reason: "reset-token" } });
    const unknown = await new Client(app.baseUrl).post("/api/senha/nova", {
      token: "A".repeat(43),
      senha: NEW_PASSWORD,
      senha__confirma: NEW_PASSWORD,
    });
    expect([unknown.status, unknown.json.message]).toEqual([400, RESET_MESSAGES.invalidToken]);
    const malformed = await new Client(app.baseUrl).post("/api/senha/nova", {
      token: "curto",
      senha: NEW_PASSWORD,
      senha__confirma: NEW_PASSWORD,
    });
    expect([malformed.status, malformed.json.errors]).toEqual([400, { token: [RESET_MESSAGES.invalidToken] }]);
    // Within the hour it works; a day after, the purge forgets the link.
    expect(
      (await resetPassword(app.db, { token, senha: NEW_PASSWORD }, "203.0.113.200", new Date(Date.now() + 59 * 60_000)))
        .ok,
    ).toBe(true);
    expect(await forgetOldResets(app.db, new Date(Date.now() + 26 * 60 * 60_000))).toBeGreaterThanOrEqual(1);
  });
});

describe("made-up links", () => {
  it("are refused with today's words, and a client is limited to 20 tries an hour, on the API and the page", async () => {
    const headers = { "X-Forwarded-For": "203.0.113.88" };
    const madeUp = () => randomBytes(32).toString("base64url");
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        new Client(app.baseUrl).post(
          "/api/senha/nova",
          { token: madeUp(), senha: NEW_PASSWORD, senha__confirma: NEW_PASSWORD },
          headers,
        ),
      ),
    );
    for (const answer of answers)
      expect([answer.status, answer.json.message]).toEqual([400, RESET_MESSAGES.invalidToken]);
    const limited = await new Client(app.baseUrl).post(
      "/api/senha/nova",
      { token: madeUp(), senha: NEW_PASSWORD, senha__confirma: NEW_PASSWORD },
      headers,
    );
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(limited.json.message).toMatch(
      /^Muitas tentativas de criar nova senha a partir desta conexão\. Tente novamente em \d+ minutos?\.$/,
    );
    const page = await new Client(app.baseUrl).post(
      "/senha/nova",
      new URLSearchParams({ token: madeUp(), senha: NEW_PASSWORD, senha__confirma: NEW_PASSWORD }).toString(),
      { ...headers, "Content-Type": "application/x-www-form-urlencoded" },
    );
    expect(page.status).toBe(429);
    expect(page.text).toContain("Muitas tentativas de criar nova senha a partir desta conexão. Tente novamente em");
    // The page's own answer to a made-up link, from another address, is today's.
    const other = await new Client(app.baseUrl).post(
      "/senha/nova",
      new URLSearchParams({ token: madeUp(), senha: NEW_PASSWORD, senha__confirma: NEW_PASSWORD }).toString(),
      { "X-Forwarded-For": "203.0.113.89", "Content-Type": "application/x-www-form-urlencoded" },
    );
    expect(other.status).toBe(400);
    expect(other.text).toContain(RESET_MESSAGES.invalidToken);
    // Another client is not limited: a real link works from there.
    await createUser(app.db, { email: "davi.reset@exemplo.com", nome: "Davi" });
    const token = await askLink("davi.reset@exemplo.com");
    const done = await new Client(app.baseUrl).post(
      "/api/senha/nova",
      { token, senha: NEW_PASSWORD, senha__confirma: NEW_PASSWORD },
      { "X-Forwarded-For": "203.0.113.90" },
    );
    expect(done.status).toBe(204);
  });
});
