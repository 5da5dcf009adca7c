import { simpleParser, type ParsedMail } from "mailparser";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applications, auditLog, messages, pets, reports, sessions, users } from "~/db/schema";
import { createPet, createUser, DEFAULT_PASSWORD } from "../support/factories";
import { eraseClosedAnswers } from "~/domain/applications/application-privacy.server";
import { setOperator } from "~/domain/moderation/operators.server";
import { MODERATION_NOTICE_JOB } from "~/domain/moderation/reports.server";
import { REPORT_MESSAGES } from "~/lib/reports";
import { Client, signedInAccount, startAppWithMail, startTestApp, type TestApp } from "../support/app";
import { drained } from "../support/jobs";
import type { SmtpPeer } from "../support/smtp-peer";

/**
 * Denúncias and what operators do with them (issue 22): the API's answers, a listing hidden by
 * three distinct people, the reporter kept from everyone but operators, hide/restore and
 * suspend/restore with their reasons logged and e-mailed, and nobody else reaching any of it.
 */
let app: TestApp;
let smtp: SmtpPeer;
let operator: Client;
let caretaker: { client: Client; id: string; email: string };

beforeAll(async () => {
  // Each report comes from an address of its own, unless a test says otherwise.
  ({ app, smtp } = await startAppWithMail({ TRUST_PROXY: "loopback", PRIVACY_CONTACT: "moderacao@exemplo.org" }));
  ({ client: operator } = await signedInAccount(app, { email: "otto.denuncias@exemplo.com", nome: "Otto" }));
  expect((await setOperator(app.db, "otto.denuncias@exemplo.com", true)).ok).toBe(true);
  caretaker = await signedInAccount(app, { email: "carla.denuncias@exemplo.com", nome: "Carla" });
});

afterAll(() => app?.close());

// Each a network of its own (a /24), so reporters count as different places.
let address = 1;
const fromNewAddress = () => {
  const n = address++;
  return { "X-Forwarded-For": `10.${n >> 8}.${n & 255}.7` };
};
const visitor = () => new Client(app.baseUrl);

const DAY_MS = 24 * 60 * 60_000;
let people = 0;
/**
 * A reporter whose reports count towards hiding a listing (issue 41): signed in, e-mail
 * confirmed, account made `days` ago (8 by default: a week is the minimum).
 */
async function trusted(app_: TestApp = app, { days = 8, emailConfirmed = true } = {}) {
  const nome = `Pessoa ${++people}`;
  const account = await signedInAccount(app_, {
    email: `confiavel-${people}@exemplo.com`,
    nome,
    emailConfirmed,
    createdAt: new Date(Date.now() - days * DAY_MS),
  });
  return account.client;
}

async function organizationOf(petId: string): Promise<string> {
  const [row] = await app.db.select({ id: pets.organizationId }).from(pets).where(eq(pets.id, petId));
  return row!.id;
}

async function mailTo(to: string): Promise<ParsedMail[]> {
  const sent = smtp.received.filter((message) => message.to.includes(to));
  return Promise.all(sent.map((message) => simpleParser(message.data)));
}

async function mailWithSubject(to: string, subject: string): Promise<ParsedMail> {
  await expect
    .poll(async () => (await mailTo(to)).some((mail) => mail.subject === subject), { timeout: 20_000 })
    .toBe(true);
  const mail = (await mailTo(to)).find((found) => found.subject === subject)!;
  // The text part wraps its lines.
  return { ...mail, text: (mail.text ?? "").replace(/\s+/g, " ") } as ParsedMail;
}

const report = (client: Client, body: unknown, headers = fromNewAddress()) =>
  client.post("/api/denuncias", body, headers);

const petReport = (id: string, categoria = "anuncio_falso", texto = "As fotos são de outro animal.") => ({
  alvo: { tipo: "pet", id },
  categoria,
  texto,
});

const statusOf = async (id: string) =>
  (await app.db.select({ status: pets.status }).from(pets).where(eq(pets.id, id)))[0]!.status;

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const FORM = { "Content-Type": "application/x-www-form-urlencoded" };

describe("POST /api/denuncias", () => {
  it("files a visitor's report on a listing and on a profile (201), keeping no address", async () => {
    const petId = await createPet(app.db, { caretakerId: caretaker.id, nome: "Bolinha" });
    const onPet = await report(visitor(), petReport(petId, "venda_ou_golpe", "Pediu PIX para reservar."));
    expect(onPet.status).toBe(201);
    expect(onPet.json.message).toBe(REPORT_MESSAGES.sent);
    const onProfile = await report(visitor(), {
      alvo: { tipo: "usuario", id: caretaker.id },
      categoria: "outro",
      texto: "Perfil estranho.",
    });
    expect(onProfile.status).toBe(201);
    const [row] = await app.db
      .select()
      .from(reports)
      .where(eq(reports.id, String(onPet.json.id)));
    expect(row).toMatchObject({ alvoTipo: "pet", alvoId: petId, categoria: "venda_ou_golpe", reporterId: null });
    expect(row!.texto).toBe("Pediu PIX para reservar.");
    // A keyed hash, never the address.
    expect(row!.reporterKey).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain("203.0.113.");
  });

  it("refuses bad input with Portuguese messages (400), and writes nothing", async () => {
    const petId = await createPet(app.db, { caretakerId: caretaker.id, nome: "Fubá" });
    const cases: [unknown, string][] = [
      [{ alvo: { tipo: "loja", id: petId }, categoria: "outro", texto: "x" }, REPORT_MESSAGES.tipo],
      [{ alvo: { tipo: "pet", id: "1 or 1=1" }, categoria: "outro", texto: "x" }, REPORT_MESSAGES.id],
      [{ alvo: { tipo: "pet", id: petId }, categoria: "spam" }, REPORT_MESSAGES.categoria],
      [{ alvo: { tipo: "pet", id: petId }, categoria: "outro" }, REPORT_MESSAGES.textoRequired],
      [{ alvo: { tipo: "pet", id: petId }, categoria: "outro", texto: "   " }, REPORT_MESSAGES.textoRequired],
      [
        { alvo: { tipo: "pet", id: petId }, categoria: "maus_tratos", texto: "a".repeat(1001) },
        REPORT_MESSAGES.textoMax,
      ],
      [{ alvo: { tipo: "pet", id: petId }, categoria: "maus_tratos", texto: 42 }, "Este campo deve ser um texto."],
      [{ alvo: { tipo: "pet", id: petId }, categoria: "maus_tratos", extra: true }, ""],
    ];
    for (const [body, message] of cases) {
      const answer = await report(visitor(), body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      if (message) expect(JSON.stringify(answer.json)).toContain(message);
    }
    const malformed = await visitor().post("/api/denuncias", '{"alvo":', {
      ...fromNewAddress(),
      "Content-Type": "application/json",
    });
    expect(malformed.status).toBe(400);
    const stored = await app.db.select().from(reports).where(eq(reports.alvoId, petId));
    expect(stored).toEqual([]);
  });

  it("says not found (404) for what the public does not see, and asks a conversation's reporter to sign in (401)", async () => {
    const removed = await createPet(app.db, { caretakerId: caretaker.id, nome: "Sumido" });
    await caretaker.client.delete(`/api/pets/${removed}`);
    expect((await report(visitor(), petReport(removed))).status).toBe(404);
    expect((await report(visitor(), petReport("00000000-0000-4000-8000-000000000000"))).status).toBe(404);
    const petId = await createPet(app.db, { caretakerId: caretaker.id, nome: "Pipoca" });
    const [message] = await app.db
      .insert(messages)
      .values({
        petId,
        recipientId: caretaker.id,
        senderNome: "Vera",
        senderTelefone: "21987654321",
        nomeAnimal: "Pipoca",
        texto: "Quanto custa?",
      })
      .returning({ id: messages.id });
    // Its sender does not report it (the recipient does).
    const { client: sender, id: senderId } = await signedInAccount(app, {
      email: "vera.denuncias@exemplo.com",
      nome: "Vera",
    });
    await app.db.update(messages).set({ senderId }).where(eq(messages.id, message!.id));
    const onConversation = {
      alvo: { tipo: "conversa", id: message!.id },
      categoria: "conteudo_improprio",
      texto: "Ofensas.",
    };
    expect((await report(visitor(), onConversation)).status).toBe(401);
    // Someone else's conversation: as if it did not exist.
    const { client: stranger } = await signedInAccount(app, { email: "sergio.denuncias@exemplo.com", nome: "Sérgio" });
    expect((await report(stranger, onConversation)).status).toBe(404);
    expect((await report(sender, onConversation)).status).toBe(404);
    const filed = await report(caretaker.client, onConversation);
    expect(filed.status).toBe(201);
    const [row] = await app.db
      .select()
      .from(reports)
      .where(eq(reports.id, String(filed.json.id)));
    expect(row!.reporterId).toBe(caretaker.id);
  });

  it("limits reports per client (429 with when to try again)", async () => {
    const petId = await createPet(app.db, { caretakerId: caretaker.id, nome: "Limite" });
    const same = { "X-Forwarded-For": "198.51.100.77" };
    // Distinct people may not be faked from one address: the first counts, the rest are the same person.
    for (let sent = 0; sent < 10; sent++) {
      expect((await report(visitor(), petReport(petId), same)).status).toBe(201);
    }
    expect(await statusOf(petId)).toBe("disponivel");
    const refused = await report(visitor(), petReport(petId), same);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(refused.json.message).toMatch(/^Muitas denúncias enviadas a partir desta conexão\. Tente novamente em/);
  });

  it("counts one IPv6 /64 as one client: ten addresses in it take its whole allowance", async () => {
    const petId = await createPet(app.db, { caretakerId: caretaker.id, nome: "Seis" });
    for (let host = 1; host <= 10; host++) {
      const from = { "X-Forwarded-For": `2001:db8:aa:bb:${host.toString(16)}::${host}` };
      expect((await report(visitor(), petReport(petId), from)).status).toBe(201);
    }
    const sameSlash64 = await report(visitor(), petReport(petId), { "X-Forwarded-For": "2001:db8:aa:bb::ffff" });
    expect(sameSlash64.status).toBe(429);
    // The next /64 is another client.
    expect((await report(visitor(), petReport(petId), { "X-Forwarded-For": "2001:db8:aa:bc::1" })).status).toBe(201);
  });

  it("counts an IPv4-mapped IPv6 address (::ffff:a.b.c.d) as the IPv4 address it carries", async () => {
    const petId = await createPet(app.db, { caretakerId: caretaker.id, nome: "Mapeado" });
    for (let sent = 0; sent < 5; sent++) {
      expect((await report(visitor(), petReport(petId), { "X-Forwarded-For": "198.51.100.88" })).status).toBe(201);
      expect((await report(visitor(), petReport(petId), { "X-Forwarded-For": "::ffff:198.51.100.88" })).status).toBe(
        201,
      );
    }
    expect((await report(visitor(), petReport(petId), { "X-Forwarded-For": "::ffff:c633:6458" })).status).toBe(429);
  });
});

describe("a listing reported by three distinct people", () => {
  it("is hidden until an operator looks; its caretaker is told and sees why, nobody learns who reported", async () => {
    const petId = await createPet(app.db, { caretakerId: caretaker.id, nome: "Trovão" });
    const { client: reporter } = await signedInAccount(app, {
      email: "rui.denuncias@exemplo.com",
      nome: "Rui Delator",
      createdAt: new Date(Date.now() - 30 * DAY_MS),
    });
    // One person twice counts once; a visitor goes to the operators but does not count.
    expect((await report(reporter, petReport(petId, "maus_tratos", "Animal magro e preso."))).status).toBe(201);
    expect((await report(reporter, petReport(petId))).status).toBe(201);
    expect((await report(visitor(), petReport(petId))).status).toBe(201);
    expect((await report(await trusted(), petReport(petId))).status).toBe(201);
    expect(await statusOf(petId)).toBe("disponivel");
    expect((await report(await trusted(), petReport(petId))).status).toBe(201);
    expect(await statusOf(petId)).toBe("oculto");

    // Gone for the public: page, API, feed; reporting it again is a 404 too.
    expect((await visitor().get(`/pets/${petId}`)).status).toBe(404);
    expect((await visitor().get(`/api/pets/${petId}`)).status).toBe(404);
    const feed = await visitor().get("/api/pets?limit=50");
    expect(JSON.stringify(feed.json)).not.toContain(petId);
    expect((await report(visitor(), petReport(petId))).status).toBe(404);

    const mail = await mailWithSubject(caretaker.email, "Seu anúncio de Trovão está em análise");
    expect(mail.text).toContain("ficou oculto até a equipe de moderação da Adopet analisá-lo");
    const mine = await caretaker.client.page("/meus-pets");
    expect(mine.text).toContain("Algumas pessoas denunciaram este anúncio");
    expect(mine.text).not.toContain("Rui Delator");

    // The caretaker marks it adopted meanwhile: it stays hidden, and comes back adopted.
    const edited = await caretaker.client.patch(`/api/pets/${petId}`, { status: "adotado" });
    expect(edited.status).toBe(200);
    expect(await statusOf(petId)).toBe("oculto");

    // Operators see who reported; the queue puts the most reported first.
    const queue = await operator.get("/moderacao");
    expect(queue.text).toContain("Rui Delator (rui.denuncias@exemplo.com)");
    expect(queue.text).toContain("Visitante sem conta");
    expect(queue.text).toContain("4 pessoas denunciaram");
    expect(queue.text.indexOf("Anúncio de Trovão")).toBeLessThan(queue.text.indexOf("Anúncio de Bolinha"));
    const recent = await operator.get("/moderacao?ordem=recentes");
    expect(recent.status).toBe(200);

    const restored = await operator.post(
      "/moderacao",
      form({ intent: `restaurar_anuncio:${petId}`, form: `pet-${petId}`, motivo: "Fotos conferidas com a ONG." }),
      FORM,
    );
    expect(restored.status).toBe(302);
    expect(await statusOf(petId)).toBe("adotado");
    expect((await visitor().get(`/api/pets/${petId}`)).status).toBe(200);
    const open = await app.db.select().from(reports).where(eq(reports.alvoId, petId));
    expect(open.every((row) => row.resolvedAt !== null && row.resolucao === "restaurado")).toBe(true);
    await mailWithSubject(caretaker.email, "Seu anúncio de Trovão voltou a aparecer");
    const [logged] = await app.db.select().from(auditLog).where(eq(auditLog.alvoId, petId));
    expect(logged).toMatchObject({
      acao: "restaurar_anuncio",
      motivo: "Fotos conferidas com a ONG.",
      operatorNome: "Otto",
    });
  });

  it("hides once when more reports come than it takes, and tells its caretaker once", async () => {
    const petId = await createPet(app.db, { caretakerId: caretaker.id, nome: "Corrida" });
    for (let person = 0; person < 2; person++) {
      expect((await report(await trusted(), petReport(petId))).status).toBe(201);
    }
    // The third hides it; those after the hiding find nothing to report. The last reports at the
    // same moment are tests/integration/overlaps.test.ts's, on PostgreSQL.
    const answers = [];
    for (let person = 0; person < 3; person++) answers.push(await report(await trusted(), petReport(petId)));
    expect(answers.map((answer) => answer.status)).toEqual([201, 404, 404]);
    expect(await statusOf(petId)).toBe("oculto");
    const subject = "Seu anúncio de Corrida está em análise";
    await mailWithSubject(caretaker.email, subject);
    // Every notice queued has run: a second one would have been sent by now.
    await drained(app.db, MODERATION_NOTICE_JOB);
    expect((await mailTo(caretaker.email)).filter((mail) => mail.subject === subject)).toHaveLength(1);
  });

  it("counts one person once, however many accounts they report from", async () => {
    const petId = await createPet(app.db, { caretakerId: caretaker.id, nome: "Alvo" });
    const home = { "X-Forwarded-For": "198.51.100.200" };
    for (const nome of ["Ana", "Bia", "Cris"]) {
      const { client } = await signedInAccount(app, {
        email: `${nome.toLowerCase()}.contas@exemplo.com`,
        nome,
        createdAt: new Date(Date.now() - 30 * DAY_MS),
      });
      expect((await report(client, petReport(petId), home)).status).toBe(201);
    }
    expect(await statusOf(petId)).toBe("disponivel");
  });

  it("hides nothing on visitors' reports: three from three networks go to the operators, the listing stays", async () => {
    const petId = await createPet(app.db, { caretakerId: caretaker.id, nome: "Anônimo" });
    for (let person = 0; person < 3; person++) {
      expect((await report(visitor(), petReport(petId))).status).toBe(201);
    }
    expect(await statusOf(petId)).toBe("disponivel");
    const queue = await operator.get("/moderacao");
    expect(queue.text).toContain("Anúncio de Anônimo");
  });

  it("hides nothing on accounts younger than a week, or whose e-mail is not confirmed", async () => {
    const young = await createPet(app.db, { caretakerId: caretaker.id, nome: "Novato" });
    for (let person = 0; person < 3; person++) {
      expect((await report(await trusted(app, { days: 6 }), petReport(young))).status).toBe(201);
    }
    expect(await statusOf(young)).toBe("disponivel");
    const unconfirmed = await createPet(app.db, { caretakerId: caretaker.id, nome: "Sem E-mail" });
    for (let person = 0; person < 3; person++) {
      const client = await trusted(app, { emailConfirmed: false });
      expect((await report(client, petReport(unconfirmed))).status).toBe(201);
    }
    expect(await statusOf(unconfirmed)).toBe("disponivel");
  });

  it("needs three networks: three week-old accounts from one /24 (or one IPv6 /64) hide nothing, from three they do", async () => {
    const oneNetwork = await createPet(app.db, { caretakerId: caretaker.id, nome: "Vizinho" });
    for (const host of [11, 12, 13]) {
      const from = { "X-Forwarded-For": `192.0.2.${host}` };
      expect((await report(await trusted(), petReport(oneNetwork), from)).status).toBe(201);
    }
    expect(await statusOf(oneNetwork)).toBe("disponivel");
    const oneSlash64 = await createPet(app.db, { caretakerId: caretaker.id, nome: "Vizinho Seis" });
    for (const host of ["1", "abcd:1", "ffff:ffff:ffff:ffff"]) {
      const from = { "X-Forwarded-For": `2001:db8:41:5::${host}` };
      expect((await report(await trusted(), petReport(oneSlash64), from)).status).toBe(201);
    }
    expect(await statusOf(oneSlash64)).toBe("disponivel");
    const threeNetworks = await createPet(app.db, { caretakerId: caretaker.id, nome: "Espalhado" });
    for (const from of ["192.0.2.20", "198.51.100.20", "2001:db8:41:6::1"]) {
      expect((await report(await trusted(), petReport(threeNetworks), { "X-Forwarded-For": from })).status).toBe(201);
    }
    expect(await statusOf(threeNetworks)).toBe("oculto");
    // Only keyed hashes of the network are kept, never an address.
    const rows = await app.db.select().from(reports).where(eq(reports.alvoId, threeNetworks));
    expect(JSON.stringify(rows)).not.toMatch(/192\.0\.2|198\.51\.100|2001:db8/);
  });

  it("counts REPORTS_TO_HIDE people when the installation sets it", async () => {
    const strict = await startTestApp({ TRUST_PROXY: "loopback", REPORTS_TO_HIDE: "1" });
    try {
      const owner = await createUser(strict.db, { email: "dona@exemplo.com", nome: "Dona" });
      const petId = await createPet(strict.db, { caretakerId: owner.id, nome: "Único" });
      const filed = await (await trusted(strict)).post("/api/denuncias", petReport(petId), fromNewAddress());
      expect(filed.status).toBe(201);
      const [row] = await strict.db
        .select({ status: pets.status, by: pets.hiddenBy })
        .from(pets)
        .where(eq(pets.id, petId));
      expect(row).toEqual({ status: "oculto", by: "denuncias" });
    } finally {
      await strict.close();
    }
  });
});

describe("operators' actions", () => {
  it("are a 404 for everyone else, and change nothing", async () => {
    const petId = await createPet(app.db, { caretakerId: caretaker.id, nome: "Intocável" });
    const { client: person } = await signedInAccount(app, { email: "pablo.denuncias@exemplo.com", nome: "Pablo" });
    const intents = [
      `ocultar_anuncio:${petId}`,
      `restaurar_anuncio:${petId}`,
      `arquivar_denuncias:pet:${petId}`,
      `suspender_conta:${caretaker.id}`,
      `restaurar_conta:${caretaker.id}`,
    ];
    for (const client of [visitor(), person, caretaker.client]) {
      for (const intent of intents) {
        const acted = await client.post("/moderacao", form({ intent, form: "x", motivo: "Tentativa" }), FORM);
        expect(acted.status, intent).toBe(404);
      }
    }
    expect(await statusOf(petId)).toBe("disponivel");
    const [account] = await app.db.select({ at: users.suspendedAt }).from(users).where(eq(users.id, caretaker.id));
    expect(account!.at).toBeNull();
    expect(await app.db.select().from(auditLog).where(eq(auditLog.alvoId, petId))).toEqual([]);
  });

  it("hide a listing with a reason, e-mailed to its caretaker; archiving reports on it leaves it hidden", async () => {
    const petId = await createPet(app.db, { caretakerId: caretaker.id, nome: "Venda" });
    expect((await report(visitor(), petReport(petId, "venda_ou_golpe", "Cobra R$ 500."))).status).toBe(201);
    const noReason = await operator.post(
      "/moderacao",
      form({ intent: `ocultar_anuncio:${petId}`, form: `pet-${petId}`, motivo: "" }),
      FORM,
    );
    expect(noReason.status).toBe(400);
    expect(noReason.text).toContain("Diga o motivo: ele fica no registro de ações.");
    expect(await statusOf(petId)).toBe("disponivel");
    const hidden = await operator.post(
      "/moderacao",
      form({ intent: `ocultar_anuncio:${petId}`, form: `pet-${petId}`, motivo: "Venda disfarçada de adoção." }),
      FORM,
    );
    expect(hidden.status).toBe(302);
    expect(await statusOf(petId)).toBe("oculto");
    const mail = await mailWithSubject(caretaker.email, "Seu anúncio de Venda foi ocultado");
    expect(mail.text).toContain("Motivo: Venda disfarçada de adoção.");
    expect(mail.text).toContain("moderacao@exemplo.org");
    // Twice: the second finds it hidden already.
    const again = await operator.post(
      "/moderacao",
      form({ intent: `ocultar_anuncio:${petId}`, form: `pet-${petId}`, motivo: "De novo." }),
      FORM,
    );
    expect(again.status).toBe(409);
    // Nothing left to archive about it.
    const archived = await operator.post(
      "/moderacao",
      form({ intent: `arquivar_denuncias:pet:${petId}`, form: `pet-${petId}`, motivo: "Nada a fazer." }),
      FORM,
    );
    expect(archived.status).toBe(404);
    expect((await operator.get("/moderacao")).text).toContain("Ocultou o anúncio");
  });

  it("leave a hidden listing's applications going: an approval declined meanwhile frees the animal", async () => {
    const petId = await createPet(app.db, { caretakerId: caretaker.id, nome: "Reservada" });
    const adopter = await createUser(app.db, { email: "adotante.oculto@exemplo.com", nome: "Adotante" });
    const [approved] = await app.db
      .insert(applications)
      .values({
        petId,
        adopterId: adopter.id,
        caretakerId: caretaker.id,
        organizationId: await organizationOf(petId),
        status: "aprovada",
      })
      .returning({ id: applications.id });
    await app.db.update(pets).set({ reservedAt: new Date() }).where(eq(pets.id, petId));
    const hidden = await operator.post(
      "/moderacao",
      form({ intent: `ocultar_anuncio:${petId}`, form: "x", motivo: "Em análise." }),
      FORM,
    );
    expect(hidden.status).toBe(302);
    const declined = await caretaker.client.patch(`/api/candidaturas/${approved!.id}`, {
      status: "recusada",
      motivo: "Desistiu da adoção.",
    });
    expect(declined.status).toBe(200);
    const [row] = await app.db
      .select({ status: pets.status, reservedAt: pets.reservedAt })
      .from(pets)
      .where(eq(pets.id, petId));
    expect(row).toEqual({ status: "oculto", reservedAt: null });
  });

  it("keep the retention of an adopted animal's applications while its listing is hidden", async () => {
    const petId = await createPet(app.db, { caretakerId: caretaker.id, nome: "Guardado", status: "adotado" });
    const adopter = await createUser(app.db, { email: "espera.oculto@exemplo.com", nome: "Espera" });
    const [waiting] = await app.db
      .insert(applications)
      .values({
        petId,
        adopterId: adopter.id,
        caretakerId: caretaker.id,
        organizationId: await organizationOf(petId),
        status: "em_espera",
        respostas: { a: "b" },
      })
      .returning({ id: applications.id });
    await app.db
      .update(pets)
      .set({ status: "oculto", statusBeforeHidden: "adotado", hiddenBy: "operador" })
      .where(eq(pets.id, petId));
    await eraseClosedAnswers(app.db, new Date(Date.now() + 181 * 24 * 60 * 60_000));
    const [row] = await app.db
      .select({ respostas: applications.respostas })
      .from(applications)
      .where(eq(applications.id, waiting!.id));
    expect(row!.respostas).toBeNull();
  });

  it("archive reports on a listing that reports hid, which shows it again", async () => {
    const petId = await createPet(app.db, { caretakerId: caretaker.id, nome: "Engano" });
    for (let person = 0; person < 3; person++) {
      expect((await report(await trusted(), petReport(petId))).status).toBe(201);
    }
    expect(await statusOf(petId)).toBe("oculto");
    const archived = await operator.post(
      "/moderacao",
      form({ intent: `arquivar_denuncias:pet:${petId}`, form: `pet-${petId}`, motivo: "Denúncias combinadas." }),
      FORM,
    );
    expect(archived.status).toBe(302);
    expect(await statusOf(petId)).toBe("disponivel");
    await mailWithSubject(caretaker.email, "Seu anúncio de Engano voltou a aparecer");
  });

  it("suspend an account: no sign-in, sessions ended, listings hidden, told why; restoring undoes it all", async () => {
    const suspect = await signedInAccount(app, { email: "sid.denuncias@exemplo.com", nome: "Sid" });
    const available = await createPet(app.db, { caretakerId: suspect.id, nome: "Rex" });
    const adopted = await createPet(app.db, { caretakerId: suspect.id, nome: "Lua", status: "adotado" });
    expect(
      (
        await report(visitor(), {
          alvo: { tipo: "usuario", id: suspect.id },
          categoria: "venda_ou_golpe",
          texto: "Vende filhotes.",
        })
      ).status,
    ).toBe(201);
    const suspended = await operator.post(
      "/moderacao",
      form({
        intent: `suspender_conta:${suspect.id}`,
        form: `usuario-${suspect.id}`,
        motivo: "Vende filhotes de raça.",
      }),
      FORM,
    );
    expect(suspended.status).toBe(302);
    expect(await app.db.select().from(sessions).where(eq(sessions.userId, suspect.id))).toEqual([]);
    expect((await suspect.client.get("/api/session")).status).toBe(401);
    const login = await visitor().post("/api/session", { email: suspect.email, senha: DEFAULT_PASSWORD });
    expect(login.status).toBe(403);
    expect(login.json.message).toContain("Esta conta está suspensa");
    // A wrong password says nothing of the suspension.
    const guess = await visitor().post("/api/session", { email: suspect.email, senha: "Errada@1" });
    expect(JSON.stringify(guess.json)).not.toContain("suspensa");
    expect([await statusOf(available), await statusOf(adopted)]).toEqual(["oculto", "oculto"]);
    expect((await visitor().get(`/responsaveis/${suspect.id}`)).status).toBe(404);
    expect((await visitor().get(`/api/users/${suspect.id}`)).status).toBe(404);
    const mail = await mailWithSubject(suspect.email, "Sua conta na Adopet foi suspensa");
    expect(mail.text).toContain("Motivo: Vende filhotes de raça.");
    expect((await operator.get("/moderacao")).text).toContain("Contas suspensas");

    // An operator does not suspend themselves; a second suspension is a conflict.
    const twice = await operator.post(
      "/moderacao",
      form({ intent: `suspender_conta:${suspect.id}`, form: "x", motivo: "De novo." }),
      FORM,
    );
    expect(twice.status).toBe(409);
    const [self] = await app.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, "otto.denuncias@exemplo.com"));
    const own = await operator.post(
      "/moderacao",
      form({ intent: `suspender_conta:${self!.id}`, form: "x", motivo: "Teste." }),
      FORM,
    );
    expect(own.status).toBe(409);
    expect(own.text).toContain("Você não pode suspender a sua própria conta.");
    // Its listings come back with the account, not one by one.
    const one = await operator.post(
      "/moderacao",
      form({ intent: `restaurar_anuncio:${available}`, form: "x", motivo: "Só este." }),
      FORM,
    );
    expect(one.status).toBe(409);
    expect(await statusOf(available)).toBe("oculto");

    const restored = await operator.post(
      "/moderacao",
      form({ intent: `restaurar_conta:${suspect.id}`, form: `suspensa-${suspect.id}`, motivo: "Recurso aceito." }),
      FORM,
    );
    expect(restored.status).toBe(302);
    expect([await statusOf(available), await statusOf(adopted)]).toEqual(["disponivel", "adotado"]);
    expect((await visitor().post("/api/session", { email: suspect.email, senha: DEFAULT_PASSWORD })).status).toBe(200);
    await mailWithSubject(suspect.email, "Sua conta na Adopet foi reativada");
    const log = await app.db
      .select({ acao: auditLog.acao, motivo: auditLog.motivo })
      .from(auditLog)
      .where(eq(auditLog.alvoId, suspect.id));
    expect(log).toEqual(
      expect.arrayContaining([
        { acao: "suspender_conta", motivo: "Vende filhotes de raça." },
        { acao: "restaurar_conta", motivo: "Recurso aceito." },
      ]),
    );
    // The log is read-only, whoever asks.
    await expect(app.db.execute(sql`update audit_log set motivo = 'apagado'`)).rejects.toThrow();
  });
});

describe("the report page", () => {
  it("files a report without JavaScript, and explains what to do about maus-tratos", async () => {
    const petId = await createPet(app.db, { caretakerId: caretaker.id, nome: "Pingo" });
    const client = visitor();
    expect((await client.get("/denunciar?tipo=pet&id=nada")).status).toBe(404);
    expect((await client.get("/denunciar?tipo=loja&id=" + petId)).status).toBe(404);
    const page = await client.get(`/denunciar?tipo=pet&id=${petId}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain("Denunciar o anúncio de Pingo");
    expect(page.text).toContain("Lei 14.064/2020");
    const outro = await client.post(
      `/denunciar?tipo=pet&id=${petId}`,
      form({ tipo: "pet", id: petId, categoria: "outro", texto: "" }),
      { ...FORM, ...fromNewAddress() },
    );
    expect(outro.status).toBe(400);
    expect(outro.text).toContain(REPORT_MESSAGES.textoRequired);
    const sent = await client.post(
      `/denunciar?tipo=pet&id=${petId}`,
      form({ tipo: "pet", id: petId, categoria: "maus_tratos", texto: "Preso na corrente." }),
      { ...FORM, ...fromNewAddress() },
    );
    expect(sent.status).toBe(200);
    expect(sent.text).toContain(REPORT_MESSAGES.sent);
    expect(sent.text).toContain("190");
    const stored = await app.db.select().from(reports).where(eq(reports.alvoId, petId));
    expect(stored.map((row) => row.texto)).toEqual(["Preso na corrente."]);
    // A conversation's page asks for a login first.
    const conversation = await client.get(`/denunciar?tipo=conversa&id=${petId}`);
    expect(conversation.status).toBe(302);
    expect(conversation.headers.get("location")).toContain("/login");
  });
});
