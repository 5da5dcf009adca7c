import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import jsQR from "jsqr";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lostFoundMatches, lostFoundReports, users } from "~/db/schema";
import { sendConversationNotice } from "~/domain/conversations/notices.server";
import { LOST_FOUND_RENEWAL_JOB, sweepReportRenewals } from "~/domain/lost-found/renewals.server";
import { LOST_FOUND_MATCH_JOB } from "~/domain/lost-found/reports.server";
import { queueDigest } from "~/domain/alerts/alerts.server";
import { createMailer } from "~/services/mail.server";
import { createUser, DEFAULT_PASSWORD } from "../support/factories";
import { addDays, dayInBrasilia } from "~/lib/dates";
import { CONFIRMATION_MESSAGES } from "~/validation/accounts";
import { animalPhoto, photographedAgain } from "../support/animal-photos";
import { Client, signedInAccount, startAppWithMail, type TestApp } from "../support/app";
import { drained } from "../support/jobs";
import { until } from "../support/poll";
import { mailsTo, type SmtpPeer } from "../support/smtp-peer";

/**
 * Lost and found animals (issue 47) through the API: reports with photos, public and filtered;
 * matched with the other kind's open reports (the same animal photographed twice must match,
 * another animal of the same colour must rank lower), both authors e-mailed once per pair;
 * closed by its author only.
 */

const PUBLIC_URL = "https://adote.exemplo.org";
let app: TestApp;
let smtp: SmtpPeer;
const today = () => dayInBrasilia(new Date());

/** A PDF's text (pdftotext), and its first page as a phone's camera reads its QR code (pdftoppm, jsQR). */
async function readPoster(bytes: Buffer): Promise<{ text: string; qr: string | undefined }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cartaz-"));
  try {
    const file = path.join(dir, "cartaz.pdf");
    fs.writeFileSync(file, bytes);
    const text = execFileSync("pdftotext", [file, "-"], { encoding: "utf8" }).replace(/\s+/g, " ");
    execFileSync("pdftoppm", ["-png", "-r", "100", "-f", "1", "-l", "1", file, path.join(dir, "pagina")]);
    const png = fs.readdirSync(dir).find((name) => name.endsWith(".png"))!;
    // The page's foot, where the code is (a photo's texture could pass for a code's corner).
    const page = sharp(path.join(dir, png));
    const { width, height } = await page.metadata();
    const { data, info } = await page
      .extract({
        left: 0,
        top: Math.round(height * 0.7),
        width: Math.round(width * 0.45),
        height: Math.round(height * 0.3),
      })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { text, qr: jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function reportForm(fields: Record<string, string>, photos: Buffer[]) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  for (const [index, bytes] of photos.entries())
    form.append("fotos", new Blob([new Uint8Array(bytes)], { type: "image/jpeg" }), `foto-${index}.jpg`);
  return form;
}

const LOST = {
  tipo: "perdido",
  especie: "cao",
  porte: "medio",
  sexo: "macho",
  cores: "caramelo, branco",
  nome: "Paçoca",
  cidade: "Niterói (RJ)",
  bairro: "Icaraí",
  descricao: "Fugiu assustado com fogos. Usa coleira vermelha.",
};

beforeAll(async () => {
  ({ app, smtp } = await startAppWithMail({ PUBLIC_URL }));
});
afterAll(() => app?.close());

describe("lost and found reports", () => {
  it("meet: the same animal photographed twice matches, another of its colour ranks lower; both authors are told once", async () => {
    const family = await signedInAccount(app, { email: "familia.perdidos@exemplo.com", nome: "Joana Família" });
    const finder = await signedInAccount(app, { email: "achou.perdidos@exemplo.com", nome: "Rui Achou" });
    const other = await signedInAccount(app, { email: "outro.perdidos@exemplo.com", nome: "Lia Outra" });
    const pacoca = await animalPhoto(7, { patches: [{ x: 760, y: 300, r: 45, color: "#ffffff" }], bodyX: 420 });
    const lookalike = await animalPhoto(99, { patches: [{ x: 380, y: 560, r: 90, color: "#ffffff" }], bodyX: 180 });

    const lost = await family.client.post(
      "/api/perdidos-e-achados",
      reportForm({ ...LOST, data: addDays(today(), -3), latitude: "-22.9046", longitude: "-43.1152" }, [pacoca]),
    );
    expect(lost.status, lost.text).toBe(201);
    // Another caramel dog found nearby, first; then Paçoca, photographed by the one who found him.
    const found = {
      tipo: "encontrado",
      especie: "cao",
      porte: "medio_grande",
      cores: "caramelo",
      cidade: "São Gonçalo (RJ)",
    };
    const first = await other.client.post(
      "/api/perdidos-e-achados",
      reportForm({ ...found, data: addDays(today(), -2) }, [lookalike]),
    );
    expect(first.status, first.text).toBe(201);
    const second = await finder.client.post(
      "/api/perdidos-e-achados",
      reportForm({ ...found, data: addDays(today(), -1), bairro: "Alcântara" }, [await photographedAgain(pacoca)]),
    );
    expect(second.status, second.text).toBe(201);

    const matches = await new Client(app.baseUrl).get(`/api/perdidos-e-achados/${lost.json.id}/correspondencias`);
    const ranked = matches.json.correspondencias as { pontos: number; anuncio: { id: string } }[];
    expect(ranked.map((match) => match.anuncio.id)).toEqual([second.json.id, first.json.id]);
    expect(ranked[0]!.pontos).toBeGreaterThanOrEqual(60);
    expect(ranked[1]!.pontos).toBeLessThan(ranked[0]!.pontos - 15);
    // Listed on the found report too.
    const back = await new Client(app.baseUrl).get(`/api/perdidos-e-achados/${second.json.id}/correspondencias`);
    expect((back.json.correspondencias as { anuncio: { id: string } }[]).map((match) => match.anuncio.id)).toEqual([
      lost.json.id,
    ]);

    // Both authors of the likely match are told, once; the lookalike's author is not.
    const [familyMail] = await until("the family's e-mail", async () => {
      const got = await mailsTo(smtp, family.email);
      return got.length ? got : null;
    });
    expect(familyMail!.subject).toBe("Um animal encontrado pode ser o seu");
    expect(familyMail!.text).toContain(`${PUBLIC_URL}/adopet/perdidos-e-achados/${second.json.id}`);
    const [finderMail] = await until("the finder's e-mail", async () => {
      const got = await mailsTo(smtp, finder.email);
      return got.length ? got : null;
    });
    expect(finderMail!.subject).toBe("Alguém procura um animal parecido com o que você encontrou");
    // Every match's notice has run: a second e-mail, or one to the lookalike's author, would be here.
    await drained(app.db, LOST_FOUND_MATCH_JOB);
    expect(await mailsTo(smtp, family.email)).toHaveLength(1);
    expect(await mailsTo(smtp, other.email)).toHaveLength(0);
    expect(await app.db.select().from(lostFoundMatches)).toHaveLength(2);

    // The point is kept rounded (about 500 m), never as typed.
    const shown = await new Client(app.baseUrl).get(`/api/perdidos-e-achados/${lost.json.id}`);
    expect(shown.json).toMatchObject({
      tipo: "perdido",
      nome: "Paçoca",
      cores: ["caramelo", "branco"],
      cidade: { nome: "Niterói", uf: "RJ" },
      ponto: { latitude: -22.905, longitude: -43.115 },
      autor: { nome: "Joana" },
      status: "aberto",
    });
    expect(JSON.stringify(shown.json)).not.toContain(family.email);

    // Public list, filtered.
    const near = await new Client(app.baseUrl).get("/api/perdidos-e-achados?tipo=encontrado&perto=Niter%C3%B3i%20(RJ)");
    expect((near.json.anuncios as { id: string }[]).map((item) => item.id).sort()).toEqual(
      [first.json.id, second.json.id].sort(),
    );
    const far = await new Client(app.baseUrl).get("/api/perdidos-e-achados?perto=Manaus%20(AM)");
    expect(far.json.anuncios).toEqual([]);
    const cats = await new Client(app.baseUrl).get("/api/perdidos-e-achados?especie=gato");
    expect(cats.json.anuncios).toEqual([]);
    expect((await new Client(app.baseUrl).get("/api/perdidos-e-achados?raio=500")).status).toBe(400);
    expect((await new Client(app.baseUrl).get("/api/perdidos-e-achados?perto=Lugar%20Nenhum")).status).toBe(400);

    // Only its author closes it: reencontrado, with the happy ending.
    const path = `/api/perdidos-e-achados/${lost.json.id}`;
    expect((await finder.client.patch(path, { status: "reencontrado" })).status).toBe(403);
    expect((await new Client(app.baseUrl).patch(path, { status: "reencontrado" })).status).toBe(401);
    const closed = await family.client.patch(path, {
      status: "reencontrado",
      final_feliz: "O Rui achou o Paçoca e conversamos pela Adopet. Está em casa!",
    });
    expect(closed.json).toMatchObject({
      status: "reencontrado",
      final_feliz: expect.stringContaining("Está em casa!"),
    });
    const open = await new Client(app.baseUrl).get("/api/perdidos-e-achados?tipo=perdido");
    expect(open.json.anuncios).toEqual([]);
  });

  it("is refused with a message for what a report cannot be, with nothing written", async () => {
    const ana = await signedInAccount(app, { email: "ana.perdidos@exemplo.com", nome: "Ana Recusada" });
    const picture = await animalPhoto(3, { bodyX: 400 });
    const before = (await app.db.select({ id: lostFoundReports.id }).from(lostFoundReports)).length;
    const refusals: [Record<string, string>, Buffer[], string, string][] = [
      [
        { ...LOST, data: today(), tipo: "sumido" },
        [picture],
        "tipo",
        "Escolha se o animal está perdido ou foi encontrado.",
      ],
      [{ ...LOST, data: today(), cores: "roxo" }, [picture], "cores", "Escolha de 1 a 3 cores da lista."],
      [
        { ...LOST, data: today(), cores: "preto, branco, cinza, marrom" },
        [picture],
        "cores",
        "Escolha de 1 a 3 cores da lista.",
      ],
      [{ ...LOST, data: today() }, [], "fotos", "Envie ao menos uma foto do animal."],
      [{ ...LOST, data: today(), tipo: "encontrado" }, [picture], "nome", "Um animal encontrado ainda não tem nome"],
      [{ ...LOST, data: today(), latitude: "-22.9" }, [picture], "latitude", "Marque o ponto no mapa"],
      [{ ...LOST, data: addDays(today(), 2) }, [picture], "data", "hoje ou antes"],
      [{ ...LOST, data: today(), cidade: "Cidade Que Não Existe" }, [picture], "cidade", "Cidade não encontrada"],
      [
        { ...LOST, data: today(), latitude: "-3.1", longitude: "-60.0" },
        [picture],
        "latitude",
        "Marque o ponto no mapa",
      ],
      [{ ...LOST, data: today() }, [Buffer.from("não sou foto")], "fotos", "não é uma imagem válida"],
      [{ ...LOST, data: today(), extra: "x" }, [picture], "extra", "Campo desconhecido."],
      // A found animal is not ransomed (issue 60): no Pix, fee or amount in its description.
      [
        {
          ...LOST,
          nome: "",
          data: today(),
          tipo: "encontrado",
          descricao: "Devolvo com taxa de resgate de R$ 150 no Pix.",
        },
        [picture],
        "descricao",
        "Um anúncio de animal encontrado não pede dinheiro nem chave Pix",
      ],
    ];
    for (const [fields, photos, field, message] of refusals) {
      const refused = await ana.client.post("/api/perdidos-e-achados", reportForm(fields, photos));
      expect(refused.status, `${field}: ${refused.text}`).toBe(400);
      expect(JSON.stringify(refused.json.errors), field).toContain(message);
    }
    expect(await app.db.select({ id: lostFoundReports.id }).from(lostFoundReports)).toHaveLength(before);
    // A JSON body is no report: the photos are.
    expect((await ana.client.post("/api/perdidos-e-achados", { ...LOST, data: today() })).status).toBe(415);
    // Signed out: 401; an e-mail not confirmed: 403.
    expect(
      (await new Client(app.baseUrl).post("/api/perdidos-e-achados", reportForm({ ...LOST, data: today() }, [picture])))
        .status,
    ).toBe(401);
    await createUser(app.db, { email: "nova.perdidos@exemplo.com", nome: "Nova Conta", emailConfirmed: false });
    const unconfirmed = new Client(app.baseUrl);
    await unconfirmed.post("/api/session", { email: "nova.perdidos@exemplo.com", senha: DEFAULT_PASSWORD });
    const waiting = await unconfirmed.post(
      "/api/perdidos-e-achados",
      reportForm({ ...LOST, data: today() }, [picture]),
    );
    expect([waiting.status, waiting.json.message]).toEqual([403, CONFIRMATION_MESSAGES.required]);
    expect((await new Client(app.baseUrl).get(`/api/perdidos-e-achados/${crypto.randomUUID()}`)).status).toBe(404);
    expect((await new Client(app.baseUrl).get("/api/perdidos-e-achados/abc")).status).toBe(404);
  });

  it("is reported as abuse by anyone but its author, and reaches the operators' queue (issue 60)", async () => {
    const finder = await signedInAccount(app, { email: "acha.denuncia@exemplo.com", nome: "Dora Achou" });
    const made = await finder.client.post(
      "/api/perdidos-e-achados",
      reportForm({ ...LOST, nome: "", tipo: "encontrado", data: today(), descricao: "Achei na praia." }, [
        await animalPhoto(5, { bodyX: 300 }),
      ]),
    );
    expect(made.status, made.text).toBe(201);
    const id = made.json.id as string;
    const visitor = new Client(app.baseUrl);
    const page = await visitor.get(`/perdidos-e-achados/${id}`);
    expect(page.text).toContain(`/adopet/denunciar?tipo=anuncio&amp;id=${id}`);
    expect((await finder.client.get(`/perdidos-e-achados/${id}`)).text).not.toContain("tipo=anuncio");
    expect((await visitor.get(`/denunciar?tipo=anuncio&id=${id}`)).text).toContain(
      "o anúncio “Cão encontrado em Niterói”",
    );
    const report = { alvo: { tipo: "anuncio", id }, categoria: "venda_ou_golpe", texto: "Pede taxa por WhatsApp." };
    expect((await visitor.post("/api/denuncias", report)).status).toBe(201);
    const unknown = { ...report, alvo: { tipo: "anuncio", id: crypto.randomUUID() } };
    expect((await visitor.post("/api/denuncias", unknown)).status).toBe(404);
    const operator = await createUser(app.db, { email: "op.perdidos@exemplo.com", nome: "Olga Operadora" });
    await app.db.update(users).set({ operador: true }).where(eq(users.id, operator.id));
    const olga = new Client(app.baseUrl);
    await olga.post("/api/session", { email: "op.perdidos@exemplo.com", senha: DEFAULT_PASSWORD });
    const queue = await olga.get("/moderacao");
    expect(queue.text).toContain("Anúncio “Cão encontrado em Niterói”, de Dora Achou");
    expect(queue.text).toContain("Pede taxa por WhatsApp.");
  });

  it("is limited to 10 reports an hour per person, refused ones counting, on the API and the page", async () => {
    const busy = await signedInAccount(app, { email: "muitos.anuncios@exemplo.com", nome: "Beto Apressado" });
    // Photos that are no image: refused after the limit has counted them, and nothing is written.
    const attempt = () => reportForm({ ...LOST, data: today() }, [Buffer.from("não sou foto")]);
    for (let report = 0; report < 10; report += 1) {
      expect((await busy.client.post("/api/perdidos-e-achados", attempt())).status).toBe(400);
    }
    const refused = await busy.client.post("/api/perdidos-e-achados", attempt());
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(refused.json.message).toMatch(
      /^Você publicou muitos anúncios de animais perdidos ou encontrados em pouco tempo\. Tente novamente em \d+ minutos?\.$/,
    );
    const page = await busy.client.post("/perdidos-e-achados/novo", attempt());
    expect(page.status).toBe(429);
    expect(page.text).toContain("Você publicou muitos anúncios de animais perdidos ou encontrados em pouco tempo.");
    expect(await app.db.select().from(lostFoundReports).where(eq(lostFoundReports.authorId, busy.id))).toEqual([]);
    // Another person is not held back by it.
    const other = await signedInAccount(app, { email: "outra.pessoa.anuncio@exemplo.com", nome: "Outra Pessoa" });
    expect((await other.client.post("/api/perdidos-e-achados", attempt())).status).toBe(400);
  });
});

describe("a conversation about a report", () => {
  it("opens with the first message to its author, between the two only, with its e-mail; not once closed; its poster", async () => {
    const family = await signedInAccount(app, {
      email: "bento.familia@exemplo.com",
      nome: "Clara Família",
      telefone: "(21) 98888-1234",
    });
    const finder = await signedInAccount(app, { email: "bento.viu@exemplo.com", nome: "Otto Viu" });
    const stranger = await signedInAccount(app, { email: "bento.curioso@exemplo.com", nome: "Ivo Curioso" });
    const made = await family.client.post(
      "/api/perdidos-e-achados",
      reportForm({ ...LOST, nome: "Bento", data: today(), cidade: "Petrópolis (RJ)" }, [
        await animalPhoto(31, { bodyX: 350 }),
      ]),
    );
    expect(made.status, made.text).toBe(201);
    const write = `/api/perdidos-e-achados/${made.json.id}/mensagens`;

    const first = await finder.client.post(write, { texto: "Acho que vi o Bento na praça, ontem à noite." });
    expect(first.status, first.text).toBe(201);
    const conversationId = first.json.conversa_id as string;
    // The same conversation the second time.
    const second = await finder.client.post(write, { texto: "Ele estava com uma coleira vermelha." });
    expect(second.json.conversa_id).toBe(conversationId);

    const listed = await family.client.get("/api/conversas");
    expect(listed.json.conversas).toEqual([
      expect.objectContaining({
        id: conversationId,
        papel: "responsavel",
        pet: null,
        anuncio: { id: made.json.id, nome: "Bento", imagem: expect.stringContaining("/imagens/") },
        outra_parte: { id: finder.id, nome: "Otto Viu" },
        nao_lidas: 2,
      }),
    ]);
    const reply = await family.client.post(`/api/conversas/${conversationId}/mensagens`, {
      texto: "Obrigada! Em qual praça?",
    });
    expect(reply.status).toBe(201);
    const thread = await finder.client.get(`/api/conversas/${conversationId}`);
    expect(thread.json).toMatchObject({
      papel: "adotante",
      anuncio: { id: made.json.id, nome: "Bento" },
      outra_parte: { id: family.id, nome: "Clara Família" },
      whatsapp: { compartilhando: false, outra_parte: null },
    });
    expect((thread.json.mensagens as { texto: string }[]).map((message) => message.texto)).toEqual([
      "Acho que vi o Bento na praça, ontem à noite.",
      "Ele estava com uma coleira vermelha.",
      "Obrigada! Em qual praça?",
    ]);
    // No phone until its owner shares it in the conversation.
    expect(thread.text).not.toContain("98888");
    const share = await family.client.post(
      `/mensagens/${conversationId}/ajustes`,
      new URLSearchParams({ intent: "compartilhar-whatsapp" }).toString(),
      { "Content-Type": "application/x-www-form-urlencoded" },
    );
    expect(share.status).toBe(302);
    const shared = await finder.client.get(`/api/conversas/${conversationId}`);
    expect((shared.json.whatsapp as { outra_parte: string | null }).outra_parte).toContain("5521988881234");

    // Nobody else reads it or writes in it; a report has no team to assign it to.
    expect((await stranger.client.get(`/api/conversas/${conversationId}`)).status).toBe(404);
    expect((await stranger.client.post(`/api/conversas/${conversationId}/mensagens`, { texto: "Oi" })).status).toBe(
      404,
    );
    const assign = await family.client.patch(`/api/conversas/${conversationId}`, { atribuida_a: null });
    expect(assign.status).toBe(403);
    // Nobody writes to themselves; a signed-out visitor signs in first.
    const own = await family.client.post(write, { texto: "Teste" });
    expect(own.status).toBe(403);
    expect(own.json.message).toBe("Este anúncio é seu: as mensagens sobre ele chegam em Mensagens.");
    expect((await new Client(app.baseUrl).post(write, { texto: "Oi" })).status).toBe(401);
    expect((await finder.client.post(write, { texto: " " })).status).toBe(400);
    expect(
      (await finder.client.post(`/api/perdidos-e-achados/${crypto.randomUUID()}/mensagens`, { texto: "Oi" })).status,
    ).toBe(404);

    // The author is e-mailed what they have not read, 10 minutes on (the clock the test sets).
    const mailer = createMailer({ smtpUrl: smtp.url, from: "Adopet <nao-responda@adopet.exemplo>" });
    const later = await finder.client.post(`/api/conversas/${conversationId}/mensagens`, {
      texto: "Na praça da Liberdade.",
    });
    expect(later.status).toBe(201);
    const sentAt = Date.parse(later.json.enviada_em as string);
    await sendConversationNotice(
      app.db,
      mailer,
      app.jobs,
      { conversationId, recipientId: family.id },
      PUBLIC_URL,
      new Date(sentAt + 11 * 60_000),
    );
    const [notice] = (await mailsTo(smtp, family.email)).filter((mail) => mail.subject?.includes("escreveu sobre"));
    expect(notice!.subject).toBe("Otto Viu escreveu sobre Bento na Adopet");
    expect(notice!.text).toContain(`${PUBLIC_URL}/adopet/mensagens/${conversationId}`);

    // Its poster, public: the name, the facts, and a QR code a phone reads as the report's page.
    const poster = await new Client(app.baseUrl).get(`/perdidos-e-achados/${made.json.id}/cartaz.pdf`);
    expect(poster.status).toBe(200);
    expect(poster.headers.get("content-type")).toBe("application/pdf");
    const printed = await readPoster(poster.bytes);
    expect(printed.text).toContain("PROCURA-SE");
    expect(printed.text).toContain("Bento");
    expect(printed.text).toContain("Petrópolis (RJ)");
    expect(printed.text).not.toContain("98888");
    expect(printed.qr).toBe(`${PUBLIC_URL}/adopet/perdidos-e-achados/${made.json.id}`);

    // Closed: no new conversation, no poster; the conversation open goes on.
    expect((await family.client.patch(`/api/perdidos-e-achados/${made.json.id}`, { status: "encerrado" })).status).toBe(
      200,
    );
    const closed = await stranger.client.post(write, { texto: "Vi um cão parecido" });
    expect(closed.status).toBe(404);
    expect(closed.json.message).toBe("Este anúncio foi encerrado: não recebe mais mensagens.");
    expect((await new Client(app.baseUrl).get(`/perdidos-e-achados/${made.json.id}/cartaz.pdf`)).status).toBe(404);
    expect((await finder.client.post(`/api/conversas/${conversationId}/mensagens`, { texto: "Que bom!" })).status).toBe(
      201,
    );
  });
});

describe("alerts of lost and found animals", () => {
  it("tell of each new report of their kind near a city, at once or in the day's digest; refused without a city", async () => {
    const family = await signedInAccount(app, { email: "alerta.familia@exemplo.com", nome: "Rosa Alerta" });
    const neighbour = await signedInAccount(app, { email: "alerta.vizinho@exemplo.com", nome: "Tom Vizinho" });
    const finder = await signedInAccount(app, { email: "alerta.achou@exemplo.com", nome: "Gil Achou" });
    const at = { tipo: "encontrado", especie: "gato", perto: "Volta Redonda (RJ)", raio: 30 };
    const immediate = await family.client.post("/api/alertas", { filtros: at, frequencia: "imediata" });
    expect(immediate.status, immediate.text).toBe(201);
    const daily = await neighbour.client.post("/api/alertas", { filtros: { ...at, especie: undefined } });
    expect(daily.status, daily.text).toBe(201);
    // A lost and found alert is near a city, of a species or any; nothing of the adoption feed's.
    for (const filtros of [{ tipo: "encontrado" }, { ...at, porte: "pequeno" }, { ...at, tipo: "achado" }]) {
      const refused = await family.client.post("/api/alertas", { filtros });
      expect(refused.status, JSON.stringify(filtros)).toBe(400);
    }
    const listed = await family.client.get("/api/alertas");
    expect(listed.text).toContain("Gatos encontrados · até 30 km de Volta Redonda (RJ)");

    // A cat found in the next city: the immediate alert is e-mailed; a lost one, or a dog, is not.
    const cat = { tipo: "encontrado", especie: "gato", porte: "pequeno", cores: "preto", cidade: "Barra Mansa (RJ)" };
    const found = await finder.client.post(
      "/api/perdidos-e-achados",
      reportForm({ ...cat, data: today() }, [await animalPhoto(51, { bodyX: 300 })]),
    );
    expect(found.status, found.text).toBe(201);
    const [mail] = await until("the alert's e-mail", async () => {
      const got = (await mailsTo(smtp, family.email)).filter((item) => item.subject?.includes("perdidos e achados"));
      return got.length ? got : null;
    });
    expect(mail!.subject).toBe("Gato encontrado em Barra Mansa: novo anúncio de perdidos e achados na Adopet");
    expect(mail!.text).toContain(`${PUBLIC_URL}/adopet/perdidos-e-achados/${found.json.id}`);
    expect(mail!.text).toContain("/adopet/alertas/cancelar?token=");

    // The daily one, in the day's digest.
    await queueDigest(app.db, app.jobs, new Date());
    const [digest] = await until("the digest's e-mail", async () => {
      const got = (await mailsTo(smtp, neighbour.email)).filter((item) => item.subject?.includes("perdidos e achados"));
      return got.length ? got : null;
    });
    expect(digest!.text).toContain("Gato encontrado em Barra Mansa");
    // The finder is not told of their own report.
    expect((await mailsTo(smtp, finder.email)).filter((item) => item.subject?.includes("novo anúncio"))).toEqual([]);
  });
});

describe("a report near its 90 days", () => {
  it("asks its author by e-mail, a week before, once per 90 days", async () => {
    const lia = await signedInAccount(app, { email: "lia.renova@exemplo.com", nome: "Lia Renova" });
    const made = await lia.client.post(
      "/api/perdidos-e-achados",
      reportForm({ ...LOST, nome: "Pipoca", data: today(), cidade: "Maricá (RJ)" }, [
        await animalPhoto(41, { bodyX: 320 }),
      ]),
    );
    expect(made.status).toBe(201);
    const id = made.json.id as string;
    const ends = Date.parse((await lia.client.get(`/api/perdidos-e-achados/${id}`)).json.expira_em as string);
    const asked = async () =>
      (await mailsTo(smtp, lia.email)).filter((mail) => mail.subject === "O anúncio de Pipoca sai da lista em breve");
    // Eight days before its end: not yet; a week before: asked, once however many sweeps run.
    await sweepReportRenewals(app.db, app.jobs, new Date(ends - 8 * 86_400_000));
    // The sweep queues its e-mails before it returns: once they have all run, nothing was sent.
    await drained(app.db, LOST_FOUND_RENEWAL_JOB);
    expect(await asked()).toHaveLength(0);
    await sweepReportRenewals(app.db, app.jobs, new Date(ends - 6 * 86_400_000));
    await sweepReportRenewals(app.db, app.jobs, new Date(ends - 5 * 86_400_000));
    const [mail] = await until("the renewal e-mail", async () => ((await asked()).length ? asked() : null));
    expect(mail!.text).toContain("Procura-se: Pipoca");
    expect(mail!.text).toContain(`${PUBLIC_URL}/adopet/perdidos-e-achados/${id}`);
    await drained(app.db, LOST_FOUND_RENEWAL_JOB);
    expect(await asked()).toHaveLength(1);
    // Renewed: asked again a week before the new end; closed: never.
    const renewed = await lia.client.patch(`/api/perdidos-e-achados/${id}`, { status: "aberto" });
    const newEnd = Date.parse(renewed.json.expira_em as string);
    await sweepReportRenewals(app.db, app.jobs, new Date(newEnd - 3 * 86_400_000));
    await until("the second renewal e-mail", async () => ((await asked()).length === 2 ? true : null));
    await lia.client.patch(`/api/perdidos-e-achados/${id}`, { status: "encerrado" });
    await sweepReportRenewals(app.db, app.jobs, new Date(newEnd + 12 * 3_600_000));
    await drained(app.db, LOST_FOUND_RENEWAL_JOB);
    expect(await asked()).toHaveLength(2);
  });
});

describe("a report past its 90 days", () => {
  it("leaves the list until its author renews it", async () => {
    const caio = await signedInAccount(app, { email: "caio.perdidos@exemplo.com", nome: "Caio Renova" });
    const made = await caio.client.post(
      "/api/perdidos-e-achados",
      reportForm({ ...LOST, nome: "Velho", data: today(), cidade: "Cabo Frio (RJ)" }, [
        await animalPhoto(21, { bodyX: 300 }),
      ]),
    );
    expect(made.status).toBe(201);
    const listed = async () =>
      (
        (await new Client(app.baseUrl).get("/api/perdidos-e-achados?perto=Cabo%20Frio%20(RJ)")).json.anuncios as {
          id: string;
        }[]
      ).map((report) => report.id);
    expect(await listed()).toEqual([made.json.id]);
    await app.db
      .update(lostFoundReports)
      .set({ expiraEm: new Date(Date.now() - 60_000) })
      .where(eq(lostFoundReports.id, made.json.id as string));
    expect(await listed()).toEqual([]);
    const renewed = await caio.client.patch(`/api/perdidos-e-achados/${made.json.id}`, { status: "aberto" });
    expect(renewed.status).toBe(200);
    expect(Date.parse(renewed.json.expira_em as string)).toBeGreaterThan(Date.now() + 89 * 86_400_000);
    expect(await listed()).toEqual([made.json.id]);
  });
});

describe("the pages", () => {
  it("list, show and take a report; its author alone closes it", async () => {
    const bia = await signedInAccount(app, { email: "bia.perdidos@exemplo.com", nome: "Bia Dona" });
    const visitor = new Client(app.baseUrl);
    const newPage = await visitor.get("/perdidos-e-achados/novo");
    expect([newPage.status, newPage.headers.get("location")]).toEqual([
      302,
      `/adopet/login?voltar=${encodeURIComponent("/perdidos-e-achados/novo")}`,
    ]);
    const form = reportForm({ ...LOST, nome: "Biscoito", data: today(), cidade: "Maricá (RJ)", especie: "gato" }, [
      await animalPhoto(11, { bodyX: 500 }),
    ]);
    const refused = await bia.client.post("/perdidos-e-achados/novo", reportForm({ ...LOST, data: "ontem" }, []));
    expect(refused.status).toBe(400);
    expect(refused.text).toContain("Envie ao menos uma foto do animal.");
    const made = await bia.client.post("/perdidos-e-achados/novo", form);
    expect(made.status).toBe(302);
    const location = made.headers.get("location")!;
    expect(location).toMatch(/^\/adopet\/perdidos-e-achados\/[0-9a-f-]{36}$/);
    const path = location.replace("/adopet", "");

    const shown = await visitor.get(path);
    expect(shown.status).toBe(200);
    expect(shown.text).toContain("Procura-se: Biscoito");
    expect(shown.text).toContain("Icaraí, Maricá (RJ)");
    expect(shown.text).toContain("Possíveis correspondências");
    expect(shown.text).not.toContain("Seu anúncio");
    // Its link preview: the title, and the photo by the configured address.
    expect(shown.text).toContain('<meta property="og:title" content="Procura-se: Biscoito"/>');
    expect(shown.text).toMatch(new RegExp(`<meta property="og:image" content="${PUBLIC_URL}/adopet/imagens/[^"]+"/>`));
    expect((await bia.client.get(path)).text).toContain("Seu anúncio");
    const listed = await visitor.get("/perdidos-e-achados?perto=Maric%C3%A1%20(RJ)&especie=gato");
    expect(listed.text).toContain("Procura-se: Biscoito");
    expect((await visitor.get("/perdidos-e-achados?perto=Lugar%20Nenhum")).text).toContain("Cidade não encontrada");
    expect((await visitor.get("/perdidos-e-achados/nao-e-id")).status).toBe(404);
    expect((await visitor.get(`/perdidos-e-achados/${crypto.randomUUID()}`)).status).toBe(404);

    // Someone else cannot close it; its author can, with the happy ending.
    const other = await signedInAccount(app, { email: "outra.perdidos@exemplo.com", nome: "Outra Pessoa" });
    const FORM = { "Content-Type": "application/x-www-form-urlencoded" };
    expect((await other.client.post(path, "status=encerrado", FORM)).status).toBe(403);
    const closed = await bia.client.post(
      path,
      new URLSearchParams({ status: "reencontrado", final_feliz: "Voltou sozinho para casa!" }).toString(),
      FORM,
    );
    expect(closed.status).toBe(302);
    expect((await visitor.get(path)).text).toContain("Reencontrado! Voltou sozinho para casa!");
    expect((await visitor.get("/perdidos-e-achados?especie=gato&perto=Maric%C3%A1%20(RJ)")).text).not.toContain(
      "Procura-se: Biscoito",
    );
  });
});
