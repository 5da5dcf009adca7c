import sharp from "sharp";
import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { images, sessions, users } from "~/db/schema";
import { MESSAGES, PLACE_MESSAGES } from "~/validation/messages";
import { Client, startTestApp, type TestApp } from "../support/app";

const SENHA = "Abc@123";
let app: TestApp;
const responses: string[] = [];

/** Every body this file receives, to prove none carries a password or a hash. */
function keep<T extends { text: string }>(response: T): T {
  responses.push(response.text);
  return response;
}

async function signUp(client: Client, email: string, nome = "Ana Lúcia") {
  const response = keep(await client.post("/api/users", { email, nome, senha: SENHA }));
  expect(response.status).toBe(201);
  return response.json as { id: string; email: string };
}

async function signIn(client: Client, email: string, senha = SENHA) {
  return keep(await client.post("/api/session", { email, senha }));
}

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app.close();
});

describe("POST /api/users", () => {
  it("creates an account and answers 201 with the public user, never the password", async () => {
    const client = new Client(app.baseUrl);
    const response = keep(
      await client.post("/api/users", { email: "nova@exemplo.com", nome: "Nova Pessoa", senha: SENHA }),
    );
    expect(response.status).toBe(201);
    expect(response.json).toMatchObject({ email: "nova@exemplo.com", nome: "Nova Pessoa", foto: null });
    expect(response.json).not.toHaveProperty("senha");
    expect(response.headers.get("location")).toBe(`/adopet/api/users/${response.json.id}`);
    const [row] = await app.db.select().from(users).where(eq(users.email, "nova@exemplo.com"));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it("answers 409 for an e-mail already registered, whatever its case", async () => {
    const client = new Client(app.baseUrl);
    await signUp(client, "repetida@exemplo.com");
    const response = keep(
      await client.post("/api/users", { email: "REPETIDA@exemplo.com", nome: "Outra", senha: SENHA }),
    );
    expect(response.status).toBe(409);
    expect(response.json.errors).toEqual({ email: [MESSAGES.email.taken] });
  });

  it("answers 400 with each field's messages in Portuguese", async () => {
    const client = new Client(app.baseUrl);
    const response = keep(
      await client.post("/api/users", { email: "não-é-email", nome: "R2-D2", senha: "abcdefghijklmnop" }),
    );
    expect(response.status).toBe(400);
    expect(response.json.errors).toEqual({
      email: [MESSAGES.email.format],
      nome: [MESSAGES.nome.pattern],
      senha: [MESSAGES.senha.max, MESSAGES.senha.pattern],
    });
  });

  it("refuses missing fields, wrong types and unknown fields, writing nothing", async () => {
    const client = new Client(app.baseUrl);
    const [before] = await app.db.select({ total: count() }).from(users);
    const cases: [unknown, Record<string, string[]>][] = [
      [{}, { email: [MESSAGES.email.required], nome: [MESSAGES.nome.required], senha: [MESSAGES.senha.required] }],
      [
        { email: 42, nome: ["Ana"], senha: { a: 1 } },
        {
          email: ["Este campo deve ser um texto."],
          nome: ["Este campo deve ser um texto."],
          senha: ["Este campo deve ser um texto."],
        },
      ],
      [{ email: "a@b.com", nome: "Ana", senha: SENHA, admin: true }, { admin: ["Campo desconhecido."] }],
    ];
    for (const [body, errors] of cases) {
      const response = keep(await client.post("/api/users", body));
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.json.errors).toEqual(errors);
    }
    const [after] = await app.db.select({ total: count() }).from(users);
    expect(after!.total).toBe(before!.total);
  });

  it("refuses malformed JSON, other content types and oversized bodies with 4xx", async () => {
    const client = new Client(app.baseUrl);
    const malformed = keep(await client.post("/api/users", '{"email": ', { "Content-Type": "application/json" }));
    expect(malformed.status).toBe(400);
    expect(malformed.json.message).toBe("JSON inválido.");

    const form = keep(
      await client.post("/api/users", "email=a@b.com", { "Content-Type": "application/x-www-form-urlencoded" }),
    );
    expect(form.status).toBe(415);

    const huge = keep(await client.post("/api/users", { email: "a@b.com", nome: "x".repeat(100_000), senha: SENHA }));
    expect(huge.status).toBe(413);
    expect(huge.json.message).toBe("Os dados enviados são grandes demais.");
  });

  it("gives one account to repeated sign-ups with the same e-mail", async () => {
    const client = new Client(app.baseUrl);
    const body = { email: "corrida@exemplo.com", nome: "Corrida", senha: SENHA };
    // A form sent three times. Two sign-ups at the same moment are tests/integration/overlaps.test.ts's, on PostgreSQL.
    const answers = [];
    for (let attempt = 0; attempt < 3; attempt++) answers.push(await client.post("/api/users", body));
    expect(answers.map((answer) => answer.status)).toEqual([201, 409, 409]);
    const [row] = await app.db
      .select({ total: count() })
      .from(users)
      .where(sql`lower(email) = 'corrida@exemplo.com'`);
    expect(row!.total).toBe(1);
  });
});

describe("/api/session", () => {
  it("logs in with the specification's messages for an unknown e-mail and a wrong password", async () => {
    const client = new Client(app.baseUrl);
    await signUp(client, "login@exemplo.com");
    await signUp(new Client(app.baseUrl), "outra@exemplo.com");

    const unknown = await signIn(client, "ninguem@exemplo.com");
    expect(unknown.status).toBe(400);
    expect(unknown.json.errors).toEqual({ email: [MESSAGES.email.unknown] });

    const wrong = await signIn(client, "login@exemplo.com", "Errada@1");
    expect(wrong.status).toBe(400);
    expect(wrong.json.errors).toEqual({ senha: [MESSAGES.senha.wrong] });

    const ok = await signIn(client, "LOGIN@exemplo.com");
    expect(ok.status).toBe(200);
    expect(ok.json.email).toBe("login@exemplo.com");
  });

  it("keeps the session in an httpOnly, SameSite=Lax cookie, stored only as a hash", async () => {
    const client = new Client(app.baseUrl);
    const user = await signUp(client, "cookie@exemplo.com");
    const response = await signIn(client, "cookie@exemplo.com");
    const setCookie = response.headers.get("set-cookie")!;
    expect(setCookie).toMatch(/^adopet_sessao=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Path=\/adopet/);
    // Plain HTTP at a plain-HTTP address (a local network): no Secure, or the browser would drop it.
    expect(setCookie).not.toMatch(/Secure/i);

    const token = decodeURIComponent(client.cookie("adopet_sessao")!);
    const rows = await app.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.tokenHash).not.toBe(token);
    expect(JSON.stringify(rows)).not.toContain(token.slice(0, 20));
  });

  it("marks the cookies Secure whenever PUBLIC_URL is https, even when the request reaches it as plain HTTP", async () => {
    // Behind a proxy that TRUST_PROXY does not name, every request looks like plain HTTP.
    const behindProxy = await startTestApp({ PUBLIC_URL: "https://adopet.example" });
    try {
      const client = new Client(behindProxy.baseUrl);
      await signUp(client, "seguro@exemplo.com");
      const login = await signIn(client, "seguro@exemplo.com");
      expect(login.status).toBe(200);
      const cookies = login.headers.getSetCookie();
      expect(cookies.map((cookie) => cookie.split("=")[0])).toEqual(["adopet_sessao", "dispositivo_adopet"]);
      for (const cookie of cookies) expect(cookie).toMatch(/;\s*Secure/i);
      const logout = await client.delete("/api/session");
      expect(logout.headers.get("set-cookie")).toMatch(/;\s*Secure/i);
    } finally {
      await behindProxy.close();
    }
  });

  it("answers GET with the current user or 401, and DELETE ends the session for good", async () => {
    const client = new Client(app.baseUrl);
    expect((await client.get("/api/session")).status).toBe(401);
    const user = await signUp(client, "sessao@exemplo.com");
    await signIn(client, "sessao@exemplo.com");
    const current = keep(await client.get("/api/session"));
    expect(current.status).toBe(200);
    expect(current.json).toMatchObject({ id: user.id, email: "sessao@exemplo.com" });

    // A copy of the cookie, as an attacker holding it would replay it.
    const stolen = client.cookie("adopet_sessao")!;
    expect((await client.delete("/api/session")).status).toBe(204);
    expect((await client.get("/api/session")).status).toBe(401);
    const replay = await fetch(`${app.baseUrl}/api/session`, { headers: { Cookie: `adopet_sessao=${stolen}` } });
    expect(replay.status).toBe(401);
  });

  it("starts a new session at each login (no fixation)", async () => {
    const client = new Client(app.baseUrl);
    await signUp(client, "fixacao@exemplo.com");
    await signIn(client, "fixacao@exemplo.com");
    const first = client.cookie("adopet_sessao");
    await signIn(client, "fixacao@exemplo.com");
    const second = client.cookie("adopet_sessao");
    expect(second).not.toBe(first);
    const replay = await fetch(`${app.baseUrl}/api/session`, { headers: { Cookie: `adopet_sessao=${first}` } });
    expect(replay.status).toBe(401);
  });

  it("limits failed logins per account with 429 and a Portuguese message, even for the right password", async () => {
    const client = new Client(app.baseUrl);
    await signUp(client, "alvo@exemplo.com");
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await signIn(client, "alvo@exemplo.com", `Errada@${attempt}`)).status).toBe(400);
    }
    const limited = await signIn(client, "alvo@exemplo.com");
    expect(limited.status).toBe(429);
    expect(limited.json.message).toMatch(/^Muitas tentativas de login\. Tente novamente em \d+ minutos?\.$/);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another account from another client is not affected.
    await signUp(client, "vizinha@exemplo.com");
    expect((await signIn(new Client(app.baseUrl), "vizinha@exemplo.com")).status).toBe(200);
  });

  it("gives a burst of guesses sent at once no more tries than guesses sent one by one", async () => {
    const own = await startTestApp();
    try {
      const client = new Client(own.baseUrl);
      expect(
        (await client.post("/api/users", { email: "rajada@exemplo.com", nome: "Rita", senha: SENHA })).status,
      ).toBe(201);
      const guesses = await Promise.all(
        Array.from({ length: 15 }, (_, index) =>
          new Client(own.baseUrl).post("/api/session", { email: "rajada@exemplo.com", senha: `Errada@${index}` }),
        ),
      );
      expect(guesses.map((guess) => guess.status).sort()).toEqual([
        ...Array<number>(10).fill(400),
        ...Array<number>(5).fill(429),
      ]);
      expect((await client.post("/api/session", { email: "rajada@exemplo.com", senha: SENHA })).status).toBe(429);
    } finally {
      await own.close();
    }
  });
});

describe("/api/users/:id", () => {
  let ana: Client;
  let bruno: Client;
  let anaId: string;
  let brunoId: string;

  beforeAll(async () => {
    ana = new Client(app.baseUrl);
    bruno = new Client(app.baseUrl);
    anaId = (await signUp(ana, "ana.perfil@exemplo.com", "Ana")).id;
    brunoId = (await signUp(bruno, "bruno.perfil@exemplo.com", "Bruno")).id;
    await signIn(ana, "ana.perfil@exemplo.com");
    await signIn(bruno, "bruno.perfil@exemplo.com");
    expect((await ana.patch(`/api/users/${anaId}`, { telefone: "21 98765-4321", cidade: "Niterói" })).status).toBe(200);
  });

  it("shows your own record in full", async () => {
    const response = keep(await ana.get(`/api/users/${anaId}`));
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({
      id: anaId,
      email: "ana.perfil@exemplo.com",
      telefone: "21 98765-4321",
      cidade: "Niterói",
      uf: "RJ",
      cidade_ibge: 3303302,
    });
  });

  it("takes a city from the IBGE list, resolved from what was typed, or says why not", async () => {
    const typed = keep(await ana.patch(`/api/users/${anaId}`, { cidade: "campos do jordao" }));
    expect(typed.json).toMatchObject({ cidade: "Campos do Jordão", uf: "SP", cidade_ibge: 3509700 });
    const unknown = keep(await ana.patch(`/api/users/${anaId}`, { cidade: "Atlântida Perdida" }));
    expect(unknown.status).toBe(400);
    expect(unknown.json.errors).toEqual({ cidade: [PLACE_MESSAGES.unknown] });
    const ambiguous = keep(await ana.patch(`/api/users/${anaId}`, { cidade: "Bom Jesus" }));
    expect(ambiguous.json.errors).toEqual({ cidade: [PLACE_MESSAGES.ambiguous] });
    const withState = keep(await ana.patch(`/api/users/${anaId}`, { cidade: "Bom Jesus (PI)" }));
    expect(withState.json).toMatchObject({ cidade: "Bom Jesus", uf: "PI" });
    expect((await ana.patch(`/api/users/${anaId}`, { cidade: "Niterói" })).status).toBe(200);
  });

  it("shows only public fields of someone else, to a user or an anonymous visitor", async () => {
    for (const client of [bruno, new Client(app.baseUrl)]) {
      const response = keep(await client.get(`/api/users/${anaId}`));
      expect(response.status).toBe(200);
      expect(Object.keys(response.json).sort()).toEqual([
        "cidade",
        "cidade_ibge",
        "foto",
        "id",
        "nome",
        "nome_publico",
        "perfil__sobre",
        "tipo",
        "uf",
        "verificada",
      ]);
      expect(response.text).not.toContain("98765");
      expect(response.text).not.toContain("ana.perfil@");
    }
  });

  it("answers 404 for an unknown or malformed id", async () => {
    expect((await ana.get("/api/users/00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await ana.get("/api/users/1%20or%201=1")).status).toBe(404);
  });

  it("lets only the owner change a record: 401 anonymous, 403 another user, nothing written", async () => {
    expect((await new Client(app.baseUrl).patch(`/api/users/${anaId}`, { nome: "Invasor" })).status).toBe(401);
    const forbidden = keep(await bruno.patch(`/api/users/${anaId}`, { nome: "Invasor" }));
    expect(forbidden.status).toBe(403);
    expect(forbidden.json.message).toBe("Você só pode alterar o seu próprio perfil.");
    const [row] = await app.db.select().from(users).where(eq(users.id, anaId));
    expect(row!.nome).toBe("Ana");
  });

  it("validates changes with the profile's rules", async () => {
    const response = keep(
      await ana.patch(`/api/users/${anaId}`, { telefone: "0800 123", cidade: "X", perfil__sobre: "a".repeat(301) }),
    );
    expect(response.status).toBe(400);
    expect(response.json.errors).toEqual({
      telefone: [MESSAGES.telefone.pattern],
      cidade: [MESSAGES.cidade.min],
      perfil__sobre: [MESSAGES.perfilSobre.max],
    });
  });

  it("stores a photo sent as a data URL, checked by content, without its metadata", async () => {
    const png = await sharp({ create: { width: 600, height: 600, channels: 3, background: "#36d6ad" } })
      .png()
      .withExif({ IFD3: { GPSLatitudeRef: "S", GPSLatitude: "22/1 54/1 0/1" } })
      .toBuffer();
    const response = keep(
      await bruno.patch(`/api/users/${brunoId}`, { foto__upload: `data:image/png;base64,${png.toString("base64")}` }),
    );
    expect(response.status).toBe(200);
    const foto = response.json.foto as string;
    expect(foto).toMatch(/^\/adopet\/imagens\/[0-9a-f-]{36}\/320\.webp$/);
    const image = await fetch(`${app.baseUrl.replace(/\/adopet$/, "")}${foto}`);
    expect(image.status).toBe(200);
    const metadata = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect(metadata.format).toBe("webp");
    expect(metadata.exif).toBeUndefined();
  });

  it("refuses a file that only pretends to be an image, keeping the old photo", async () => {
    const [before] = await app.db.select({ photoId: users.photoId }).from(users).where(eq(users.id, brunoId));
    const fake = Buffer.from("<?php system($_GET['c']); ?>").toString("base64");
    const response = keep(
      await bruno.patch(`/api/users/${brunoId}`, { foto__upload: `data:image/png;base64,${fake}` }),
    );
    expect(response.status).toBe(400);
    expect(response.json.errors).toEqual({ foto__upload: [MESSAGES.foto.type] });
    const [after] = await app.db.select({ photoId: users.photoId }).from(users).where(eq(users.id, brunoId));
    expect(after!.photoId).toBe(before!.photoId);
    const gif = keep(
      await bruno.patch(`/api/users/${brunoId}`, { foto__upload: "data:image/gif;base64,R0lGODlhAQABAAAAACw=" }),
    );
    expect(gif.status).toBe(400);
  });

  it("removes the photo, deleting the stored image", async () => {
    const [before] = await app.db.select({ photoId: users.photoId }).from(users).where(eq(users.id, brunoId));
    const response = keep(await bruno.patch(`/api/users/${brunoId}`, { foto__upload: null }));
    expect(response.status).toBe(200);
    expect(response.json.foto).toBeNull();
    expect(await app.db.select().from(images).where(eq(images.id, before!.photoId!))).toHaveLength(0);
  });

  it("answers 405 for methods it does not have", async () => {
    const response = await ana.request("PUT", `/api/users/${anaId}`, { nome: "Ana" });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, PATCH, DELETE");
  });
});

describe("GET /api/users", () => {
  it("never lists accounts: 401 anonymous, 403 signed in", async () => {
    const anonymous = keep(await new Client(app.baseUrl).get("/api/users"));
    expect(anonymous.status).toBe(401);
    const client = new Client(app.baseUrl);
    await signUp(client, "lista@exemplo.com");
    await signIn(client, "lista@exemplo.com");
    const signedIn = keep(await client.get("/api/users"));
    expect(signedIn.status).toBe(403);
    expect(signedIn.json).toEqual({ message: "A lista de usuários não é pública." });
  });
});

describe("every response of this file", () => {
  it("holds no password and no password hash", () => {
    expect(responses.length).toBeGreaterThan(20);
    for (const body of responses) {
      expect(body).not.toContain(SENHA);
      expect(body).not.toContain("$argon2");
      expect(body).not.toMatch(/"(senha|password|passwordHash|password_hash)"\s*:\s*"/i);
    }
  });
});

describe("changing the password", () => {
  it("needs the current password, then ends every other session and keeps this one", async () => {
    const laptop = new Client(app.baseUrl);
    const phone = new Client(app.baseUrl);
    await signUp(laptop, "troca@exemplo.com");
    await signIn(laptop, "troca@exemplo.com");
    await signIn(phone, "troca@exemplo.com");
    const form = (fields: Record<string, string>) =>
      laptop.post("/perfil/senha", new URLSearchParams(fields).toString(), {
        "Content-Type": "application/x-www-form-urlencoded",
      });

    const wrong = await form({ senha__atual: "Errada@9", senha: "Nova@456", senha__confirma: "Nova@456" });
    expect(wrong.status).toBe(400);
    expect(wrong.text).toContain("A senha atual não confere.");
    expect(wrong.text).not.toContain("Nova@456");
    expect((await phone.get("/api/session")).status).toBe(200);

    const changed = await form({ senha__atual: SENHA, senha: "Nova@456", senha__confirma: "Nova@456" });
    expect(changed.status).toBe(302);
    expect(changed.headers.get("location")).toBe("/adopet/perfil");
    expect((await laptop.get("/api/session")).status).toBe(200);
    expect((await phone.get("/api/session")).status).toBe(401);
    expect((await signIn(new Client(app.baseUrl), "troca@exemplo.com")).status).toBe(400);
    expect((await signIn(new Client(app.baseUrl), "troca@exemplo.com", "Nova@456")).status).toBe(200);
  });

  it("does the same through the API, for one's own account only", async () => {
    const laptop = new Client(app.baseUrl);
    const phone = new Client(app.baseUrl);
    const user = await signUp(laptop, "troca.api@exemplo.com");
    await signIn(laptop, "troca.api@exemplo.com");
    await signIn(phone, "troca.api@exemplo.com");
    const url = `/api/users/${user.id}/senha`;
    const put = (client: Client, body: unknown) => client.request("PUT", url, body);

    const wrong = await put(laptop, { senha__atual: "Errada@9", senha: "Nova@456", senha__confirma: "Nova@456" });
    expect([wrong.status, wrong.json.errors]).toEqual([400, { senha__atual: ["A senha atual não confere."] }]);
    const differs = await put(laptop, { senha__atual: SENHA, senha: "Nova@456", senha__confirma: "Outra@456" });
    expect([differs.status, Object.keys(differs.json.errors as object)]).toEqual([400, ["senha__confirma"]]);
    const stranger = new Client(app.baseUrl);
    await signUp(stranger, "outra.api@exemplo.com");
    await signIn(stranger, "outra.api@exemplo.com");
    expect((await put(stranger, { senha__atual: SENHA, senha: "Nova@456", senha__confirma: "Nova@456" })).status).toBe(
      403,
    );
    expect((await put(new Client(app.baseUrl), { senha__atual: SENHA })).status).toBe(401);
    expect((await phone.get("/api/session")).status).toBe(200);

    const changed = await put(laptop, { senha__atual: SENHA, senha: "Nova@456", senha__confirma: "Nova@456" });
    expect(changed.status).toBe(204);
    expect((await laptop.get("/api/session")).status).toBe(200);
    expect((await phone.get("/api/session")).status).toBe(401);
    expect((await signIn(new Client(app.baseUrl), "troca.api@exemplo.com", "Nova@456")).status).toBe(200);
  });
});

describe("session expiry", () => {
  it("an expired session is no session", async () => {
    const client = new Client(app.baseUrl);
    const user = await signUp(client, "expira@exemplo.com");
    await signIn(client, "expira@exemplo.com");
    expect((await client.get("/api/session")).status).toBe(200);
    await app.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user.id));
    expect((await client.get("/api/session")).status).toBe(401);
  });
});
