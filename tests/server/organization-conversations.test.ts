import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMember, createPet } from "../support/factories";
import { CONVERSATION_MESSAGES } from "~/lib/conversations";
import { sendConversationNotice, TEAM } from "~/domain/conversations/notices.server";
import { createMailer } from "~/services/mail.server";
import { openEventStream } from "../support/event-stream";
import { startAppWithMail, type TestApp } from "../support/app";
import { ANSWERS } from "../support/adoptions";
import { organizationTeam, type Person } from "../support/organizations";
import type { SmtpPeer } from "../support/smtp-peer";

/**
 * An organisation's conversations (issue 43): its administradores and equipe are one side of
 * each, read and answer it, are told of the adopter's messages (the member it is assigned to,
 * or all of them) and hear it live; a foster home, another organisation and a removed member
 * find nothing, and a removed member's open stream hears nothing more.
 */

const PUBLIC_URL = "https://adote.exemplo.org";
const MINUTE = 60_000;

let app: TestApp;
let smtp: SmtpPeer;
let admin: Person;
let team: Person;
let foster: Person;
let outsider: Person;
let adopter: Person;
let organizationId: string;
let person: Awaited<ReturnType<typeof organizationTeam>>["person"];

/** The conversation of the adopter's application for a new animal of the organisation. */
async function conversationAbout(nome: string): Promise<string> {
  const petId = await createPet(app.db, { caretakerId: admin.id, nome });
  const applied = await adopter.client.post(`/api/pets/${petId}/candidaturas`, { respostas: ANSWERS });
  expect(applied.status, applied.text).toBe(201);
  return (await adopter.client.get(`/api/candidaturas/${applied.json.id as string}`)).json.conversa_id as string;
}

const stream = (reader: Person) =>
  openEventStream(`${app.baseUrl}/api/conversas/eventos`, {
    Cookie: `adopet_sessao=${reader.client.cookie("adopet_sessao")}`,
  });

beforeAll(async () => {
  ({ app, smtp } = await startAppWithMail({ PUBLIC_URL }));
  ({ admin, team, foster, outsider, adopter, organizationId, person } = await organizationTeam(app, "conversas"));
});

afterAll(() => app?.close());

describe("an organisation's conversation", () => {
  it("is answered by the equipe as the team: the adopter reads the organisation, the team reads who wrote", async () => {
    const id = await conversationAbout("Bidu");
    expect((await adopter.client.post(`/api/conversas/${id}/mensagens`, { texto: "Posso visitar?" })).status).toBe(201);

    const listed = await team.client.get("/api/conversas");
    expect(listed.json.nao_lidas).toBe(1);
    expect(listed.json.conversas).toEqual([
      expect.objectContaining({
        id,
        papel: "responsavel",
        atribuida_a: null,
        outra_parte: { id: adopter.id, nome: "Ana Adotante" },
      }),
    ]);
    const reply = await team.client.post(`/api/conversas/${id}/mensagens`, { texto: "Pode sim, sábado às 10h." });
    expect(reply.status).toBe(201);
    expect((await team.client.post(`/api/conversas/${id}/lida`)).status).toBe(204);
    // Read by the team: the administradora has nothing unread, and reads who answered.
    const byAdmin = await admin.client.get(`/api/conversas/${id}`);
    expect(byAdmin.json.nao_lidas).toBe(0);
    expect(
      (byAdmin.json.mensagens as { texto: string; minha: boolean; autor: string | null }[]).map(
        ({ texto, minha, autor }) => ({ texto, minha, autor }),
      ),
    ).toEqual([
      { texto: "Posso visitar?", minha: false, autor: null },
      { texto: "Pode sim, sábado às 10h.", minha: true, autor: "Caio Equipe" },
    ]);
    // The adopter talks to the organisation, and never reads which member wrote.
    const byAdopter = await adopter.client.get(`/api/conversas/${id}`);
    expect(byAdopter.json.outra_parte).toEqual({ id: admin.id, nome: "Lia Admin" });
    expect(byAdopter.json.atribuida_a).toBeUndefined();
    expect((byAdopter.json.mensagens as { minha: boolean; autor?: string }[]).at(-1)).toEqual(
      expect.not.objectContaining({ autor: expect.anything() }),
    );
    expect((byAdopter.json.mensagens as { minha: boolean }[]).map((message) => message.minha)).toEqual([true, false]);
  });

  it("is out of reach of a foster home and another organisation (404), and absent from their lists", async () => {
    const id = await conversationAbout("Farol");
    for (const stranger of [foster, outsider]) {
      expect((await stranger.client.get(`/api/conversas/${id}`)).status).toBe(404);
      expect((await stranger.client.post(`/api/conversas/${id}/mensagens`, { texto: "Oi" })).status).toBe(404);
      expect((await stranger.client.patch(`/api/conversas/${id}`, { atribuida_a: null })).status).toBe(404);
      const theirs = await stranger.client.get("/api/conversas");
      expect((theirs.json.conversas as { id: string }[]).map((item) => item.id)).not.toContain(id);
    }
  });

  it("is assigned to a member of the team, who alone is e-mailed of the adopter's messages then", async () => {
    const id = await conversationAbout("Estrela");
    const mailer = createMailer({ smtpUrl: smtp.url, from: "Adopet <nao-responda@adopet.exemplo>" });
    const noticesTo = async (email: string) => {
      const mails = await Promise.all(
        smtp.received.filter((message) => message.to.includes(email)).map((message) => simpleParser(message.data)),
      );
      return mails.filter((mail) => mail.subject === "Ana Adotante escreveu sobre Estrela na Adopet");
    };
    const notify = (at: number) =>
      sendConversationNotice(
        app.db,
        mailer,
        app.jobs,
        { conversationId: id, recipientId: TEAM },
        PUBLIC_URL,
        new Date(at),
      );

    // Nobody assigned: each administrador and membro da equipe, not the foster home.
    const first = await adopter.client.post(`/api/conversas/${id}/mensagens`, { texto: "Primeira" });
    await notify(Date.parse(first.json.enviada_em as string) + 11 * MINUTE);
    expect((await noticesTo(admin.email)).length).toBe(1);
    expect((await noticesTo(team.email)).length).toBe(1);
    expect(await noticesTo(foster.email)).toEqual([]);

    const assigned = await admin.client.patch(`/api/conversas/${id}`, { atribuida_a: team.id });
    expect([assigned.status, assigned.json.atribuida_a]).toEqual([200, { id: team.id, nome: "Caio Equipe" }]);
    const second = await adopter.client.post(`/api/conversas/${id}/mensagens`, { texto: "Segunda" });
    await notify(Date.parse(second.json.enviada_em as string) + 2 * 60 * MINUTE);
    expect((await noticesTo(team.email)).length).toBe(2);
    expect((await noticesTo(admin.email)).length).toBe(1);

    const mine = await team.client.get("/api/conversas?minhas=1");
    expect((mine.json.conversas as { id: string }[]).map((item) => item.id)).toEqual([id]);
    expect((await admin.client.get("/api/conversas?minhas=1")).json.conversas).toEqual([]);
    expect((await team.client.get("/api/conversas?minhas=2")).status).toBe(400);

    const assignText = "Atribua a um membro da organização que cuida dos animais (administrador ou equipe).";
    const toFoster = await admin.client.patch(`/api/conversas/${id}`, { atribuida_a: foster.id });
    expect([toFoster.status, toFoster.json.errors]).toEqual([400, { atribuida_a: [assignText] }]);
    const malformed = await admin.client.patch(`/api/conversas/${id}`, { atribuida_a: 7 });
    expect([malformed.status, malformed.json.errors]).toEqual([
      400,
      { atribuida_a: [CONVERSATION_MESSAGES.atribuidaA] },
    ]);
    const byAdopter = await adopter.client.patch(`/api/conversas/${id}`, { atribuida_a: null });
    expect([byAdopter.status, byAdopter.json.message]).toEqual([
      403,
      "Só a equipe que cuida do animal atribui a conversa.",
    ]);
    const log = await admin.client.get(`/api/organizacoes/${organizationId}/atividade`);
    expect((log.json.atividade as { texto: string }[])[0]!.texto).toBe(
      "Lia Admin atribuiu a conversa com Ana Adotante (Estrela) a Caio Equipe",
    );
  });

  it("reaches the team's open streams live; a removed member's stream hears nothing more, and reads nothing", async () => {
    const id = await conversationAbout("Tobias");
    const gone = await person("gil", "Gil Saiu");
    await addMember(app.db, organizationId, gone.id, "equipe");
    const [teamStream, goneStream, fosterStream] = await Promise.all([stream(team), stream(gone), stream(foster)]);
    try {
      await Promise.all([teamStream.next("pronto"), goneStream.next("pronto"), fosterStream.next("pronto")]);
      const first = await adopter.client.post(`/api/conversas/${id}/mensagens`, { texto: "Ao vivo" });
      for (const reader of [teamStream, goneStream]) {
        const event = await reader.next("mensagem", { timeoutMs: 5_000 });
        expect(JSON.parse(event.data)).toEqual({ conversa_id: id, mensagem_id: first.json.id });
      }
      const removed = await admin.client.request("DELETE", `/api/organizacoes/${organizationId}/membros/${gone.id}`);
      expect(removed.status).toBe(204);
      const second = await adopter.client.post(`/api/conversas/${id}/mensagens`, { texto: "Depois" });
      await teamStream.next("mensagem", { timeoutMs: 5_000 });
      expect((await gone.client.get(`/api/conversas/${id}`)).status).toBe(404);
      // The team heard the second message; the removed member's stream did not, nor the foster home's.
      expect(goneStream.events.filter((event) => event.event === "mensagem").map((event) => event.data)).toEqual([
        JSON.stringify({ conversa_id: id, mensagem_id: first.json.id }),
      ]);
      expect(fosterStream.events.filter((event) => event.event === "mensagem")).toEqual([]);
      expect(second.status).toBe(201);
    } finally {
      for (const reader of [teamStream, goneStream, fosterStream]) reader.close();
    }
  });

  it("is not opened by a member writing about the organisation's own animal", async () => {
    const petId = await createPet(app.db, { caretakerId: admin.id, nome: "Da Casa" });
    const refused = await team.client.post("/api/messages", {
      petId,
      nome: "Caio",
      telefone: "(21) 98765-4321",
      nome__animal: "Da Casa",
      contato__texto: "Quero adotar",
    });
    expect(refused.status).toBe(403);
  });
});
