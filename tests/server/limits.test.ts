import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPet, createUser, DEFAULT_PASSWORD } from "../support/factories";
import { messages, pets, users } from "~/db/schema";
import { CONTACT_MESSAGES } from "~/validation/messages-form";
import { Client, startTestApp, type TestApp } from "../support/app";
import { ANSWERS } from "../support/adoptions";

/**
 * Every limit, through HTTP, behind a proxy the app trusts (TRUST_PROXY=loopback), so
 * each test can speak from addresses of its own with X-Forwarded-For.
 */
let app: TestApp;
let nextAddress = 1;
const newAddress = () => `198.51.100.${nextAddress++}`;
const FORM = { "Content-Type": "application/x-www-form-urlencoded" };

/** A client that always comes from `address`. */
class From extends Client {
  constructor(readonly address = newAddress()) {
    super(app.baseUrl);
  }
  override request(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
    return super.request(method, url, body, { "X-Forwarded-For": this.address, ...headers });
  }
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

beforeAll(async () => {
  app = await startTestApp({
    TRUST_PROXY: "loopback",
    MESSAGE_LIMIT_PER_HOUR: "5",
    MESSAGE_LIMIT_PER_RECIPIENT_PER_HOUR: "3",
  });
});
afterAll(async () => {
  await app.close();
});

async function account(email: string) {
  const user = await createUser(app.db, { email, nome: "Titular" });
  return { ...user, email };
}

async function signIn(client: Client, email: string, senha = DEFAULT_PASSWORD) {
  return client.post("/api/session", { email, senha });
}

describe("failed logins", () => {
  it("from ten addresses bound guessing from strangers, but never lock the owner out of their device, address or session", async () => {
    const owner = await account("titular@exemplo.com");
    const phone = new From();
    expect((await signIn(phone, owner.email)).status).toBe(200);
    expect(phone.cookie("dispositivo_adopet")).toMatch(/^[\w-]{20,}/);

    // Ten wrong passwords, each from an address the account never logged in from.
    for (let guess = 0; guess < 10; guess += 1) {
      expect((await signIn(new From(), owner.email, `Errada@${guess}`)).status).toBe(400);
    }
    // Guessing stays bounded across addresses: a new one is refused, even with the right password.
    const stranger = await signIn(new From(), owner.email);
    expect(stranger.status).toBe(429);
    expect(stranger.json.message).toMatch(/^Muitas tentativas de login\. Tente novamente em \d+ minutos?\.$/);

    // The owner's session still changes the password, on a form page.
    const change = await phone.post(
      "/perfil/senha",
      form({ senha__atual: DEFAULT_PASSWORD, senha: "Nova@123", senha__confirma: "Nova@123" }),
      FORM,
    );
    expect(change.status).toBe(302);
    // The owner's device logs in from an address it never used (a phone on another network).
    const roaming = new From();
    const cookie = `dispositivo_adopet=${phone.cookie("dispositivo_adopet")}`;
    expect(
      (await roaming.post("/api/session", { email: owner.email, senha: "Nova@123" }, { Cookie: cookie })).status,
    ).toBe(200);
    // And from the usual address without the cookie (another browser at home).
    expect((await signIn(new From(phone.address), owner.email, "Nova@123")).status).toBe(200);
  });

  it("at an unknown e-mail keep the specification's message but count as a wrong password (issue 60)", async () => {
    const owner = await account("existe@exemplo.com");
    const unknown = await signIn(new From(), "ninguem.aqui@exemplo.com", "Errada@1");
    expect(unknown.status).toBe(400);
    expect(unknown.json.errors).toEqual({ email: ["Usuário não cadastrado!"] });
    // Its time is a wrong password's: tests/integration/reset-hashing.test.ts.
    // Ten tries at one e-mail from ten addresses, then an eleventh is refused whether or not an
    // account has it: the count tells nobody which e-mails exist.
    for (const email of ["ninguem@exemplo.com", owner.email]) {
      for (let guess = 0; guess < 10; guess += 1) {
        expect((await signIn(new From(), email, `Errada@${guess}`)).status).toBe(400);
      }
      expect((await signIn(new From(), email, "Errada@10")).status, email).toBe(429);
    }
  });

  it("from one device or address the account knows are limited there alone", async () => {
    const owner = await account("conhecido@exemplo.com");
    const home = new From();
    expect((await signIn(home, owner.email)).status).toBe(200);
    for (let guess = 0; guess < 10; guess += 1) {
      expect((await signIn(home, owner.email, `Errada@${guess}`)).status).toBe(400);
    }
    expect((await signIn(home, owner.email)).status).toBe(429);
    // Elsewhere, the stranger's allowance is untouched.
    expect((await signIn(new From(), owner.email)).status).toBe(200);
  });

  it("are limited per client address, 30 every 15 minutes, whichever accounts they try", async () => {
    const robot = new From();
    for (let attempt = 0; attempt < 30; attempt += 1) {
      expect((await signIn(robot, `ninguem${attempt}@exemplo.com`)).status).toBe(400);
    }
    const refused = await signIn(robot, "mais-um@exemplo.com");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // Behind the trusted proxy, the client is the address it states: another one goes on.
    expect((await signIn(new From(), "outro@exemplo.com")).status).toBe(400);
  });
});

describe("password checks in a signed-in session", () => {
  const WRONG = "Errada@1";
  const attempts = [
    {
      name: "perfil/senha",
      send: (client: Client, senha: string) =>
        client.post(
          "/perfil/senha",
          form({ senha__atual: senha, senha: "Nova@123", senha__confirma: "Nova@123" }),
          FORM,
        ),
    },
    {
      name: "perfil/excluir",
      send: (client: Client, senha: string) => client.post("/perfil/excluir", form({ senha__atual: senha }), FORM),
    },
    {
      name: "DELETE /api/users/:id",
      send: (client: Client, senha: string, id?: string) => client.delete(`/api/users/${id}`, { senha }),
    },
  ];

  for (const [index, attempt] of attempts.entries()) {
    it(`are limited per session on ${attempt.name}, 10 every 15 minutes`, async () => {
      const owner = await account(`sessao${index}@exemplo.com`);
      const stolen = new From();
      const own = new From();
      expect((await signIn(stolen, owner.email)).status).toBe(200);
      expect((await signIn(own, owner.email)).status).toBe(200);
      for (let guess = 0; guess < 10; guess += 1) {
        expect((await attempt.send(stolen, WRONG, owner.id)).status).toBe(400);
      }
      const limited = await attempt.send(stolen, DEFAULT_PASSWORD, owner.id);
      expect(limited.status).toBe(429);
      expect(limited.text).toMatch(/Muitas tentativas\. Tente novamente em \d+ minutos?\./);
      expect(await app.db.select().from(users).where(eq(users.id, owner.id))).toHaveLength(1);
      // The owner's own session is untouched by the guesses made in another.
      const done = await attempt.send(own, DEFAULT_PASSWORD, owner.id);
      expect([204, 302]).toContain(done.status);
    });
  }
});

describe("sign-ups", () => {
  it("count every address of one IPv6 /64 as one client (issue 41): one host cannot be twenty people", async () => {
    for (let host = 1; host <= 20; host += 1) {
      const created = await new From(`2001:db8:41:0:${host.toString(16)}::1`).post("/api/users", {
        email: `seis${host}@exemplo.com`,
        nome: "Nova",
        senha: "Abc@123",
      });
      expect(created.status, `host ${host}`).toBe(201);
    }
    const refused = await new From("2001:db8:41::abcd").post("/api/users", {
      email: "seis21@exemplo.com",
      nome: "Nova",
      senha: "Abc@123",
    });
    expect(refused.status).toBe(429);
    expect(refused.json.message).toMatch(/^Muitos cadastros feitos a partir desta conexão\./);
    const elsewhere = await new From("2001:db8:41:1::abcd").post("/api/users", {
      email: "seis22@exemplo.com",
      nome: "Nova",
      senha: "Abc@123",
    });
    expect(elsewhere.status).toBe(201);
  });

  it("are limited per client, 20 an hour, taken e-mails counting too, on the API and the page", async () => {
    const client = new From();
    for (let signup = 0; signup < 19; signup += 1) {
      const created = await client.post("/api/users", {
        email: `novo${signup}@exemplo.com`,
        nome: "Nova",
        senha: "Abc@123",
      });
      expect(created.status).toBe(201);
    }
    // A taken e-mail is told as taken, and counts.
    expect(
      (await client.post("/api/users", { email: "novo0@exemplo.com", nome: "Nova", senha: "Abc@123" })).status,
    ).toBe(409);
    const refused = await client.post("/api/users", { email: "mais@exemplo.com", nome: "Nova", senha: "Abc@123" });
    expect(refused.status).toBe(429);
    expect(refused.json.message).toMatch(
      /^Muitos cadastros feitos a partir desta conexão\. Tente novamente em \d+ minutos?\.$/,
    );
    const page = await client.post(
      "/cadastro",
      form({ email: "pagina@exemplo.com", nome: "Nova", senha: "Abc@123", senha__confirma: "Abc@123" }),
      FORM,
    );
    expect(page.status).toBe(429);
    expect(page.text).toContain("Muitos cadastros feitos a partir desta conexão.");
    expect(await app.db.select().from(users).where(eq(users.email, "mais@exemplo.com"))).toHaveLength(0);
  });
});

describe("publishing and uploads", () => {
  const fields = {
    nome: "Paçoca",
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
  /** Files that claim to be photos: each still takes from the allowance before its content is checked. */
  function petForm(photos: number) {
    const body = new FormData();
    for (const [key, value] of Object.entries(fields)) body.set(key, value);
    for (let photo = 0; photo < photos; photo += 1) {
      body.append("fotos", new File([new Uint8Array([1, 2, 3])], `foto${photo}.jpg`, { type: "image/jpeg" }));
    }
    return body;
  }

  it("are limited per account: 30 pets an hour", async () => {
    const owner = await account("publica@exemplo.com");
    const client = new From();
    expect((await signIn(client, owner.email)).status).toBe(200);
    for (let pet = 0; pet < 30; pet += 1) expect((await client.post("/api/pets", petForm(1))).status).toBe(400);
    const refused = await client.post("/api/pets", petForm(1));
    expect(refused.status).toBe(429);
    expect(refused.json.message).toMatch(
      /^Você publicou muitos animais em pouco tempo\. Tente novamente em \d+ minutos?\.$/,
    );
    const page = await client.post("/meus-pets/novo", petForm(1));
    expect(page.status).toBe(429);
    expect(page.text).toContain("Você publicou muitos animais em pouco tempo.");
  });

  it("are limited per account: 100 photos an hour, pets' and profile's", async () => {
    const owner = await account("fotos@exemplo.com");
    const petId = await createPet(app.db, { caretakerId: owner.id, nome: "Foto" });
    const client = new From();
    expect((await signIn(client, owner.email)).status).toBe(200);
    for (let upload = 0; upload < 20; upload += 1) {
      expect((await client.patch(`/api/pets/${petId}`, petForm(5))).status).toBe(400);
    }
    const refused = await client.patch(`/api/pets/${petId}`, petForm(1));
    expect(refused.status).toBe(429);
    expect(refused.json.message).toMatch(/^Você enviou muitas fotos em pouco tempo\./);
    const profile = await client.patch(`/api/users/${owner.id}`, { foto__upload: "data:image/png;base64,AAAA" });
    expect(profile.status).toBe(429);
    // A change without photos still goes through.
    expect((await client.patch(`/api/pets/${petId}`, { nome: "Sem foto" })).status).toBe(200);
  });
});

describe("favourites, alerts and conversation messages", () => {
  /** "Você … em pouco tempo. Tente novamente em N minutos." as the API says it. */
  const limitedMessage = (reason: string) =>
    new RegExp(`^${reason.replaceAll(".", "\\.")} Tente novamente em \\d+ minutos?\\.$`);

  it("are limited per account: 300 favourites an hour, on the API and the page", async () => {
    const person = await account("coracoes@exemplo.com");
    const owner = await account("dona-dos-coracoes@exemplo.com");
    const petId = await createPet(app.db, { caretakerId: owner.id, nome: "Querida" });
    const client = new From();
    expect((await signIn(client, person.email)).status).toBe(200);
    // Marking again counts too: a script pressing the heart is stopped all the same.
    for (let mark = 0; mark < 300; mark += 1) {
      expect((await client.request("PUT", `/api/favoritos/${petId}`)).status).toBe(204);
    }
    const refused = await client.request("PUT", `/api/favoritos/${petId}`);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(refused.json.message).toMatch(limitedMessage("Você marcou muitos favoritos em pouco tempo."));
    const page = await client.post("/favoritos", form({ intent: "favoritar", pet: petId }), FORM);
    expect(page.status).toBe(429);
    expect(page.text).toContain("Você marcou muitos favoritos em pouco tempo.");
    // Unmarking is never limited.
    expect((await client.delete(`/api/favoritos/${petId}`)).status).toBe(204);
  });

  it("are limited per account: 30 alerts created an hour, deleted ones counting, on the API and the page", async () => {
    const person = await account("alertas-demais@exemplo.com");
    const client = new From();
    expect((await signIn(client, person.email)).status).toBe(200);
    // Each alert deleted at once: the 20 an account may keep are never the limit here.
    for (let alert = 0; alert < 30; alert += 1) {
      const created = await client.post("/api/alertas", { filtros: { q: `Busca ${alert}` } });
      expect(created.status).toBe(201);
      expect((await client.delete(`/api/alertas/${created.json.id as string}`)).status).toBe(204);
    }
    const refused = await client.post("/api/alertas", { filtros: { q: "Busca 30" } });
    expect(refused.status).toBe(429);
    expect(refused.json.message).toMatch(limitedMessage("Você criou muitos alertas em pouco tempo."));
    const page = await client.post("/alertas", form({ intent: "criar", q: "Busca 31", frequencia: "diaria" }), FORM);
    expect(page.status).toBe(429);
    expect(page.text).toContain("Você criou muitos alertas em pouco tempo.");
    expect((await client.get("/api/alertas")).json.alertas).toEqual([]);
  });

  it("are limited per author: 120 messages an hour in conversations, on the API and the page", async () => {
    const caretaker = await account("conversa-cuidadora@exemplo.com");
    const adopter = await account("conversa-falante@exemplo.com");
    const petId = await createPet(app.db, { caretakerId: caretaker.id, nome: "Tagarela" });
    const client = new From();
    expect((await signIn(client, adopter.email)).status).toBe(200);
    const applied = await client.post(`/api/pets/${petId}/candidaturas`, { respostas: ANSWERS });
    expect(applied.status).toBe(201);
    const conversationId = (await client.get(`/api/candidaturas/${applied.json.id as string}`)).json
      .conversa_id as string;
    const path = `/api/conversas/${conversationId}/mensagens`;
    for (let message = 0; message < 120; message += 1) {
      expect((await client.post(path, { texto: `Mensagem ${message}` })).status).toBe(201);
    }
    const refused = await client.post(path, { texto: "Mais uma" });
    expect(refused.status).toBe(429);
    expect(refused.json.message).toMatch(limitedMessage("Você enviou muitas mensagens em pouco tempo."));
    const page = await client.post(`/mensagens/${conversationId}`, form({ texto: "Pela página" }), FORM);
    expect(page.status).toBe(429);
    expect(page.text).toContain("Você enviou muitas mensagens em pouco tempo.");
    // The other party still answers.
    const other = new From();
    expect((await signIn(other, caretaker.email)).status).toBe(200);
    expect((await other.post(path, { texto: "Pode falar amanhã?" })).status).toBe(201);
  });
});

describe("contact messages", () => {
  it("are limited per caretaker, and a message refused for the caretaker still counts against its sender", async () => {
    const caretaker = await account("muito-procurada@exemplo.com");
    const other = await account("outra-protetora@exemplo.com");
    const petId = await createPet(app.db, { caretakerId: caretaker.id, nome: "Estrela" });
    const otherPet = await createPet(app.db, { caretakerId: other.id, nome: "Cometa" });
    const body = (pet: string) => ({
      petId: pet,
      nome: "Joana Silva",
      telefone: "21 98888-7777",
      nome__animal: "Estrela",
      contato__texto: "Olá!",
    });
    // Three people write: the caretaker's limit of 3 an hour is reached.
    for (let person = 0; person < 3; person += 1) {
      expect((await new From().post("/api/messages", body(petId))).status).toBe(201);
    }
    const persistent = new From();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const refused = await persistent.post("/api/messages", body(petId));
      expect(refused.status).toBe(429);
      expect(refused.json.message).toMatch(new RegExp(`^${CONTACT_MESSAGES.limitedRecipient} Tente novamente em`));
    }
    // Five refused messages used the sender's allowance of 5: a message to someone else is refused too.
    const elsewhere = await persistent.post("/api/messages", body(otherPet));
    expect(elsewhere.status).toBe(429);
    expect(elsewhere.json.message).toMatch(new RegExp(`^${CONTACT_MESSAGES.limitedClient} Tente novamente em`));
    const [stored] = await app.db
      .select({ total: count() })
      .from(messages)
      .where(eq(messages.recipientId, caretaker.id));
    expect(stored!.total).toBe(3);
    expect(await app.db.select().from(messages).where(eq(messages.recipientId, other.id))).toHaveLength(0);
    expect(await app.db.select().from(pets).where(eq(pets.id, otherPet))).toHaveLength(1);
  });
});

describe("without a trusted proxy (the default)", () => {
  it("X-Forwarded-For is ignored: rotating it gets past no limit", async () => {
    const direct = await startTestApp();
    try {
      for (let attempt = 0; attempt < 30; attempt += 1) {
        const client = new Client(direct.baseUrl);
        const answer = await client.post(
          "/api/session",
          { email: `rotacao${attempt}@exemplo.com`, senha: "Abc@123" },
          { "X-Forwarded-For": `203.0.113.${attempt}` },
        );
        expect(answer.status).toBe(400);
      }
      const refused = await new Client(direct.baseUrl).post(
        "/api/session",
        { email: "mais@exemplo.com", senha: "Abc@123" },
        { "X-Forwarded-For": "203.0.113.250" },
      );
      expect(refused.status).toBe(429);
    } finally {
      await direct.close();
    }
  });
});

describe("two apps in one process", () => {
  it("keep each their own limits: starting a second one, limits off, leaves the first one's on", async () => {
    const other = await startTestApp({ TRUST_PROXY: "loopback", RATE_LIMITS: "off", MESSAGE_LIMIT_PER_HOUR: "50" });
    try {
      // The second counts nothing...
      const free = new Client(other.baseUrl);
      for (let attempt = 0; attempt < 31; attempt += 1) {
        expect(
          (await free.post("/api/session", { email: `livre${attempt}@exemplo.com`, senha: "Abc@123" })).status,
        ).toBe(400);
      }
      // ...and the first still refuses the 31st failed login from one address.
      const robot = new From();
      for (let attempt = 0; attempt < 30; attempt += 1) {
        expect((await signIn(robot, `dois-apps${attempt}@exemplo.com`)).status).toBe(400);
      }
      expect((await signIn(robot, "dois-apps-mais@exemplo.com")).status).toBe(429);
    } finally {
      await other.close();
    }
  });
});
