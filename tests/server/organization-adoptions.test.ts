import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adoptions, checkins, organizationMembers } from "~/db/schema";
import { addMember, createPet } from "../support/factories";
import { addDays, dayInBrasilia } from "~/lib/dates";
import { startAppWithMail, type TestApp } from "../support/app";
import { adoptThroughTermo, ANSWERS } from "../support/adoptions";
import { organizationTeam, type Person } from "../support/organizations";
import { until } from "../support/poll";
import { mailsTo, type SmtpPeer } from "../support/smtp-peer";

/**
 * The organisation's adoption work beyond the application (issue 43): its questionnaire, termo
 * template and follow-up days are the team's to change (the log says who), a person in several
 * organisations says whose; and after the termo, any administrador or membro da equipe follows
 * the adoption up (notices, the signed PDF, the story, the return), never a foster home or
 * another organisation.
 */

const FORM = { "Content-Type": "application/x-www-form-urlencoded" };
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
let app: TestApp;
let smtp: SmtpPeer;
let admin: Person;
let team: Person;
let foster: Person;
let outsider: Person;
let adopter: Person;
let organizationId: string;
let person: Awaited<ReturnType<typeof organizationTeam>>["person"];

type Question = { id?: string; tipo: string; enunciado: string; obrigatoria: boolean };

async function log(): Promise<string[]> {
  const read = await admin.client.get(`/api/organizacoes/${organizationId}/atividade`);
  expect(read.status).toBe(200);
  return (read.json.atividade as { texto: string }[]).map((entry) => entry.texto);
}

const questionTexts = (answer: { json: Record<string, unknown> }) =>
  (answer.json.perguntas as Question[]).map((question) => question.enunciado);

beforeAll(async () => {
  ({ app, smtp } = await startAppWithMail());
  ({ admin, team, foster, outsider, adopter, organizationId, person } = await organizationTeam(app, "adocoes"));
});

afterAll(() => app?.close());

describe("an organisation's settings", () => {
  it("are changed by the equipe for the whole team and its adopters, in the log; a foster home and others cannot", async () => {
    const current = await team.client.get("/api/questionario");
    expect(current.status).toBe(200);
    // An optional question more: the adopters' answers (ANSWERS) still do.
    const perguntas = [
      ...(current.json.perguntas as Question[]),
      { tipo: "texto", enunciado: "Onde o animal vai dormir?", obrigatoria: false },
    ];
    const saved = await team.client.request("PUT", "/api/questionario", { perguntas });
    expect(saved.status, saved.text).toBe(200);
    expect(questionTexts(await admin.client.get("/api/questionario"))).toContain("Onde o animal vai dormir?");
    const petId = await createPet(app.db, { caretakerId: admin.id, nome: "Quindim" });
    const asked = await adopter.client.get(`/api/pets/${petId}/questionario`);
    expect(questionTexts(asked)).toContain("Onde o animal vai dormir?");
    expect((await team.client.get("/meus-pets/questionario")).text).toContain("Onde o animal vai dormir?");
    // Another organisation keeps its own (the default); a foster home and a stranger cannot name this one.
    expect(questionTexts(await outsider.client.get("/api/questionario"))).not.toContain("Onde o animal vai dormir?");
    // (A foster home is a member: 403, as for the organisation's other resources; a stranger, 404.)
    for (const [someone, status] of [
      [foster, 403],
      [outsider, 404],
    ] as const) {
      const read = await someone.client.get(`/api/questionario?organizacao_id=${organizationId}`);
      expect(read.status).toBe(status);
      const write = await someone.client.request("PUT", `/api/questionario?organizacao_id=${organizationId}`, {
        perguntas,
      });
      expect(write.status).toBe(status);
      expect((await someone.client.get(`/meus-pets/questionario?organizacao=${organizationId}`)).status).toBe(404);
    }
    const malformed = await team.client.get("/api/questionario?organizacao_id=nao-e-um-id");
    expect(malformed.status).toBe(400);
    expect(malformed.json.errors).toEqual({ organizacao_id: ["Organização inválida."] });

    // The termo template and the follow-up days, from the equipe's page.
    const template = await team.client.post(
      "/meus-pets/termo?acao=salvar",
      form({ texto: "TERMO DA EQUIPE\n\nEu, {adotante.nome}, adoto {animal.nome}.\n\n{data}." }),
      FORM,
    );
    expect(template.status).toBe(302);
    const days = await team.client.post("/meus-pets/termo?acao=dias", form({ dias: "3, 10" }), FORM);
    expect(days.status).toBe(302);
    expect((await admin.client.get("/meus-pets/termo")).text).toContain("TERMO DA EQUIPE");
    expect((await outsider.client.get("/meus-pets/termo")).text).not.toContain("TERMO DA EQUIPE");
    const { id, adoption } = await adoptThroughTermo(app, { caretaker: admin, adopter, nome: "Cocada" });
    expect((await admin.client.get(`/api/candidaturas/${id}/termo`)).json.texto).toContain("TERMO DA EQUIPE");
    const scheduled = await app.db
      .select({ dia: checkins.dia })
      .from(checkins)
      .where(eq(checkins.adoptionId, adoption.id));
    expect(scheduled.map((row) => row.dia).sort((a, b) => a - b)).toEqual([3, 10]);
    expect(await log()).toEqual(
      expect.arrayContaining([
        "Caio Equipe alterou o questionário de adoção",
        "Caio Equipe alterou o modelo do termo de adoção",
        "Caio Equipe mudou os dias do acompanhamento para 3, 10",
      ]),
    );
  });

  it("are chosen by a person in several organisations, and only among theirs", async () => {
    const both = await person("duda", "Duda Dupla");
    await createPet(app.db, { caretakerId: both.id, nome: "Da Duda" });
    await addMember(app.db, organizationId, both.id, "equipe");
    const unnamed = await both.client.get("/api/questionario");
    expect(unnamed.status).toBe(400);
    expect(unnamed.json.errors).toEqual({
      organizacao_id: ["Escolha a organização: você faz parte de mais de uma."],
    });
    const named = await both.client.get(`/api/questionario?organizacao_id=${organizationId}`);
    expect(questionTexts(named)).toContain("Onde o animal vai dormir?");
    // The page shows the first by name until one is chosen, and offers both.
    const page = await both.client.get("/meus-pets/questionario");
    expect(page.status).toBe(200);
    expect(page.text).toContain('<select id="organizacao" name="organizacao"');
    expect(page.text).toContain("Duda Dupla");
    expect(page.text).toContain("Lia Admin");
    const chosen = await both.client.get(`/meus-pets/questionario?organizacao=${organizationId}`);
    expect(chosen.text).toContain("Onde o animal vai dormir?");
    expect(chosen.text).toContain("Quem quiser adotar um dos animais de Lia Admin responde a estas perguntas.");
    const elsewhere = await both.client.get(`/meus-pets/termo?organizacao=${crypto.randomUUID()}`);
    expect(elsewhere.status).toBe(404);
    // Saving keeps the choice: the team's days change, not Duda's own.
    const saved = await both.client.post(
      `/meus-pets/termo?acao=dias&organizacao=${organizationId}`,
      form({ dias: "5" }),
      FORM,
    );
    expect([saved.status, saved.headers.get("Location")]).toEqual([
      302,
      `/adopet/meus-pets/termo?organizacao=${organizationId}`,
    ]);
    expect((await admin.client.get("/meus-pets/termo")).text).toContain('value="5"');
    expect((await both.client.get("/meus-pets/termo")).text).not.toContain('value="5"');
    await app.db
      .delete(organizationMembers)
      .where(and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.userId, both.id)));
    expect((await both.client.get(`/meus-pets/termo?organizacao=${organizationId}`)).status).toBe(404);
  });
});

describe("an organisation's adoption", () => {
  it("is followed up by any administrador or membro da equipe, never a foster home or another organisation", async () => {
    // The adopter signs: the team is told, each by their own e-mail, and a member signs for it.
    const petId = await createPet(app.db, { caretakerId: admin.id, nome: "Paçoca", castrado: "nao", sexo: "femea" });
    const applied = await adopter.client.post(`/api/pets/${petId}/candidaturas`, { respostas: ANSWERS });
    const id = applied.json.id as string;
    expect((await team.client.patch(`/api/candidaturas/${id}`, { status: "aprovada" })).status).toBe(200);
    const prazo = addDays(dayInBrasilia(new Date()), 30);
    expect((await team.client.post(`/api/candidaturas/${id}/termo`, { prazo_castracao: prazo })).status).toBe(201);
    const signature = {
      nome_completo: "Ana Adotante Souza",
      cpf: "529.982.247-25",
      endereco: "Rua das Laranjeiras, 120, Rio de Janeiro (RJ)",
      cep: "22240-003",
      concordo: true,
    };
    expect((await adopter.client.post(`/api/candidaturas/${id}/termo/assinaturas`, signature)).status).toBe(201);
    const subject = "O termo de adoção de Paçoca foi assinado: falta a sua assinatura";
    for (const member of [admin, team]) {
      await until(
        `${member.email}'s notice`,
        async () => (await mailsTo(smtp, member.email)).find((mail) => mail.subject === subject) ?? null,
      );
    }
    expect((await mailsTo(smtp, foster.email)).map((mail) => mail.subject)).not.toContain(subject);
    const signed = await team.client.post(`/api/candidaturas/${id}/termo/assinaturas`, {
      nome_completo: "Caio Equipe",
      concordo: true,
    });
    expect(signed.status).toBe(201);

    // The signed PDF, for the team (the admin too, who did not sign), not for a foster home or a stranger.
    const termoId = (await admin.client.get(`/api/candidaturas/${id}/termo`)).json.id as string;
    for (const member of [admin, team]) {
      const pdf = await member.client.get(`/termos/${termoId}/termo.pdf`);
      expect([pdf.status, pdf.bytes.subarray(0, 5).toString()]).toEqual([200, "%PDF-"]);
      expect((await member.client.get("/meus-pets/termo")).text).toContain("Paçoca");
    }
    for (const someone of [foster, outsider]) {
      expect((await someone.client.get(`/termos/${termoId}/termo.pdf`)).status).toBe(404);
    }

    // A castration deadline missed shows on each member's home (`Hoje`), to nobody else.
    await app.db
      .update(adoptions)
      .set({ prazoCastracao: addDays(dayInBrasilia(new Date()), -1) })
      .where(eq(adoptions.applicationId, id));
    expect((await team.client.get(`/organizacoes/${organizationId}/hoje`)).text).toContain("Paçoca, com Ana Adotante");
    expect((await outsider.client.get(`/organizacoes/${organizationId}/hoje`)).status).toBe(404);

    // The adopter's story: the team is told, and a membro da equipe publishes it.
    const story = new FormData();
    story.set("historia", "Paçoca adotou o sofá.");
    expect((await adopter.client.post(`/candidaturas/${id}?acao=historia`, story)).status).toBe(302);
    await until(
      "the equipe's story notice",
      async () =>
        (await mailsTo(smtp, team.email)).find(
          (mail) => mail.subject === "Ana Adotante contou o final feliz de Paçoca",
        ) ?? null,
    );
    const versao = /name="versao" value="([^"]+)"/.exec((await team.client.get(`/candidaturas/${id}`)).text)?.[1];
    expect(versao).toBeTruthy();
    const review = (who: Person) =>
      who.client.post(
        `/candidaturas/${id}?acao=aprovar_historia`,
        form({ versao: versao!, decisao: "publicar" }),
        FORM,
      );
    expect((await review(foster)).status).toBe(404);
    expect((await review(outsider)).status).toBe(404);
    expect((await review(team)).status).toBe(302);

    // The return, recorded by the equipe: the adoption ends for the organisation.
    const refused = await foster.client.post(`/api/candidaturas/${id}/devolucao`, { motivo: "Voltou." });
    expect(refused.status).toBe(404);
    const returned = await team.client.post(`/api/candidaturas/${id}/devolucao`, { motivo: "A família se mudou." });
    expect(returned.status, returned.text).toBe(201);
    const [after] = await app.db.select().from(adoptions).where(eq(adoptions.applicationId, id));
    expect(after).toMatchObject({ organizationId });
    expect(after!.devolvidaEm).not.toBeNull();
  });
});
