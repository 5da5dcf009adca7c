import { simpleParser, type ParsedMail } from "mailparser";
import sharp from "sharp";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, DEFAULT_PASSWORD } from "../support/factories";
import { users } from "~/db/schema";
import { CONFIRMATION_MESSAGES } from "~/validation/accounts";
import { NOTICES } from "~/validation/messages";
import { Client, startAppWithMail, type TestApp } from "../support/app";
import type { SmtpPeer } from "../support/smtp-peer";

/**
 * `Confirme seu e-mail` (issue 41, item 11): sign-up e-mails a link; until it is confirmed the
 * account publishes no animal and claims no CNPJ (403, in Portuguese); opening the link changes
 * nothing, its button confirms.
 */
const PUBLIC_URL = "https://adote.exemplo.org";
const SENHA = "Abc@1234";
const FORM = { "Content-Type": "application/x-www-form-urlencoded" };
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
let app: TestApp;
let smtp: SmtpPeer;
let photo: Buffer;

beforeAll(async () => {
  ({ app, smtp } = await startAppWithMail({ PUBLIC_URL }));
  photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#e07a5f" } })
    .jpeg()
    .toBuffer();
});

afterAll(() => app?.close());

async function mailTo(to: string): Promise<ParsedMail[]> {
  const sent = smtp.received.filter((message) => message.to.some((address) => address.toLowerCase() === to));
  return Promise.all(sent.map((message) => simpleParser(message.data)));
}

const LINK = new RegExp(`${PUBLIC_URL}/adopet/email/confirmar\\?token=([0-9a-f-]{36}\\.[A-Za-z0-9_-]{43})`);

/** Waits for the `count`th confirmation e-mail to `email`; its link's token. */
async function confirmationToken(email: string, count = 1): Promise<string> {
  await expect.poll(async () => (await mailTo(email)).length, { timeout: 20_000 }).toBe(count);
  const mail = (await mailTo(email)).at(-1)!;
  expect(mail.subject).toBe("Confirme seu e-mail");
  expect(mail.html).toContain("Confirme seu e-mail");
  const link = LINK.exec(mail.text ?? "");
  expect(link, mail.text).not.toBeNull();
  return link![1]!;
}

/** Signs up through the API and logs in. */
async function signUp(email: string): Promise<{ client: Client; id: string }> {
  const client = new Client(app.baseUrl);
  const created = await client.post("/api/users", { email, nome: "Nina Nova", senha: SENHA });
  expect(created.status, created.text).toBe(201);
  expect(created.json.email_confirmado).toBe(false);
  expect((await client.post("/api/session", { email, senha: SENHA })).status).toBe(200);
  return { client, id: created.json.id as string };
}

function petForm(nome: string) {
  const body = new FormData();
  const fields = {
    nome,
    especie: "cao",
    idade: "4",
    idade__unidade: "meses",
    porte: "medio",
    perfil: "Brincalhona",
    cidade: "Niterói",
    uf: "RJ",
    status: "disponivel",
    sexo: "femea",
  };
  for (const [key, value] of Object.entries(fields)) body.set(key, value);
  body.append("fotos", new File([new Uint8Array(photo)], "nina.jpg", { type: "image/jpeg" }));
  return body;
}

const confirmedAt = async (id: string) =>
  (await app.db.select({ at: users.emailConfirmedAt }).from(users).where(eq(users.id, id)))[0]!.at;

describe("an account whose e-mail is not confirmed", () => {
  it("is e-mailed the link, publishes nothing and claims no CNPJ (403) until the link's button is pressed", async () => {
    const { client, id } = await signUp("nina.nova@exemplo.com");
    const token = await confirmationToken("nina.nova@exemplo.com");

    // Browsing and writing go on; publishing waits, on the API and the page.
    const api = await client.post("/api/pets", petForm("Nina"));
    expect([api.status, api.json.message]).toEqual([403, CONFIRMATION_MESSAGES.required]);
    const newPage = await client.get("/meus-pets/novo");
    expect(newPage.status).toBe(403);
    expect(newPage.text).toContain(CONFIRMATION_MESSAGES.required);
    const page = await client.post("/meus-pets/novo", petForm("Nina"));
    expect(page.status).toBe(403);
    expect(page.text).toContain(CONFIRMATION_MESSAGES.required);
    // Claiming a CNPJ waits too, on the API and the profile page.
    const ong = { tipo: "ong", cnpj: "11.222.333/0001-81", nome_publico: "ONG Nina" };
    const claim = await client.patch(`/api/users/${id}`, ong);
    expect([claim.status, claim.json.message]).toEqual([403, CONFIRMATION_MESSAGES.required]);
    const profileFields = {
      nome: "Nina Nova",
      telefone: "(21) 99876-5432",
      cidade: "Niterói (RJ)",
      perfil__sobre: "Protetora",
    };
    const profile = await client.post("/perfil", form({ ...profileFields, ...ong }), FORM);
    expect(profile.status).toBe(403);
    expect(profile.text).toContain(CONFIRMATION_MESSAGES.required);
    expect((await client.get("/perfil")).text).toContain(CONFIRMATION_MESSAGES.pending);

    // Opening the link (a GET, as a mail program's preview does) shows a button and changes nothing.
    const opened = await new Client(app.baseUrl).get(`/email/confirmar?token=${token}`);
    expect(opened.status).toBe(200);
    expect(opened.text).toContain("Confirmar meu e-mail");
    expect(await confirmedAt(id)).toBeNull();

    // The button confirms, from any browser: a browser not signed in goes to login.
    const confirmed = await new Client(app.baseUrl).post("/email/confirmar", form({ token }), FORM);
    expect([confirmed.status, confirmed.headers.get("location")]).toEqual([302, "/adopet/login"]);
    expect(await confirmedAt(id)).not.toBeNull();
    const again = await client.post("/email/confirmar", form({ token }), FORM);
    expect([again.status, again.headers.get("location")]).toEqual([302, "/adopet/perfil"]);
    expect((await client.get("/perfil")).text).toContain(NOTICES.emailConfirmed);

    const published = await client.post("/api/pets", petForm("Nina"));
    expect(published.status, published.text).toBe(201);
    expect((await client.patch(`/api/users/${id}`, ong)).status).toBe(200);
    expect((await client.get(`/api/users/${id}`)).json.email_confirmado).toBe(true);
  });

  it("refuses a link cut short, forged, or made for another account, and confirms nothing", async () => {
    const { id } = await signUp("rui.link@exemplo.com");
    const token = await confirmationToken("rui.link@exemplo.com");
    const other = await createUser(app.db, { email: "outra.conta@exemplo.com", emailConfirmed: false });
    const [, signature] = token.split(".");
    const visitor = new Client(app.baseUrl);
    for (const bad of [
      token.slice(0, -3),
      `${other.id}.${signature}`,
      `${id}.${"A".repeat(43)}`,
      "",
      "x".repeat(150),
    ]) {
      const answer = await visitor.post("/email/confirmar", form({ token: bad }), FORM);
      expect(answer.status, bad).toBe(400);
      expect(answer.text).toContain(CONFIRMATION_MESSAGES.invalidToken);
    }
    const cut = await visitor.get(`/email/confirmar?token=${token.slice(0, 20)}`);
    expect(cut.text).toContain(CONFIRMATION_MESSAGES.invalidToken);
    expect(await confirmedAt(id)).toBeNull();
    expect(await confirmedAt(other.id)).toBeNull();
  });

  it("asks for the link again from the profile, three times an hour", async () => {
    const { client } = await signUp("bia.reenvio@exemplo.com");
    await confirmationToken("bia.reenvio@exemplo.com");
    for (let resend = 1; resend <= 3; resend += 1) {
      const asked = await client.post("/perfil/confirmacao", "", FORM);
      expect([asked.status, asked.headers.get("location")]).toEqual([302, "/adopet/perfil"]);
      await confirmationToken("bia.reenvio@exemplo.com", 1 + resend);
    }
    const refused = await client.post("/perfil/confirmacao", "", FORM);
    expect(refused.status).toBe(429);
    expect(refused.text).toContain("Você pediu muitos e-mails de confirmação em pouco tempo.");
    // Every link sent works.
    const token = await confirmationToken("bia.reenvio@exemplo.com", 4);
    expect((await client.post("/email/confirmar", form({ token }), FORM)).status).toBe(302);
  });

  it("is asked for again and confirmed through the API too, by the account only", async () => {
    const { client, id } = await signUp("caio.api@exemplo.com");
    await confirmationToken("caio.api@exemplo.com");
    const stranger = await signUp("dora.api@exemplo.com");
    expect((await stranger.client.post(`/api/users/${id}/confirmacao`)).status).toBe(403);
    expect((await new Client(app.baseUrl).post(`/api/users/${id}/confirmacao`)).status).toBe(401);
    expect((await client.post(`/api/users/${id}/confirmacao`)).status).toBe(204);
    const token = await confirmationToken("caio.api@exemplo.com", 2);

    const visitor = new Client(app.baseUrl);
    const cut = await visitor.post("/api/email/confirmar", { token: token.slice(0, -3) });
    expect([cut.status, cut.json.message]).toEqual([400, CONFIRMATION_MESSAGES.invalidToken]);
    expect(await confirmedAt(id)).toBeNull();
    expect((await visitor.post("/api/email/confirmar", { token })).status).toBe(204);
    expect(await confirmedAt(id)).not.toBeNull();
    // Confirmed, asking again sends nothing more.
    expect((await client.post(`/api/users/${id}/confirmacao`)).status).toBe(204);
    expect(await mailTo("caio.api@exemplo.com")).toHaveLength(2);
  });
});

describe("accounts made by the factories (the demo's, the tests')", () => {
  it("are confirmed unless told otherwise", async () => {
    const confirmed = await createUser(app.db, { email: "fabrica@exemplo.com" });
    expect(confirmed.emailConfirmedAt).not.toBeNull();
    const client = new Client(app.baseUrl);
    expect((await client.post("/api/session", { email: "fabrica@exemplo.com", senha: DEFAULT_PASSWORD })).status).toBe(
      200,
    );
    expect((await client.post("/api/pets", petForm("Fábio"))).status).toBe(201);
  });
});
