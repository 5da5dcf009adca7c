import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { adoptions, applicationEvents, applications, pets } from "~/db/schema";
import { addMember, createPet, createUser, DEFAULT_PASSWORD } from "../support/factories";
import { addMonths, monthOf, monthStart } from "~/lib/panel";
import { PANEL_MESSAGES } from "~/validation/organizations";
import { signedInAccount, startTestApp, type TestApp } from "../support/app";
import { adoptThroughTermo, ANSWERS } from "../support/adoptions";
import { organizationTeam, type Person } from "../support/organizations";

/**
 * An organisation's figures and records (issue 43) through the app: the panel in the API, its page
 * and CSV, after an adoption and an application made here and now, with months that cannot be
 * read; the organisation's export; who may read each.
 */
let app: TestApp;
let admin: Person;
let team: Person;
let foster: Person;
let outsider: Person;
let adopter: Person;
let organizationId: string;
let bidu: Awaited<ReturnType<typeof adoptThroughTermo>>;
const month = monthOf(new Date());
const HOUR_MS = 3_600_000;

type Figures = {
  entradas: number;
  adocoes: number;
  devolucoes: number;
  em_lar_temporario: number | null;
  mediana_dias_ate_adocao: number | null;
  candidaturas: {
    total: number;
    por_status: Record<string, number>;
    respondidas: number;
    mediana_horas_primeira_resposta: number | null;
  };
};

beforeAll(async () => {
  app = await startTestApp();
  ({ admin, team, foster, outsider, adopter, organizationId } = await organizationTeam(app, "painel"));
  // Adopted through the termo (approved by the team: answered), and one application still new.
  bidu = await adoptThroughTermo(app, { caretaker: admin, adopter, nome: "Bidu" });
  const waiting = await createPet(app.db, { caretakerId: admin.id, nome: "Mel" });
  expect((await adopter.client.post(`/api/pets/${waiting}/candidaturas`, { respostas: ANSWERS })).status).toBe(201);
});

afterAll(async () => {
  await app?.close();
});

describe("the panel in the API", () => {
  it("gives this month's figures, and the last twelve months by default", async () => {
    const read = await team.client.get(`/api/organizacoes/${organizationId}/painel`);
    expect(read.status).toBe(200);
    expect(read.headers.get("cache-control")).toBe("no-store");
    const body = read.json as {
      organizacao: { id: string };
      ate: string;
      meses: ({ mes: string } & Figures)[];
      total: Figures;
    };
    expect(body.organizacao.id).toBe(organizationId);
    expect(body.ate).toBe(month);
    expect(body.meses).toHaveLength(12);
    const now = body.meses.at(-1)!;
    expect(now.mes).toBe(month);
    // Primeiro (organizationTeam's), Bidu and Mel were published this month.
    // Bidu was published, applied for and answered within seconds: 0.0 days and 0.0 hours, to one
    // decimal (the medians of durations known in advance are the next test's).
    expect(now).toMatchObject({ entradas: 3, adocoes: 1, devolucoes: 0, em_lar_temporario: 0 });
    expect(now.mediana_dias_ate_adocao).toBe(0);
    expect(now.candidaturas).toMatchObject({ total: 2, respondidas: 1 });
    expect(now.candidaturas.por_status).toMatchObject({ adotada: 1, nova: 1, recusada: 0 });
    expect(now.candidaturas.mediana_horas_primeira_resposta).toBe(0);
    // Everything happened this month: the period's total is this month's.
    const { mes, ...figures } = now;
    expect(mes).toBe(month);
    expect(body.total).toEqual(figures);
  });

  it("gives the medians of the month's durations: days from publication to adoption, hours to the team's first answer", async () => {
    // Another organisation, last month (all of it past): three animals adopted 1, 2 and 6 days
    // after publication (median 2, mean 3), their applications first answered by the team after
    // 1, 3 and 11 hours (median 3, mean 5); a fourth application not answered yet.
    const lia = await signedInAccount(app, { email: "lia.medianas@exemplo.com", nome: "Lia Medianas" });
    const ana = await createUser(app.db, { nome: "Ana Medianas" });
    const previous = addMonths(month, -1);
    /** `days` and `hours` after the month's 2nd day began, in Brasília. */
    const at = (days: number, hours = 0) =>
      new Date(monthStart(previous).getTime() + ((1 + days) * 24 + hours) * HOUR_MS);
    let theirs = "";
    const animal = async (nome: string, status: "nova" | "adotada") => {
      const petId = await createPet(app.db, { caretakerId: lia.id, nome, createdAt: at(0) });
      const [pet] = await app.db.select({ organizationId: pets.organizationId }).from(pets).where(eq(pets.id, petId));
      theirs = pet!.organizationId;
      const [application] = await app.db
        .insert(applications)
        .values({ petId, adopterId: ana.id, caretakerId: lia.id, organizationId: theirs, status, createdAt: at(0, 1) })
        .returning({ id: applications.id });
      // The adopter's own step counts for nothing: the team's first answer does.
      await app.db
        .insert(applicationEvents)
        .values({ applicationId: application!.id, status: "nova", actor: "adotante", createdAt: at(0, 1) });
      return { petId, applicationId: application!.id };
    };
    for (const [nome, days, hours] of [
      ["Um", 1, 1],
      ["Dois", 2, 3],
      ["Seis", 6, 11],
    ] as const) {
      const { petId, applicationId } = await animal(nome, "adotada");
      await app.db.insert(applicationEvents).values([
        { applicationId, status: "em_analise", actor: "responsavel", createdAt: at(0, 1 + hours) },
        { applicationId, status: "aprovada", actor: "responsavel", createdAt: at(0, 1 + hours + 24) },
      ]);
      await app.db.insert(adoptions).values({
        applicationId,
        petId,
        adopterId: ana.id,
        caretakerId: lia.id,
        organizationId: theirs,
        adoptedAt: at(days),
      });
    }
    await animal("Espera", "nova");

    const read = await lia.client.get(`/api/organizacoes/${theirs}/painel?de=${previous}&ate=${previous}`);
    expect(read.status).toBe(200);
    const [figures] = (read.json as { meses: ({ mes: string } & Figures)[] }).meses;
    expect(figures).toMatchObject({ mes: previous, entradas: 4, adocoes: 3, mediana_dias_ate_adocao: 2 });
    expect(figures!.candidaturas).toMatchObject({ total: 4, respondidas: 3, mediana_horas_primeira_resposta: 3 });
  });

  it("reads a range of months, both included", async () => {
    const read = await admin.client.get(`/api/organizacoes/${organizationId}/painel?de=2025-11&ate=2026-02`);
    expect(read.status).toBe(200);
    const body = read.json as { de: string; ate: string; meses: { mes: string; entradas: number }[] };
    expect(body).toMatchObject({ de: "2025-11", ate: "2026-02" });
    expect(body.meses.map((row) => row.mes)).toEqual(["2025-11", "2025-12", "2026-01", "2026-02"]);
    expect(body.meses.every((row) => row.entradas === 0)).toBe(true);
  });

  it.each([
    ["de=2026-13", "de", PANEL_MESSAGES.mes],
    ["ate=novembro", "ate", PANEL_MESSAGES.mes],
    ["de=1999-12&ate=2000-01", "de", PANEL_MESSAGES.mes],
    ["de=2026-05&ate=2026-04", "de", PANEL_MESSAGES.ordem],
    ["de=2020-01&ate=2026-01", "de", PANEL_MESSAGES.maximo],
  ])("refuses %s with a 400 that says why", async (query, field, message) => {
    const read = await admin.client.get(`/api/organizacoes/${organizationId}/painel?${query}`);
    expect(read.status).toBe(400);
    expect(read.json).toMatchObject({ message: "Dados inválidos.", errors: { [field]: [message] } });
  });

  it("is for every member, a foster home too; to anyone else the organisation does not exist", async () => {
    expect((await foster.client.get(`/api/organizacoes/${organizationId}/painel`)).status).toBe(200);
    const refused = await outsider.client.get(`/api/organizacoes/${organizationId}/painel`);
    expect(refused.status).toBe(404);
    expect(JSON.stringify(refused.json)).not.toContain("Bidu");
    expect((await adopter.client.get(`/api/organizacoes/${organizationId}/painel`)).status).toBe(404);
  });
});

describe("the panel's page and CSV", () => {
  it("shows the figures in a table, with the CSV's link for the same months", async () => {
    const page = await team.client.get(`/organizacoes/${organizationId}/painel`);
    expect(page.status).toBe(200);
    expect(page.text).toContain("Painel de");
    expect(page.text).toContain("Mês a mês");
    expect(page.text).toContain("Baixar CSV");
    expect(page.text).toContain(`/adopet/organizacoes/${organizationId}/painel.csv?de=`);
  });

  it("says beside the field what is wrong with a month, and still shows the last twelve", async () => {
    const page = await team.client.get(`/organizacoes/${organizationId}/painel?de=2026-05&ate=2026-04`);
    expect(page.status).toBe(400);
    expect(page.text).toContain(PANEL_MESSAGES.ordem);
    expect(page.text).toContain("Mês a mês");
  });

  it("gives one CSV row per month, with the API's names as its header", async () => {
    const csv = await admin.client.get(`/organizacoes/${organizationId}/painel.csv?de=${month}&ate=${month}`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toBe(`attachment; filename="painel-${month}-a-${month}.csv"`);
    // As a spreadsheet in Brazil reads it: a BOM, `;`.
    expect(csv.text.startsWith("\uFEFF")).toBe(true);
    expect(csv.text.split("\r\n")).toHaveLength(3);
    const [columns, row, ...rest] = parse(csv.text, { bom: true, delimiter: ";" }) as string[][];
    expect(rest).toEqual([]);
    expect(columns!.slice(0, 7)).toEqual([
      "mes",
      "entradas",
      "adocoes",
      "devolucoes",
      "em_lar_temporario",
      "mediana_dias_ate_adocao",
      "candidaturas",
    ]);
    const cells = Object.fromEntries(columns!.map((column, index) => [column, row![index]]));
    expect(cells).toMatchObject({
      mes: month,
      entradas: "3",
      adocoes: "1",
      em_lar_temporario: "0",
      candidaturas: "2",
      candidaturas_nova: "1",
      candidaturas_adotada: "1",
      candidaturas_respondidas: "1",
    });
    // For programs, comma-separated: the same cells.
    const forPrograms = await admin.client.get(
      `/organizacoes/${organizationId}/painel.csv?de=${month}&ate=${month}&formato=csv-virgula`,
    );
    expect(parse(forPrograms.text)).toEqual([columns, row]);
    expect((await admin.client.get(`/organizacoes/${organizationId}/painel.csv?formato=ods`)).status).toBe(400);
  });

  it("refuses a CSV to anyone outside the organisation, and a range it cannot read", async () => {
    expect((await outsider.client.get(`/organizacoes/${organizationId}/painel.csv`)).status).toBe(404);
    expect((await outsider.client.get(`/organizacoes/${organizationId}/painel`)).status).toBe(404);
    const bad = await admin.client.get(`/organizacoes/${organizationId}/painel.csv?de=2026-5`);
    expect(bad.status).toBe(400);
    expect(bad.text).toContain(PANEL_MESSAGES.mes);
  });
});

describe("the organisation's export", () => {
  it("gives its administradores the organisation, members, animals and the whole activity log as JSON", async () => {
    const exported = await admin.client.get(`/organizacoes/${organizationId}/dados`);
    expect(exported.status).toBe(200);
    expect(exported.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(exported.headers.get("content-disposition")).toMatch(
      /^attachment; filename="adopet-organizacao-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(exported.headers.get("cache-control")).toBe("private, no-store");
    const body = exported.json as {
      organizacao: { id: string };
      membros: { nome: string; papel: string }[];
      animais: { nome: string }[];
      transferencias: unknown[];
      atividade: { acao: string; texto: string }[];
    };
    expect(body.organizacao.id).toBe(organizationId);
    expect(body.membros.map((member) => member.papel).sort()).toEqual(["administrador", "equipe", "lar_temporario"]);
    expect(body.animais.map((animal) => animal.nome).sort()).toEqual(["Bidu", "Mel", "Primeiro"]);
    expect(body.transferencias).toEqual([]);
    // The termo issued and signed for Bidu are in the log.
    expect(body.atividade.map((entry) => entry.acao)).toEqual(
      expect.arrayContaining(["candidatura_movida", "termo_emitido", "termo_assinado"]),
    );
    // No adopter's personal data.
    expect(exported.text).not.toContain(adopter.email);
    expect(exported.text).not.toContain("529.982.247-25");
    // Members' e-mails and donors' names: the download is in the log (issue 63), as is the team's
    // download of a signed termo (the adopter's CPF and address), and not the adopter's own.
    expect((await adopter.client.get(`/api/candidaturas/${bidu.id}/termo.pdf`)).status).toBe(200);
    expect((await team.client.get(`/api/candidaturas/${bidu.id}/termo.pdf`)).status).toBe(200);
    const downloads = await admin.client.get(
      `/api/organizacoes/${organizationId}/atividade?acao=dados_pessoais_baixados`,
    );
    expect((downloads.json.atividade as { texto: string }[]).map((entry) => entry.texto)).toEqual([
      "Caio Equipe baixou o termo de adoção assinado de Bidu, com os dados de quem adotou",
      "Lia Admin baixou os dados da organização, com os membros e os nomes de quem doou",
    ]);
  });

  it("is refused to a team member (403) and to anyone outside (404)", async () => {
    const team403 = await team.client.get(`/organizacoes/${organizationId}/dados`);
    expect(team403.status).toBe(403);
    expect(team403.text).toContain("Só quem administra a organização pode fazer isso.");
    expect((await foster.client.get(`/organizacoes/${organizationId}/dados`)).status).toBe(403);
    expect((await outsider.client.get(`/organizacoes/${organizationId}/dados`)).status).toBe(404);
  });
});

describe("an account deleted", () => {
  it("leaves the organisation's animals it published, their applications and what it wrote, with the team; the last administrador's role passes on", async () => {
    const crew = await organizationTeam(app, "sucessao");
    const dora = await crew.person("dora", "Dora Equipe");
    await addMember(app.db, crew.organizationId, dora.id, "equipe");
    // Caio (equipe) publishes for the organisation; an adopter applies.
    const fumaca = await createPet(app.db, {
      caretakerId: crew.team.id,
      organizationId: crew.organizationId,
      nome: "Fumaça",
    });
    const applied = await crew.adopter.client.post(`/api/pets/${fumaca}/candidaturas`, { respostas: ANSWERS });
    expect(applied.status).toBe(201);
    // Caio answers the adopter for the team.
    const conversation = (await crew.adopter.client.get(`/api/candidaturas/${applied.json.id as string}`)).json
      .conversa_id as string;
    const answer = { texto: "Fumaça adora crianças." };
    expect((await crew.team.client.post(`/api/conversas/${conversation}/mensagens`, answer)).status).toBe(201);
    const caretakerOf = async (petId: string) =>
      (await app.db.select({ id: pets.caretakerId }).from(pets).where(eq(pets.id, petId)))[0]?.id;

    expect((await crew.team.client.delete(`/api/users/${crew.team.id}`, { senha: DEFAULT_PASSWORD })).status).toBe(204);
    // The administradora, before any other equipe, takes them over.
    expect(await caretakerOf(fumaca)).toBe(crew.admin.id);
    const [application] = await app.db.select().from(applications).where(eq(applications.petId, fumaca));
    expect(application).toMatchObject({ caretakerId: crew.admin.id, organizationId: crew.organizationId });
    expect((await crew.admin.client.get(`/api/candidaturas/${applied.json.id as string}`)).status).toBe(200);
    // What Caio wrote stays: the adopter still reads it, unread, from the organisation; the team
    // reads it as a former member's.
    const messages = async (reader: Person) =>
      (await reader.client.get(`/api/conversas/${conversation}`)).json.mensagens as {
        texto: string;
        minha: boolean;
        autor?: string | null;
      }[];
    expect(await messages(crew.adopter)).toEqual([expect.objectContaining({ texto: answer.texto, minha: false })]);
    expect((await crew.adopter.client.get("/api/conversas")).json.nao_lidas).toBe(1);
    expect(await messages(crew.admin)).toEqual([
      expect.objectContaining({ texto: answer.texto, minha: true, autor: "Ex-membro da equipe" }),
    ]);
    const log = async (reader: Person) =>
      (
        (await reader.client.get(`/api/organizacoes/${crew.organizationId}/atividade`)).json.atividade as {
          texto: string;
        }[]
      ).map((entry) => entry.texto);
    // The log no longer names him (issue 60): his entries say "Pessoa removida".
    expect((await log(crew.admin))[0]).toBe(
      "Pessoa removida excluiu a conta; Lia Admin passou a cuidar dos animais que publicou",
    );

    // The last administradora goes: Dora (equipe, not the foster home) takes her animals and her role.
    expect((await crew.admin.client.delete(`/api/users/${crew.admin.id}`, { senha: DEFAULT_PASSWORD })).status).toBe(
      204,
    );
    expect(await caretakerOf(fumaca)).toBe(dora.id);
    const members = await dora.client.get(`/api/organizacoes/${crew.organizationId}/membros`);
    expect(
      (members.json.membros as { nome: string; papel: string }[]).map((member) => [member.nome, member.papel]),
    ).toEqual([
      ["Dora Equipe", "administrador"],
      ["Rita Lar", "lar_temporario"],
    ]);
    expect((await log(dora))[0]).toBe(
      "Pessoa removida excluiu a conta; Dora Equipe passou a cuidar dos animais que publicou e a administrar a organização",
    );
  });

  it("takes with it the animals of an organisation with no one else to care for them", async () => {
    const alone = await createPet(app.db, { caretakerId: outsider.id, nome: "Sozinho" });
    expect((await outsider.client.delete(`/api/users/${outsider.id}`, { senha: DEFAULT_PASSWORD })).status).toBe(204);
    expect(await app.db.select().from(pets).where(eq(pets.id, alone))).toEqual([]);
  });
});
