import { simpleParser, type ParsedMail } from "mailparser";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPet, DEFAULT_PASSWORD } from "../support/factories";
import { applications, conversations, pets } from "~/db/schema";
import { apply, canApply } from "~/domain/applications/applications.server";
import { eraseClosedAnswers } from "~/domain/applications/application-privacy.server";
import { notFound } from "~/services/outcome.server";
import { APPLICATION_MESSAGES, DEFAULT_QUESTIONS } from "~/lib/applications";
import { Client, signedInAccount, startAppWithMail, type TestApp } from "../support/app";
import type { SmtpPeer } from "../support/smtp-peer";

/**
 * Adoption applications (issue 19) through the API: the questionnaire, applying, the
 * pipeline and its refusals, who may read and move what, the reservation, the e-mails, and
 * the answers' retention.
 */
const PUBLIC_URL = "https://adote.exemplo.org";
const DAY = 24 * 60 * 60_000;
let app: TestApp;
let smtp: SmtpPeer;

type Person = { client: Client; id: string; email: string };

const person = (email: string, nome: string): Promise<Person> =>
  signedInAccount(app, { email, nome, telefone: "(21) 98765-4321" });

async function mailTo(to: string): Promise<ParsedMail[]> {
  const sent = smtp.received.filter((message) => message.to.includes(to));
  return Promise.all(sent.map((message) => simpleParser(message.data)));
}

/** Complete answers to the default questionnaire. */
const DEFAULT_ANSWERS = {
  moradia: "Casa",
  imovel: "Próprio",
  permite_animais: true,
  telas: true,
  moradores: "Eu e minha esposa.",
  outros_animais: "Uma gata castrada e vacinada.",
  animais_antes: "Sim, um cão que viveu 15 anos.",
  horas_sozinho: "Quatro horas",
  viagens: "Minha mãe",
  motivo: "Queremos dar um lar a um cão.",
  acompanhamento: true,
};

let ong: Person;
let ana: Person;
let bruno: Person;
let carla: Person;

beforeAll(async () => {
  ({ app, smtp } = await startAppWithMail({ PUBLIC_URL }));
  ong = await person("ong.candidaturas@exemplo.com", "ONG Patas");
  ana = await person("ana.candidaturas@exemplo.com", "Ana");
  bruno = await person("bruno.candidaturas@exemplo.com", "Bruno");
  carla = await person("carla.candidaturas@exemplo.com", "Carla");
});

afterAll(() => app?.close());

describe("the questionnaire", () => {
  it("starts from the default template, and refuses bad questions with Portuguese messages", async () => {
    const own = await carla.client.get("/api/questionario");
    expect(own.status).toBe(200);
    expect(own.json.perguntas).toEqual(DEFAULT_QUESTIONS);
    const put = (body: unknown) => carla.client.request("PUT", "/api/questionario", body);
    const empty = await put({ perguntas: [] });
    expect([empty.status, empty.json.errors]).toEqual([400, { perguntas: [APPLICATION_MESSAGES.perguntasMin] }]);
    const bad = await put({
      perguntas: [
        { tipo: "cor", enunciado: "Qual?", obrigatoria: true },
        { tipo: "escolha_unica", enunciado: "Casa?", obrigatoria: true, opcoes: ["Sim"] },
        { tipo: "texto", enunciado: "  ", obrigatoria: "sim" },
        { tipo: "sim_nao", enunciado: "Telas?", obrigatoria: true, opcoes: ["a", "b"], extra: 1 },
        { id: "constructor", tipo: "texto", enunciado: "Nome?", obrigatoria: false },
      ],
    });
    expect(bad.status).toBe(400);
    expect(bad.json.errors).toMatchObject({
      "perguntas.0.tipo": [APPLICATION_MESSAGES.tipo],
      "perguntas.1.opcoes": [APPLICATION_MESSAGES.opcoesMin],
      "perguntas.2.enunciado": [APPLICATION_MESSAGES.enunciadoRequired],
      "perguntas.2.obrigatoria": ["Use true ou false."],
      "perguntas.3.extra": ["Campo desconhecido."],
      "perguntas.4.id": [APPLICATION_MESSAGES.id],
    });
    expect((await carla.client.get("/api/questionario")).json.perguntas).toEqual(DEFAULT_QUESTIONS);
    expect((await new Client(app.baseUrl).get("/api/questionario")).status).toBe(401);
  });

  it("saves the caretaker's questions in order, new ones with an id, and shows them for each of their pets", async () => {
    const saved = await carla.client.request("PUT", "/api/questionario", {
      perguntas: [
        {
          id: "moradia",
          tipo: "escolha_unica",
          enunciado: "Casa ou apartamento?",
          obrigatoria: true,
          opcoes: ["Casa", "Apartamento"],
        },
        {
          tipo: "escolha_multipla",
          enunciado: "Quem mora com você?",
          obrigatoria: false,
          opcoes: ["Crianças", "Idosos", "Outros animais"],
        },
        { tipo: "texto_longo", enunciado: "Por que adotar?", obrigatoria: true },
      ],
    });
    expect(saved.status).toBe(200);
    const perguntas = saved.json.perguntas as { id: string; tipo: string }[];
    expect(perguntas.map((question) => question.tipo)).toEqual(["escolha_unica", "escolha_multipla", "texto_longo"]);
    expect(perguntas[0]!.id).toBe("moradia");
    expect(perguntas[1]!.id).toMatch(/^p_[a-z0-9]+$/);
    const petId = await createPet(app.db, { caretakerId: carla.id, nome: "Pipoca" });
    const visitor = new Client(app.baseUrl);
    const shown = await visitor.get(`/api/pets/${petId}/questionario`);
    expect([shown.status, shown.json.perguntas]).toEqual([200, perguntas]);
    expect((await visitor.get(`/api/pets/00000000-0000-4000-8000-000000000000/questionario`)).status).toBe(404);
  });
});

describe("applying", () => {
  let petId: string;
  beforeAll(async () => {
    petId = await createPet(app.db, { caretakerId: ong.id, nome: "Dunga" });
  });

  it("refuses a visitor, an unknown pet, your own pet, and wrong answers, each with its message", async () => {
    const body = { respostas: DEFAULT_ANSWERS };
    expect((await new Client(app.baseUrl).post(`/api/pets/${petId}/candidaturas`, body)).status).toBe(401);
    const unknown = await ana.client.post("/api/pets/00000000-0000-4000-8000-000000000000/candidaturas", body);
    expect([unknown.status, unknown.json.message]).toEqual([404, "Animal não encontrado."]);
    const own = await ong.client.post(`/api/pets/${petId}/candidaturas`, body);
    expect([own.status, own.json.message]).toEqual([
      403,
      "Você não pode se candidatar para adotar um animal que você mesmo publicou.",
    ]);
    const wrong = await ana.client.post(`/api/pets/${petId}/candidaturas`, {
      respostas: {
        ...DEFAULT_ANSWERS,
        moradia: "Barco",
        telas: "sim",
        motivo: "",
        horas_sozinho: "x".repeat(301),
        cor_favorita: "azul",
      },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.json.errors).toEqual({
      "respostas.moradia": [APPLICATION_MESSAGES.oneOption],
      "respostas.telas": [APPLICATION_MESSAGES.yesNo],
      "respostas.motivo": [APPLICATION_MESSAGES.answerRequired],
      "respostas.horas_sozinho": [APPLICATION_MESSAGES.shortMax],
      "respostas.cor_favorita": ["Campo desconhecido."],
    });
    const blank = await ana.client.post(`/api/pets/${petId}/candidaturas`, {
      respostas: { ...DEFAULT_ANSWERS, motivo: "   ", moradores: "\n\t" },
    });
    expect([blank.status, blank.json.errors]).toEqual([
      400,
      {
        "respostas.motivo": [APPLICATION_MESSAGES.answerRequired],
        "respostas.moradores": [APPLICATION_MESSAGES.answerRequired],
      },
    ]);
    const notJson = await ana.client.post(`/api/pets/${petId}/candidaturas`, "{", {
      "Content-Type": "application/json",
    });
    expect(notJson.status).toBe(400);
    const [count] = await app.db
      .select({ id: applications.id })
      .from(applications)
      .where(eq(applications.petId, petId));
    expect(count).toBeUndefined();
  });

  it("takes one open application per adopter and pet, and e-mails the caretaker", async () => {
    const created = await ana.client.post(`/api/pets/${petId}/candidaturas`, { respostas: DEFAULT_ANSWERS });
    expect(created.status, created.text).toBe(201);
    expect(created.json.status).toBe("nova");
    const id = created.json.id as string;
    expect(created.headers.get("location")).toBe(`/adopet/api/candidaturas/${id}`);
    const again = await ana.client.post(`/api/pets/${petId}/candidaturas`, { respostas: DEFAULT_ANSWERS });
    expect([again.status, again.json.message, again.json.candidatura_id]).toEqual([
      409,
      "Você já tem uma candidatura em andamento para este animal.",
      id,
    ]);
    await expect.poll(async () => (await mailTo(ong.email)).length, { timeout: 20_000 }).toBe(1);
    const [mail] = await mailTo(ong.email);
    expect(mail!.subject).toBe("Nova candidatura para adotar Dunga");
    expect(mail!.text).toContain("Ana respondeu ao seu questionário e quer adotar Dunga.");
    expect(mail!.text).toContain(`${PUBLIC_URL}/adopet/candidaturas/${id}`);
    // Listed on both sides.
    const mine = await ana.client.get("/api/candidaturas");
    expect((mine.json.enviadas as { id: string }[]).map((item) => item.id)).toEqual([id]);
    expect(mine.json.recebidas).toEqual([]);
    const theirs = await ong.client.get(`/api/candidaturas?pet=${petId}&status=nova`);
    expect(theirs.json.recebidas).toEqual([
      expect.objectContaining({ id, status: "nova", adotante: { id: ana.id, nome: "Ana" } }),
    ]);
    expect((await ong.client.get("/api/candidaturas?status=qualquer")).status).toBe(400);
  });

  it("two submits at once by one adopter: one application, the other told it exists", async () => {
    const petId = await createPet(app.db, { caretakerId: ong.id, nome: "Gêmeo" });
    const answers = await Promise.all(
      [1, 2].map(() => bruno.client.post(`/api/pets/${petId}/candidaturas`, { respostas: DEFAULT_ANSWERS })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    const created = answers.find((answer) => answer.status === 201)!;
    expect(answers.find((answer) => answer.status === 409)!.json.candidatura_id).toBe(created.json.id);
  });

  it("checks the pet again as it writes the application: the form's answer for each state, and nothing stored", async () => {
    const petId = await createPet(app.db, { caretakerId: ong.id, nome: "Pipoca" });
    const input = {
      adopterId: carla.id,
      petId,
      caretakerId: ong.id,
      perguntas: [...DEFAULT_QUESTIONS],
      respostas: DEFAULT_ANSWERS,
    };
    // Each as it may have become between the form's check (canApply) and the write (apply).
    const states = [
      { status: "adotado", reservedAt: null },
      { status: "removido", reservedAt: null },
      { status: "oculto", reservedAt: null },
      { status: "disponivel", reservedAt: new Date() },
    ] as const;
    for (const state of states) {
      await app.db.update(pets).set(state).where(eq(pets.id, petId));
      const checked = await canApply(app.db, carla.id, petId);
      expect(checked.ok).toBe(false);
      expect(await apply(app.db, app.jobs, input, { limited: false })).toEqual(checked);
    }
    await app.db.update(pets).set({ status: "disponivel", reservedAt: null }).where(eq(pets.id, petId));
    const own = { ...input, adopterId: ong.id };
    expect(await apply(app.db, app.jobs, own, { limited: false })).toEqual(await canApply(app.db, ong.id, petId));
    // The caretaker the adopter saw is no longer the pet's.
    expect(await apply(app.db, app.jobs, { ...input, caretakerId: bruno.id }, { limited: false })).toEqual(
      notFound("pet"),
    );
    const stored = async () => ({
      applications: (
        await app.db.select({ id: applications.id }).from(applications).where(eq(applications.petId, petId))
      ).length,
      conversations: (
        await app.db.select({ id: conversations.id }).from(conversations).where(eq(conversations.petId, petId))
      ).length,
    });
    expect(await stored()).toEqual({ applications: 0, conversations: 0 });

    const written = await apply(app.db, app.jobs, input, { limited: false });
    expect(written).toEqual({ ok: true, value: { id: expect.any(String), status: "nova" } });
    expect(await stored()).toEqual({ applications: 1, conversations: 1 });
    // Its caretaker hears of it through the outbox.
    await expect
      .poll(async () => (await mailTo(ong.email)).filter((mail) => mail.subject?.endsWith("Pipoca")).length, {
        timeout: 20_000,
      })
      .toBe(1);
  });

  it("keeps the questions as they were answered when the questionnaire changes", async () => {
    const before = await ana.client.get("/api/candidaturas");
    const id = (before.json.enviadas as { id: string }[])[0]!.id;
    const changed = await ong.client.request("PUT", "/api/questionario", {
      perguntas: [{ tipo: "texto", enunciado: "Uma pergunta nova", obrigatoria: true }],
    });
    expect(changed.status).toBe(200);
    const detail = await ana.client.get(`/api/candidaturas/${id}`);
    expect(detail.json.perguntas).toEqual(DEFAULT_QUESTIONS);
    expect(detail.json.respostas).toEqual(DEFAULT_ANSWERS);
    await ong.client.request("PUT", "/api/questionario", { perguntas: DEFAULT_QUESTIONS });
  });
});

describe("the pipeline", () => {
  let petId: string;
  let anaApp: string;
  let brunoApp: string;

  beforeAll(async () => {
    petId = await createPet(app.db, { caretakerId: ong.id, nome: "Bolinha" });
    anaApp = (await ana.client.post(`/api/pets/${petId}/candidaturas`, { respostas: DEFAULT_ANSWERS })).json
      .id as string;
    brunoApp = (await bruno.client.post(`/api/pets/${petId}/candidaturas`, { respostas: DEFAULT_ANSWERS })).json
      .id as string;
  });

  it("shows an application only to its two parties; nobody else can read or move it", async () => {
    expect((await carla.client.get(`/api/candidaturas/${anaApp}`)).status).toBe(404);
    expect((await carla.client.patch(`/api/candidaturas/${anaApp}`, { status: "recusada", motivo: "x" })).status).toBe(
      404,
    );
    expect((await bruno.client.get(`/api/candidaturas/${anaApp}`)).status).toBe(404);
    expect((await new Client(app.baseUrl).get(`/api/candidaturas/${anaApp}`)).status).toBe(401);
    expect((await ana.client.get(`/api/candidaturas/${anaApp}`)).status).toBe(200);
    const caretaker = await ong.client.get(`/api/candidaturas/${anaApp}`);
    expect(caretaker.json.adotante).toMatchObject({ nome: "Ana", telefone: "(21) 98765-4321" });
  });

  it("the application's page is a 404 for anyone else, to read and to act, and its form refuses to move it", async () => {
    const FORM = { "Content-Type": "application/x-www-form-urlencoded" };
    expect((await carla.client.get(`/candidaturas/${anaApp}`)).status).toBe(404);
    const moved = await carla.client.post(
      `/candidaturas/${anaApp}?acao=mover`,
      new URLSearchParams({ status: "recusada", motivo: "x", confirmo: "on" }).toString(),
      FORM,
    );
    expect(moved.status).toBe(404);
    const noted = await bruno.client.post(
      `/candidaturas/${anaApp}?acao=nota`,
      new URLSearchParams({ nota: "Olá" }).toString(),
      FORM,
    );
    expect(noted.status).toBe(404);
    expect((await ana.client.get(`/candidaturas/${anaApp}`)).status).toBe(200);
    expect((await ana.client.get(`/api/candidaturas/${anaApp}`)).json.status).toBe("nova");
  });

  it("lets each party make only their own moves, from where the application is", async () => {
    const adopterApproves = await ana.client.patch(`/api/candidaturas/${anaApp}`, { status: "aprovada" });
    expect([adopterApproves.status, adopterApproves.json.message]).toEqual([
      403,
      "Só quem cuida do animal pode decidir sobre a candidatura ou anotar nela.",
    ]);
    const caretakerWithdraws = await ong.client.patch(`/api/candidaturas/${anaApp}`, { status: "desistiu" });
    expect([caretakerWithdraws.status, caretakerWithdraws.json.message]).toEqual([
      403,
      "Só quem se candidatou pode desistir da candidatura.",
    ]);
    const adopterNote = await ana.client.patch(`/api/candidaturas/${anaApp}`, { nota: "Oi" });
    expect(adopterNote.status).toBe(403);
    const noReason = await ong.client.patch(`/api/candidaturas/${anaApp}`, { status: "recusada" });
    expect([noReason.status, noReason.json.errors]).toEqual([400, { motivo: [APPLICATION_MESSAGES.motivoRequired] }]);
    const nothing = await ong.client.patch(`/api/candidaturas/${anaApp}`, {});
    expect(nothing.status).toBe(400);

    const moved = await ong.client.patch(`/api/candidaturas/${anaApp}`, {
      status: "entrevista",
      nota: "Ligar à tarde",
    });
    expect(moved.status).toBe(200);
    expect(moved.json.status).toBe("entrevista");
    expect(moved.json.notas).toEqual([{ texto: "Ligar à tarde", em: expect.any(String) }]);
    // Backwards is not a move.
    const back = await ong.client.patch(`/api/candidaturas/${anaApp}`, { status: "em_analise" });
    expect([back.status, back.json.message]).toEqual([
      409,
      "A candidatura não pode passar para esse status a partir do status em que está.",
    ]);
    // The adopter never sees the notes, and reads the timeline.
    const seen = await ana.client.get(`/api/candidaturas/${anaApp}`);
    expect(seen.json.notas).toBeUndefined();
    expect(seen.text).not.toContain("Ligar à tarde");
    expect((seen.json.historico as { status: string }[]).map((event) => event.status)).toEqual(["nova", "entrevista"]);
    expect(seen.json.adotante).toEqual({ id: ana.id, nome: "Ana" });
    await expect
      .poll(async () => (await mailTo(ana.email)).map((mail) => mail.subject), { timeout: 20_000 })
      .toContain("Sua candidatura para adotar Bolinha: Entrevista");
  });

  it("approving reserves the animal, puts the others on the waiting list, and closes the door to new ones", async () => {
    const approved = await ong.client.patch(`/api/candidaturas/${anaApp}`, { status: "aprovada" });
    expect(approved.status).toBe(200);
    expect((await new Client(app.baseUrl).get(`/api/pets/${petId}`)).json.status).toBe("reservado");
    expect((await bruno.client.get(`/api/candidaturas/${brunoApp}`)).json.status).toBe("em_espera");
    const late = await carla.client.post(`/api/pets/${petId}/candidaturas`, { respostas: DEFAULT_ANSWERS });
    expect([late.status, late.json.message]).toEqual([
      404,
      "Este animal já está reservado: outra candidatura foi aprovada.",
    ]);
    const second = await ong.client.patch(`/api/candidaturas/${brunoApp}`, { status: "aprovada" });
    expect(second.status).toBe(409);
  });

  it("an adoption that falls through makes the animal available again and brings back the waiting list", async () => {
    const declined = await ong.client.patch(`/api/candidaturas/${anaApp}`, {
      status: "recusada",
      motivo: "A família desistiu da entrega.",
    });
    expect([declined.status, declined.json.status, declined.json.motivo]).toEqual([
      200,
      "recusada",
      "A família desistiu da entrega.",
    ]);
    expect((await new Client(app.baseUrl).get(`/api/pets/${petId}`)).json.status).toBe("disponivel");
    expect((await bruno.client.get(`/api/candidaturas/${brunoApp}`)).json.status).toBe("em_analise");
    // The refusal's e-mail carries the reason; the waiting list hears it is back in analysis.
    await expect
      .poll(async () => (await mailTo(ana.email)).find((mail) => mail.subject?.endsWith("Recusada"))?.text, {
        timeout: 20_000,
      })
      .toContain("Motivo: A família desistiu da entrega.");
    await expect
      .poll(async () => (await mailTo(bruno.email)).map((mail) => mail.subject).sort(), { timeout: 20_000 })
      .toEqual([
        "Sua candidatura para adotar Bolinha: Em análise",
        "Sua candidatura para adotar Bolinha: Lista de espera",
      ]);
    // Closed: Ana may apply again.
    const again = await ana.client.post(`/api/pets/${petId}/candidaturas`, { respostas: DEFAULT_ANSWERS });
    expect(again.status).toBe(201);
    // The adopter withdraws.
    const withdrawn = await ana.client.patch(`/api/candidaturas/${again.json.id as string}`, { status: "desistiu" });
    expect(withdrawn.json.status).toBe("desistiu");
  });

  it("two approvals for one animal at the same moment: exactly one wins, the other gets 409", async () => {
    const race = await createPet(app.db, { caretakerId: ong.id, nome: "Corrida" });
    const ids = await Promise.all(
      [ana, bruno, carla].map(
        async (adopter) =>
          (await adopter.client.post(`/api/pets/${race}/candidaturas`, { respostas: DEFAULT_ANSWERS })).json
            .id as string,
      ),
    );
    const answers = await Promise.all(
      ids.map((id) => ong.client.patch(`/api/candidaturas/${id}`, { status: "aprovada" })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409]);
    const statuses = await app.db
      .select({ status: applications.status })
      .from(applications)
      .where(eq(applications.petId, race));
    expect(statuses.map((row) => row.status).sort()).toEqual(["aprovada", "em_espera", "em_espera"]);
  });
});

describe("the pipeline's filter by animal", () => {
  /** What the page says it shows: "6 candidaturas". */
  const shownCount = (html: string) => /class="applications__count" role="status">([^<]*)</.exec(html)?.[1];
  let dani: Person;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    dani = await person("dani.filtro@exemplo.com", "Dani Protetora");
    for (const nome of ["Bolota", "Pérola", "Dom Bolinha", "Tobias", "50%_off", "Érica"]) {
      ids[nome] = await createPet(app.db, { caretakerId: dani.id, nome });
    }
    ids.Bolacha = await createPet(app.db, { caretakerId: ong.id, nome: "Bolacha" });
    // Tobias has no application: he is never suggested.
    for (const nome of ["Bolota", "Pérola", "Dom Bolinha", "Bolacha", "50%_off", "Érica"]) {
      const created = await ana.client.post(`/api/pets/${ids[nome]}/candidaturas`, { respostas: DEFAULT_ANSWERS });
      expect(created.status, created.text).toBe(201);
    }
    const second = await bruno.client.post(`/api/pets/${ids.Bolota}/candidaturas`, { respostas: DEFAULT_ANSWERS });
    expect(second.status, second.text).toBe(201);
  });

  it("suggests the caretaker's own animals with applications, accents and case aside, those starting with it first", async () => {
    const suggest = async (who: Person, q: string) => {
      const answer = await who.client.get(`/api/candidaturas/animais?q=${encodeURIComponent(q)}`);
      expect(answer.status, answer.text).toBe(200);
      expect(answer.headers.get("cache-control")).toBe("private, no-store");
      return (answer.json.animais as { id: string; nome: string }[]).map((animal) => animal.nome);
    };
    expect(await suggest(dani, "bol")).toEqual(["Bolota", "Dom Bolinha"]);
    expect(await suggest(dani, "PEROLA")).toEqual(["Pérola"]);
    // Capitals with accents, and an accent typed as a letter and its combining mark (NFD).
    expect(await suggest(dani, "ERICA")).toEqual(["Érica"]);
    expect(await suggest(dani, "E\u0301rica")).toEqual(["Érica"]);
    expect(await suggest(dani, "tob")).toEqual([]);
    expect(await suggest(dani, "%")).toEqual(["50%_off"]);
    expect(await suggest(dani, "_")).toEqual(["50%_off"]);
    expect(await suggest(dani, "")).toEqual([]);
    // Past 60 characters nothing is suggested (trimmed, this one would be "bol").
    expect(await suggest(dani, "bol".padEnd(61, " "))).toEqual([]);
    expect(await suggest(ong, "bol")).toEqual(["Bolacha", "Bolinha"]);
    // The adopter has no animals: nothing of Dani's.
    expect(await suggest(ana, "bol")).toEqual([]);
    expect((await new Client(app.baseUrl).get("/api/candidaturas/animais?q=bol")).status).toBe(401);
  });

  it("narrows the received applications to animals whose name holds the text, in the API and on the page", async () => {
    const api = await dani.client.get("/api/candidaturas?animal=BOL");
    expect(api.status, api.text).toBe(200);
    expect((api.json.recebidas as { pet: { nome: string } }[]).map((item) => item.pet.nome).sort()).toEqual([
      "Bolota",
      "Bolota",
      "Dom Bolinha",
    ]);
    expect(api.json.recebidas_total).toBe(3);
    const long = await dani.client.get(`/api/candidaturas?animal=${"x".repeat(61)}`);
    expect([long.status, long.json.errors]).toEqual([
      400,
      { animal: ["O nome do animal deve ter no máximo 60 caracteres."] },
    ]);

    const page = await dani.client.get("/candidaturas/recebidas?animal=perola&status=");
    expect(page.status).toBe(200);
    expect(shownCount(page.text)).toBe("1 candidatura");
    expect(page.text).toMatch(/<input[^>]*id="filtro-animal"[^>]*value="perola"/);
    // The page no longer lists the caretaker's animals: it suggests them as they are typed.
    expect(page.text).not.toContain('<option value="' + ids.Bolota);
  });

  it("filters by one animal chosen or linked, shows its name, and gives way to a name typed over it", async () => {
    const linked = await dani.client.get(`/candidaturas/recebidas?pet=${ids.Bolota}`);
    expect(shownCount(linked.text)).toBe("2 candidaturas");
    expect(linked.text).toMatch(/<input[^>]*id="filtro-animal"[^>]*value="Bolota"/);
    const chosen = await dani.client.get(`/candidaturas/recebidas?animal=bolota&pet=${ids.Bolota}&status=nova`);
    expect(shownCount(chosen.text)).toBe("2 candidaturas");
    // By the animal chosen, not the text: the field shows its name as written.
    expect(chosen.text).toMatch(/<input[^>]*id="filtro-animal"[^>]*value="Bolota"/);
    // Typed over without JavaScript (the hidden id stayed): the text decides.
    const typed = await dani.client.get(`/candidaturas/recebidas?animal=Dom&pet=${ids.Bolota}`);
    expect(shownCount(typed.text)).toBe("1 candidatura");
    expect(typed.text).toMatch(/<input[^>]*id="filtro-animal"[^>]*value="Dom"/);
    const cleared = await dani.client.get(`/candidaturas/recebidas?animal=&pet=${ids.Bolota}`);
    expect(shownCount(cleared.text)).toBe("6 candidaturas");
    // Another caretaker's animal is no filter, and its name is not shown.
    const theirs = await dani.client.get(`/candidaturas/recebidas?pet=${ids.Bolacha}`);
    expect(shownCount(theirs.text)).toBe("6 candidaturas");
    expect(theirs.text).not.toContain("Bolacha");
  });
});

describe("what else happens to an approved adoption", () => {
  /** A pet with Carla approved and Bruno waiting. */
  async function approvedPet(nome: string) {
    const petId = await createPet(app.db, { caretakerId: ong.id, nome });
    const chosen = (await carla.client.post(`/api/pets/${petId}/candidaturas`, { respostas: DEFAULT_ANSWERS })).json
      .id as string;
    const waiting = (await bruno.client.post(`/api/pets/${petId}/candidaturas`, { respostas: DEFAULT_ANSWERS })).json
      .id as string;
    expect((await ong.client.patch(`/api/candidaturas/${chosen}`, { status: "aprovada" })).status).toBe(200);
    return { petId, chosen, waiting };
  }
  const petStatus = async (petId: string) => (await new Client(app.baseUrl).get(`/api/pets/${petId}`)).json.status;

  it("the approved adopter deleting their account makes the animal available and the waiting list analysed", async () => {
    const gabi = await person("gabi.candidaturas@exemplo.com", "Gabi");
    const petId = await createPet(app.db, { caretakerId: ong.id, nome: "Órfão" });
    const chosen = (await gabi.client.post(`/api/pets/${petId}/candidaturas`, { respostas: DEFAULT_ANSWERS })).json
      .id as string;
    const waiting = (await bruno.client.post(`/api/pets/${petId}/candidaturas`, { respostas: DEFAULT_ANSWERS })).json
      .id as string;
    expect((await ong.client.patch(`/api/candidaturas/${chosen}`, { status: "aprovada" })).status).toBe(200);
    expect(await petStatus(petId)).toBe("reservado");
    expect((await gabi.client.delete(`/api/users/${gabi.id}`, { senha: DEFAULT_PASSWORD })).status).toBe(204);
    expect(await petStatus(petId)).toBe("disponivel");
    expect((await bruno.client.get(`/api/candidaturas/${waiting}`)).json.status).toBe("em_analise");
  });

  it("marked adopted and then available again, the animal is still reserved for the approved application", async () => {
    const { petId, chosen, waiting } = await approvedPet("Volta");
    expect((await ong.client.patch(`/api/pets/${petId}`, { status: "adotado" })).status).toBe(200);
    expect(await petStatus(petId)).toBe("adotado");
    // Available again: still promised to Carla, until her application is declined.
    expect((await ong.client.patch(`/api/pets/${petId}`, { status: "disponivel" })).status).toBe(200);
    expect(await petStatus(petId)).toBe("reservado");
    expect(
      (await ong.client.patch(`/api/candidaturas/${chosen}`, { status: "recusada", motivo: "Desistiu" })).status,
    ).toBe(200);
    expect(await petStatus(petId)).toBe("disponivel");
    expect((await bruno.client.get(`/api/candidaturas/${waiting}`)).json.status).toBe("em_analise");
  });

  it("declining the approved application of an animal already adopted leaves its waiting list closed", async () => {
    const { petId, chosen, waiting } = await approvedPet("Fechado");
    expect((await ong.client.patch(`/api/pets/${petId}`, { status: "adotado" })).status).toBe(200);
    expect((await ong.client.patch(`/api/candidaturas/${chosen}`, { status: "recusada", motivo: "Erro" })).status).toBe(
      200,
    );
    expect(await petStatus(petId)).toBe("adotado");
    expect((await bruno.client.get(`/api/candidaturas/${waiting}`)).json.status).toBe("em_espera");
  });

  it("an approved application's answers are erased once its animal was removed that long ago", async () => {
    const { petId, chosen } = await approvedPet("Removido");
    expect((await ong.client.delete(`/api/pets/${petId}`)).status).toBe(204);
    await eraseClosedAnswers(app.db, new Date(Date.now() + 181 * DAY));
    expect((await carla.client.get(`/api/candidaturas/${chosen}`)).json.respostas).toBeNull();
  });
});

describe("limits", () => {
  it("an account submits at most 20 applications an hour, then hears when to try again", async () => {
    const eva = await person("eva.candidaturas@exemplo.com", "Eva");
    const statuses: number[] = [];
    for (let index = 0; index < 21; index += 1) {
      const petId = await createPet(app.db, { caretakerId: ong.id, nome: `Lote${index}` });
      const answer = await eva.client.post(`/api/pets/${petId}/candidaturas`, { respostas: DEFAULT_ANSWERS });
      statuses.push(answer.status);
      if (answer.status === 429) {
        expect(answer.json.message).toMatch(
          /^Você enviou muitas candidaturas em pouco tempo\. Tente novamente em \d+ minutos\.$/,
        );
        expect(Number(answer.headers.get("retry-after"))).toBeGreaterThan(0);
      }
    }
    expect(statuses).toEqual([...Array<number>(20).fill(201), 429]);
  });
});

describe("privacy", () => {
  it("erases the answers of closed applications after the retention, by the clock given", async () => {
    const petId = await createPet(app.db, { caretakerId: ong.id, nome: "Retido" });
    const id = (await carla.client.post(`/api/pets/${petId}/candidaturas`, { respostas: DEFAULT_ANSWERS })).json
      .id as string;
    // Open applications are kept, however old.
    await eraseClosedAnswers(app.db, new Date(Date.now() + 365 * DAY));
    expect((await carla.client.get(`/api/candidaturas/${id}`)).json.respostas).toEqual(DEFAULT_ANSWERS);
    await carla.client.patch(`/api/candidaturas/${id}`, { status: "desistiu" });
    expect(await eraseClosedAnswers(app.db, new Date(Date.now() + 179 * DAY))).toBe(0);
    expect(await eraseClosedAnswers(app.db, new Date(Date.now() + 181 * DAY))).toBeGreaterThanOrEqual(1);
    const erased = await carla.client.get(`/api/candidaturas/${id}`);
    expect(erased.json.respostas).toBeNull();
    expect(erased.json.respostas_apagadas_em).toEqual(expect.any(String));
    expect((erased.json.historico as unknown[]).length).toBe(2);
  });

  it("erases the waiting list's answers once the animal was adopted that long ago, and keeps the adoption's", async () => {
    const petId = await createPet(app.db, { caretakerId: ong.id, nome: "Lar" });
    const chosen = (await carla.client.post(`/api/pets/${petId}/candidaturas`, { respostas: DEFAULT_ANSWERS })).json
      .id as string;
    const waiting = (await bruno.client.post(`/api/pets/${petId}/candidaturas`, { respostas: DEFAULT_ANSWERS })).json
      .id as string;
    expect((await ong.client.patch(`/api/candidaturas/${chosen}`, { status: "aprovada" })).status).toBe(200);
    expect((await bruno.client.get(`/api/candidaturas/${waiting}`)).json.status).toBe("em_espera");
    // Still reserved, not adopted: the waiting list is open.
    await eraseClosedAnswers(app.db, new Date(Date.now() + 365 * DAY));
    expect((await bruno.client.get(`/api/candidaturas/${waiting}`)).json.respostas).toEqual(DEFAULT_ANSWERS);
    const adopted = await ong.client.patch(`/api/pets/${petId}`, { status: "adotado" });
    expect(adopted.status, adopted.text).toBe(200);
    await eraseClosedAnswers(app.db, new Date(Date.now() + 179 * DAY));
    expect((await bruno.client.get(`/api/candidaturas/${waiting}`)).json.respostas).toEqual(DEFAULT_ANSWERS);
    await eraseClosedAnswers(app.db, new Date(Date.now() + 181 * DAY));
    expect((await bruno.client.get(`/api/candidaturas/${waiting}`)).json.respostas).toBeNull();
    expect((await carla.client.get(`/api/candidaturas/${chosen}`)).json.respostas).toEqual(DEFAULT_ANSWERS);
  });

  it("a deleted account takes its applications with it", async () => {
    const dani = await person("dani.candidaturas@exemplo.com", "Dani");
    const petId = await createPet(app.db, { caretakerId: ong.id, nome: "Saudade" });
    const id = (await dani.client.post(`/api/pets/${petId}/candidaturas`, { respostas: DEFAULT_ANSWERS })).json
      .id as string;
    expect((await ong.client.get(`/api/candidaturas/${id}`)).status).toBe(200);
    expect((await dani.client.delete(`/api/users/${dani.id}`, { senha: DEFAULT_PASSWORD })).status).toBe(204);
    expect((await ong.client.get(`/api/candidaturas/${id}`)).status).toBe(404);
    const left = await app.db.select({ id: applications.id }).from(applications).where(eq(applications.id, id));
    expect(left).toEqual([]);
  });

  it("puts applications in the data export", async () => {
    const exported = await ana.client.get(`/api/users/${ana.id}/export`);
    expect(exported.status).toBe(200);
    const candidaturas = exported.json.candidaturas as { pet: { nome: string }; respostas: unknown }[];
    expect(candidaturas.map((item) => item.pet.nome)).toContain("Dunga");
    expect(candidaturas.find((item) => item.pet.nome === "Dunga")!.respostas).toEqual(DEFAULT_ANSWERS);
  });
});

describe("the adopter's phone on the caretaker's view", () => {
  const FORM = { "Content-Type": "application/x-www-form-urlencoded" };
  let petId: string;
  beforeAll(async () => {
    petId = await createPet(app.db, { caretakerId: ong.id, nome: "Telefone" });
  });

  /** An adopter (with `telefone`, or none) who applied for the pet; the application's id and conversation. */
  async function applied(email: string, telefone?: string) {
    const adopter = await signedInAccount(app, { email, nome: "Quem Liga", ...(telefone && { telefone }) });
    const sent = await adopter.client.post(`/api/pets/${petId}/candidaturas`, { respostas: DEFAULT_ANSWERS });
    expect(sent.status).toBe(201);
    const id = sent.json.id as string;
    const conversationId = (await adopter.client.get(`/api/candidaturas/${id}`)).json.conversa_id as string;
    return { adopter, id, conversationId };
  }
  const block = (client: Client, conversationId: string) =>
    client.post(`/mensagens/${conversationId}/ajustes`, new URLSearchParams({ intent: "bloquear" }).toString(), FORM);
  /** What the caretaker sees of the phone: in the API and on the page. */
  async function seen(id: string, telefone: string) {
    const api = await ong.client.get(`/api/candidaturas/${id}`);
    expect(api.status).toBe(200);
    const page = await ong.client.get(`/candidaturas/${id}`);
    expect(page.status).toBe(200);
    return { api: api.json.adotante as { telefone: string | null }, page: page.text.includes(telefone) };
  }

  it("is shown while the application is open and neither blocked the other", async () => {
    const { id } = await applied("liga.aberta@exemplo.com", "(21) 91111-0001");
    expect(await seen(id, "(21) 91111-0001")).toEqual({
      api: expect.objectContaining({ telefone: "(21) 91111-0001" }),
      page: true,
    });
  });

  it("is not shown once the application is declined, nor after the adopter withdrew", async () => {
    const declined = await applied("liga.recusada@exemplo.com", "(21) 91111-0002");
    const moved = await ong.client.patch(`/api/candidaturas/${declined.id}`, {
      status: "recusada",
      motivo: "Buscamos outra rotina.",
    });
    expect(moved.status).toBe(200);
    expect(await seen(declined.id, "(21) 91111-0002")).toEqual({
      api: expect.objectContaining({ telefone: null }),
      page: false,
    });
    const withdrawn = await applied("liga.desistiu@exemplo.com", "(21) 91111-0003");
    expect(
      (await withdrawn.adopter.client.patch(`/api/candidaturas/${withdrawn.id}`, { status: "desistiu" })).status,
    ).toBe(200);
    expect(await seen(withdrawn.id, "(21) 91111-0003")).toEqual({
      api: expect.objectContaining({ telefone: null }),
      page: false,
    });
  });

  it("is not shown, though the application is open, once the adopter blocked the caretaker", async () => {
    const { adopter, id, conversationId } = await applied("liga.bloqueou@exemplo.com", "(21) 91111-0004");
    expect((await block(adopter.client, conversationId)).status).toBe(302);
    expect(await seen(id, "(21) 91111-0004")).toEqual({
      api: expect.objectContaining({ telefone: null }),
      page: false,
    });
  });

  it("is not shown, though the application is open, once the caretaker blocked the adopter", async () => {
    const { id, conversationId } = await applied("liga.bloqueada@exemplo.com", "(21) 91111-0005");
    expect((await block(ong.client, conversationId)).status).toBe(302);
    expect(await seen(id, "(21) 91111-0005")).toEqual({
      api: expect.objectContaining({ telefone: null }),
      page: false,
    });
  });

  it("declined, then blocked by the adopter, who then adds a phone to their profile: the caretaker never sees it", async () => {
    const { adopter, id, conversationId } = await applied("liga.depois@exemplo.com");
    expect(
      (await ong.client.patch(`/api/candidaturas/${id}`, { status: "recusada", motivo: "Buscamos outra rotina." }))
        .status,
    ).toBe(200);
    expect((await block(adopter.client, conversationId)).status).toBe(302);
    const profile = await adopter.client.patch(`/api/users/${adopter.id}`, { telefone: "(21) 91111-0006" });
    expect(profile.status).toBe(200);
    expect(await seen(id, "(21) 91111-0006")).toEqual({
      api: expect.objectContaining({ telefone: null }),
      page: false,
    });
  });
});
