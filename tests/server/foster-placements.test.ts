import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMember, createPet, DEFAULT_PASSWORD } from "../support/factories";
import { fosterPlacements, organizationMembers, pets } from "~/db/schema";
import { FOSTER_INTEREST_JOB } from "~/domain/foster/interest.server";
import { addDays, dayInBrasilia } from "~/lib/dates";
import { FOSTER_MESSAGES } from "~/validation/foster";
import { PET_MESSAGES } from "~/validation/pets";
import { Client, startAppWithMail, type TestApp } from "../support/app";
import { drained, jobsCompleted } from "../support/jobs";
import { organizationTeam } from "../support/organizations";
import { mailsTo, type SmtpPeer } from "../support/smtp-peer";

/**
 * The organisation's side of the foster network (issue 44), through the API: an animal marked
 * as needing a home and listed publicly; a person who offered one invited (over real SMTP,
 * their e-mail never shown to the team) and, once a member, given the animal; the pet page
 * saying so without saying where; the placement ended, its dates kept; the foster reading only
 * the animals placed with them.
 */

const PUBLIC_URL = "https://adote.exemplo.org";
let app: TestApp;
let smtp: SmtpPeer;

const OFFER = {
  cidade: "Niterói",
  uf: "RJ",
  especies: ["gato", "cao"],
  portes: ["pequeno", "medio"],
  quantos: 2,
  tem_animais: false,
  tem_criancas: false,
  tela_nas_janelas: true,
};

const today = () => dayInBrasilia(new Date());

beforeAll(async () => {
  ({ app, smtp } = await startAppWithMail({ PUBLIC_URL }));
});
afterAll(() => app?.close());

describe("an animal that needs a foster home", () => {
  it("is marked by its team, with an urgency and a deadline, and listed publicly near a city", async () => {
    const { admin, team, foster, outsider, organizationId } = await organizationTeam(app, "precisa");
    const luna = await createPet(app.db, {
      caretakerId: admin.id,
      organizationId,
      nome: "Luna",
      especie: "gato",
      cidade: "Niterói",
      uf: "RJ",
    });
    const deadline = addDays(today(), 10);
    const marked = await team.client.request("PATCH", `/api/pets/${luna}`, {
      precisa_lar_temporario: true,
      urgencia: "urgente",
      prazo_lar: deadline,
    });
    expect(marked.status, marked.text).toBe(200);
    expect(marked.json).toMatchObject({
      precisa_lar_temporario: true,
      urgencia: "urgente",
      prazo_lar: deadline,
      em_lar_temporario: false,
    });
    // Nobody outside its team marks it; a foster of the organisation neither.
    for (const who of [foster, outsider]) {
      const refused = await who.client.request("PATCH", `/api/pets/${luna}`, { precisa_lar_temporario: false });
      expect(refused.status).toBe(403);
    }
    const past = await admin.client.request("PATCH", `/api/pets/${luna}`, { prazo_lar: addDays(today(), -1) });
    expect([past.status, past.json.errors]).toEqual([400, { prazo_lar: [FOSTER_MESSAGES.disponivelAte] }]);
    const wrong = await admin.client.request("PATCH", `/api/pets/${luna}`, { urgencia: "muito" });
    expect([wrong.status, wrong.json.errors]).toEqual([400, { urgencia: [PET_MESSAGES.urgencia] }]);

    // Another, not urgent, in São Gonçalo; a dog marked then unmarked is not listed.
    const tom = await createPet(app.db, {
      caretakerId: admin.id,
      organizationId,
      nome: "Tom",
      especie: "gato",
      cidade: "São Gonçalo",
      uf: "RJ",
    });
    await admin.client.request("PATCH", `/api/pets/${tom}`, { precisa_lar_temporario: true });
    const rex = await createPet(app.db, { caretakerId: admin.id, organizationId, nome: "Rex", especie: "cao" });
    await admin.client.request("PATCH", `/api/pets/${rex}`, { precisa_lar_temporario: true, urgencia: "urgente" });
    const unmarked = await admin.client.request("PATCH", `/api/pets/${rex}`, { precisa_lar_temporario: false });
    expect(unmarked.json).toMatchObject({ precisa_lar_temporario: false, urgencia: "normal", prazo_lar: null });

    const visitor = new Client(app.baseUrl);
    const near = await visitor.get("/api/lar-temporario/precisam?perto=3303302&raio=25&especie=gato");
    expect(near.status, near.text).toBe(200);
    const listed = near.json.pets as { nome: string; distancia_km: number }[];
    const names = listed.map((pet) => pet.nome);
    expect(names.slice(0, 2)).toEqual(["Luna", "Tom"]);
    expect(names).not.toContain("Rex");
    expect(listed[0]).toMatchObject({ distancia_km: 0, urgencia: "urgente" });
    expect(listed[1]!.distancia_km).toBeGreaterThan(0);
    expect(near.json.perto).toEqual({ codigo: 3303302, cidade: "Niterói (RJ)" });
    expect(JSON.stringify(near.json)).not.toMatch(/telefone|email/);

    const unknown = await visitor.get("/api/lar-temporario/precisam?perto=Cidade%20Inventada");
    expect(unknown.status).toBe(400);
    const badRadius = await visitor.get("/api/lar-temporario/precisam?raio=7");
    expect(badRadius.status).toBe(400);
    expect(badRadius.json.errors).toHaveProperty("raio");
    const badSpecies = await visitor.get("/api/lar-temporario/precisam?especie=peixe");
    expect(badSpecies.json.errors).toEqual({ especie: [FOSTER_MESSAGES.especie] });
  });
});

describe("a foster home, from an offer to a placement", () => {
  it("is invited without its e-mail shown, joins, receives the animal, and gives it back with the dates kept", async () => {
    const { admin, team, foster, outsider, adopter, organizationId, person } = await organizationTeam(app, "colocar");
    const bia = await person("bia", "Bia Acolhe Souza");
    expect((await bia.client.request("PUT", "/api/lares/meu", OFFER)).status).toBe(200);
    const pipoca = await createPet(app.db, { caretakerId: admin.id, organizationId, nome: "Pipoca", especie: "gato" });
    await team.client.request("PATCH", `/api/pets/${pipoca}`, { precisa_lar_temporario: true });

    const found = await team.client.get(`/api/organizacoes/${organizationId}/lares?perto=3303302`);
    const offer = (found.json.lares as { id: string; nome: string }[]).find((lar) => lar.nome === "Bia")!;
    expect(offer).toBeDefined();

    // Not a member yet: the animal cannot go to her.
    const early = await team.client.post(`/api/pets/${pipoca}/lar`, { lar_id: offer.id, inicio: today() });
    expect([early.status, early.json.message]).toEqual([
      409,
      "Esta pessoa ainda não faz parte da organização: convide-a, e ela entra como lar temporário ao aceitar o convite.",
    ]);

    // Invited by the team; a foster of the organisation and strangers may not.
    expect((await foster.client.post(`/api/organizacoes/${organizationId}/lares/${offer.id}/convites`)).status).toBe(
      403,
    );
    expect((await outsider.client.post(`/api/organizacoes/${organizationId}/lares/${offer.id}/convites`)).status).toBe(
      404,
    );
    const unknownOffer = await team.client.post(
      `/api/organizacoes/${organizationId}/lares/00000000-0000-4000-8000-000000000000/convites`,
    );
    expect(unknownOffer.status).toBe(404);
    const invited = await team.client.post(`/api/organizacoes/${organizationId}/lares/${offer.id}/convites`);
    expect(invited.status, invited.text).toBe(201);

    // Her e-mail reaches her; the team reads her first name only.
    await expect.poll(async () => (await mailsTo(smtp, bia.email)).length, { timeout: 20_000 }).toBe(1);
    const mail = (await mailsTo(smtp, bia.email))[0]!;
    const token = new RegExp(`${PUBLIC_URL}/adopet/convites/([A-Za-z0-9_-]{43})`).exec(mail.text ?? "")![1]!;
    const organizationPage = await admin.client.get(`/organizacoes/${organizationId}/configuracoes`);
    expect(organizationPage.text).toContain("Bia");
    expect(organizationPage.text).not.toContain(bia.email);

    // Only her account accepts it, whatever e-mail another has.
    expect((await adopter.client.post(`/api/convites/${token}/aceitar`)).status).toBe(403);
    const accepted = await bia.client.post(`/api/convites/${token}/aceitar`);
    expect(accepted.status, accepted.text).toBe(200);
    const [membership] = await app.db
      .select({ papel: organizationMembers.papel })
      .from(organizationMembers)
      .where(eq(organizationMembers.userId, bia.id));
    expect(membership?.papel).toBe("lar_temporario");
    expect((await team.client.post(`/api/organizacoes/${organizationId}/lares/${offer.id}/convites`)).status).toBe(409);

    // Bad placements are refused, writing nothing.
    const refusals: [Record<string, unknown>, number, string][] = [
      [{ lar_id: offer.id, inicio: addDays(today(), 1) }, 400, FOSTER_MESSAGES.inicio],
      [{ lar_id: offer.id, inicio: today(), fim_previsto: addDays(today(), -3) }, 400, FOSTER_MESSAGES.fimPrevisto],
      [{ lar_id: "x", inicio: today() }, 400, FOSTER_MESSAGES.larId],
      [{ lar_id: offer.id, inicio: "12/03/2026" }, 400, FOSTER_MESSAGES.inicio],
      [
        { lar_id: outsider.id, inicio: today() },
        404,
        "Lar temporário não encontrado: escolha uma oferta da busca ou um membro da organização.",
      ],
    ];
    for (const [body, status, message] of refusals) {
      const refused = await team.client.post(`/api/pets/${pipoca}/lar`, body);
      expect(refused.status, JSON.stringify(body)).toBe(status);
      expect(refused.text, JSON.stringify(body)).toContain(message);
    }
    expect(await app.db.select().from(fosterPlacements).where(eq(fosterPlacements.petId, pipoca))).toEqual([]);
    expect((await foster.client.post(`/api/pets/${pipoca}/lar`, { lar_id: offer.id, inicio: today() })).status).toBe(
      403,
    );
    expect((await outsider.client.post(`/api/pets/${pipoca}/lar`, { lar_id: offer.id, inicio: today() })).status).toBe(
      404,
    );

    const expectedEnd = addDays(today(), 30);
    const placed = await team.client.post(`/api/pets/${pipoca}/lar`, {
      lar_id: offer.id,
      inicio: addDays(today(), -2),
      fim_previsto: expectedEnd,
    });
    expect(placed.status, placed.text).toBe(201);
    expect(placed.json).toMatchObject({
      pet_id: pipoca,
      lar: { id: bia.id, nome: "Bia Acolhe Souza", email: bia.email, telefone: "(21) 98765-4321" },
      inicio: addDays(today(), -2),
      fim_previsto: expectedEnd,
      fim: null,
    });
    const twice = await admin.client.post(`/api/pets/${pipoca}/lar`, { lar_id: foster.id, inicio: today() });
    expect(twice.status).toBe(409);

    // The public reads that it is in a foster home, never where; it needs none any more.
    const publicPet = await new Client(app.baseUrl).get(`/api/pets/${pipoca}`);
    expect(publicPet.json).toMatchObject({ em_lar_temporario: true, precisa_lar_temporario: false });
    expect(publicPet.text).not.toContain("Bia");
    const page = await new Client(app.baseUrl).get(`/pets/${pipoca}`);
    expect(page.text).toContain("Em lar temporário");
    expect(page.text).not.toContain("Bia Acolhe");

    // The foster reads the animals with her, and only those.
    const mine = await bia.client.get("/api/meus-lares");
    const fostered = mine.json.lares as unknown[];
    expect(fostered).toHaveLength(1);
    expect(fostered[0]).toMatchObject({
      inicio: addDays(today(), -2),
      fim_previsto: expectedEnd,
      pet: { id: pipoca, nome: "Pipoca", em_lar_temporario: true },
      organizacao: { id: organizationId },
    });
    expect((await foster.client.get("/api/meus-lares")).json.lares).toEqual([]);
    expect((await bia.client.get(`/api/pets/${pipoca}/lar`)).status).toBe(403);
    expect((await outsider.client.get(`/api/pets/${pipoca}/lar`)).status).toBe(404);

    // Ended: back with the organisation today, the dates in its history.
    const ended = await admin.client.request("DELETE", `/api/pets/${pipoca}/lar`);
    expect(ended.status, ended.text).toBe(200);
    expect(ended.json).toMatchObject({ fim: today(), inicio: addDays(today(), -2) });
    expect((await admin.client.request("DELETE", `/api/pets/${pipoca}/lar`)).status).toBe(404);
    const history = await team.client.get(`/api/pets/${pipoca}/lar`);
    const stays = history.json.estadias as unknown[];
    expect(stays).toHaveLength(1);
    expect(stays[0]).toMatchObject({ fim: today(), lar: { nome: "Bia Acolhe Souza" } });
    expect((await new Client(app.baseUrl).get(`/api/pets/${pipoca}`)).json.em_lar_temporario).toBe(false);
    expect((await bia.client.get("/api/meus-lares")).json.lares).toEqual([]);
    // Her stays are in her data export.
    const exported = await bia.client.get(`/api/users/${bia.id}/export`);
    expect(exported.json.estadias_em_lar_temporario).toEqual([
      {
        animal: "Pipoca",
        organizacao: expect.any(String),
        inicio: addDays(today(), -2),
        fim_previsto: expectedEnd,
        fim: today(),
      },
    ]);

    // A member's account id names her too; the activity log says who did what.
    const again = await team.client.post(`/api/pets/${pipoca}/lar`, { lar_id: bia.id, inicio: today() });
    expect(again.status, again.text).toBe(201);
    const log = await admin.client.get(`/organizacoes/${organizationId}/atividade`);
    expect(log.text).toContain("levou Pipoca para o lar temporário de Bia Acolhe Souza");
    expect(log.text).toContain("encerrou a estadia de Pipoca no lar temporário");
  });

  it("ends when the animal is adopted, or the foster leaves the organisation or deletes the account", async () => {
    const { admin, team, organizationId, person } = await organizationTeam(app, "termina");
    const place = async (petId: string, fosterId: string) => {
      const placed = await team.client.post(`/api/pets/${petId}/lar`, { lar_id: fosterId, inicio: today() });
      expect(placed.status, placed.text).toBe(201);
    };
    const current = async (petId: string) =>
      (await app.db.select().from(fosterPlacements).where(eq(fosterPlacements.petId, petId))).map((row) => row.fim);

    const duda = await person("duda", "Duda Acolhe");
    await addMember(app.db, organizationId, duda.id, "lar_temporario");
    const adopted = await createPet(app.db, { caretakerId: admin.id, organizationId, nome: "Adotado" });
    await place(adopted, duda.id);
    await admin.client.request("PATCH", `/api/pets/${adopted}`, { status: "adotado" });
    expect(await current(adopted)).toEqual([today()]);
    const refused = await team.client.post(`/api/pets/${adopted}/lar`, { lar_id: duda.id, inicio: today() });
    expect([refused.status, refused.json.message]).toEqual([
      409,
      "Só um animal disponível para adoção vai para um lar temporário.",
    ]);

    const left = await createPet(app.db, { caretakerId: admin.id, organizationId, nome: "Deixado" });
    await place(left, duda.id);
    expect((await duda.client.request("DELETE", `/api/organizacoes/${organizationId}/membros/${duda.id}`)).status).toBe(
      204,
    );
    expect(await current(left)).toEqual([today()]);

    const eva = await person("eva", "Eva Acolhe");
    await addMember(app.db, organizationId, eva.id, "lar_temporario");
    const orphan = await createPet(app.db, { caretakerId: admin.id, organizationId, nome: "Orfao" });
    await place(orphan, eva.id);
    const deleted = await eva.client.request("DELETE", `/api/users/${eva.id}`, { senha: DEFAULT_PASSWORD });
    expect(deleted.status, deleted.text).toBe(204);
    const [row] = await app.db.select().from(fosterPlacements).where(eq(fosterPlacements.petId, orphan));
    expect([row?.fim, row?.fosterId]).toEqual([today(), null]);
    const [pet] = await app.db.select({ status: pets.status }).from(pets).where(eq(pets.id, orphan));
    expect(pet?.status).toBe("disponivel");
  });
});

describe("the foster pages", () => {
  it("send a person's offer to the team of an animal that needs a home, and show each side its own", async () => {
    const { admin, team, foster, outsider, organizationId, person } = await organizationTeam(app, "paginas");
    const mel = await createPet(app.db, { caretakerId: admin.id, organizationId, nome: "Mel", especie: "gato" });
    await team.client.request("PATCH", `/api/pets/${mel}`, { precisa_lar_temporario: true, urgencia: "urgente" });

    const listed = await new Client(app.baseUrl).get("/lar-temporario/precisam?perto=Rio%20de%20Janeiro%20(RJ)");
    expect(listed.status).toBe(200);
    expect(listed.text).toContain("Mel");
    expect(listed.text).toContain("Urgente");
    // An unreadable criterion is left out, as in the feed.
    expect((await new Client(app.baseUrl).get("/lar-temporario/precisam?raio=7&especie=peixe")).status).toBe(200);

    // Without an offer, the button leads to making one; saved from there, it goes to Mel's team.
    const gil = await person("gil", "Gil Voluntario");
    const petPage = await gil.client.get(`/pets/${mel}`);
    expect(petPage.text).toContain("Posso ser lar temporário");
    expect(petPage.text).toContain(`/adopet/lar-temporario?animal=${mel}`);
    const form = new URLSearchParams({
      cidade: "Niterói",
      uf: "RJ",
      especies: "gato",
      portes: "pequeno",
      quantos: "1",
      tem_animais: "nao",
      tem_criancas: "nao",
      tela_nas_janelas: "sim",
    });
    const saved = await gil.client.post(`/lar-temporario?acao=salvar&animal=${mel}`, form.toString(), {
      "Content-Type": "application/x-www-form-urlencoded",
    });
    expect([saved.status, saved.headers.get("location")]).toEqual([302, `/adopet/pets/${mel}`]);
    await expect.poll(async () => (await mailsTo(smtp, team.email)).length, { timeout: 20_000 }).toBe(1);
    const mail = (await mailsTo(smtp, team.email))[0]!;
    expect(mail.subject).toBe("Gil pode ser lar temporário de Mel");
    expect(mail.text).toContain("Gatos de porte pequeno, um de cada vez");
    expect(mail.text).toContain(`${PUBLIC_URL}/adopet/organizacoes/${organizationId}/lares?perto=3303302`);
    expect(mail.text).not.toContain(gil.email);
    // Sent again, the team is not e-mailed twice about the same person and animal: both jobs ran.
    expect((await gil.client.post(`/pets/${mel}`)).status).toBe(302);
    await drained(app.db, FOSTER_INTEREST_JOB);
    expect(await jobsCompleted(app.db, FOSTER_INTEREST_JOB)).toBe(2);
    expect(await mailsTo(smtp, team.email)).toHaveLength(1);
    // The same through the API: sent again (no second e-mail); without an active offer, 404.
    expect((await gil.client.post(`/api/pets/${mel}/lar/interesse`)).status).toBe(204);
    await drained(app.db, FOSTER_INTEREST_JOB);
    expect(await jobsCompleted(app.db, FOSTER_INTEREST_JOB)).toBe(3);
    expect(await mailsTo(smtp, team.email)).toHaveLength(1);
    const noOffer = await person("hugo", "Hugo Sem Oferta");
    expect((await noOffer.client.post(`/api/pets/${mel}/lar/interesse`)).status).toBe(404);
    expect((await new Client(app.baseUrl).post(`/api/pets/${mel}/lar/interesse`)).status).toBe(401);

    // The team's page: the offer to invite; a foster of the organisation is told no, others find nothing.
    const teamPage = await team.client.get(`/organizacoes/${organizationId}/lares?perto=3303302`);
    expect(teamPage.status).toBe(200);
    expect(teamPage.text).toContain("Convidar Gil");
    expect(teamPage.text).not.toContain(gil.email);
    expect((await foster.client.get(`/organizacoes/${organizationId}/lares`)).status).toBe(403);
    expect((await outsider.client.get(`/organizacoes/${organizationId}/lares`)).status).toBe(404);

    // The foster's own page lists only the animals with her.
    await team.client.post(`/api/pets/${mel}/lar`, { lar_id: foster.id, inicio: today() });
    const fosterPage = await foster.client.get("/meus-lares");
    expect(fosterPage.text).toContain("Mel");
    expect(fosterPage.text).toContain("Falar com a equipe");
    expect((await gil.client.get("/meus-lares")).text).toContain("Nenhum animal está no seu lar temporário agora.");
    expect((await new Client(app.baseUrl).get("/meus-lares")).status).toBe(302);
  });
});
