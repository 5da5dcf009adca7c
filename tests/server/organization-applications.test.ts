import { simpleParser, type ParsedMail } from "mailparser";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMember, createPet, DEFAULT_PASSWORD } from "../support/factories";
import { organizationInvitations, organizations } from "~/db/schema";
import { APPLICATION_MESSAGES } from "~/lib/applications";
import { startAppWithMail, type TestApp } from "../support/app";
import { ANSWERS } from "../support/adoptions";
import { organizationTeam, type Person } from "../support/organizations";
import type { SmtpPeer } from "../support/smtp-peer";

/**
 * An organisation's applications (issue 43): its administradores and equipe read, move, note and
 * assign them, and are told of new ones; a foster home, a removed member and another
 * organisation's members see none of it; moves, decisions, assignments and termos go to the log.
 */

let app: TestApp;
let smtp: SmtpPeer;
let admin: Person;
let team: Person;
let foster: Person;
let outsider: Person;
let adopter: Person;
let organizationId: string;
let person: Awaited<ReturnType<typeof organizationTeam>>["person"];

async function mailTo(to: string): Promise<ParsedMail[]> {
  const sent = smtp.received.filter((message) => message.to.includes(to));
  return Promise.all(sent.map((message) => simpleParser(message.data)));
}

/** An animal of the organisation and the adopter's application for it. */
async function applicationFor(nome: string, castrado: "sim" | "nao" = "sim"): Promise<{ id: string; petId: string }> {
  const petId = await createPet(app.db, { caretakerId: admin.id, nome, castrado });
  const created = await adopter.client.post(`/api/pets/${petId}/candidaturas`, { respostas: ANSWERS });
  expect(created.status, created.text).toBe(201);
  return { id: created.json.id as string, petId };
}

async function log(): Promise<string[]> {
  const read = await admin.client.get(`/api/organizacoes/${organizationId}/atividade`);
  expect(read.status).toBe(200);
  return (read.json.atividade as { texto: string }[]).map((entry) => entry.texto);
}

beforeAll(async () => {
  ({ app, smtp } = await startAppWithMail());
  ({ admin, team, foster, outsider, adopter, organizationId, person } = await organizationTeam(app, "candidaturas"));
  await app.db.update(organizations).set({ cnpj: "11444777000161" }).where(eq(organizations.id, organizationId));
});

afterAll(() => app?.close());

describe("an organisation's applications", () => {
  it("are told to each administrador and membro da equipe by their own e-mail, not to a foster home", async () => {
    const { id } = await applicationFor("Dunga");
    for (const member of [admin, team]) {
      await expect.poll(async () => (await mailTo(member.email)).length, { timeout: 20_000 }).toBe(1);
      const [mail] = await mailTo(member.email);
      expect(mail!.subject).toBe("Nova candidatura para adotar Dunga");
      expect(mail!.text).toContain(`/adopet/candidaturas/${id}`);
    }
    expect(await mailTo(foster.email)).toEqual([]);
    expect(await mailTo(outsider.email)).toEqual([]);
  });

  it("are read, moved and noted by the equipe; a foster home and another organisation get 404", async () => {
    const { id } = await applicationFor("Bidu");
    const read = await team.client.get(`/api/candidaturas/${id}`);
    expect(read.status).toBe(200);
    expect(read.json).toMatchObject({
      organizacao: { id: organizationId, nome: "Lia Admin" },
      atribuida_a: null,
      adotante: { id: adopter.id, telefone: "(21) 98765-4321" },
    });
    const listed = await team.client.get("/api/candidaturas");
    expect((listed.json.recebidas as { id: string }[]).map((item) => item.id)).toContain(id);

    for (const stranger of [foster, outsider]) {
      const refused = await stranger.client.get(`/api/candidaturas/${id}`);
      expect([refused.status, refused.json.message]).toEqual([404, "Candidatura não encontrada."]);
      expect((await stranger.client.patch(`/api/candidaturas/${id}`, { status: "em_analise" })).status).toBe(404);
      const theirs = await stranger.client.get("/api/candidaturas");
      expect((theirs.json.recebidas as { id: string }[]).map((item) => item.id)).not.toContain(id);
    }

    const moved = await team.client.patch(`/api/candidaturas/${id}`, { status: "em_analise", nota: "Ligar amanhã." });
    expect([moved.status, moved.json.status]).toEqual([200, "em_analise"]);
    // The notes are the team's: the administradora reads the equipe's.
    const byAdmin = await admin.client.get(`/api/candidaturas/${id}`);
    expect(byAdmin.json.notas).toEqual([{ texto: "Ligar amanhã.", em: expect.any(String) }]);
    // The adopter sees neither the notes nor who answers.
    const byAdopter = await adopter.client.get(`/api/candidaturas/${id}`);
    expect(byAdopter.json.notas).toBeUndefined();
    expect(byAdopter.json.atribuida_a).toBeUndefined();
    expect(byAdopter.json.organizacao).toEqual({ id: organizationId, nome: "Lia Admin" });
  });

  it("are assigned to a member of the team, listed in their `Minhas`, and refused to anyone else", async () => {
    const { id } = await applicationFor("Estrela");
    const assigned = await admin.client.patch(`/api/candidaturas/${id}`, { atribuida_a: team.id });
    expect(assigned.status).toBe(200);
    expect(assigned.json.atribuida_a).toEqual({ id: team.id, nome: "Caio Equipe" });

    const mine = await team.client.get("/api/candidaturas?minhas=1");
    expect((mine.json.recebidas as { id: string }[]).map((item) => item.id)).toEqual([id]);
    expect(mine.json.recebidas_total).toBe(1);
    expect((await admin.client.get("/api/candidaturas?minhas=1")).json.recebidas).toEqual([]);
    const badFilter = await team.client.get("/api/candidaturas?minhas=sim");
    expect([badFilter.status, badFilter.json.errors]).toEqual([
      400,
      { minhas: ["Use minhas=1 para ver só as atribuídas a você."] },
    ]);

    const assignText = "Atribua a um membro da organização que cuida dos animais (administrador ou equipe).";
    for (const someone of [foster.id, outsider.id]) {
      const refused = await admin.client.patch(`/api/candidaturas/${id}`, { atribuida_a: someone });
      expect([refused.status, refused.json.errors]).toEqual([400, { atribuida_a: [assignText] }]);
    }
    const malformed = await admin.client.patch(`/api/candidaturas/${id}`, { atribuida_a: "Caio" });
    expect([malformed.status, malformed.json.errors]).toEqual([
      400,
      { atribuida_a: [APPLICATION_MESSAGES.atribuidaA] },
    ]);
    const byAdopter = await adopter.client.patch(`/api/candidaturas/${id}`, { atribuida_a: null });
    expect(byAdopter.status).toBe(403);
    expect((await team.client.get(`/api/candidaturas/${id}`)).json.atribuida_a).toEqual({
      id: team.id,
      nome: "Caio Equipe",
    });

    const back = await team.client.patch(`/api/candidaturas/${id}`, { atribuida_a: null });
    expect([back.status, back.json.atribuida_a]).toEqual([200, null]);
    expect((await log()).slice(0, 2)).toEqual([
      "Caio Equipe deixou a candidatura de Ana Adotante (Estrela) com toda a equipe",
      "Lia Admin atribuiu a candidatura de Ana Adotante (Estrela) a Caio Equipe",
    ]);
  });

  it("go to the log with each decision and its reason", async () => {
    const { id } = await applicationFor("Farofa");
    await team.client.patch(`/api/candidaturas/${id}`, { status: "entrevista" });
    const declined = await admin.client.patch(`/api/candidaturas/${id}`, {
      status: "recusada",
      motivo: "Procuramos uma casa com quintal.",
    });
    expect(declined.status).toBe(200);
    expect((await log()).slice(0, 2)).toEqual([
      "Lia Admin moveu a candidatura de Ana Adotante (Farofa) para Recusada: Procuramos uma casa com quintal.",
      "Caio Equipe moveu a candidatura de Ana Adotante (Farofa) para Entrevista",
    ]);
  });

  it("get a termo issued by the equipe, naming the organisation and its CNPJ, in the log", async () => {
    const { id } = await applicationFor("Pipoca");
    expect((await team.client.patch(`/api/candidaturas/${id}`, { status: "aprovada" })).status).toBe(200);
    expect((await foster.client.post(`/api/candidaturas/${id}/termo`, {})).status).toBe(404);
    const issued = await team.client.post(`/api/candidaturas/${id}/termo`, {});
    expect(issued.status, issued.text).toBe(201);
    expect(issued.json.texto).toContain("Lia Admin (CNPJ 11.444.777/0001-61)");
    expect((await admin.client.get(`/api/candidaturas/${id}/termo`)).status).toBe(200);
    expect((await log())[0]).toBe("Caio Equipe emitiu o termo de adoção de Ana Adotante (Pipoca)");
  });

  it("are not applied for by a member of the organisation", async () => {
    const petId = await createPet(app.db, { caretakerId: admin.id, nome: "Da Casa" });
    const refused = await team.client.post(`/api/pets/${petId}/candidaturas`, { respostas: ANSWERS });
    expect(refused.status).toBe(403);
  });

  it("are out of reach of a removed member at once", async () => {
    const { id } = await applicationFor("Tobias");
    const gone = await person("gil", "Gil Saiu");
    await addMember(app.db, organizationId, gone.id, "equipe");
    expect((await gone.client.get(`/api/candidaturas/${id}`)).status).toBe(200);
    expect((await admin.client.patch(`/api/candidaturas/${id}`, { atribuida_a: gone.id })).status).toBe(200);
    const removed = await admin.client.request("DELETE", `/api/organizacoes/${organizationId}/membros/${gone.id}`);
    expect(removed.status).toBe(204);
    expect((await gone.client.get(`/api/candidaturas/${id}`)).status).toBe(404);
    expect((await gone.client.get("/api/candidaturas")).json.recebidas).toEqual([]);
    // What was theirs goes back to the whole team (issue 60), not to nobody.
    expect((await admin.client.get(`/api/candidaturas/${id}`)).json.atribuida_a).toBeNull();
  });

  it("name a person who deleted the account as `Pessoa removida` in the log and the organisation's data (issue 60)", async () => {
    const leaving = await person("lia.sai", "Leonor Saída Completa");
    const petId = await createPet(app.db, { caretakerId: admin.id, nome: "Trovão" });
    const applied = await leaving.client.post(`/api/pets/${petId}/candidaturas`, { respostas: ANSWERS });
    expect(applied.status).toBe(201);
    const id = applied.json.id as string;
    expect((await admin.client.patch(`/api/candidaturas/${id}`, { status: "em_analise" })).status).toBe(200);
    expect((await admin.client.patch(`/api/candidaturas/${id}`, { atribuida_a: team.id })).status).toBe(200);
    // Invited to the team too, by e-mail, and a reason the team wrote, which stays.
    expect(
      (
        await admin.client.post(`/api/organizacoes/${organizationId}/convites`, {
          email: leaving.email,
          papel: "equipe",
        })
      ).status,
    ).toBe(201);
    expect(await log()).toContain("Lia Admin moveu a candidatura de Leonor Saída Completa (Trovão) para Em análise");

    expect((await leaving.client.delete(`/api/users/${leaving.id}`, { senha: DEFAULT_PASSWORD })).status).toBe(204);
    const after = await log();
    expect(after).toContain("Lia Admin moveu a candidatura de Pessoa removida para Em análise");
    expect(after).toContain("Lia Admin convidou Pessoa removida como equipe");
    expect(after.join("\n")).not.toMatch(/Leonor|lia\.sai/);
    // Someone the team assigned keeps their name.
    expect(after.join("\n")).toContain("Caio Equipe");
    const data = await admin.client.get(`/organizacoes/${organizationId}/dados`);
    expect(data.status).toBe(200);
    expect(data.text).not.toMatch(/Leonor|lia\.sai/);
    expect(
      await app.db.select().from(organizationInvitations).where(eq(organizationInvitations.email, leaving.email)),
    ).toEqual([]);
  });
});
