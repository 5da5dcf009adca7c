import fc from "fast-check";
import { count, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPet, createUser, DEFAULT_PASSWORD } from "~/demo/factories.server";
import { messages, pets, users } from "~/db/schema";
import { Client, startTestApp, type TestApp } from "../support/app";

/**
 * Random, malformed and extreme input to every form action and API endpoint:
 * never a 5xx, never a stack trace, and the database's invariants hold.
 */
let app: TestApp;
let signedIn: Client;
let userId: string;
let petId: string;
/** Another caretaker's pet, which the signed-in account may apply for. */
let otherPetId: string;

const FIELDS = [
  "email",
  "nome",
  "senha",
  "senha__confirma",
  "telefone",
  "cidade",
  "perfil__sobre",
  "foto__upload",
  "nome__animal",
  "contato__texto",
  "petId",
  "pet",
  "especie",
  "idade",
  "idade__unidade",
  "porte",
  "perfil",
  "uf",
  "status",
  "sexo",
  "castrado",
  "castracao_data",
  "vacinas",
  "vermifugado",
  "microchip",
  "convive_com",
  "necessidades_especiais",
  "historia",
  "taxa_adocao",
  "lida",
  "intent",
  "site",
  "__proto__",
  "constructor",
];

/** A value of any shape: strings of any unicode, numbers at the edges, nulls, arrays, objects. */
const anyValue = fc.oneof(
  fc.string({ unit: "grapheme", maxLength: 80 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.constantFrom(
    "",
    " ",
    "\u0000",
    "<script>alert(1)</script>",
    "' OR 1=1 --",
    "Abc@123",
    "21 98888-7777",
    "a".repeat(5000),
  ),
  fc.integer(),
  fc.double(),
  fc.constantFrom(Number.MAX_SAFE_INTEGER, -1, 0, 1e308),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 2 }),
);
const anyBody = fc.dictionary(fc.constantFrom(...FIELDS), anyValue, { maxKeys: 8 });

function expectClean(response: { status: number; text: string }, label: string) {
  expect(response.status, label).toBeLessThan(500);
  expect(response.text, label).not.toMatch(/\bat .+\.(js|ts):\d+|Unexpected Server Error|stack/i);
}

/** A form body with the same fields, as text, with repeated fields now and then. */
function formBody(body: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(body)) {
    params.append(key, typeof value === "string" ? value : JSON.stringify(value));
    if (key.length % 2) params.append(key, "repetido");
  }
  return params.toString();
}

beforeAll(async () => {
  app = await startTestApp({ MESSAGE_LIMIT_PER_HOUR: "100000" });
  const user = await createUser(app.db, { email: "fuzz@exemplo.com", nome: "Fuzz" });
  userId = user.id;
  petId = await createPet(app.db, { caretakerId: userId, nome: "Alvo" });
  const other = await createUser(app.db, { email: "fuzz.ong@exemplo.com", nome: "ONG Fuzz" });
  otherPetId = await createPet(app.db, { caretakerId: other.id, nome: "Outro" });
  signedIn = new Client(app.baseUrl);
  expect((await signedIn.post("/api/session", { email: "fuzz@exemplo.com", senha: DEFAULT_PASSWORD })).status).toBe(
    200,
  );
});
afterAll(async () => {
  await app.close();
});

const RUNS = { numRuns: 40 };

describe("JSON endpoints fed anything", () => {
  const endpoints: [string, string, () => Client][] = [
    ["POST", "/api/users", () => new Client(app.baseUrl)],
    ["POST", "/api/session", () => new Client(app.baseUrl)],
    ["POST", "/api/messages", () => new Client(app.baseUrl)],
    ["PATCH", "/api/users/:user", () => signedIn],
    ["DELETE", "/api/users/:user", () => signedIn],
    ["PATCH", "/api/pets/:pet", () => signedIn],
    ["PATCH", "/api/messages/00000000-0000-4000-8000-000000000000", () => signedIn],
    // Answered past React Router (server/tuning/direct-writes.ts).
    ["POST", "/api/pets/:otherPet/candidaturas", () => signedIn],
  ];
  for (const [method, path, client] of endpoints) {
    it(`${method} ${path}`, async () => {
      await fc.assert(
        fc.asyncProperty(anyBody, async (body) => {
          const url = path.replace(":user", userId).replace(":pet", petId).replace(":otherPet", otherPetId);
          const response = await client().request(method, url, body);
          expectClean(response, JSON.stringify(body).slice(0, 200));
        }),
        RUNS,
      );
    });
  }

  it("malformed JSON, wrong types of body and wrong content types", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ maxLength: 200 }),
        fc.constantFrom(
          "application/json",
          "text/plain",
          "application/xml",
          "multipart/form-data",
          "",
          "application/json; charset=latin1",
        ),
        fc.constantFrom("/api/users", "/api/session", "/api/messages", "/api/pets"),
        async (text, type, path) => {
          const response = await signedIn.post(path, text, type ? { "Content-Type": type } : {});
          expectClean(response, `${type} ${path} ${text.slice(0, 50)}`);
        },
      ),
      RUNS,
    );
  });
});

describe("form actions fed anything", () => {
  const pages: [string, () => Client][] = [
    ["/cadastro", () => new Client(app.baseUrl)],
    ["/login", () => new Client(app.baseUrl)],
    ["/contato", () => new Client(app.baseUrl)],
    ["/perfil", () => signedIn],
    ["/perfil/senha", () => signedIn],
    ["/perfil/excluir", () => signedIn],
    ["/meus-pets", () => signedIn],
    ["/meus-pets/novo", () => signedIn],
    ["/mensagens", () => signedIn],
    ["/sair", () => new Client(app.baseUrl)],
  ];
  for (const [path, client] of pages) {
    it(`POST ${path}`, async () => {
      await fc.assert(
        fc.asyncProperty(anyBody, async (body) => {
          const response = await client().post(path, formBody(body), {
            "Content-Type": "application/x-www-form-urlencoded",
          });
          expectClean(response, formBody(body).slice(0, 200));
        }),
        RUNS,
      );
    });
  }
});

describe("query strings fed anything", () => {
  it("GET /api/pets and /home", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.constantFrom("page", "limit", "cidade", "uf", "especie", "porte", "idade", "x"), anyValue, {
          maxKeys: 5,
        }),
        async (query) => {
          const search = formBody(query);
          for (const path of ["/api/pets", "/home"]) {
            const response = await new Client(app.baseUrl).get(`${path}?${search}`);
            expect(response.status, `${path}?${search}`).toBe(200);
          }
        },
      ),
      RUNS,
    );
  });
});

describe("a NUL byte, which PostgreSQL refuses in text", () => {
  it("is refused with 400 in JSON and forms, and ignored in the feed's filters", async () => {
    const client = new Client(app.baseUrl);
    const json = await client.post("/api/messages", {
      petId,
      nome: "Ana",
      telefone: "21 98888-7777",
      nome__animal: "Alvo",
      contato__texto: "oi\u0000",
    });
    expect(json.status).toBe(400);
    expect(json.json.message).toBe("Os dados enviados contêm caracteres inválidos.");
    const form = await client.post("/contato", "nome=Ana&telefone=21988887777&nome__animal=Alvo&contato__texto=oi%00", {
      "Content-Type": "application/x-www-form-urlencoded",
    });
    expect(form.status).toBe(400);
    for (const path of ["/api/pets?cidade=%00", "/home?cidade=Rio%00"]) {
      expect((await client.get(path)).status, path).toBe(200);
    }
  });
});

describe("afterwards", () => {
  it("the database's invariants hold", async () => {
    const [badUsers] = await app.db
      .select({ total: count() })
      .from(users)
      .where(
        sql`length(trim(${users.email})) = 0 or length(trim(${users.nome})) < 2 or ${users.passwordHash} not like '$argon2id$%'`,
      );
    expect(badUsers!.total).toBe(0);
    const [badPets] = await app.db
      .select({ total: count() })
      .from(pets)
      .where(
        sql`length(trim(${pets.nome})) < 2 or ${pets.ageValue} < 1 or not exists (select 1 from pet_photos where pet_id = ${pets.id}) and ${pets.status} <> 'removido'`,
      );
    expect(badPets!.total).toBe(0);
    const [badMessages] = await app.db
      .select({ total: count() })
      .from(messages)
      .where(sql`length(trim(${messages.texto})) = 0 or length(trim(${messages.senderNome})) < 2`);
    expect(badMessages!.total).toBe(0);
  });
});
