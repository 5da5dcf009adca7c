import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { adoptions, checkins, lostFoundMatches, lostFoundReports, pets, statementLines } from "~/db/schema";
import { rowsOf } from "~/db/client.server";
import {
  ASSIGNMENT_GAP_MS,
  ASSIGNMENT_GATHER_MS,
  ASSIGNMENT_NOTICE_JOB,
  sendAssignmentNotice,
} from "~/domain/organizations/assignment-notices.server";
import { DAILY_SUMMARY_JOB, sweepDailySummaries } from "~/domain/organizations/daily-summary.server";
import { recalculateNextDoses } from "~/domain/health/records.server";
import { addDays, brasiliaTime, dayInBrasilia } from "~/lib/dates";
import { createMailer } from "~/services/mail.server";
import { addMember, createPet, DEFAULT_PASSWORD } from "../support/factories";
import { startAppWithMail, type TestApp } from "../support/app";
import { drained } from "../support/jobs";
import { mailsTo, type SmtpPeer } from "../support/smtp-peer";
import { adoptThroughTermo, ANSWERS } from "../support/adoptions";
import { organizationTeam, type Person } from "../support/organizations";

/**
 * A member's home (issue 62), `GET /organizacoes/{id}/hoje` and its page: something in every
 * block, each count equal to the total of the list its link opens, each block only for the roles
 * that may act on it; and where a member lands after signing in.
 */
let app: TestApp;
let smtp: SmtpPeer;
let admin: Person;
let team: Person;
let foster: Person;
let outsider: Person;
let adopter: Person;
let organizationId: string;
const today = dayInBrasilia(new Date());
const PUBLIC_URL = "https://adote.exemplo.org";
const MINUTE = 60_000;
const FORM = { "Content-Type": "application/x-www-form-urlencoded" };

type Today = Record<string, Record<string, unknown>>;

beforeAll(async () => {
  ({ app, smtp } = await startAppWithMail({ PUBLIC_URL }));
  ({ admin, team, foster, outsider, adopter, organizationId } = await organizationTeam(app, "hoje"));

  // Applications: Mel's assigned to the team member, Bento's new; a conversation waits on Mel's.
  const mel = await createPet(app.db, { caretakerId: admin.id, nome: "Mel" });
  const bento = await createPet(app.db, { caretakerId: admin.id, nome: "Bento" });
  const melApplication = await adopter.client.post(`/api/pets/${mel}/candidaturas`, { respostas: ANSWERS });
  expect(melApplication.status, melApplication.text).toBe(201);
  const melId = melApplication.json.id as string;
  expect((await admin.client.patch(`/api/candidaturas/${melId}`, { atribuida_a: team.id })).status).toBe(200);
  expect((await adopter.client.post(`/api/pets/${bento}/candidaturas`, { respostas: ANSWERS })).status).toBe(201);
  const conversation = (await adopter.client.get(`/api/candidaturas/${melId}`)).json.conversa_id as string;
  expect(
    (await adopter.client.post(`/api/conversas/${conversation}/mensagens`, { texto: "Posso visitar?" })).status,
  ).toBe(201);
  expect((await admin.client.patch(`/api/conversas/${conversation}`, { atribuida_a: team.id })).status).toBeLessThan(
    300,
  );

  // Doses: Bento's V10 is late, Mel's dewormer is due in three days; Nina, with the foster, is late too.
  const dose = (pet: string, body: Record<string, unknown>) => team.client.post(`/api/pets/${pet}/saude`, body);
  expect(
    (await dose(bento, { tipo: "vacina", nome: "V10", data: addDays(today, -380), proxima_dose: addDays(today, -15) }))
      .status,
  ).toBe(201);
  expect(
    (
      await dose(mel, {
        tipo: "vermifugo",
        produto: "Drontal",
        data: addDays(today, -87),
        proxima_dose: addDays(today, 3),
      })
    ).status,
  ).toBe(201);
  const nina = await createPet(app.db, { caretakerId: admin.id, nome: "Nina", especie: "gato" });
  expect((await team.client.post(`/api/pets/${nina}/lar`, { lar_id: foster.id, inicio: today })).status).toBe(201);
  expect(
    (await dose(nina, { tipo: "vacina", nome: "V4", data: addDays(today, -400), proxima_dose: addDays(today, -30) }))
      .status,
  ).toBe(201);
  // The foster's news of Nina waits for the team.
  const news = new FormData();
  news.set("texto", "Nina dormiu no sofá.");
  expect((await foster.client.post(`/api/pets/${nina}/noticias`, news)).status).toBe(201);

  // Two animals need a foster home, one of them urgently.
  const yoda = await createPet(app.db, { caretakerId: admin.id, nome: "Yoda" });
  const lua = await createPet(app.db, { caretakerId: admin.id, nome: "Lua" });
  expect((await team.client.patch(`/api/pets/${lua}`, { precisa_lar_temporario: true })).status).toBe(200);
  expect(
    (await team.client.patch(`/api/pets/${yoda}`, { precisa_lar_temporario: true, urgencia: "urgente" })).status,
  ).toBe(200);

  // Another organisation sends its animal; a statement line waits to be decided.
  const theirs = await createPet(app.db, { caretakerId: outsider.id, nome: "Sansão" });
  expect(
    (await outsider.client.post(`/api/pets/${theirs}/transferencias`, { organizacao_id: organizationId })).status,
  ).toBe(201);
  await app.db.insert(statementLines).values({
    organizationId,
    chave: "hoje-1",
    data: today,
    valorCentavos: 5000,
    descricao: "PIX RECEBIDO ROBERTO ALVES NUNES",
    status: "pendente",
  });

  // After an adoption: a check-in left unanswered, a castration past its deadline.
  const { adoption } = await adoptThroughTermo(app, { caretaker: admin, adopter, nome: "Bidu" });
  await app.db
    .update(adoptions)
    .set({ prazoCastracao: addDays(today, -2) })
    .where(eq(adoptions.id, adoption.id));
  await app.db
    .update(checkins)
    .set({
      dueAt: new Date(Date.now() - 15 * 86_400_000),
      sentAt: new Date(Date.now() - 15 * 86_400_000),
      caretakerAlertedAt: new Date(Date.now() - 86_400_000),
    })
    .where(and(eq(checkins.adoptionId, adoption.id), eq(checkins.dia, 7)));

  // An animal the organisation took in, alike to a lost one.
  const report = {
    especie: "cao" as const,
    porte: "medio" as const,
    cores: ["caramelo" as const],
    data: today,
    cidadeIbge: 3304557,
    latitude: -22.9,
    longitude: -43.2,
    expiraEm: new Date(Date.now() + 30 * 86_400_000),
  };
  const [found] = await app.db
    .insert(lostFoundReports)
    .values({ ...report, authorId: team.id, tipo: "encontrado", organizationId, nome: "Caramelo" })
    .returning({ id: lostFoundReports.id });
  const [lost] = await app.db
    .insert(lostFoundReports)
    .values({ ...report, authorId: adopter.id, tipo: "perdido", nome: "Pipoca" })
    .returning({ id: lostFoundReports.id });
  await app.db
    .insert(lostFoundMatches)
    .values({ perdidoId: lost!.id, encontradoId: found!.id, pontos: 80, distanciaKm: 1 });
});

afterAll(async () => {
  await app?.close();
});

const home = async (who: Person) => {
  const read = await who.client.get(`/api/organizacoes/${organizationId}/hoje`);
  expect(read.status, read.text).toBe(200);
  expect(read.headers.get("cache-control")).toBe("no-store");
  return read.json as Today;
};

describe("the home in the API", () => {
  it("gives the team every block, with something in each", async () => {
    const body = await home(team);
    expect(body.organizacao).toMatchObject({ id: organizationId, papel: "equipe" });
    expect(body.candidaturas).toEqual({ minhas: 1, novas: 2, em_andamento: 2 });
    expect(body.conversas).toEqual({ aguardando: 1, minhas: 1 });
    expect(body.doses).toEqual({ atrasadas: 2, proximas: 1 });
    expect(body.noticias).toEqual({ pendentes: 1 });
    expect(body.lar_temporario).toMatchObject({ precisam: 2, urgentes: 1 });
    // Urgent first.
    expect((body.lar_temporario!.primeiros as { nome: string }[]).map((pet) => pet.nome)).toEqual(["Yoda", "Lua"]);
    expect(body.perdidos_e_achados).toMatchObject({ total: 1, anuncios: [{ nome: "Caramelo", parecidos: 1 }] });
    expect(body.acompanhamentos).toMatchObject({ sem_resposta: 1, castracoes: 1 });
    expect(body.acompanhamentos!.itens as { motivo: string; animal: string; atrasada: boolean }[]).toEqual([
      expect.objectContaining({ motivo: "sem_resposta", animal: "Bidu", atrasada: true }),
      expect.objectContaining({ motivo: "castracao", animal: "Bidu", atrasada: true }),
    ]);
    // Money and incoming animals are the administradores'.
    expect(body).not.toHaveProperty("transferencias");
    expect(body).not.toHaveProperty("extrato");
    expect(body).not.toHaveProperty("meus_animais");
  });

  it("adds transfers and the statement for an administrador, whose own counts are theirs", async () => {
    const body = await home(admin);
    expect(body.transferencias).toEqual({ para_aceitar: 1 });
    expect(body.extrato).toEqual({ a_decidir: 1 });
    // Nothing is assigned to her.
    expect(body.candidaturas).toEqual({ minhas: 0, novas: 2, em_andamento: 2 });
    expect(body.conversas).toEqual({ aguardando: 1, minhas: 0 });
  });

  it("gives a foster home only their own: their animal, its doses, their news; none of the team's", async () => {
    const body = await home(foster);
    expect(Object.keys(body).sort()).toEqual(["doses", "meus_animais", "noticias", "organizacao", "resumo_diario"]);
    expect(body.meus_animais).toEqual({ total: 1 });
    expect(body.doses).toEqual({ atrasadas: 1, proximas: 0 });
    expect(body.noticias).toEqual({ pendentes: 1 });
  });

  it("does not exist for anyone outside the organisation", async () => {
    expect((await outsider.client.get(`/api/organizacoes/${organizationId}/hoje`)).status).toBe(404);
    expect((await adopter.client.get(`/api/organizacoes/${organizationId}/hoje`)).status).toBe(404);
  });
});

describe("each count is the total of the list it opens", () => {
  it("in the API's lists", async () => {
    const body = await home(team);
    const applications = (query: string) =>
      team.client.get(`/api/candidaturas?organizacao=${organizationId}&${query}`).then((r) => r.json.recebidas_total);
    expect(await applications("abertas=1&minhas=1")).toBe(body.candidaturas!.minhas);
    expect(await applications("status=nova")).toBe(body.candidaturas!.novas);
    expect(await applications("abertas=1")).toBe(body.candidaturas!.em_andamento);
    const conversations = (query: string) =>
      team.client
        .get(`/api/conversas?organizacao=${organizationId}&${query}`)
        .then((r) => (r.json.conversas as unknown[]).length);
    expect(await conversations("aguardando=1")).toBe(body.conversas!.aguardando);
    expect(await conversations("aguardando=1&minhas=1")).toBe(body.conversas!.minhas);
    const animals = (query: string) =>
      team.client.get(`/api/organizacoes/${organizationId}/animais?${query}`).then((r) => r.json.total);
    expect(await animals("dose_atrasada=1")).toBe(body.doses!.atrasadas);
    expect(await animals("dose_proxima=1")).toBe(body.doses!.proximas);
    expect(await animals("precisa_lar_temporario=1")).toBe(body.lar_temporario!.precisam);
    expect(await animals("precisa_lar_temporario=1&urgente=1")).toBe(body.lar_temporario!.urgentes);
    const news = await team.client.get(`/api/organizacoes/${organizationId}/noticias`);
    expect((news.json.noticias as unknown[]).length).toBe(body.noticias!.pendentes);
    const adminHome = await home(admin);
    const transfers = await admin.client.get(`/api/organizacoes/${organizationId}/transferencias`);
    expect(
      (transfers.json.transferencias as { status: string; para: { id: string } }[]).filter(
        (transfer) => transfer.status === "pendente" && transfer.para.id === organizationId,
      ).length,
    ).toBe(adminHome.transferencias!.para_aceitar);
    const lines = await admin.client.get(`/api/organizacoes/${organizationId}/extratos`);
    expect((lines.json.pendentes as unknown[]).length).toBe(adminHome.extrato!.a_decidir);
  });

  it("on the pages its links open", async () => {
    const page = await team.client.get(`/organizacoes/${organizationId}/hoje`);
    expect(page.status).toBe(200);
    // Opening it makes it the organisation the person works in.
    expect(page.headers.get("set-cookie")).toContain(`adopet_organizacao=`);
    const links = [
      ...page.text.matchAll(/<a href="\/adopet([^"]+)"[^>]*><span class="today__number">(\d+)<\/span>/g),
    ].map(([, href, count]) => ({ href: href!.replaceAll("&amp;", "&"), count: Number(count) }));
    expect(links.length).toBeGreaterThanOrEqual(9);
    for (const { href, count } of links) {
      const list = await team.client.get(href);
      expect(list.status, href).toBe(200);
      if (href.includes("/candidaturas/recebidas")) {
        expect(list.text, href).toContain(count === 1 ? ">1 candidatura<" : `>${count} candidaturas<`);
      } else if (href.includes("/animais")) {
        expect(list.text, href).toContain(count === 1 ? ">1 animal<" : `>${count} animais<`);
      } else if (href.includes("/mensagens")) {
        const conversations = list.text.split('id="recebidas"')[0]!;
        expect((conversations.match(/class="message__from"/g) ?? []).length, href).toBe(count);
      }
    }
  });
});

describe("a foster home's own animals", () => {
  it("are the organisation's only, as its home counts them", async () => {
    const page = await foster.client.get(`/organizacoes/${organizationId}/hoje`);
    const mine = `/meus-lares?organizacao=${organizationId}`;
    expect(page.text).toContain(`href="/adopet${mine}"`);
    const list = await foster.client.get(mine);
    expect(list.text).toContain("Nina");
    const elsewhere = await foster.client.get(`/meus-lares?organizacao=${outsider.id}`);
    expect(elsewhere.text).toContain("Nenhum animal desta organização está com você.");
    expect(elsewhere.text).not.toContain("Nina");
  });
});

describe("the organisation's animals", () => {
  it("are filtered, searched and sorted, for the team only", async () => {
    const list = (query = "") => team.client.get(`/api/organizacoes/${organizationId}/animais${query}`);
    const names = async (query: string) =>
      ((await list(query)).json.animais as { nome: string }[]).map((pet) => pet.nome);
    expect(await names("?q=mel")).toEqual(["Mel"]);
    expect(await names("?especie=gato")).toEqual(["Nina"]);
    expect(await names("?em_lar_temporario=1")).toEqual(["Nina"]);
    expect(await names("?status=adotado")).toEqual(["Bidu"]);
    expect(await names("?precisa_lar_temporario=1&ordem=urgencia")).toEqual(["Yoda", "Lua"]);
    const late = (await list("?dose_atrasada=1&ordem=nome")).json.animais as {
      nome: string;
      doses_atrasadas: { nome: string }[];
    }[];
    expect(late.map((pet) => [pet.nome, pet.doses_atrasadas.map((dose) => dose.nome)])).toEqual([
      ["Bento", ["V10"]],
      ["Nina", ["V4"]],
    ]);
    // Another organisation's animal is never listed.
    expect(await names("?q=sansao")).toEqual([]);

    const refused = await list("?status=perdido&dose_atrasada=sim&q=" + "x".repeat(61));
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.json.errors as object).sort()).toEqual(["dose_atrasada", "q", "status"]);
    expect((await foster.client.get(`/api/organizacoes/${organizationId}/animais`)).status).toBe(403);
    expect((await outsider.client.get(`/api/organizacoes/${organizationId}/animais`)).status).toBe(404);
  });

  it("are marked as needing a foster home from the selection by the team only", async () => {
    const [mel] = await app.db.select({ id: pets.id }).from(pets).where(eq(pets.nome, "Mel")).limit(1);
    const mark = (who: Person) =>
      who.client.post(`/organizacoes/${organizationId}/animais`, `intent=precisa_lar&animais=${mel!.id}`, FORM);
    // The animal is public: as PATCH /pets/{id}, someone who does not care for it is refused.
    expect((await mark(outsider)).status).toBe(403);
    expect((await mark(foster)).status).toBe(403);
    const [before] = await app.db.select({ on: pets.precisaLarTemporario }).from(pets).where(eq(pets.id, mel!.id));
    expect(before!.on).toBe(false);
  });
});

describe("an animal's next dose, as the counts and dose filters read it", () => {
  it("follows its record as entries are added, changed and deleted, and is worked out again where marked", async () => {
    const [bento] = await app.db.select({ id: pets.id }).from(pets).where(eq(pets.nome, "Bento")).limit(1);
    const record = `/api/pets/${bento!.id}/saude`;
    const late = async () => {
      const list = await team.client.get(`/api/organizacoes/${organizationId}/animais?dose_atrasada=1`);
      const names = (list.json.animais as { nome: string }[]).map((pet) => pet.nome);
      expect((await home(team)).doses!.atrasadas).toBe(names.length);
      return names;
    };
    expect(await late()).toContain("Bento");
    // The V10 given today, written as its brand writes it, takes the late one's place.
    const given = await team.client.post(record, {
      tipo: "vacina",
      nome: "v-10",
      data: today,
      proxima_dose: addDays(today, 365),
    });
    expect(given.status, given.text).toBe(201);
    const entry = given.json.id as string;
    expect(await late()).not.toContain("Bento");
    // Corrected to a day before the late dose's, it no longer replaces it.
    const changed = await team.client.patch(`${record}/${entry}`, {
      tipo: "vacina",
      nome: "v-10",
      data: addDays(today, -390),
      proxima_dose: addDays(today, -25),
    });
    expect(changed.status, changed.text).toBe(200);
    expect(await late()).toContain("Bento");
    expect((await team.client.delete(`${record}/${entry}`)).status).toBeLessThan(300);
    expect(await late()).toContain("Bento");
    // Marked by a migration, the day is worked out again from the record.
    await app.db.update(pets).set({ proximaDose: null, proximaDoseARecalcular: true }).where(eq(pets.id, bento!.id));
    expect(await late()).not.toContain("Bento");
    expect(await recalculateNextDoses(app.db)).toBe(1);
    expect(await late()).toContain("Bento");
    const [after] = await app.db
      .select({ day: pets.proximaDose, marked: pets.proximaDoseARecalcular })
      .from(pets)
      .where(eq(pets.id, bento!.id));
    expect(after).toEqual({ day: addDays(today, -15), marked: false });
  });
});

describe("one dose for several animals", () => {
  it("is registered for each, all or none, only by the team and only for the organisation's animals", async () => {
    const litter = [];
    for (const nome of ["Tom", "Tim", "Tam"]) {
      litter.push(await createPet(app.db, { caretakerId: admin.id, nome, especie: "gato" }));
    }
    const dose = { tipo: "vacina", nome: "V4", data: today, proxima_dose: addDays(today, 21) };
    const path = `/api/organizacoes/${organizationId}/saude`;
    const made = await team.client.post(path, { ...dose, animais: litter });
    expect(made.status, made.text).toBe(201);
    expect(made.json.registros).toHaveLength(3);
    for (const pet of litter) {
      const record = await team.client.get(`/api/pets/${pet}/saude`);
      expect((record.json.registros as { nome: string }[]).map((entry) => entry.nome)).toContain("V4");
    }
    // Another organisation's animal, or one adopted: nothing is written for any.
    const [theirs] = await app.db.select({ id: pets.id }).from(pets).where(eq(pets.caretakerId, outsider.id)).limit(1);
    const [bidu] = await app.db.select({ id: pets.id }).from(pets).where(eq(pets.nome, "Bidu")).limit(1);
    for (const stranger of [theirs!.id, bidu!.id]) {
      const refused = await team.client.post(path, { ...dose, nome: "Raiva", animais: [litter[0], stranger] });
      expect(refused.status).toBe(400);
      expect(Object.keys(refused.json.errors as object)).toEqual(["animais"]);
    }
    const tom = await team.client.get(`/api/pets/${litter[0]}/saude`);
    expect((tom.json.registros as { nome: string }[]).map((entry) => entry.nome)).not.toContain("Raiva");
    expect((await team.client.post(path, { ...dose, animais: [] })).status).toBe(400);
    expect((await team.client.post(path, { ...dose, tipo: "exame", animais: litter })).status).toBe(400);
    expect((await foster.client.post(path, { ...dose, animais: litter })).status).toBe(403);
    expect((await outsider.client.post(path, { ...dose, animais: litter })).status).toBe(404);
  });
});

describe("after signing in", () => {
  it("a member lands on the home of the organisation used last; someone in none on the feed", async () => {
    const signIn = async (email: string, cookie?: string) => {
      const body = new URLSearchParams({ email, senha: DEFAULT_PASSWORD });
      const response = await fetch(`${app.baseUrl}/login`, {
        method: "POST",
        body,
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded", ...(cookie && { Cookie: cookie }) },
      });
      return response.headers.get("location");
    };
    expect(await signIn(team.email)).toBe(`/adopet/organizacoes/${organizationId}/hoje`);
    expect(await signIn(adopter.email)).toBe("/adopet/home");
    // In two: the first by name until one is opened, then that one, in this browser.
    const [other] = await app.db
      .select({ id: pets.organizationId })
      .from(pets)
      .where(eq(pets.caretakerId, outsider.id))
      .limit(1);
    await addMember(app.db, other!.id, team.id, "equipe");
    const opened = await team.client.get(`/organizacoes/${other!.id}/hoje`);
    const remembered = opened.headers.get("set-cookie")!.split(";")[0]!;
    expect(await signIn(team.email, remembered)).toBe(`/adopet/organizacoes/${other!.id}/hoje`);
    // A voltar still wins.
    const body = new URLSearchParams({ email: team.email, senha: DEFAULT_PASSWORD, voltar: "/favoritos" });
    const back = await fetch(`${app.baseUrl}/login`, {
      method: "POST",
      body,
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(back.headers.get("location")).toBe("/adopet/favoritos");
  });
});

describe("notices by e-mail", () => {
  const mailer = () => createMailer({ smtpUrl: smtp.url, from: "Adopet <nao-responda@adopet.exemplo>" });
  const assignedMails = async (email: string) =>
    (await mailsTo(smtp, email)).filter((mail) => /atribu[íi]d[ao]s? a você na Adopet/.test(mail.subject ?? ""));
  const waiting = async (key: string) =>
    rowsOf<{ created_on: Date | string; start_after: Date | string }>(
      await app.db.execute(
        sql`select created_on, start_after from pgboss.job where name = ${ASSIGNMENT_NOTICE_JOB} and singleton_key = ${key} and state = 'created'`,
      ),
    );

  it("tells a member what others assigned to them: what piled up, in one e-mail an hour at most", async () => {
    // Mel's application and conversation were assigned to the team member: one job waits, 5 minutes on.
    const [job] = await waiting(team.id);
    const gather = new Date(job!.start_after).getTime() - new Date(job!.created_on).getTime();
    expect(Math.abs(gather - ASSIGNMENT_GATHER_MS)).toBeLessThan(1_000);
    const start = Date.now();
    const run = (after: number) =>
      sendAssignmentNotice(app.db, mailer(), app.jobs, { userId: team.id }, PUBLIC_URL, new Date(start + after));

    expect(await run(6 * MINUTE)).toBe(true);
    const [first, ...more] = await assignedMails(team.email);
    expect(more).toEqual([]);
    expect(first!.subject).toBe("2 tarefas foram atribuídas a você na Adopet");
    expect(first!.text).toContain("Candidatura de Ana Adotante (Mel)");
    expect(first!.text).toContain("Conversa de Ana Adotante (Mel)");
    expect(first!.text).toContain("Atribuída por Lia Admin");
    expect(first!.text).toContain(`${PUBLIC_URL}/adopet/candidaturas/`);

    // Bento's application, assigned within the hour: told when the hour is up, alone.
    const bento = await admin.client.get(`/api/candidaturas?organizacao=${organizationId}&status=nova`);
    const bentoId = (bento.json.recebidas as { id: string; pet: { nome: string } }[]).find(
      (application) => application.pet.nome === "Bento",
    )!.id;
    expect((await admin.client.patch(`/api/candidaturas/${bentoId}`, { atribuida_a: team.id })).status).toBe(200);
    expect(await run(20 * MINUTE)).toBe(false);
    expect(await assignedMails(team.email)).toHaveLength(1);
    // One job waits still (Bento's): run within the hour, it comes back when the hour is up.
    expect(await waiting(team.id)).toHaveLength(1);
    expect(await run(6 * MINUTE + ASSIGNMENT_GAP_MS + MINUTE)).toBe(true);
    const second = (await assignedMails(team.email))[1]!;
    expect(second.subject).toBe("Uma tarefa foi atribuída a você na Adopet");
    expect(second.text).toContain("Candidatura de Ana Adotante (Bento)");
    expect(second.text).not.toContain("(Mel)");
    // Nothing new: nothing sent.
    expect(await run(3 * 60 * MINUTE)).toBe(false);

    // Taking one yourself is no news; one taken back before its e-mail is not listed.
    expect((await admin.client.patch(`/api/candidaturas/${bentoId}`, { atribuida_a: admin.id })).status).toBe(200);
    expect(await waiting(admin.id)).toEqual([]);
    expect((await admin.client.patch(`/api/candidaturas/${bentoId}`, { atribuida_a: team.id })).status).toBe(200);
    expect((await admin.client.patch(`/api/candidaturas/${bentoId}`, { atribuida_a: null })).status).toBe(200);
    expect(await run(5 * 60 * MINUTE)).toBe(false);
    expect(await assignedMails(team.email)).toHaveLength(2);
  });

  it("sends each member the morning's counts once a day, never when all is zero, until they turn it off", async () => {
    const summaries = async (email: string) =>
      (await mailsTo(smtp, email)).filter((mail) => mail.subject?.startsWith("Hoje em "));
    // Turned off on the page by the foster home, on and off again in the API by the team member.
    const page = await foster.client.post(`/organizacoes/${organizationId}/hoje`, "resumo_diario=nao", FORM);
    expect(page.status).toBe(302);
    expect((await home(foster)).resumo_diario).toBe(false);
    const put = (who: Person, body: unknown) =>
      who.client.put(`/api/organizacoes/${organizationId}/resumo-diario`, body);
    expect((await put(admin, { ativo: "sim" })).status).toBe(400);
    expect((await put(outsider, { ativo: false })).status).toBe(404);
    expect((await put(team, { ativo: false })).json).toEqual({ ativo: false });
    expect((await put(team, { ativo: true })).json).toEqual({ ativo: true });

    // Before 07:00 in Brasília, nothing; after it, one job per member who keeps it on.
    expect(await sweepDailySummaries(app.db, app.jobs, brasiliaTime(today, 6))).toBe(0);
    expect(await sweepDailySummaries(app.db, app.jobs, brasiliaTime(today, 7))).toBeGreaterThan(0);
    await drained(app.db, DAILY_SUMMARY_JOB);
    const [summary, ...others] = await summaries(team.email);
    expect(others).toEqual([]);
    expect(summary!.subject).toMatch(/^Hoje em .+: o que espera por você$/);
    const counts = (await home(team)) as Record<string, Record<string, number>>;
    expect(summary!.text).toContain(`${counts.candidaturas!.novas} novas`);
    expect(summary!.text).toContain("2 animais precisam");
    expect(summary!.text).not.toMatch(/\b0 /);
    expect(summary!.text).toContain(`${PUBLIC_URL}/adopet/organizacoes/${organizationId}/hoje`);
    expect((await summaries(admin.email))[0]!.text).toContain("Transferências");
    // The foster turned it off; the outsider's organisation has nothing waiting for him.
    expect(await summaries(foster.email)).toEqual([]);
    expect(await summaries(outsider.email)).toEqual([]);

    // A second sweep the same day sends nothing more.
    await sweepDailySummaries(app.db, app.jobs, brasiliaTime(today, 8));
    await drained(app.db, DAILY_SUMMARY_JOB);
    expect(await summaries(team.email)).toHaveLength(1);

    // The e-mail's stop link, as a mail program's one-click unsubscribe: a POST, no login.
    const header = summary!.headerLines.find((line) => line.key === "list-unsubscribe")!.line;
    const stop = /<([^>]+)>/.exec(header)![1]!;
    expect(stop).toMatch(`${PUBLIC_URL}/adopet/organizacoes/resumo-diario/cancelar?token=`);
    expect(summary!.text).toContain(stop);
    const local = stop.replace(`${PUBLIC_URL}/adopet`, app.baseUrl);
    const confirm = await fetch(local);
    expect(await confirm.text()).toContain("Não receber mais");
    const oneClick = await fetch(local, { method: "POST", body: "List-Unsubscribe=One-Click", headers: FORM });
    expect(oneClick.status).toBe(200);
    expect((await home(team)).resumo_diario).toBe(false);
    expect((await fetch(local.replace(/token=.{8}/, "token=x"))).status).toBe(400);
  });
});
