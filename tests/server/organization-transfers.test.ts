import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMember, createPet } from "../support/factories";
import { fosterPlacements, organizations, pets, sponsorshipCharges } from "~/db/schema";
import { sweepSponsorships } from "~/domain/giving/sponsorships.server";
import { TRANSFER_REASON, TRANSFER_REQUESTED_JOB } from "~/domain/organizations/transfers.server";
import { drained } from "../support/jobs";
import { ORGANIZATION_MESSAGES } from "~/validation/organizations";
import { failureText } from "~/web/failures.server";

const CONFLICT_RESERVED = failureText({ kind: "conflict", reason: "pet-reserved" });
import { type Client, signedInAccount, startAppWithMail, type TestApp } from "../support/app";
import { ANSWERS } from "../support/adoptions";
import { mailsTo, type SmtpPeer } from "../support/smtp-peer";

/**
 * Transfers of animals between organisations (issue 43): an administrador of the one that has
 * the animal asks, an administrador of the other accepts or declines; the animal moves with its
 * record, its open applications closed with the reason; both logs say so.
 */

type Person = { client: Client; id: string; email: string };

const FORM = { "Content-Type": "application/x-www-form-urlencoded" };

let app: TestApp;
let smtp: SmtpPeer;
let giver: Person;
let giverTeam: Person;
let receiver: Person;
let receiverTeam: Person;
let adopter: Person;
let giverOrganization: string;
let receiverOrganization: string;

const person = (email: string, nome: string) => signedInAccount(app, { email, nome, telefone: "(21) 98765-4321" });

async function organizationOf(petId: string): Promise<string> {
  const [row] = await app.db.select({ id: pets.organizationId }).from(pets).where(eq(pets.id, petId));
  return row!.id;
}

async function log(reader: Person, organizationId: string): Promise<string[]> {
  const read = await reader.client.get(`/api/organizacoes/${organizationId}/atividade`);
  return (read.json.atividade as { texto: string }[]).map((entry) => entry.texto);
}

beforeAll(async () => {
  ({ app, smtp } = await startAppWithMail());
  giver = await person("gina.doa@exemplo.com", "Gina Doa");
  giverTeam = await person("gui.doa@exemplo.com", "Gui Equipe");
  receiver = await person("rosa.recebe@exemplo.com", "Rosa Recebe");
  receiverTeam = await person("raul.recebe@exemplo.com", "Raul Equipe");
  adopter = await person("ana.transfere@exemplo.com", "Ana Adotante");
  giverOrganization = await organizationOf(await createPet(app.db, { caretakerId: giver.id, nome: "Primeira" }));
  receiverOrganization = await organizationOf(await createPet(app.db, { caretakerId: receiver.id, nome: "Segunda" }));
  await addMember(app.db, giverOrganization, giverTeam.id, "equipe");
  await addMember(app.db, receiverOrganization, receiverTeam.id, "equipe");
});

afterAll(() => app?.close());

describe("a transfer", () => {
  it("is asked by an administrador of the animal's organisation only, for another that exists, once at a time", async () => {
    const petId = await createPet(app.db, { caretakerId: giver.id, nome: "Pingo" });
    const ask = (who: Person, body: unknown) => who.client.post(`/api/pets/${petId}/transferencias`, body);
    const target = { organizacao_id: receiverOrganization };

    expect((await ask(giverTeam, target)).status).toBe(403);
    const stranger = await ask(receiver, target);
    expect([stranger.status, stranger.json.message]).toEqual([404, "Animal não encontrado."]);
    const same = await ask(giver, { organizacao_id: giverOrganization });
    expect([same.status, same.json.errors]).toEqual([
      400,
      { organizacao_id: ["O animal já é desta organização: escolha outra."] },
    ]);
    const unknown = await ask(giver, { organizacao_id: "00000000-0000-4000-8000-000000000000" });
    expect([unknown.status, unknown.json.message]).toEqual([404, "Organização não encontrada."]);
    const malformed = await ask(giver, { organizacao_id: "ONG Rosa", extra: 1 });
    expect([malformed.status, malformed.json.errors]).toEqual([
      400,
      { organizacao_id: [ORGANIZATION_MESSAGES.organizacaoDestino], extra: ["Campo desconhecido."] },
    ]);

    const asked = await ask(giver, target);
    expect(asked.status).toBe(201);
    expect(asked.json).toMatchObject({
      status: "pendente",
      pet: { id: petId, nome: "Pingo" },
      de: { id: giverOrganization, nome: "Gina Doa" },
      para: { id: receiverOrganization, nome: "Rosa Recebe" },
      respondida_em: null,
    });
    const again = await ask(giver, target);
    expect([again.status, again.json.message]).toEqual([
      409,
      "Este animal já tem uma transferência esperando resposta.",
    ]);
    expect((await log(giver, giverOrganization))[0]).toBe("Gina Doa pediu a transferência de Pingo para Rosa Recebe");
    // The receiving organisation's administradores are told by e-mail, with the link to answer; its equipe is not.
    await expect.poll(async () => (await mailsTo(smtp, receiver.email)).length, { timeout: 20_000 }).toBe(1);
    const [mail] = await mailsTo(smtp, receiver.email);
    expect(mail!.subject).toBe("Pedido de transferência: Pingo, de Gina Doa");
    // A person's own organisation bears her name: said once.
    expect(mail!.text).toContain("Gina Doa pediu para transferir Pingo para Rosa Recebe na Adopet.");
    expect(mail!.text).toContain(`/adopet/organizacoes/${receiverOrganization}/configuracoes#transferencias`);
    expect(await mailsTo(smtp, receiverTeam.email)).toEqual([]);
    expect(await mailsTo(smtp, giver.email)).toEqual([]);
    // Both administradores see it; nobody else.
    for (const [who, organizationId] of [
      [giver, giverOrganization],
      [receiver, receiverOrganization],
    ] as const) {
      const listed = await who.client.get(`/api/organizacoes/${organizationId}/transferencias`);
      expect((listed.json.transferencias as { id: string }[]).map((item) => item.id)).toContain(asked.json.id);
    }
    expect((await receiverTeam.client.get(`/api/organizacoes/${receiverOrganization}/transferencias`)).status).toBe(
      403,
    );
    expect((await adopter.client.get(`/api/organizacoes/${receiverOrganization}/transferencias`)).status).toBe(404);
  });

  it("accepted by the receiving administrador moves the animal and closes its open applications with the reason", async () => {
    const petId = await createPet(app.db, { caretakerId: giver.id, nome: "Bolinha" });
    // It stayed with the giving organisation's foster home (a row, as a placement ended long ago).
    const fosterHome = await person("fatima.lar@exemplo.com", "Fátima Lar Sobrenome");
    await addMember(app.db, giverOrganization, fosterHome.id, "lar_temporario");
    await app.db.insert(fosterPlacements).values({
      petId,
      organizationId: giverOrganization,
      fosterId: fosterHome.id,
      inicio: "2026-01-10",
      fim: "2026-02-10",
    });
    expect(((await giver.client.get(`/api/pets/${petId}/lar`)).json.estadias as unknown[]).length).toBe(1);
    const applied = await adopter.client.post(`/api/pets/${petId}/candidaturas`, { respostas: ANSWERS });
    expect(applied.status).toBe(201);
    const asked = await giver.client.post(`/api/pets/${petId}/transferencias`, {
      organizacao_id: receiverOrganization,
    });
    const accept = (who: Person) => who.client.post(`/api/transferencias/${asked.json.id as string}/aceitar`);

    expect((await accept(receiverTeam)).status).toBe(403);
    expect((await accept(giver)).status).toBe(404);
    const accepted = await accept(receiver);
    expect([accepted.status, accepted.json.status]).toEqual([200, "aceita"]);
    expect(accepted.json.respondida_em).toEqual(expect.any(String));

    const pet = await adopter.client.get(`/api/pets/${petId}`);
    expect(pet.json.organizacao).toMatchObject({ id: receiverOrganization, nome: "Rosa Recebe" });
    expect(pet.json.responsavel).toMatchObject({ id: receiver.id, nome: "Rosa Recebe" });
    const application = await adopter.client.get(`/api/candidaturas/${applied.json.id as string}`);
    expect([application.json.status, application.json.motivo]).toEqual(["recusada", TRANSFER_REASON]);
    // The receiving team takes care of it now; the giving one no longer.
    expect((await receiverTeam.client.patch(`/api/pets/${petId}`, { perfil: "Agora conosco" })).status).toBe(200);
    expect((await giverTeam.client.patch(`/api/pets/${petId}`, { perfil: "Ainda nosso?" })).status).toBe(403);
    // The giving organisation's foster homes stay its own (issue 60): the receiving one reads none.
    const stays = await receiver.client.get(`/api/pets/${petId}/lar`);
    expect([stays.status, stays.json.estadias]).toEqual([200, []]);
    expect(stays.text).not.toContain("Fátima");
    // The applications, closed, stay with the team that received them.
    expect((await giver.client.get(`/api/candidaturas/${applied.json.id as string}`)).status).toBe(200);

    expect(await log(giver, giverOrganization)).toContain(
      "Rosa Recebe aceitou a transferência de Bolinha, que agora é de Rosa Recebe",
    );
    expect(await log(receiver, receiverOrganization)).toContain("Rosa Recebe recebeu Bolinha de Gina Doa");
    const twice = await accept(receiver);
    expect([twice.status, twice.json.message]).toEqual([409, "Esta transferência já foi respondida ou cancelada."]);
  });

  it("asks the animal's padrinhos to continue with the receiving organisation or stop; no code meanwhile (issue 60)", async () => {
    const key = { chave: "pix@gina.org", nome_recebedor: "Gina Doa", cidade_recebedor: "Rio de Janeiro" };
    expect((await giver.client.put(`/api/organizacoes/${giverOrganization}/pix`, key)).status).toBe(200);
    const petId = await createPet(app.db, { caretakerId: giver.id, nome: "Farofa", sexo: "femea" });
    const padrinho = await person("paulo.padrinho@exemplo.com", "Paulo Padrinho");
    const made = await padrinho.client.post(`/api/pets/${petId}/apadrinhamentos`, { valor_mensal: 50, dia: 10 });
    expect(made.status, made.text).toBe(201);
    const sponsorshipId = made.json.id as string;
    const asked = await giver.client.post(`/api/pets/${petId}/transferencias`, {
      organizacao_id: receiverOrganization,
    });
    expect((await receiver.client.post(`/api/transferencias/${asked.json.id as string}/aceitar`)).status).toBe(200);

    await expect
      .poll(async () => (await mailsTo(smtp, padrinho.email)).map((mail) => mail.subject), { timeout: 20_000 })
      .toContain("Farofa agora está com Rosa Recebe");
    const mail = (await mailsTo(smtp, padrinho.email)).find(
      (item) => item.subject === "Farofa agora está com Rosa Recebe",
    )!;
    expect(mail.text?.replace(/\s+/g, " ")).toContain(
      "O seu apadrinhamento fica parado, sem códigos Pix, até você escolher: continuar apadrinhando Farofa com Rosa Recebe, ou parar.",
    );
    const mine = (await padrinho.client.get("/api/apadrinhamentos")).json.apadrinhamentos as {
      id: string;
      transferido_para: { id: string } | null;
    }[];
    expect(mine.find((item) => item.id === sponsorshipId)!.transferido_para).toMatchObject({
      id: receiverOrganization,
    });
    expect((await padrinho.client.get("/apadrinhamentos")).text).toContain("Continuar com Rosa Recebe");

    // Next month's sweep makes no code while the padrinho has not chosen; after, it does.
    const nextMonth = new Date(Date.now() + 32 * 24 * 60 * 60 * 1000);
    nextMonth.setUTCDate(15);
    const charges = async () =>
      (await app.db.select().from(sponsorshipCharges).where(eq(sponsorshipCharges.sponsorshipId, sponsorshipId)))
        .length;
    const before = await charges();
    await sweepSponsorships(app.db, app.jobs, nextMonth);
    expect(await charges()).toBe(before);
    expect((await receiver.client.post(`/api/apadrinhamentos/${sponsorshipId}/continuar`)).status).toBe(404);
    expect((await padrinho.client.post(`/api/apadrinhamentos/${sponsorshipId}/continuar`)).status).toBe(204);
    await sweepSponsorships(app.db, app.jobs, nextMonth);
    expect(await charges()).toBe(before + 1);
  });

  it("is declined by the receiving administrador, or cancelled by the giving one, the animal staying", async () => {
    const declinedPet = await createPet(app.db, { caretakerId: giver.id, nome: "Tufão" });
    const first = await giver.client.post(`/api/pets/${declinedPet}/transferencias`, {
      organizacao_id: receiverOrganization,
    });
    expect((await giver.client.post(`/api/transferencias/${first.json.id as string}/recusar`)).status).toBe(404);
    const declined = await receiver.client.post(`/api/transferencias/${first.json.id as string}/recusar`);
    expect([declined.status, declined.json.status]).toEqual([200, "recusada"]);
    expect(await organizationOf(declinedPet)).toBe(giverOrganization);
    expect((await log(receiver, receiverOrganization))[0]).toBe(
      "Rosa Recebe recusou a transferência de Tufão de Gina Doa",
    );

    // Declined, it may be asked again; and then cancelled by who asked.
    const second = await giver.client.post(`/api/pets/${declinedPet}/transferencias`, {
      organizacao_id: receiverOrganization,
    });
    expect(second.status).toBe(201);
    expect((await receiver.client.post(`/api/transferencias/${second.json.id as string}/cancelar`)).status).toBe(404);
    const cancelled = await giver.client.post(`/api/transferencias/${second.json.id as string}/cancelar`);
    expect([cancelled.status, cancelled.json.status]).toEqual([200, "cancelada"]);
    const late = await receiver.client.post(`/api/transferencias/${second.json.id as string}/aceitar`);
    expect(late.status).toBe(409);
    expect(await organizationOf(declinedPet)).toBe(giverOrganization);
  });

  it("is asked on the transfer page, the receiver found by name or CNPJ and confirmed by name and city", async () => {
    const petId = await createPet(app.db, { caretakerId: giver.id, nome: "Paçoca" });
    const litterMate = await createPet(app.db, { caretakerId: giver.id, nome: "Cocada" });
    // The animal's own link leads to the organisation's transfer page for it.
    const old = await giver.client.get(`/meus-pets/${petId}/transferir`);
    expect(old.headers.get("location")).toBe(`/adopet/organizacoes/${giverOrganization}/transferir?animais=${petId}`);
    expect((await giver.client.get(`/meus-pets/${petId}`)).text).toContain("Transferir para outra organização");
    const page = `/organizacoes/${giverOrganization}/transferir?animais=${petId},${litterMate}`;
    const shown = await giver.client.get(page);
    expect(shown.status).toBe(200);
    expect(shown.text).toContain("Transferir animais");
    expect(shown.text).toMatch(/Cocada[\s\S]*Paçoca/);
    // Another role: refused; anyone else: it does not exist.
    expect((await giverTeam.client.get(`/meus-pets/${petId}/transferir`)).status).toBe(403);
    expect((await giverTeam.client.get(page)).status).toBe(403);
    expect((await giverTeam.client.get(`/meus-pets/${petId}`)).text).not.toContain("Transferir para outra organização");
    for (const stranger of [receiver, adopter]) {
      expect((await stranger.client.get(`/meus-pets/${petId}/transferir`)).status).toBe(404);
      expect((await stranger.client.get(page)).status).toBe(404);
    }

    // Found by a part of the name, without its accents, or by the CNPJ with its mask; never the giver itself.
    await app.db
      .update(organizations)
      .set({ cnpj: "11222333000181", cidade: "Niterói", uf: "RJ" })
      .where(eq(organizations.id, receiverOrganization));
    const byName = await giver.client.get(`${page}&q=${encodeURIComponent("rósa rec")}`);
    expect(byName.text).toContain(`para=${receiverOrganization}`);
    const search = (who: Person, q: string) =>
      who.client.get(`/api/organizacoes/${giverOrganization}/transferencias/destinos?q=${encodeURIComponent(q)}`);
    expect((await search(giver, "11.222.333/0001-81")).json.organizacoes).toEqual([
      { id: receiverOrganization, nome: "Rosa Recebe", cidade: "Niterói", uf: "RJ", verificada: false },
    ]);
    expect((await search(giver, receiverOrganization)).json.organizacoes).toHaveLength(1);
    expect((await search(giver, "Gina")).json.organizacoes).toEqual([]);
    expect((await search(giver, "")).status).toBe(400);
    expect((await search(giverTeam, "Rosa")).status).toBe(403);
    expect((await search(receiver, "Rosa")).status).toBe(404);

    // Chosen, it is confirmed by its name and city before anything is sent.
    const confirm = await giver.client.get(`${page}&para=${receiverOrganization}`);
    expect(confirm.text).toContain("Confirme a organização");
    expect(confirm.text).toContain("Niterói/RJ");
    const form = (fields: [string, string][]) =>
      giver.client.post(`/organizacoes/${giverOrganization}/transferir`, new URLSearchParams(fields).toString(), FORM);
    const wrong = await form([
      ["organizacao_id", "nao-e-codigo"],
      ["animais", petId],
    ]);
    expect(wrong.status).toBe(400);
    expect(wrong.text).toContain(ORGANIZATION_MESSAGES.organizacaoDestino);
    const sent = await form([
      ["organizacao_id", receiverOrganization],
      ["animais", petId],
      ["animais", litterMate],
    ]);
    expect(sent.status).toBe(302);
    expect((await giver.client.get(page)).text).toContain("esperando a resposta de Rosa Recebe");
    const waiting = await receiver.client.get(`/api/organizacoes/${receiverOrganization}/transferencias`);
    const pending = (waiting.json.transferencias as { status: string; pet: { nome: string } }[])
      .filter((transfer) => transfer.status === "pendente")
      .map((transfer) => transfer.pet.nome);
    expect(pending).toEqual(expect.arrayContaining(["Paçoca", "Cocada"]));
    const refusedPost = await receiver.client.post(
      `/organizacoes/${giverOrganization}/transferir`,
      `organizacao_id=${receiverOrganization}&animais=${petId}`,
      FORM,
    );
    expect(refusedPost.status).toBe(404);
  });

  it("of several animals in the API is all or none, and only of the organisation's", async () => {
    const many = async (body: unknown) =>
      giver.client.post(`/api/organizacoes/${giverOrganization}/transferencias`, body);
    const [one, two] = [
      await createPet(app.db, { caretakerId: giver.id, nome: "Tico" }),
      await createPet(app.db, { caretakerId: giver.id, nome: "Teco" }),
    ];
    const theirs = await createPet(app.db, { caretakerId: receiver.id, nome: "Alheio" });
    const mixed = await many({ organizacao_id: receiverOrganization, animais: [one, theirs] });
    expect([mixed.status, Object.keys(mixed.json.errors as object)]).toEqual([400, ["animais"]]);
    const made = await many({ organizacao_id: receiverOrganization, animais: [one, two] });
    expect(made.status, made.text).toBe(201);
    expect(
      (made.json.transferencias as { pet: { nome: string } }[]).map((transfer) => transfer.pet.nome).sort(),
    ).toEqual(["Teco", "Tico"]);
    // The receiver's administradora is told once, of both.
    await drained(app.db, TRANSFER_REQUESTED_JOB);
    const told = (await mailsTo(smtp, receiver.email)).filter((mail) => mail.text?.includes("Teco"));
    expect(told.map((mail) => mail.subject)).toEqual(["Pedido de transferência: 2 animais, de Gina Doa"]);
    expect(told[0]!.text).toContain("Gina Doa quer transferir Teco e Tico para Rosa Recebe");
    // Again: both wait already, nothing more is made.
    expect((await many({ organizacao_id: receiverOrganization, animais: [one, two] })).status).toBe(409);
    expect(
      (
        await giverTeam.client.post(`/api/organizacoes/${giverOrganization}/transferencias`, {
          organizacao_id: receiverOrganization,
          animais: [one],
        })
      ).status,
    ).toBe(403);
  });

  it("is refused for an animal promised to an approved application", async () => {
    const petId = await createPet(app.db, { caretakerId: giver.id, nome: "Reservado" });
    const applied = await adopter.client.post(`/api/pets/${petId}/candidaturas`, { respostas: ANSWERS });
    await giver.client.patch(`/api/candidaturas/${applied.json.id as string}`, { status: "aprovada" });
    const refused = await giver.client.post(`/api/pets/${petId}/transferencias`, {
      organizacao_id: receiverOrganization,
    });
    expect([refused.status, refused.json.message]).toEqual([409, CONFLICT_RESERVED]);
  });
});
