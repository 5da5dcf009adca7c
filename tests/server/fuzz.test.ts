import fc from "fast-check";
import { and, count, eq, isNotNull, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPet, createUser, DEFAULT_PASSWORD } from "../support/factories";
import { checkins, messages, pets, users } from "~/db/schema";
import { setOperator } from "~/domain/moderation/operators.server";
import { checkinToken, sweepFollowups } from "~/domain/termos/followups.server";
import { addDays, brasiliaTime, dayInBrasilia } from "~/lib/dates";
import { REPORT_CATEGORIES } from "~/lib/reports";
import { apiEndpoints } from "~/api/index.server";
import { adoptThroughTermo, ANSWERS } from "../support/adoptions";
import { Client, signedInAccount, startTestApp, type TestApp } from "../support/app";

/**
 * Random, malformed and extreme input to every route that takes any (every module with an
 * action, pages and API), each as the party that reaches its logic (the caretaker, the
 * adopter, an operator), so the input gets past the guards into validation and the domain:
 * never a 5xx, never a stack trace, and the database's invariants hold. Rate limits are off
 * (RATE_LIMITS=off) so that a limit's 429 does not stand in for the logic.
 */
let app: TestApp;
let signedIn: Client;
let userId: string;
let petId: string;
/** Another caretaker's pet, which the signed-in account may apply for. */
let otherPetId: string;
/** Another of the signed-in account's pets, for the list's buttons (adopted, available, removed). */
let listedPetId: string;

type Person = { client: Client; id: string; email: string };
/** A caretaker with a questionnaire of every type of question, and an adopter, and another. */
let ong: Person;
let ana: Person;
let bia: Person;
let operator: Client;
/** Someone whose pet and profile are reported and moderated (nobody else's data is touched). */
let alvo: { id: string; petId: string };
/** The ONG's pet the fuzz applies for; replaced by a new one whenever an application goes through. */
let applyPetId: string;
/** Ana's application, new: status moves, notes, messages. */
let novaId: string;
/** Its conversation (Ana and the ONG). */
let conversaId: string;
/** Bia's conversation with the ONG, for its settings (sharing, blocking). */
let ajustesConversaId: string;
/** Bia's application, approved, with its termo issued: signed on it. */
let aprovadaId: string;
/** Another of Bia's, approved: its termo is issued by the fuzz. */
let emitirId: string;
/** A castration deadline the termo takes. */
let prazo: string;
/** Ana's adoptions: one for returns, one for stories, castration and check-ins. */
let devolucaoId: string;
let historiaId: string;
let checkinLink: string;
let alertaId: string;
/** The organisation of ong's animals, for its Pix key (issue 46). */
let ongOrganizationId: string;
/** Another of Ana's alerts, for the page's forms (the API's fuzz deletes the first). */
let alertaFormId: string;
let questions: { id: string; tipo: string; opcoes?: string[] }[];

/** Who posts: the fuzz names the party, not its client (whose cookies would fill the report). */
type Party = "ong" | "ana" | "bia" | "fuzz" | "operador" | "anonimo";
function clientOf(party: Party): Client {
  if (party === "anonimo") return new Client(app.baseUrl);
  return { ong: ong.client, ana: ana.client, bia: bia.client, fuzz: signedIn, operador: operator }[party];
}

const RANDOM_ID = "00000000-0000-4000-8000-000000000000";
const FORM = { "Content-Type": "application/x-www-form-urlencoded" };

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
    "\u200b",
    "<script>alert(1)</script>",
    "' OR 1=1 --",
    "Abc@123",
    "21 98888-7777",
    "2099-02-30",
    "0000-00-00",
    "9999-99-99",
    "-1",
    "NaN",
    "1e309",
    "a".repeat(5000),
    RANDOM_ID,
  ),
  fc.integer(),
  fc.double(),
  fc.constantFrom(Number.MAX_SAFE_INTEGER, -1, 0, 1e308),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 2 }),
  fc.jsonValue({ maxDepth: 3 }),
);
const anyBody = fc.dictionary(fc.constantFrom(...FIELDS), anyValue, { maxKeys: 8 });

/** `target` with `changed` written over it as own keys (`__proto__` too, as JSON.parse would make it). */
function overwrite(target: Record<string, unknown>, changed: Record<string, unknown>) {
  const body = { ...target };
  for (const [key, value] of Object.entries(changed)) {
    Object.defineProperty(body, key, { value, enumerable: true, writable: true, configurable: true });
  }
  return body;
}

/**
 * Bodies near a valid one, so the fuzz gets past the first check: the valid body itself, with
 * fields dropped or changed to anything, or any fields of its names, or no object at all.
 */
function near(valid: Record<string, unknown>, values: fc.Arbitrary<unknown> = anyValue) {
  const names = Object.keys(valid);
  const keys = fc.constantFrom(...names, "__proto__", "constructor", "x");
  return fc.oneof(
    { weight: 4, arbitrary: fc.constant(null).map(() => valid) },
    {
      weight: 8,
      arbitrary: fc
        .tuple(
          fc.dictionary(keys, values, { maxKeys: 2 }),
          fc.subarray(names, { maxLength: Math.min(2, names.length) }),
        )
        .map(([changed, dropped]) => {
          const body = { ...valid };
          for (const name of dropped) delete body[name];
          return overwrite(body, changed);
        }),
    },
    { weight: 3, arbitrary: fc.dictionary(keys, values, { maxKeys: names.length + 1 }) },
    { weight: 1, arbitrary: values },
  );
}

/** Form field names of a structure (Conform's paths), its reserved names and odd ones. */
const STRUCTURED_NAMES = [
  "__intent__",
  "__state__",
  "x[]",
  "x[0]",
  "x[1].y",
  "a..b",
  "[0]",
  "respostas.__proto__",
  "respostas.constructor",
  "perguntas[0].tipo",
  "perguntas[31].enunciado",
  "perguntas[100000000].tipo",
  "x[4294967294]",
];

/**
 * A form's fields near a valid one, as text: values are strings (anything else as its JSON),
 * some repeated, some names structured or reserved.
 */
function nearForm(valid: Record<string, string>, extra: string[] = []) {
  const names = [...Object.keys(valid), ...extra];
  const keys = fc.constantFrom(...names, ...STRUCTURED_NAMES, "__proto__", "x");
  return fc
    .tuple(
      fc.oneof(
        { weight: 3, arbitrary: fc.constant(null).map(() => ({}) as Record<string, unknown>) },
        { weight: 6, arbitrary: fc.dictionary(keys, anyValue, { maxKeys: 2 }) },
        { weight: 2, arbitrary: fc.dictionary(keys, anyValue, { maxKeys: names.length + 2 }) },
      ),
      fc.subarray(Object.keys(valid), { maxLength: Math.min(2, Object.keys(valid).length) }),
      fc.integer({ min: 0, max: 4 }).map((draw) => draw === 0),
    )
    .map(([changed, dropped, repeat]) => {
      const body: Record<string, unknown> = { ...valid };
      for (const name of dropped) delete body[name];
      return formBody(overwrite(body, changed), repeat);
    });
}

function expectClean(response: { status: number; text: string }, label: string) {
  expect(response.status, label).toBeLessThan(500);
  expect(response.text, label).not.toMatch(/\bat .+\.(js|ts):\d+|Unexpected Server Error|stack/i);
}

/** A form body with the same fields, as text, with repeated fields now and then. */
function formBody(body: Record<string, unknown>, repeat = true): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(body)) {
    params.append(key, typeof value === "string" ? value : JSON.stringify(value));
    if (repeat && key.length % 2) params.append(key, "repetido");
  }
  return params.toString();
}

/** Ids for a path: the real one (the fixture's, read when the run starts), nobody's, and not ids. */
const idOr = (real: () => string) =>
  fc.oneof(
    { weight: 6, arbitrary: fc.constant(null).map(real) },
    { weight: 1, arbitrary: fc.constantFrom(RANDOM_ID, "nao-e-id", "1", "..%2F..", "%C3%A9", "a".repeat(300)) },
  );

const RUNS = { numRuns: 40 };

beforeAll(async () => {
  app = await startTestApp({ MESSAGE_LIMIT_PER_HOUR: "100000", RATE_LIMITS: "off" });
  const user = await createUser(app.db, { email: "fuzz@exemplo.com", nome: "Fuzz" });
  userId = user.id;
  petId = await createPet(app.db, { caretakerId: userId, nome: "Alvo" });
  listedPetId = await createPet(app.db, { caretakerId: userId, nome: "Listado" });
  const other = await createUser(app.db, { email: "fuzz.ong@exemplo.com", nome: "ONG Fuzz" });
  otherPetId = await createPet(app.db, { caretakerId: other.id, nome: "Outro" });
  signedIn = new Client(app.baseUrl);
  expect((await signedIn.post("/api/session", { email: "fuzz@exemplo.com", senha: DEFAULT_PASSWORD })).status).toBe(
    200,
  );

  const person = (email: string, nome: string) => signedInAccount(app, { email, nome, telefone: "(21) 98765-4321" });
  ong = await person("ong.fuzz@exemplo.com", "ONG Patas Fuzz");
  ana = await person("ana.fuzz@exemplo.com", "Ana Fuzz");
  bia = await person("bia.fuzz@exemplo.com", "Bia Fuzz");
  // An operator, made as `npm run operador -- adicionar` makes one.
  await createUser(app.db, { email: "operador.fuzz@exemplo.com", nome: "Otávio Fuzz" });
  expect((await setOperator(app.db, "operador.fuzz@exemplo.com", true)).ok).toBe(true);
  operator = new Client(app.baseUrl);
  expect(
    (await operator.post("/api/session", { email: "operador.fuzz@exemplo.com", senha: DEFAULT_PASSWORD })).status,
  ).toBe(200);
  const reported = await createUser(app.db, { email: "alvo.fuzz@exemplo.com", nome: "Alvo Fuzz" });
  alvo = { id: reported.id, petId: await createPet(app.db, { caretakerId: reported.id, nome: "Denunciado" }) };

  // The adoptions first, on the default questionnaire (their helper answers it).
  const adopted = await adoptThroughTermo(app, { caretaker: ong, adopter: ana, nome: "Devolvido" });
  devolucaoId = adopted.id;
  const story = await adoptThroughTermo(app, { caretaker: ong, adopter: ana, nome: "Feliz", prazoDays: 30 });
  historiaId = story.id;
  // Its own organisation, made when it first published.
  ongOrganizationId = ((await ong.client.get("/api/organizacoes")).json.organizacoes as { id: string }[])[0]!.id;
  // Its Pix key, so that sponsoring its animals reaches the sponsorship's rules (issue 46).
  const key = { chave: "pix@patasfuzz.org", nome_recebedor: "Patas Fuzz", cidade_recebedor: "Niterói" };
  expect((await ong.client.put(`/api/organizacoes/${ongOrganizationId}/pix`, key)).status).toBe(200);
  // Its first check-in sent (7 days on), and its signed link.
  const day = dayInBrasilia(story.adoption.adoptedAt);
  await sweepFollowups(app.db, app.jobs, brasiliaTime(addDays(day, 7), 10));
  const [sent] = await app.db
    .select()
    .from(checkins)
    .where(and(eq(checkins.adoptionId, story.adoption.id), isNotNull(checkins.sentAt)));
  checkinLink = await checkinToken(app.db, sent!.id, sent!.sentAt!);

  const applyFor = async (adopter: Person, nome: string) => {
    const pet = await createPet(app.db, { caretakerId: ong.id, nome });
    const applied = await adopter.client.post(`/api/pets/${pet}/candidaturas`, { respostas: ANSWERS });
    expect(applied.status, applied.text).toBe(201);
    return applied.json.id as string;
  };
  novaId = await applyFor(ana, "Novo");
  conversaId = (await ana.client.get(`/api/candidaturas/${novaId}`)).json.conversa_id as string;
  prazo = addDays(dayInBrasilia(new Date()), 60);
  const approved = async (nome: string) => {
    const id = await applyFor(bia, nome);
    expect((await ong.client.patch(`/api/candidaturas/${id}`, { status: "aprovada" })).status).toBe(200);
    return id;
  };
  aprovadaId = await approved("Aprovado");
  emitirId = await approved("Emitido");
  const issued = await ong.client.post(`/api/candidaturas/${aprovadaId}/termo`, { prazo_castracao: prazo });
  expect(issued.status, issued.text).toBe(201);
  ajustesConversaId = (await bia.client.get(`/api/candidaturas/${aprovadaId}`)).json.conversa_id as string;

  // Then the ONG's own questionnaire, of every type, which the fuzzed applications answer.
  const saved = await ong.client.request("PUT", "/api/questionario", {
    perguntas: [
      { id: "sobre", tipo: "texto", enunciado: "Quem é você?", obrigatoria: true },
      { id: "rotina", tipo: "texto_longo", enunciado: "Como é sua rotina?", obrigatoria: false },
      { id: "quintal", tipo: "sim_nao", enunciado: "Tem quintal?", obrigatoria: true },
      { id: "moradia", tipo: "escolha_unica", enunciado: "Mora em", obrigatoria: true, opcoes: ["Casa", "Apê"] },
      {
        id: "animais",
        tipo: "escolha_multipla",
        enunciado: "Já teve",
        obrigatoria: false,
        opcoes: ["Cão", "Gato", "Peixe"],
      },
    ],
  });
  expect(saved.status, saved.text).toBe(200);
  questions = saved.json.perguntas as typeof questions;
  applyPetId = await createPet(app.db, { caretakerId: ong.id, nome: "Candidato" });

  const alert = await ana.client.post("/api/alertas", { filtros: { especie: "cao" }, frequencia: "diaria" });
  expect(alert.status).toBe(201);
  alertaId = alert.json.id as string;
  const another = await ana.client.post("/api/alertas", { filtros: { especie: "gato" }, frequencia: "diaria" });
  expect(another.status).toBe(201);
  alertaFormId = another.json.id as string;
});
afterAll(async () => {
  await app.close();
});

describe("JSON endpoints fed anything", () => {
  const endpoints: [string, string, () => Client][] = [
    ["POST", "/api/users", () => new Client(app.baseUrl)],
    ["POST", "/api/session", () => new Client(app.baseUrl)],
    ["POST", "/api/messages", () => new Client(app.baseUrl)],
    ["PATCH", "/api/users/:user", () => signedIn],
    ["DELETE", "/api/users/:user", () => signedIn],
    ["PATCH", "/api/pets/:pet", () => signedIn],
    ["PATCH", "/api/messages/00000000-0000-4000-8000-000000000000", () => signedIn],
    // The busiest write, in the API wing (app/api).
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
        fc.constantFrom(
          ["POST", "/api/users"],
          ["POST", "/api/session"],
          ["POST", "/api/messages"],
          ["POST", "/api/pets"],
          ["POST", "/api/alertas"],
          ["PATCH", "/api/alertas/:alerta"],
          ["POST", "/api/conversas/:conversa/mensagens"],
          ["POST", "/api/denuncias"],
          ["PATCH", "/api/candidaturas/:nova"],
          ["POST", "/api/candidaturas/:aprovada/termo"],
          ["POST", "/api/candidaturas/:aprovada/termo/assinaturas"],
          ["POST", "/api/candidaturas/:devolucao/devolucao"],
          ["PUT", "/api/questionario"],
          ["POST", "/api/senha/esqueci"],
          ["POST", "/api/senha/nova"],
          ["POST", "/api/termos/verificar"],
          ["POST", "/api/pets/:apply/candidaturas"],
        ),
        async (text, type, [method, path]) => {
          const url = path
            .replace(":alerta", alertaId)
            .replace(":conversa", conversaId)
            .replace(":nova", novaId)
            .replace(":aprovada", aprovadaId)
            .replace(":devolucao", devolucaoId)
            .replace(":apply", applyPetId);
          const response = await ana.client.request(method, url, text, type ? { "Content-Type": type } : {});
          expectClean(response, `${type} ${method} ${path} ${text.slice(0, 50)}`);
        },
      ),
      { numRuns: 60 },
    );
  });
});

/** The answers to the ONG's questionnaire: of the right shapes, or any. */
function anyAnswers() {
  const ids = questions.map((question) => question.id);
  const options = questions.flatMap((question) => question.opcoes ?? []);
  const answer = fc.oneof(
    anyValue,
    fc.constantFrom(...options, "sim", "nao", "on"),
    fc.subarray(options),
    fc.array(fc.oneof(fc.constantFrom(...options), anyValue), { maxLength: 5 }),
    fc.boolean(),
  );
  const valid = { sobre: "Uma pessoa que gosta de bichos.", quintal: true, moradia: "Casa", animais: ["Gato"] };
  return fc.oneof(
    near(valid, answer),
    fc.dictionary(fc.constantFrom(...ids, "__proto__", "constructor", "toString", "hasOwnProperty", "x"), answer, {
      maxKeys: 7,
    }),
    anyValue,
  );
}

describe("JSON routes of the adoption, fed anything by the party that can reach their logic", () => {
  it("POST /api/pets/:id/candidaturas with respostas of any shape (the adopter)", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          { weight: 5, arbitrary: anyAnswers().map((respostas) => ({ respostas })) },
          { weight: 1, arbitrary: near({ respostas: ANSWERS }) },
        ),
        async (body) => {
          const response = await bia.client.post(`/api/pets/${applyPetId}/candidaturas`, body);
          expectClean(response, JSON.stringify(body).slice(0, 300));
          expect(response.status, JSON.stringify(body).slice(0, 300)).not.toBe(404);
          // Applied: the next run applies for another animal (a second application is refused first).
          if (response.status === 201) applyPetId = await createPet(app.db, { caretakerId: ong.id, nome: "Candidato" });
        },
      ),
      { numRuns: 150 },
    );
  });

  const routes: {
    name: string;
    method: string;
    path: () => fc.Arbitrary<string>;
    as: Party[];
    body: () => fc.Arbitrary<unknown>;
    runs?: number;
  }[] = [
    {
      name: "PATCH /api/candidaturas/:id (status moves, notes; both parties)",
      method: "PATCH",
      path: () => idOr(() => novaId).map((id) => `/api/candidaturas/${id}`),
      as: ["ong", "ana"],
      body: () =>
        near(
          { status: "em_analise", motivo: "Porque sim.", nota: "Ligar amanhã." },
          fc.oneof(fc.constantFrom("em_analise", "entrevista", "visita", "recusada", "desistiu", "adotada"), anyValue),
        ),
      runs: 50,
    },
    {
      name: "PATCH /api/candidaturas/:id {visita} (the visit's place and day; both parties)",
      method: "PATCH",
      path: () => idOr(() => novaId).map((id) => `/api/candidaturas/${id}`),
      as: ["ong", "ana"],
      body: () =>
        near(
          { status: "visita", visita: { local: "casa_de_quem_adota", em: "2030-01-01T10:00:00-03:00" } },
          fc.oneof(
            fc.record({
              local: fc.oneof(fc.constantFrom("casa_de_quem_adota", "lar_temporario"), anyValue),
              em: fc.oneof(fc.constantFrom(null, "2030-01-01T10:00:00-03:00", "2000-01-01T10:00:00Z"), anyValue),
            }),
            anyValue,
          ),
        ),
      runs: 40,
    },
    {
      name: "POST /api/candidaturas/:id/termo (the caretaker issues)",
      method: "POST",
      path: () => idOr(() => emitirId).map((id) => `/api/candidaturas/${id}/termo`),
      as: ["ong", "bia"],
      body: () => fc.constant(null).chain(() => near({ prazo_castracao: prazo })),
    },
    {
      name: "POST /api/candidaturas/:id/termo/assinaturas (adopter, then caretaker)",
      method: "POST",
      path: () => idOr(() => aprovadaId).map((id) => `/api/candidaturas/${id}/termo/assinaturas`),
      as: ["bia", "ong"],
      body: () =>
        near({
          nome_completo: "Bia Maria Fuzz",
          cpf: "529.982.247-25",
          endereco: "Rua das Laranjeiras, 120, Rio de Janeiro (RJ)",
          cep: "22240-003",
          concordo: true,
          texto_sha256: "0".repeat(64),
        }),
      runs: 60,
    },
    {
      name: "POST /api/candidaturas/:id/devolucao (either party)",
      method: "POST",
      path: () => idOr(() => devolucaoId).map((id) => `/api/candidaturas/${id}/devolucao`),
      as: ["ana", "ong"],
      body: () => near({ motivo: "Mudança de cidade.", publicar: true }),
    },
    {
      name: "PUT /api/questionario (a caretaker's questionnaire)",
      method: "PUT",
      path: () => fc.constant("/api/questionario"),
      as: ["fuzz"],
      body: () =>
        near({
          perguntas: [
            { tipo: "texto", enunciado: "Por quê?", obrigatoria: true },
            { id: "casa", tipo: "escolha_multipla", enunciado: "Casa", obrigatoria: false, opcoes: ["A", "B"] },
          ],
        }).chain((body) =>
          // Now and then, questions of any shape in the list.
          fc
            .array(
              fc.oneof(
                near({ id: "q", tipo: "escolha_unica", enunciado: "Qual?", obrigatoria: true, opcoes: ["Um", "Dois"] }),
                anyValue,
              ),
              { maxLength: 4 },
            )
            .map((perguntas) => (perguntas.length ? overwrite(body as Record<string, unknown>, { perguntas }) : body)),
        ),
      runs: 60,
    },
    {
      name: "POST /api/alertas",
      method: "POST",
      path: () => fc.constant("/api/alertas"),
      as: ["ana"],
      body: () =>
        near({ filtros: { especie: "gato", uf: "RJ", cidade: "Niterói" }, frequencia: "imediata" }).chain((body) =>
          fc
            .dictionary(
              fc.constantFrom(
                "cidade",
                "uf",
                "especie",
                "porte",
                "idade",
                "q",
                "perto",
                "raio",
                "sexo",
                "castrado",
                "convive_com",
                "page",
              ),
              anyValue,
              { maxKeys: 4 },
            )
            .map((filtros) =>
              Object.keys(filtros).length ? overwrite(body as Record<string, unknown>, { filtros }) : body,
            ),
        ),
      runs: 50,
    },
    {
      name: "PATCH /api/alertas/:id",
      method: "PATCH",
      path: () => idOr(() => alertaId).map((id) => `/api/alertas/${id}`),
      as: ["ana", "bia"],
      body: () => near({ frequencia: "imediata" }),
    },
    {
      name: "PUT /api/favoritos/:petId",
      method: "PUT",
      path: () => idOr(() => applyPetId).map((id) => `/api/favoritos/${id}`),
      as: ["ana"],
      body: () => anyBody,
      runs: 20,
    },
    {
      name: "DELETE /api/favoritos/:petId",
      method: "DELETE",
      path: () => idOr(() => applyPetId).map((id) => `/api/favoritos/${id}`),
      as: ["ana"],
      body: () => anyBody,
      runs: 15,
    },
    {
      name: "POST /api/conversas/:id/mensagens (its parties)",
      method: "POST",
      path: () => idOr(() => conversaId).map((id) => `/api/conversas/${id}/mensagens`),
      as: ["ana", "ong", "bia"],
      body: () => near({ texto: "Olá! Tudo bem com ele?" }),
      runs: 50,
    },
    {
      name: "POST /api/conversas/:id/lida",
      method: "POST",
      path: () => idOr(() => conversaId).map((id) => `/api/conversas/${id}/lida`),
      as: ["ana", "ong", "bia"],
      body: () => anyBody,
      runs: 20,
    },
    {
      name: "POST /api/denuncias (of a listing, a profile, a conversation)",
      method: "POST",
      path: () => fc.constant("/api/denuncias"),
      as: ["ana", "anonimo"],
      body: () =>
        fc
          .tuple(
            fc.constantFrom(
              { tipo: "pet", id: alvo.petId },
              { tipo: "usuario", id: alvo.id },
              { tipo: "conversa", id: conversaId },
              { tipo: "pet", id: RANDOM_ID },
              { tipo: "anuncio", id: "x" },
            ),
            fc.constantFrom(...REPORT_CATEGORIES, "x"),
          )
          .chain(([alvoDenunciado, categoria]) =>
            near({ alvo: alvoDenunciado, categoria, texto: "Pede dinheiro adiantado." }),
          ),
      runs: 50,
    },
    {
      name: "POST /api/pets/:id/lar (the team, a stranger)",
      method: "POST",
      path: () => idOr(() => applyPetId).map((id) => `/api/pets/${id}/lar`),
      as: ["ong", "ana"],
      body: () => near({ lar_id: ana.id, inicio: "2026-01-10", fim_previsto: "2026-03-01" }),
      runs: 40,
    },
    {
      name: "POST /api/pets/:id/noticias (the team, a stranger)",
      method: "POST",
      path: () => idOr(() => applyPetId).map((id) => `/api/pets/${id}/noticias`),
      as: ["ong", "ana"],
      body: () => anyBody,
      runs: 20,
    },
    {
      name: "POST /api/pets/:id/saude (the team, a stranger)",
      method: "POST",
      path: () => idOr(() => applyPetId).map((id) => `/api/pets/${id}/saude`),
      as: ["ong", "ana"],
      body: () =>
        fc.oneof(
          near({ tipo: "vacina", nome: "V10", data: "2026-01-10", lote: "A1", proxima_dose: "2027-01-10" }),
          near({ tipo: "medicamento", nome: "Meloxicam", dose: "1 gota", horarios: ["08:00"], de: "2026-01-10" }),
          near({ tipo: "peso", data: "2026-01-10", kg: "12,5" }),
        ),
      runs: 40,
    },
    {
      name: "PUT /api/lares/meu",
      method: "PUT",
      path: () => fc.constant("/api/lares/meu"),
      as: ["ana"],
      body: () =>
        near({
          cidade: "Niterói",
          uf: "RJ",
          especies: ["gato"],
          portes: ["pequeno"],
          quantos: 2,
          tem_animais: false,
          tem_criancas: true,
          tela_nas_janelas: true,
        }),
      runs: 40,
    },
    {
      name: "POST /api/senha/esqueci",
      method: "POST",
      path: () => fc.constant("/api/senha/esqueci"),
      as: ["anonimo"],
      body: () => near({ email: "ana.fuzz@exemplo.com" }),
      runs: 30,
    },
    {
      name: "POST /api/senha/nova",
      method: "POST",
      path: () => fc.constant("/api/senha/nova"),
      as: ["anonimo"],
      body: () => near({ token: "abc.def", senha: "Nova@1234", senha__confirma: "Nova@1234" }),
      runs: 30,
    },
    {
      name: "POST /api/termos/verificar",
      method: "POST",
      path: () => fc.constant("/api/termos/verificar"),
      as: ["anonimo"],
      body: () => near({ codigo: "ABCD-1234-EFGH-5678" }),
      runs: 30,
    },
    {
      name: "PUT /api/organizacoes/:id/pix (its administrador, and others)",
      method: "PUT",
      path: () => idOr(() => ongOrganizationId).map((id) => `/api/organizacoes/${id}/pix`),
      as: ["ong", "ana"],
      body: () =>
        near(
          { chave: "11.222.333/0001-81", nome_recebedor: "Patas Fuzz", cidade_recebedor: "Niterói" },
          fc.oneof(
            fc.constantFrom("+55 21 98765-4321", "pix@patas.org", "7d5e2c1a-94b3-4f6e-8a0d-3c9b6f1e2a47"),
            anyValue,
          ),
        ),
      runs: 30,
    },
    {
      name: "POST /api/pets/:id/apadrinhamentos (padrinhos)",
      method: "POST",
      path: () => idOr(() => applyPetId).map((id) => `/api/pets/${id}/apadrinhamentos`),
      as: ["ana", "bia"],
      body: () =>
        near({ valor_mensal: "30,00", dia: 10 }, fc.oneof(fc.constantFrom(29, 0, "1.250,00", 1e21), anyValue)),
      runs: 30,
    },
    {
      name: "POST /api/organizacoes/:id/doacoes (its team, and others)",
      method: "POST",
      path: () => idOr(() => ongOrganizationId).map((id) => `/api/organizacoes/${id}/doacoes`),
      as: ["ong", "ana"],
      body: () =>
        near(
          { valor: "30,00", data: "2026-11-01", doador: "Bazar", txid: "DO7KQ2M9XRT4HW3NPZ8A" },
          fc.oneof(fc.constantFrom("2999-01-01", "PM000000000000202611", RANDOM_ID, "0,001"), anyValue),
        ),
      runs: 30,
    },
    {
      name: "POST /api/organizacoes/:id/despesas (its team, and others)",
      method: "POST",
      path: () => idOr(() => ongOrganizationId).map((id) => `/api/organizacoes/${id}/despesas`),
      as: ["ong", "ana"],
      body: () =>
        near(
          { categoria: "racao", valor: 120.5, data: "2026-11-01", descricao: "Ração" },
          fc.oneof(fc.constantFrom("festa", "2026-02-31", RANDOM_ID, -5), anyValue),
        ),
      runs: 30,
    },
    {
      name: "PATCH /api/perdidos-e-achados/:id (its author, and others)",
      method: "PATCH",
      path: () => fc.constant(`/api/perdidos-e-achados/${RANDOM_ID}`),
      as: ["ana", "bia"],
      body: () =>
        near(
          { status: "reencontrado", final_feliz: "Voltou!" },
          fc.oneof(fc.constantFrom("aberto", "perdido"), anyValue),
        ),
      runs: 20,
    },
    {
      name: "POST /api/emergencias (not an operator)",
      method: "POST",
      path: () => fc.constant("/api/emergencias"),
      as: ["ana"],
      body: () =>
        near(
          { nome: "Enchente", cidades: ["Canoas (RS)"], inicio: "2026-11-01" },
          fc.oneof(fc.constantFrom("", [], "2026-02-31", ["x".repeat(61)]), anyValue),
        ),
      runs: 20,
    },
    {
      name: "POST /api/perdidos-e-achados/:id/mensagens (anyone signed in)",
      method: "POST",
      path: () => fc.constant(`/api/perdidos-e-achados/${RANDOM_ID}/mensagens`),
      as: ["ana", "bia"],
      body: () =>
        near({ texto: "Acho que vi o seu cão." }, fc.oneof(fc.constantFrom("", " ", "x".repeat(1001)), anyValue)),
      runs: 20,
    },
    {
      name: "GET /api/perdidos-e-achados?… (anyone)",
      method: "GET",
      path: () =>
        fc
          .record({
            tipo: fc.oneof(fc.constantFrom("perdido", "encontrado"), fc.string()),
            perto: fc.oneof(fc.constantFrom("Niterói (RJ)", "3304557"), fc.string()),
            raio: fc.oneof(fc.constantFrom("30", "0", "1e3"), fc.string()),
            desde: fc.oneof(fc.constantFrom("2026-11-01", "2026-02-31"), fc.string()),
          })
          .map((query) => `/api/perdidos-e-achados?${new URLSearchParams(query).toString()}`),
      as: ["anonimo"],
      body: () => fc.constant(undefined),
      runs: 30,
    },
    {
      name: "GET /api/organizacoes/:id/pix?valor= (anyone)",
      method: "GET",
      path: () =>
        fc
          .tuple(
            idOr(() => ongOrganizationId),
            fc.oneof(fc.constantFrom("25", "25,50", "1.250,00"), fc.string()),
          )
          .map(([id, valor]) => `/api/organizacoes/${id}/pix?valor=${encodeURIComponent(valor)}`),
      as: ["anonimo"],
      body: () => fc.constant(undefined),
      runs: 30,
    },
    // Routes that take no body of any method but GET: the fuzz checks they refuse it cleanly.
    ...["/api/finais-felizes", `/api/finais-felizes/${RANDOM_ID}`, "/api/favoritos", "/api/conversas"].map((path) => ({
      name: `POST ${path}`,
      method: "POST",
      path: () => fc.constant(path),
      as: ["ana"] as Party[],
      body: () => anyBody,
      runs: 5,
    })),
    // Last: they end what the ones above work on.
    {
      name: "DELETE /api/alertas/:id",
      method: "DELETE",
      path: () => idOr(() => alertaId).map((id) => `/api/alertas/${id}`),
      as: ["bia", "ana"],
      body: () => anyBody,
      runs: 10,
    },
  ];
  for (const route of routes) {
    it(route.name, async () => {
      await fc.assert(
        fc.asyncProperty(route.path(), fc.constantFrom(...route.as), route.body(), async (path, party, body) => {
          const response = await clientOf(party).request(route.method, path, body);
          expectClean(response, `${party}: ${route.method} ${path} ${(JSON.stringify(body) ?? "").slice(0, 300)}`);
        }),
        { numRuns: route.runs ?? 25 },
      );
    });
  }
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
          const response = await client().post(path, formBody(body), FORM);
          expectClean(response, formBody(body).slice(0, 200));
        }),
        RUNS,
      );
    });
  }
});

describe("page forms of the adoption, fed anything by the party that can reach their logic", () => {
  const storyNames = ["historia", "decisao", "motivo", "confirmo", "publicar", "foto"];
  const pages: {
    name: string;
    path: () => fc.Arbitrary<string>;
    as: Party[];
    body: () => fc.Arbitrary<string>;
    runs?: number;
    /** What follows an answer (an application sent: the next run applies for another animal). */
    after?: (response: { status: number; headers: Headers }) => Promise<void>;
  }[] = [
    {
      name: "/pets/:id/adotar (respostas of any shape)",
      path: () => idOr(() => applyPetId).map((id) => `/pets/${id}/adotar`),
      as: ["bia"],
      body: () =>
        anyAnswers().chain((respostas) =>
          nearForm(
            {
              nome: "Bia Fuzz",
              telefone: "(21) 98765-4321",
              cidade: "Niterói",
              "respostas.sobre": "Gosto de bichos.",
              "respostas.quintal": "sim",
              "respostas.moradia": "Casa",
              "respostas.animais": "Gato",
              ...(respostas && typeof respostas === "object" && !Array.isArray(respostas)
                ? Object.fromEntries(
                    Object.entries(respostas).map(([key, value]) => [
                      `respostas.${key}`,
                      typeof value === "string" ? value : JSON.stringify(value),
                    ]),
                  )
                : {}),
            },
            ["respostas.rotina", "respostas", "respostas[0]"],
          ),
        ),
      runs: 60,
      after: async (response) => {
        if (response.headers.get("Location")?.includes("/candidaturas/")) {
          applyPetId = await createPet(app.db, { caretakerId: ong.id, nome: "Candidato" });
        }
      },
    },
    {
      name: "/candidaturas/:id?acao=… (every intent, both parties)",
      path: () =>
        fc
          .tuple(
            idOr(() => novaId),
            fc.constantFrom(
              "mover",
              "visita",
              "nota",
              "recusar_espera",
              "mensagem",
              "castracao",
              "devolucao",
              "historia",
              "aprovar_historia",
              "retirar_historia",
              "desistir",
              "outra",
              "",
            ),
          )
          .map(([id, acao]) => `/candidaturas/${id}?acao=${acao}`),
      as: ["ong", "ana"],
      body: () =>
        nearForm(
          {
            status: "em_analise",
            motivo: "Porque sim.",
            confirmo: "on",
            nota: "Ligar amanhã.",
            texto: "Olá!",
            visita_local: "lar_temporario",
            visita_em: "2030-01-01T10:00",
          },
          storyNames,
        ),
      runs: 60,
    },
    {
      name: "/candidaturas/:id?acao=… on an adoption (return, story, castration)",
      path: () =>
        fc.oneof(
          // The story's adoption is not returned: its check-in is answered below.
          fc
            .constantFrom("historia", "aprovar_historia", "retirar_historia", "castracao", "mensagem")
            .map((acao) => `/candidaturas/${historiaId}?acao=${acao}`),
          fc.constantFrom("devolucao", "historia").map((acao) => `/candidaturas/${devolucaoId}?acao=${acao}`),
        ),
      as: ["ana", "ong"],
      body: () =>
        nearForm(
          { historia: "Ele dorme no sofá.", decisao: "publicar", motivo: "Mudança.", confirmo: "on", publicar: "on" },
          ["texto", "comprovante"],
        ),
      runs: 50,
    },
    {
      name: "/candidaturas/:id/termo?acao=emitir|assinar",
      path: () =>
        fc
          .tuple(
            fc.oneof(
              idOr(() => aprovadaId),
              fc.constant(null).map(() => emitirId),
            ),
            fc.constantFrom("emitir", "assinar", "outra"),
          )
          .map(([id, acao]) => `/candidaturas/${id}/termo?acao=${acao}`),
      as: ["ong", "bia"],
      body: () =>
        nearForm({
          prazo_castracao: prazo,
          nome_completo: "Bia Maria Fuzz",
          cpf: "529.982.247-25",
          endereco: "Rua das Laranjeiras, 120, Rio de Janeiro (RJ)",
          cep: "22240-003",
          concordo: "on",
        }),
      runs: 50,
    },
    {
      name: "/candidaturas (withdraw)",
      path: () => fc.constant("/candidaturas"),
      as: ["ana"],
      body: () =>
        idOr(() => novaId).chain((candidatura) => nearForm({ candidatura, intent: "desistir", voltar: "detalhe" })),
      runs: 15,
    },
    {
      name: "/mensagens/:id (a reply)",
      path: () => idOr(() => conversaId).map((id) => `/mensagens/${id}`),
      as: ["ana", "ong", "bia"],
      body: () => nearForm({ texto: "Olá! Como ele está?" }),
      runs: 40,
    },
    {
      name: "/mensagens/:id/ajustes",
      path: () => idOr(() => ajustesConversaId).map((id) => `/mensagens/${id}/ajustes`),
      as: ["bia", "ong"],
      body: () =>
        fc
          .constantFrom("compartilhar-whatsapp", "parar-whatsapp", "bloquear", "desbloquear", "toString", "x")
          .chain((intent) => nearForm({ intent })),
      runs: 30,
    },
    {
      name: "/alertas (create, change, delete)",
      path: () => fc.constant("/alertas"),
      as: ["ana", "bia"],
      body: () =>
        fc
          .constantFrom("criar", "frequencia", "excluir", "x")
          .chain((intent) =>
            nearForm(
              { intent, alerta: alertaFormId, frequencia: "imediata", especie: "gato", uf: "RJ", voltar: "/home" },
              ["cidade", "porte", "idade", "q", "perto", "raio", "sexo", "castrado", "convive_com"],
            ),
          ),
      runs: 40,
    },
    {
      name: "/alertas/cancelar",
      path: () => fc.constantFrom("/alertas/cancelar", "/alertas/cancelar?token=abc.def"),
      as: ["anonimo"],
      body: () => nearForm({ token: "abc.def" }),
      runs: 15,
    },
    {
      name: "/favoritos",
      path: () => fc.constant("/favoritos"),
      as: ["ana"],
      body: () =>
        fc
          .constantFrom("favoritar", "desfavoritar", "x")
          .chain((intent) => nearForm({ intent, pet: applyPetId, ficar: "1", voltar: "/home" })),
      runs: 25,
    },
    {
      name: "/denunciar",
      path: () => fc.constantFrom("/denunciar", `/denunciar?tipo=pet&id=${RANDOM_ID}`),
      as: ["ana", "anonimo"],
      body: () =>
        fc
          .constantFrom(
            { tipo: "pet", id: alvo.petId },
            { tipo: "usuario", id: alvo.id },
            { tipo: "conversa", id: conversaId },
          )
          .chain((target) =>
            fc
              .constantFrom(...REPORT_CATEGORIES, "x")
              .chain((categoria) => nearForm({ ...target, categoria, texto: "Pede dinheiro." })),
          ),
      runs: 30,
    },
    {
      name: "/meus-pets/questionario (the editor's rows)",
      path: () => fc.constant("/meus-pets/questionario"),
      as: ["fuzz"],
      body: () =>
        fc
          .constantFrom("salvar", "padrao", "adicionar", "remover:0", "subir:1", "descer:0", "x:y", "remover:99")
          .chain((intent) =>
            nearForm(
              {
                intent,
                "perguntas[0].tipo": "texto",
                "perguntas[0].enunciado": "Por quê?",
                "perguntas[0].obrigatoria": "on",
                "perguntas[1].id": "casa",
                "perguntas[1].tipo": "escolha_unica",
                "perguntas[1].enunciado": "Mora em",
                "perguntas[1].opcoes": "Casa\nApê",
              },
              ["perguntas[2].tipo", "perguntas[1].obrigatoria", "perguntas"],
            ),
          ),
      runs: 50,
    },
    {
      name: "/meus-pets/termo?acao=dias|previa|salvar",
      path: () => fc.constantFrom("/meus-pets/termo", "/meus-pets/termo?acao=dias", "/meus-pets/termo?acao=previa"),
      as: ["fuzz"],
      body: () => nearForm({ texto: "Eu, {{adotante.nome}}, adoto {{animal.nome}}.", dias: "7, 30" }),
      runs: 30,
    },
    {
      name: "/senha/esqueci",
      path: () => fc.constant("/senha/esqueci"),
      as: ["anonimo"],
      body: () => nearForm({ email: "ana.fuzz@exemplo.com" }),
      runs: 20,
    },
    {
      name: "/senha/nova",
      path: () => fc.constantFrom("/senha/nova", "/senha/nova?token=abc.def"),
      as: ["anonimo"],
      body: () => nearForm({ token: "abc.def", senha: "Nova@1234", senha__confirma: "Nova@1234" }),
      runs: 20,
    },
    {
      name: "/acompanhamento (a check-in's answer)",
      path: () =>
        fc
          .oneof(
            fc.constant(null).map(() => checkinLink),
            fc.constantFrom("", "abc.def", "%00"),
          )
          .map((token) => `/acompanhamento?token=${token}`),
      as: ["anonimo"],
      body: () => nearForm({ texto: "Está ótimo, dorme muito." }, ["fotos"]),
      runs: 25,
    },
    {
      name: "/termos/verificar",
      path: () => fc.constant("/termos/verificar"),
      as: ["anonimo"],
      body: () => nearForm({ codigo: "ABCD-1234-EFGH-5678" }, ["arquivo"]),
      runs: 20,
    },
    {
      name: "/meus-pets/:id (editing a pet)",
      path: () => idOr(() => petId).map((id) => `/meus-pets/${id}`),
      as: ["fuzz"],
      body: () =>
        nearForm(
          {
            nome: "Alvo",
            especie: "cao",
            idade: "2",
            idade__unidade: "anos",
            porte: "medio",
            perfil: "Dócil",
            cidade: "Niterói",
            uf: "RJ",
            sexo: "macho",
            status: "disponivel",
          },
          FIELDS,
        ),
      runs: 25,
    },
    {
      name: "/meus-pets (the list's buttons)",
      path: () => fc.constant("/meus-pets"),
      as: ["fuzz"],
      body: () =>
        fc
          .tuple(
            idOr(() => listedPetId),
            fc.constantFrom("adotado", "disponivel", "remover", "x"),
          )
          .chain(([pet, intent]) => nearForm({ pet, intent })),
      runs: 20,
    },
    {
      name: "/moderacao (an operator)",
      path: () => fc.constantFrom("/moderacao", "/moderacao?aba=denuncias"),
      as: ["operador"],
      body: () =>
        fc
          .constantFrom(
            `ocultar_anuncio:${alvo.petId}`,
            `restaurar_anuncio:${alvo.petId}`,
            `arquivar_denuncias:pet:${alvo.petId}`,
            `arquivar_denuncias:x:${alvo.petId}`,
            `suspender_conta:${alvo.id}`,
            `restaurar_conta:${alvo.id}`,
            `verificar_ong:${alvo.id}`,
            `suspender_conta:${RANDOM_ID}`,
            "toString:x",
            "constructor",
          )
          .chain((intent) => nearForm({ intent, motivo: "Anúncio pedia dinheiro.", form: "x" })),
      runs: 40,
    },
  ];
  for (const page of pages) {
    it(`POST ${page.name}`, async () => {
      await fc.assert(
        fc.asyncProperty(page.path(), fc.constantFrom(...page.as), page.body(), async (path, party, body) => {
          const response = await clientOf(party).post(path, body, FORM);
          expectClean(response, `${party}: ${path} ${body.slice(0, 300)}`);
          await page.after?.(response);
        }),
        { numRuns: page.runs ?? 25 },
      );
    });
  }
});

describe("multipart forms with files of anything", () => {
  let png: Buffer;
  beforeAll(async () => {
    png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#c98b4f" } })
      .png()
      .toBuffer();
  });
  const bytes = () =>
    fc.oneof(
      fc.uint8Array({ maxLength: 200 }),
      fc.uint8Array({ maxLength: 200 }).map((rest) => Buffer.concat([Buffer.from("%PDF-1.7\n"), rest])),
      fc.integer({ min: 1, max: 200 }).map((cut) => png.subarray(0, png.length - cut)),
      fc.uint8Array({ maxLength: 100 }).map((rest) => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), rest])),
      fc.uint8Array({ maxLength: 100 }).map((rest) => Buffer.concat([Buffer.from("GIF89a"), rest])),
      // Bank statements (issue 46): Nubank's CSV and OFX, with lines of anything.
      fc
        .array(fc.string({ maxLength: 60 }), { maxLength: 5 })
        .map((lines) => Buffer.from(["Data,Valor,Identificador,Descrição", ...lines].join("\n"))),
      fc
        .tuple(fc.string({ maxLength: 12 }), fc.string({ maxLength: 20 }), fc.string({ maxLength: 30 }))
        .map(([amount, posted, memo]) =>
          Buffer.from(
            `OFXHEADER:100\n<OFX><STMTTRN><TRNAMT>${amount}<DTPOSTED>${posted}<FITID>1<MEMO>${memo}</STMTTRN></OFX>`,
          ),
        ),
      fc.constant(null).map(() => png),
      fc.constant(null).map(() => png),
      fc.constant(null).map(() => png),
    );
  const file = () =>
    fc.record({
      bytes: bytes(),
      type: fc.constantFrom("image/png", "image/png", "image/jpeg", "application/pdf", "", "text/plain"),
      name: fc.constantFrom("foto.png", "foto.png", "termo.pdf", "", "../../x", "a".repeat(300)),
    });
  /** A new pet's fields, beside the photos the fuzz sends (page and API alike). */
  const NEW_PET_FIELDS = {
    nome: "Novo",
    especie: "gato",
    idade: "2",
    idade__unidade: "anos",
    porte: "pequeno",
    perfil: "Dócil",
    cidade: "Niterói",
    uf: "RJ",
    sexo: "femea",
    status: "disponivel",
  };
  const pages: { name: string; path: () => string; as: Party; files: string[]; fields: Record<string, string> }[] = [
    {
      name: "/termos/verificar (a PDF of anything)",
      path: () => "/termos/verificar",
      as: "anonimo",
      files: ["arquivo"],
      fields: { codigo: "ABCD-1234-EFGH-5678" },
    },
    {
      name: "POST /api/termos/verificar (a PDF of anything)",
      path: () => "/api/termos/verificar",
      as: "anonimo",
      files: ["arquivo"],
      fields: {},
    },
    {
      name: "/acompanhamento (photos of anything)",
      path: () => `/acompanhamento?token=${checkinLink}`,
      as: "anonimo",
      files: ["fotos"],
      fields: { texto: "Está ótimo." },
    },
    {
      name: "/candidaturas/:id?acao=castracao (a proof of anything)",
      path: () => `/candidaturas/${historiaId}?acao=castracao`,
      as: "ana",
      files: ["comprovante"],
      fields: {},
    },
    {
      name: "/candidaturas/:id?acao=historia (a photo of anything)",
      path: () => `/candidaturas/${historiaId}?acao=historia`,
      as: "ana",
      files: ["foto"],
      fields: { historia: "Ele dorme no sofá." },
    },
    {
      name: "/meus-pets/novo (photos of anything)",
      path: () => "/meus-pets/novo",
      as: "fuzz",
      files: ["fotos"],
      fields: NEW_PET_FIELDS,
    },
    {
      name: "POST /api/organizacoes/:id/extratos (a statement of anything)",
      path: () => `/api/organizacoes/${ongOrganizationId}/extratos`,
      as: "ong",
      files: ["arquivo"],
      fields: {},
    },
    {
      name: "POST /api/organizacoes/:id/despesas (a receipt of anything)",
      path: () => `/api/organizacoes/${ongOrganizationId}/despesas`,
      as: "ong",
      files: ["comprovante"],
      fields: { categoria: "veterinario", valor: "80,00", data: "2026-11-01" },
    },
    {
      name: "POST /api/perdidos-e-achados (photos of anything)",
      path: () => "/api/perdidos-e-achados",
      as: "ana",
      files: ["fotos"],
      fields: {
        tipo: "perdido",
        especie: "cao",
        porte: "medio",
        cores: "caramelo",
        nome: "Fuzz",
        data: "2026-11-01",
        cidade: "Niterói (RJ)",
      },
    },
    {
      name: "POST /api/pets (photos of anything)",
      path: () => "/api/pets",
      as: "fuzz",
      files: ["fotos"],
      fields: NEW_PET_FIELDS,
    },
  ];
  for (const page of pages) {
    it(page.name, async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(
            fc.tuple(
              fc.oneof({ weight: 8, arbitrary: fc.constantFrom(...page.files) }, fc.constantFrom("x", "__intent__")),
              file(),
            ),
            { maxLength: 3 },
          ),
          fc.oneof(
            fc.constant({}),
            fc.dictionary(fc.constantFrom(...Object.keys(page.fields), "x", "x[5]"), anyValue, { maxKeys: 2 }),
          ),
          async (files, changed) => {
            const form = new FormData();
            for (const [name, value] of Object.entries({ ...page.fields, ...changed })) {
              form.append(name, typeof value === "string" ? value : JSON.stringify(value));
            }
            for (const [name, { bytes: content, type, name: filename }] of files) {
              form.append(name, new Blob([new Uint8Array(content)], { type }), filename);
            }
            const response = await clientOf(page.as).post(page.path(), form);
            expectClean(response, `${page.path()} ${JSON.stringify(changed)} ${files.map(([n]) => n).join(",")}`);
          },
        ),
        { numRuns: 15 },
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

describe("found by the fuzz", () => {
  it("a form field named as Conform's own (__intent__, __state__) is refused with 400, on every reader of forms", async () => {
    // Conform parses them as JSON, and threw: a 500 on every form of the site.
    const cases: [string, Client, string][] = [
      ["/login", new Client(app.baseUrl), "email=ana%40exemplo.com&senha=x&__intent__=0"],
      ["/senha/nova", new Client(app.baseUrl), "token=abc&senha=Nova%401234&__state__=%01"],
      ["/meus-pets/questionario", signedIn, "intent=salvar&__intent__=x"],
      ["/meus-pets/novo", signedIn, "nome=Rex&__intent__=false"],
      ["/denunciar", new Client(app.baseUrl), `tipo=pet&id=${RANDOM_ID}&categoria=golpe&__intent__=%7B%7D`],
    ];
    for (const [path, client, body] of cases) {
      const response = await client.post(path, body, FORM);
      expect(response.status, path).toBe(400);
      expect(response.text, path).toContain("Não foi possível ler os dados do formulário.");
    }
    const form = new FormData();
    form.append("nome", "Rex");
    form.append("__intent__", "x");
    const api = await signedIn.post("/api/pets", form);
    expect([api.status, api.json.message]).toEqual([400, "Não foi possível ler os dados do formulário."]);
  });

  it("a list index far past the form's fields is refused at once (it cost seconds of CPU a request)", async () => {
    const started = Date.now();
    const editor = await signedIn.post("/meus-pets/questionario", "perguntas%5B100000000%5D.tipo=texto", FORM);
    expect(editor.status).toBe(400);
    expect(editor.text).toContain("Os dados enviados têm estrutura complexa demais.");
    const login = await new Client(app.baseUrl).post("/login", "email%5B200000000%5D=a&senha=x", FORM);
    expect(login.status).toBe(400);
    expect(Date.now() - started).toBeLessThan(3000);
    // A list of the form's own size still reads.
    const rows = await signedIn.post(
      "/meus-pets/questionario",
      "intent=salvar&perguntas%5B0%5D.tipo=texto&perguntas%5B0%5D.enunciado=Por+qu%C3%AA%3F&perguntas%5B0%5D.obrigatoria=on",
      FORM,
    );
    expect(rows.status).toBe(302);
  });
});

/** A fuzzed body as a query string: each value as text (an object as its JSON). */
function queryOf(body: Record<string, unknown>): URLSearchParams {
  return new URLSearchParams(
    Object.entries(body).map(([key, value]) => [
      key,
      typeof value === "string" ? value : (JSON.stringify(value) ?? ""),
    ]),
  );
}

describe("every endpoint the API declares, fed anything (issue 60)", () => {
  /**
   * Each declaration of app/api (so a new endpoint is in without being listed here), its path's
   * parameters ids of an account of its own (its organisation, its animal) or anything, its body
   * or query anything, signed in as that account and signed out. The event stream is read for its
   * answer only (it never ends by itself).
   */
  let owner: Person;
  let ownerPet: string;
  let ownerOrganization: string;
  beforeAll(async () => {
    owner = await signedInAccount(app, { email: "fuzz.dono@exemplo.com", nome: "Dono Fuzz" });
    ownerPet = await createPet(app.db, { caretakerId: owner.id, nome: "Fuzzy" });
    const pet = await owner.client.get(`/api/pets/${ownerPet}`);
    ownerOrganization = (pet.json.organizacao as { id: string }).id;
  });

  const paramValue = fc.constantFrom(
    RANDOM_ID,
    "x",
    "1%20or%201%3D1",
    "%00",
    "..%2F..",
    "ffffffff-ffff-ffff-ffff-ffffffffffff",
  );
  /** The account's own id for a parameter, by the collection it names; else anything. */
  function ownId(path: string, name: string): string | undefined {
    if (name === "id" && path.startsWith("/pets/")) return ownerPet;
    if (name === "id" && path.startsWith("/organizacoes/")) return ownerOrganization;
    if (name === "id" && path.startsWith("/users/")) return owner.id;
    if (name === "usuarioId") return owner.id;
    return undefined;
  }

  for (const declared of apiEndpoints) {
    const method = declared.method.toUpperCase();
    // Signing out would end the account's session for the rest: it is fuzzed signed out only.
    const signedOutOnly = declared.path === "/session" && method === "DELETE";
    it(`${method} ${declared.path}`, async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.boolean(),
          fc.array(paramValue, { minLength: 4, maxLength: 4 }),
          anyBody,
          fc.boolean(),
          async (own, values, body, signedInCall) => {
            let index = 0;
            const path = declared.path.replace(/\{(\w+)\}/g, (_, name: string) => {
              const value = (own && ownId(declared.path, name)) || values[index++ % values.length]!;
              return value;
            });
            const client = signedInCall && !signedOutOnly ? owner.client : new Client(app.baseUrl);
            if (declared.path === "/conversas/eventos") {
              const controller = new AbortController();
              const cookie = client.cookie("adopet_sessao");
              const response = await fetch(`${app.baseUrl}/api${path}?${queryOf(body)}`, {
                signal: controller.signal,
                headers: {
                  "Last-Event-ID": String(values[0]),
                  ...(cookie ? { Cookie: `adopet_sessao=${cookie}` } : {}),
                },
              });
              expect(response.status).toBeLessThan(500);
              controller.abort();
              return;
            }
            const url = method === "GET" || method === "HEAD" ? `/api${path}?${queryOf(body)}` : `/api${path}`;
            const response = await client.request(method, url, method === "GET" ? undefined : body);
            expectClean(response, `${method} ${path} ${JSON.stringify(body).slice(0, 200)}`);
          },
        ),
        { numRuns: 6 },
      );
    });
  }
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
