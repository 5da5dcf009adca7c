import { simpleParser, type ParsedMail } from "mailparser";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPet, DEFAULT_PASSWORD } from "../support/factories";
import { purgeExpired } from "~/jobs/maintenance.server";
import { adoptions, checkinPhotos, checkins, images } from "~/db/schema";
import { checkinToken, openCheckin, sweepFollowups } from "~/domain/termos/followups.server";
import { addDays, brasiliaTime, dayInBrasilia, formatDay } from "~/lib/dates";
import { CHECKIN_MESSAGES } from "~/validation/termos";
import { Client, signedInAccount, startAppWithMail, type TestApp } from "../support/app";
import type { SmtpPeer } from "../support/smtp-peer";
import { until } from "../support/poll";
import { adoptThroughTermo, ANSWERS } from "../support/adoptions";

/**
 * Life after adoption (issue 21), by a clock the test controls: the check-ins the sweep sends
 * on their days (once), answered through the signed link without login (text and photos),
 * the caretaker told of one unanswered for 7 days, and the castration reminders 14 and 3 days
 * before the termo's deadline and on the day, until the adopter says it is done.
 */
const PUBLIC_URL = "https://adote.exemplo.org";
const DAY = 24 * 60 * 60_000;
const FORM = { "Content-Type": "application/x-www-form-urlencoded" };
let app: TestApp;
let smtp: SmtpPeer;
type Person = { client: Client; id: string; email: string };
let ong: Person;
let ana: Person;

const person = (email: string, nome: string): Promise<Person> =>
  signedInAccount(app, { email, nome, telefone: "(21) 98765-4321" });

async function mailTo(to: string): Promise<ParsedMail[]> {
  const sent = smtp.received.filter((message) => message.to.includes(to));
  return Promise.all(sent.map((message) => simpleParser(message.data)));
}
const mailsWith = async (to: string, subject: string) =>
  (await mailTo(to)).filter((message) => message.subject === subject);

/** An animal adopted by Ana (or `adopter`) from the ONG; the castration deadline in `prazoDays` days. */
const adopt = (nome: string, prazoDays: number, adopter = () => ana) =>
  adoptThroughTermo(app, { caretaker: ong, adopter: adopter(), nome, prazoDays });

beforeAll(async () => {
  ({ app, smtp } = await startAppWithMail({ PUBLIC_URL, JOBS: "on" }));
  ong = await person("ong.acompanha@exemplo.com", "ONG Patas");
  ana = await person("ana.acompanha@exemplo.com", "Ana");
});

afterAll(() => app?.close());

describe("check-ins", () => {
  it("go on the caretaker's days at 10:00 in Brasília, once, answered by link with text and photos", async () => {
    // The caretaker changes the days: adoptions made from now on use them.
    const refused = await ong.client.post(
      "/meus-pets/termo?acao=dias",
      new URLSearchParams({ dias: "7, 0, mil" }).toString(),
      FORM,
    );
    expect(refused.status).toBe(400);
    expect(refused.text).toContain("Informe até 6 dias entre 1 e 365, separados por vírgula, como 7, 30, 90.");
    const saved = await ong.client.post(
      "/meus-pets/termo?acao=dias",
      new URLSearchParams({ dias: "30; 7" }).toString(),
      FORM,
    );
    expect(saved.status).toBe(302);
    expect((await ong.client.get("/meus-pets/termo")).text).toContain('value="7, 30"');

    const { id, adoption } = await adopt("Biscoito", 90);
    const day = dayInBrasilia(adoption.adoptedAt);
    const rows = await app.db.select().from(checkins).where(eq(checkins.adoptionId, adoption.id));
    expect(rows.map((row) => [row.dia, row.dueAt.toISOString()]).sort()).toEqual([
      [30, brasiliaTime(addDays(day, 30), 10).toISOString()],
      [7, brasiliaTime(addDays(day, 7), 10).toISOString()],
    ]);

    const seventh = brasiliaTime(addDays(day, 7), 10);
    expect((await sweepFollowups(app.db, app.jobs, new Date(seventh.getTime() - 60_000))).checkins).toBe(0);
    expect((await sweepFollowups(app.db, app.jobs, seventh)).checkins).toBe(1);
    expect((await sweepFollowups(app.db, app.jobs, new Date(seventh.getTime() + 60_000))).checkins).toBe(0);
    const [mail] = await until("the check-in's e-mail", async () => {
      const found = await mailsWith(ana.email, "Como está o Biscoito?");
      return found.length > 0 ? found : null;
    });
    expect(mail!.text).toContain("Já faz 7 dias que Biscoito foi para casa com você.");
    // The token in the query, which the request log leaves out.
    const link = /https:\/\/adote\.exemplo\.org\/adopet(\/acompanhamento\?token=[A-Za-z0-9_.-]+)/.exec(
      mail!.text ?? "",
    )![1]!;

    // The link, without login.
    const visitor = new Client(app.baseUrl);
    const page = await visitor.get(link);
    expect(page.status).toBe(200);
    expect(page.text).toContain("Como está Biscoito?");
    expect(page.text).toContain('content="noindex"');
    const empty = new FormData();
    empty.set("texto", "  ");
    const refusedAnswer = await visitor.post(link, empty);
    expect(refusedAnswer.status).toBe(400);
    expect(refusedAnswer.text).toContain("Conte as novidades.");
    const notAnImage = new FormData();
    notAnImage.set("texto", "Está ótimo!");
    notAnImage.append("fotos", new File([new Uint8Array(Buffer.from("<svg/>"))], "foto.png", { type: "image/png" }));
    expect((await visitor.post(link, notAnImage)).status).toBe(400);
    const four = new FormData();
    four.set("texto", "Está ótimo!");
    for (let index = 0; index < 4; index++) four.append("fotos", new File([new Uint8Array(8)], `f${index}.png`));
    const tooMany = await visitor.post(link, four);
    expect(tooMany.status).toBe(413);
    expect(tooMany.text).toContain("Envie no máximo 3 fotos.");

    const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#c98b4f" } })
      .png()
      .toBuffer();
    const answer = new FormData();
    answer.set("texto", "Está ótimo! Dorme na nossa cama e já aprendeu a sentar.");
    answer.append("fotos", new File([new Uint8Array(png)], "biscoito.png", { type: "image/png" }));
    const answered = await visitor.post(link, answer);
    expect(answered.status).toBe(302);
    expect((await visitor.get(link)).text).toContain("Você já respondeu a este acompanhamento de Biscoito.");
    const again = await visitor.post(link, answer);
    expect(again.status).toBe(409);

    // Both parties see it on the adoption's page; nobody else.
    const caretakerPage = await ong.client.get(`/candidaturas/${id}`);
    expect(caretakerPage.text).toContain("Dorme na nossa cama e já aprendeu a sentar.");
    expect(caretakerPage.text).toContain("Foto 1 de Biscoito aos 7 dias");
    // The photo is the two parties' only: their route, never the public one, never cached.
    const photoPath = new RegExp(`/adopet(/candidaturas/${id}/fotos/([0-9a-f-]{36})/320\\.webp)`).exec(
      caretakerPage.text,
    )!;
    const mine = await ong.client.get(photoPath[1]!);
    expect([mine.status, mine.headers.get("Content-Type"), mine.headers.get("Cache-Control")]).toEqual([
      200,
      "image/webp",
      "private, no-store",
    ]);
    expect((await ana.client.get(photoPath[1]!)).status).toBe(200);
    const eve = await person("eve.fotos@exemplo.com", "Eva");
    expect((await eve.client.get(photoPath[1]!)).status).toBe(404);
    expect((await visitor.get(photoPath[1]!)).status).toBe(302);
    expect((await visitor.get(`/imagens/${photoPath[2]}/320.webp`)).status).toBe(404);
    expect((await ana.client.get(`/candidaturas/${id}`)).text).toContain("Respondido em");

    // A forged or expired link.
    expect((await visitor.get(`${link.slice(0, -2)}xx`)).status).toBe(404);
    const [row] = await app.db.select().from(checkins).where(eq(checkins.dia, 30));
    const old = await checkinToken(app.db, row!.id, new Date(Date.now() - 15 * DAY));
    const expired = await visitor.get(`/acompanhamento?token=${old}`);
    expect(expired.status).toBe(410);
    expect(expired.text).toContain("Este link de acompanhamento expirou: ele vale por 14 dias.");
    const fresh = await checkinToken(app.db, row!.id, new Date());
    expect((await openCheckin(app.db, fresh, new Date(Date.now() + 13 * DAY))).ok).toBe(true);
    expect((await openCheckin(app.db, fresh, new Date(Date.now() + 15 * DAY))).ok).toBe(false);

    // The 30th day's goes unanswered: a week later, the caretaker is told, once.
    const thirtieth = brasiliaTime(addDays(day, 30), 10);
    expect((await sweepFollowups(app.db, app.jobs, thirtieth)).checkins).toBe(1);
    expect((await sweepFollowups(app.db, app.jobs, new Date(thirtieth.getTime() + 6 * DAY))).unanswered).toBe(0);
    expect((await sweepFollowups(app.db, app.jobs, new Date(thirtieth.getTime() + 7 * DAY))).unanswered).toBe(1);
    expect((await sweepFollowups(app.db, app.jobs, new Date(thirtieth.getTime() + 8 * DAY))).unanswered).toBe(0);
    const told = await until("the caretaker's notice", async () => {
      const found = await mailsWith(ong.email, "O acompanhamento de Biscoito ficou sem resposta");
      return found.length > 0 ? found : null;
    });
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toContain("não respondeu ao acompanhamento de 30 dias");
    expect((await ong.client.get(`/candidaturas/${id}`)).text).toContain("Sem resposta há mais de 7 dias");
  });
});

describe("castration", () => {
  it("is reminded 14 and 3 days before the deadline and on the day, until the adopter says it is done", async () => {
    const { id, prazo } = await adopt("Pirulito", 60);
    const at = (before: number, minutes = 0) =>
      new Date(brasiliaTime(addDays(prazo, -before), 9).getTime() + minutes * 60_000);
    const reminders = () =>
      mailTo(ana.email).then((mails) => mails.filter((mail) => mail.subject?.includes("castrar Pirulito")));
    expect((await sweepFollowups(app.db, app.jobs, at(14, -1))).castration).toBe(0);
    expect((await sweepFollowups(app.db, app.jobs, at(14))).castration).toBe(1);
    expect((await sweepFollowups(app.db, app.jobs, at(14, 60))).castration).toBe(0);
    expect((await sweepFollowups(app.db, app.jobs, at(3))).castration).toBe(1);
    expect((await sweepFollowups(app.db, app.jobs, at(0))).castration).toBe(1);
    expect((await sweepFollowups(app.db, app.jobs, at(-1))).castration).toBe(0);
    const sent = await until("three reminders", async () => {
      const found = await reminders();
      return found.length === 3 ? found : null;
    });
    expect(sent.map((mail) => mail.subject).sort()).toEqual([
      `Faltam 14 dias para castrar Pirulito (até ${formatDay(prazo)})`,
      `Faltam 3 dias para castrar Pirulito (até ${formatDay(prazo)})`,
      "Hoje é o prazo para castrar Pirulito",
    ]);

    // A sweep that did not run for days sends one reminder, the latest due.
    const late = await adopt("Jujuba", 30);
    const lateAt = brasiliaTime(addDays(late.prazo, -2), 9);
    expect((await sweepFollowups(app.db, app.jobs, lateAt)).castration).toBe(1);
    expect((await sweepFollowups(app.db, app.jobs, new Date(lateAt.getTime() + DAY))).castration).toBe(0);

    // Overdue: the caretaker's list says so (the deadline moved to yesterday for the test).
    await app.db
      .update(adoptions)
      .set({ prazoCastracao: addDays(dayInBrasilia(new Date()), -1) })
      .where(eq(adoptions.applicationId, late.id));
    const [{ organizationId } = { organizationId: "" }] = await app.db
      .select({ organizationId: adoptions.organizationId })
      .from(adoptions)
      .where(eq(adoptions.applicationId, late.id));
    const home = () => ong.client.get(`/organizacoes/${organizationId}/hoje`);
    const list = await home();
    expect(list.text).toContain("Acompanhamentos e castrações");
    expect(list.text).toContain("Jujuba, com Ana");
    expect(list.text).toContain("castração atrasada, o prazo era");

    // Only the adopter informs it; then no reminder goes.
    const png = await sharp({ create: { width: 300, height: 400, channels: 3, background: "#ffffff" } })
      .png()
      .toBuffer();
    const form = () => {
      const body = new FormData();
      body.append("comprovante", new File([new Uint8Array(png)], "atestado.png", { type: "image/png" }));
      return body;
    };
    expect((await ong.client.post(`/candidaturas/${late.id}?acao=castracao`, form())).status).toBe(403);
    const done = await ana.client.post(`/candidaturas/${late.id}?acao=castracao`, form());
    expect(done.status).toBe(302);
    expect((await ana.client.post(`/candidaturas/${late.id}?acao=castracao`, form())).status).toBe(409);
    const certificatePage = await ong.client.get(`/candidaturas/${late.id}`);
    expect(certificatePage.text).toContain("Ver o atestado");
    const certificate = new RegExp(`/adopet(/candidaturas/${late.id}/fotos/([0-9a-f-]{36})/1280\\.webp)`).exec(
      certificatePage.text,
    )!;
    expect((await ong.client.get(certificate[1]!)).status).toBe(200);
    expect((await new Client(app.baseUrl).get(`/imagens/${certificate[2]}/1280.webp`)).status).toBe(404);
    expect((await home()).text).not.toContain("Jujuba, com Ana");
    expect((await ana.client.get(`/api/pets/${late.petId}`)).json.castrado).toBe("sim");
    expect((await sweepFollowups(app.db, app.jobs, brasiliaTime(late.prazo, 9))).castration).toBe(0);
    // Nobody else.
    const eve = await person("eve.acompanha@exemplo.com", "Eva");
    expect((await eve.client.post(`/candidaturas/${id}?acao=castracao`, form())).status).toBe(404);
  });
});

describe("an adopter who deletes their account", () => {
  it("takes their check-ins and the certificate's photo with them; the adoption's record stays", async () => {
    const leo = await person("leo.acompanha@exemplo.com", "Leo");
    const { id, adoption } = await adopt("Tapioca", 60, () => leo);
    const certificate = new FormData();
    const png = await sharp({ create: { width: 200, height: 300, channels: 3, background: "#ffffff" } })
      .png()
      .toBuffer();
    certificate.append("comprovante", new File([new Uint8Array(png)], "atestado.png", { type: "image/png" }));
    expect((await leo.client.post(`/candidaturas/${id}?acao=castracao`, certificate)).status).toBe(302);
    const [informed] = await app.db.select().from(adoptions).where(eq(adoptions.id, adoption.id));
    expect(informed!.castracaoComprovanteId).not.toBeNull();
    expect(await app.db.select().from(checkins).where(eq(checkins.adoptionId, adoption.id))).toHaveLength(2);
    const deleted = await leo.client.request("DELETE", `/api/users/${leo.id}`, { senha: DEFAULT_PASSWORD });
    expect(deleted.status).toBe(204);
    // Nothing goes to a deleted account.
    const day = dayInBrasilia(adoption.adoptedAt);
    await sweepFollowups(app.db, app.jobs, brasiliaTime(addDays(day, 7), 10));
    expect((await purgeExpired(app.db, new Date())).checkins).toBe(2);
    expect(await app.db.select().from(checkins).where(eq(checkins.adoptionId, adoption.id))).toHaveLength(0);
    const [kept] = await app.db.select().from(adoptions).where(eq(adoptions.id, adoption.id));
    expect(kept).toMatchObject({ adopterId: null, caretakerId: ong.id, castracaoComprovanteId: null });
    expect(kept!.castradoEm).not.toBeNull();
    expect(await app.db.select().from(images).where(eq(images.id, informed!.castracaoComprovanteId!))).toHaveLength(0);
  });
});

describe("devolução", () => {
  it("either party records it with a reason: the follow-up ends, the history stays, the other party is told", async () => {
    const { id, petId, adoption } = await adopt("Paçoca", 60);
    const day = dayInBrasilia(adoption.adoptedAt);
    // The 7th day's check-in went out and was not answered.
    expect((await sweepFollowups(app.db, app.jobs, brasiliaTime(addDays(day, 7), 10))).checkins).toBe(1);
    const [sent] = await app.db.select().from(checkins).where(eq(checkins.adoptionId, adoption.id));
    const link = `/acompanhamento?token=${await checkinToken(app.db, sent!.id, sent!.sentAt!)}`;

    // Bad input, and nobody else.
    const path = `/api/candidaturas/${id}/devolucao`;
    const empty = await ana.client.post(path, { motivo: "  " });
    expect([empty.status, empty.json.errors]).toEqual([
      400,
      { motivo: ["Diga o motivo da devolução: a outra parte vai ler."] },
    ]);
    expect((await ana.client.post(path, { motivo: "x".repeat(501) })).status).toBe(400);
    expect((await ana.client.post(path, { motivo: "Mudança", publicar: "sim" })).status).toBe(400);
    expect((await ana.client.post(path, { motivo: "Mudança", extra: 1 })).status).toBe(400);
    const eve = await person("eve.devolucao@exemplo.com", "Eva");
    expect((await eve.client.post(path, { motivo: "Quero" })).status).toBe(404);
    expect((await new Client(app.baseUrl).post(path, { motivo: "Quero" })).status).toBe(401);

    const returned = await ana.client.post(path, { motivo: "Vou me mudar para um lugar que não aceita animais." });
    expect(returned.status).toBe(201);
    expect(returned.json).toMatchObject({ status: "devolvida", registrada_por: "adotante" });
    const again = await ong.client.post(path, { motivo: "De novo" });
    expect([again.status, again.json.message]).toEqual([409, "A devolução já foi registrada."]);

    // The caretaker is told, with the reason.
    const [told] = await until("the caretaker's notice", async () => {
      const found = await mailsWith(ong.email, "Ana registrou a devolução de Paçoca");
      return found.length > 0 ? found : null;
    });
    expect(told!.text).toContain("Vou me mudar para um lugar que não aceita animais.");
    expect(told!.text).toContain(`${PUBLIC_URL}/adopet/candidaturas/${id}#acompanhamento`);

    // The follow-up ended: nothing more is sent, the open link no longer takes answers, no castration.
    expect(
      await app.db.select({ dia: checkins.dia }).from(checkins).where(eq(checkins.adoptionId, adoption.id)),
    ).toEqual([{ dia: 7 }]);
    await sweepFollowups(app.db, app.jobs, brasiliaTime(addDays(day, 60), 10));
    const [after] = await app.db.select().from(checkins).where(eq(checkins.adoptionId, adoption.id));
    expect(after!.caretakerAlertedAt).toBeNull();
    const [ended] = await app.db.select().from(adoptions).where(eq(adoptions.id, adoption.id));
    expect(ended!.castracaoAvisos).toEqual([]);
    expect((await new Client(app.baseUrl).get(link)).status).toBe(410);
    const castrated = new FormData();
    expect((await ana.client.post(`/candidaturas/${id}?acao=castracao`, castrated)).status).toBe(409);

    // The history stays, for both.
    const page = await ong.client.get(`/candidaturas/${id}`);
    expect(page.text).toContain("Devolução registrada em");
    expect(page.text).toContain("Vou me mudar para um lugar que não aceita animais.");
    expect(page.text).not.toContain("Registrar a devolução");
    expect((await ana.client.get(`/api/candidaturas/${id}`)).json.status).toBe("devolvida");
    expect((await ana.client.get(`/candidaturas/${id}/termo`)).status).toBe(200);
    // The animal is published again when its caretaker chooses.
    expect((await ong.client.get(`/api/pets/${petId}`)).json.status).toBe("adotado");
    expect((await ong.client.patch(`/api/pets/${petId}`, { status: "disponivel" })).status).toBe(200);
  });

  it("from the caretaker's page, publishes the animal again at once; not before, by its edit", async () => {
    const { id, petId } = await adopt("Cocada", 60);
    const relist = await ong.client.patch(`/api/pets/${petId}`, { status: "disponivel" });
    expect([relist.status, relist.json.message]).toEqual([
      409,
      "Este animal foi adotado com termo na Adopet: registre a devolução na página da adoção antes de publicá-lo de novo.",
    ]);
    const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
    const unconfirmed = await ong.client.post(`/candidaturas/${id}?acao=devolucao`, form({ motivo: "Voltou." }), FORM);
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.text).toContain("Confirme a devolução.");
    const done = await ong.client.post(
      `/candidaturas/${id}?acao=devolucao`,
      form({ motivo: "A família não se adaptou.", publicar: "on", confirmo: "on" }),
      FORM,
    );
    expect(done.status).toBe(302);
    expect((await ong.client.get(`/api/pets/${petId}`)).json.status).toBe("disponivel");
    // The adopter gets the status e-mail, with the reason.
    const [mail] = await until("the adopter's notice", async () => {
      const found = (await mailTo(ana.email)).filter((message) => message.text?.includes("A família não se adaptou."));
      return found.length > 0 ? found : null;
    });
    expect(mail!.text).toContain("A devolução do animal a quem cuidava dele foi registrada.");
  });

  it("is only for an adoption concluded", async () => {
    const petId = await createPet(app.db, { caretakerId: ong.id, nome: "Quindim" });
    const applied = await ana.client.post(`/api/pets/${petId}/candidaturas`, { respostas: ANSWERS });
    const path = `/api/candidaturas/${applied.json.id as string}/devolucao`;
    const early = await ana.client.post(path, { motivo: "Desisti" });
    expect([early.status, early.json.message]).toEqual([
      409,
      "A devolução só pode ser registrada depois da adoção concluída, com o termo assinado.",
    ]);
    const eve = await person("eve.quindim@exemplo.com", "Eva");
    expect((await eve.client.post(path, { motivo: "Desisti" })).status).toBe(404);
  });
});

// Last in the file: their sweeps send the check-ins due on their day for every adoption made above.
describe("image uploads of a follow-up (issue 41, item 7)", () => {
  const garbage = () => new File([new Uint8Array(4096).fill(7)], "atestado.jpg", { type: "image/jpeg" });
  const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
  const certificate = (file: File) => {
    const body = new FormData();
    body.append("comprovante", file);
    return body;
  };
  const answer = (texto: string, photo: File) => {
    const body = new FormData();
    body.append("texto", texto);
    body.append("fotos", photo);
    return body;
  };
  /** The link of the adoption's 7th day check-in, sent by the sweep. */
  async function checkinLink(adoption: { id: string; adoptedAt: Date }) {
    await sweepFollowups(app.db, app.jobs, brasiliaTime(addDays(dayInBrasilia(adoption.adoptedAt), 7), 10));
    const [sent] = await app.db.select().from(checkins).where(eq(checkins.adoptionId, adoption.id));
    return `/acompanhamento?token=${await checkinToken(app.db, sent!.id, sent!.sentAt!)}`;
  }

  it("count against the adopter's uploads per hour, one allowance with the profile's, link or session", async () => {
    const rui = await person("rui.acompanha@exemplo.com", "Rui");
    const { id, adoption } = await adopt("Cocada", 60, () => rui);
    const castration = `/candidaturas/${id}?acao=castracao`;
    const png = await sharp({ create: { width: 300, height: 400, channels: 3, background: "#ffffff" } })
      .png()
      .toBuffer();
    const photo = () => new File([new Uint8Array(png)], "foto.png", { type: "image/png" });

    // A file that is no image is judged by its content, and counted.
    expect((await rui.client.post(castration, certificate(garbage()))).status).toBe(400);
    // The other 99 of the hour's 100 photos, on the profile.
    for (let upload = 0; upload < 99; upload += 1) {
      const profile = await rui.client.patch(`/api/users/${rui.id}`, { foto__upload: "data:image/png;base64,AAAA" });
      expect(profile.status).toBe(400);
    }
    const limited = await rui.client.post(castration, certificate(photo()));
    expect(limited.status).toBe(429);
    expect(limited.text).toContain("Você enviou muitas fotos em pouco tempo.");

    // The check-in's link has no login: its photos count against the adoption's adopter.
    const link = await checkinLink(adoption);
    const visitor = new Client(app.baseUrl);
    const checkinLimited = await visitor.post(link, answer("Está ótima, dorme no sofá.", photo()));
    expect(checkinLimited.status).toBe(429);
    expect(checkinLimited.text).toContain("Você enviou muitas fotos em pouco tempo.");

    // Without a photo, each still goes through.
    expect((await rui.client.post(castration, new FormData())).status).toBe(302);
    expect((await visitor.post(link, form({ texto: "Está ótima." }), FORM)).status).toBe(302);
  });

  it("are refused for the castration or check-in's state before they are decoded", async () => {
    const { id, adoption } = await adopt("Bombom", 60);
    const castration = `/candidaturas/${id}?acao=castracao`;
    expect((await ana.client.post(castration, new FormData())).status).toBe(302);
    // Recorded already: a certificate sent again (4.5 MB, left unread) is refused for that, where
    // a file that is no image used to be decoded first, and told so.
    const large = new File([new Uint8Array(4_500_000).fill(7)], "atestado.jpg", { type: "image/jpeg" });
    const again = await ana.client.post(castration, certificate(large));
    expect(again.status).toBe(409);
    expect(again.text).toContain("A castração já foi informada.");

    const link = await checkinLink(adoption);
    const visitor = new Client(app.baseUrl);
    expect((await visitor.post(link, form({ texto: "Está ótimo." }), FORM)).status).toBe(302);
    const answeredAgain = await visitor.post(link, answer("De novo", garbage()));
    expect(answeredAgain.status).toBe(409);
    expect(answeredAgain.text).toContain("Você já respondeu a este acompanhamento.");
  });

  it("answer through the API too, by the link's token: as JSON, or multipart with photos; once each", async () => {
    const { id, adoption } = await adopt("Brigadeiro", 60);
    const rows = await app.db.select().from(checkins).where(eq(checkins.adoptionId, adoption.id));
    const tokenOf = (dia: number, sentAt = new Date()) =>
      checkinToken(app.db, rows.find((row) => row.dia === dia)!.id, sentAt);
    const url = "/api/acompanhamento/respostas";
    const visitor = new Client(app.baseUrl);
    const week = await tokenOf(7);

    // Bad input, in Portuguese; a link forged or expired gets the page's answer (its 410 is a 404 here).
    const empty = await visitor.post(url, { token: week, texto: "  " });
    expect([empty.status, empty.json.errors]).toEqual([400, { texto: [CHECKIN_MESSAGES.texto] }]);
    expect((await visitor.post(url, { token: week, texto: "Oi", nota: 10 })).status).toBe(400);
    expect((await visitor.post(url, '{"token": ', { "Content-Type": "application/json" })).status).toBe(400);
    expect((await visitor.post(url, form({ token: week, texto: "Oi" }), FORM)).status).toBe(415);
    const forged = week.replace(/\.(.)/, (_, first: string) => `.${first === "A" ? "B" : "A"}`);
    const refused = await visitor.post(url, { token: forged, texto: "Oi" });
    expect([refused.status, refused.json.message]).toEqual([404, CHECKIN_MESSAGES.link]);
    const expired = await visitor.post(url, { token: await tokenOf(7, new Date(Date.now() - 15 * DAY)), texto: "Oi" });
    expect(expired.status).toBe(404);
    expect(expired.json.message).toContain("Este link de acompanhamento expirou");

    const answered = await visitor.post(url, { token: week, texto: "Brigadeiro já manda na casa." });
    expect(answered.status).toBe(204);
    const again = await visitor.post(url, { token: week, texto: "De novo" });
    expect([again.status, again.json.message]).toEqual([409, "Você já respondeu a este acompanhamento. Obrigado!"]);

    // Multipart, with a photo; one that is no image is refused by its content, named by its place.
    const month = await tokenOf(30);
    const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#d9a066" } })
      .png()
      .toBuffer();
    const multipart = (photo: File) => {
      const body = answer("Trinta dias de muita bagunça.", photo);
      body.append("token", month);
      return body;
    };
    const notAnImage = await visitor.post(url, multipart(garbage()));
    expect([notAnImage.status, Object.keys(notAnImage.json.errors ?? {})]).toEqual([400, ["fotos"]]);
    const withPhoto = new File([new Uint8Array(png)], "brigadeiro.png", { type: "image/png" });
    expect((await visitor.post(url, multipart(withPhoto))).status).toBe(204);
    const photos = await app.db
      .select()
      .from(checkinPhotos)
      .where(eq(checkinPhotos.checkinId, rows.find((row) => row.dia === 30)!.id));
    expect(photos).toHaveLength(1);
    const page = await ong.client.get(`/candidaturas/${id}`);
    expect(page.text).toContain("Brigadeiro já manda na casa.");
    expect(page.text).toContain("Trinta dias de muita bagunça.");
    expect(page.text).toContain("Foto 1 de Brigadeiro aos 30 dias");
  });
});
