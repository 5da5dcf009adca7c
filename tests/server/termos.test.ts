import { createHash } from "node:crypto";
import { simpleParser, type ParsedMail } from "mailparser";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPet, DEFAULT_PASSWORD } from "../support/factories";
import { adoptions, termos, termoSignatures } from "~/db/schema";
import { forgetExpiredTermos } from "~/domain/termos/termo-retention.server";
import { dayInBrasilia, formatDay } from "~/lib/dates";
import { DEFAULT_TERMO, TERMO_MESSAGES } from "~/lib/termos";
import { Client, signedInAccount, startAppWithMail, type TestApp } from "../support/app";
import { ANSWERS } from "../support/adoptions";
import type { SmtpPeer } from "../support/smtp-peer";
import { until } from "../support/poll";

/**
 * The termo de adoção (issue 21) through real HTTP: the template, issuing, both signatures
 * with their evidence, the data sealed at rest, the PDF, verification (and tampering), the
 * adoption that follows, who may see what, and how long a termo is kept.
 */
const PUBLIC_URL = "https://adote.exemplo.org";
const DAY = 24 * 60 * 60_000;
const FORM = { "Content-Type": "application/x-www-form-urlencoded" };
// A valid CPF (check digits) and CEP.
const CPF = "529.982.247-25";
const ADOPTER_SIGNATURE = {
  nome_completo: "Ana Maria Souza",
  cpf: CPF,
  endereco: "Rua das Laranjeiras, 120, apto 301, Laranjeiras, Rio de Janeiro (RJ)",
  cep: "22240-003",
  concordo: true,
};
const sha256 = (text: string | Buffer) => createHash("sha256").update(text).digest("hex");

let app: TestApp;
let smtp: SmtpPeer;
type Person = { client: Client; id: string; email: string };
let ong: Person;
let ana: Person;
let eve: Person;

const person = (email: string, nome: string): Promise<Person> =>
  signedInAccount(app, { email, nome, telefone: "(21) 98765-4321" });

async function mailTo(to: string): Promise<ParsedMail[]> {
  const sent = smtp.received.filter((message) => message.to.includes(to));
  return Promise.all(sent.map((message) => simpleParser(message.data)));
}

/** A pet of the ONG that Ana applied for, approved unless told otherwise. */
async function application(
  nome: string,
  pet: Omit<Parameters<typeof createPet>[1], "caretakerId"> = {},
  { approve = true, adopter = () => ana, caretaker = () => ong } = {},
) {
  const petId = await createPet(app.db, { caretakerId: caretaker().id, nome, ...pet });
  const applied = await adopter().client.post(`/api/pets/${petId}/candidaturas`, { respostas: ANSWERS });
  expect(applied.status).toBe(201);
  const id = applied.json.id as string;
  if (approve) {
    expect((await caretaker().client.patch(`/api/candidaturas/${id}`, { status: "aprovada" })).status).toBe(200);
  }
  return { id, petId };
}

const inMonths = (months: number) => dayInBrasilia(new Date(Date.now() + months * 30 * DAY));

beforeAll(async () => {
  ({ app, smtp } = await startAppWithMail({ PUBLIC_URL }));
  ong = await person("ong.termos@exemplo.com", "ONG Patas");
  ana = await person("ana.termos@exemplo.com", "Ana");
  eve = await person("eve.termos@exemplo.com", "Eva");
});

afterAll(() => app?.close());

describe("the template", () => {
  it("starts from the default, refuses unknown placeholders, previews with sample data, and never changes a termo issued", async () => {
    const abrigo = await person("abrigo.termos@exemplo.com", "Abrigo Modelo");
    const page = await abrigo.client.get("/meus-pets/termo");
    expect(page.status).toBe(200);
    expect(page.text).toContain("TERMO DE ADOÇÃO E RESPONSABILIDADE");
    expect(page.text).toContain("Lei nº 9.605/1998");
    expect(page.text).toContain("Lei nº 14.064/2020");
    // The preview fills the placeholders with sample data.
    expect(page.text).toContain("Maria da Silva");
    expect((await new Client(app.baseUrl).get("/meus-pets/termo")).status).toBe(302);

    const refused = await abrigo.client.post(
      "/meus-pets/termo?acao=salvar",
      new URLSearchParams({ texto: "Eu, {adotante.nomee}, adoto {animal.nome}." }).toString(),
      FORM,
    );
    expect(refused.status).toBe(400);
    expect(refused.text).toContain("Estes campos não existem: {adotante.nomee}.");

    const preview = await abrigo.client.post(
      "/meus-pets/termo?acao=previa",
      new URLSearchParams({ texto: "Eu, {adotante.nome}, adoto {animal.nome}." }).toString(),
      FORM,
    );
    expect(preview.status).toBe(200);
    expect(preview.text).toContain("Eu, Maria da Silva, adoto Pipoca.");

    // A termo issued from the default keeps its text after the template changes.
    const mine = { caretaker: () => abrigo };
    const before = await application("Antes", { castrado: "sim" }, mine);
    expect((await abrigo.client.post(`/api/candidaturas/${before.id}/termo`)).status).toBe(201);
    const saved = await abrigo.client.post(
      "/meus-pets/termo?acao=salvar",
      new URLSearchParams({
        texto: "TERMO DA ONG\r\n\r\nEu, {adotante.nome}, adoto {animal.nome} ({animal.castracao}).   \n\n{data}.",
      }).toString(),
      FORM,
    );
    expect(saved.status).toBe(302);
    expect((await abrigo.client.get("/meus-pets/termo")).text).toContain("TERMO DA ONG");
    const after = await application("Depois", { castrado: "sim" }, mine);
    const issued = await abrigo.client.post(`/api/candidaturas/${after.id}/termo`);
    expect(issued.json.texto).toBe(
      "TERMO DA ONG\n\nEu, [seu nome completo], adoto Depois (já está castrado).\n\n[data da sua assinatura].",
    );
    const kept = await abrigo.client.get(`/api/candidaturas/${before.id}/termo`);
    expect(kept.json.texto).toContain("TERMO DE ADOÇÃO E RESPONSABILIDADE");
    // Another caretaker still starts from the default.
    expect((await ong.client.get("/meus-pets/termo")).text).toContain("TERMO DE ADOÇÃO E RESPONSABILIDADE");
  });

  it("is read and saved through the API with the page's rules, with its check-in days", async () => {
    const abrigo = await person("abrigo.api@exemplo.com", "Abrigo API");
    const fresh = await abrigo.client.get("/api/modelo-do-termo");
    expect([fresh.status, fresh.json.texto, fresh.json.padrao]).toEqual([200, DEFAULT_TERMO, true]);
    expect((await new Client(app.baseUrl).get("/api/modelo-do-termo")).status).toBe(401);

    const refused = await abrigo.client.request("PUT", "/api/modelo-do-termo", { texto: "Eu, {adotante.nomee}." });
    expect([refused.status, refused.json.errors]).toEqual([
      400,
      { texto: ["Estes campos não existem: {adotante.nomee}. Use só os da lista."] },
    ]);
    const saved = await abrigo.client.request("PUT", "/api/modelo-do-termo", {
      texto: "TERMO API\n\nEu, {adotante.nome}.",
    });
    expect([saved.status, saved.json.texto, saved.json.padrao]).toEqual([
      200,
      "TERMO API\n\nEu, {adotante.nome}.",
      false,
    ]);
    expect((await abrigo.client.get("/meus-pets/termo")).text).toContain("TERMO API");

    const days = await abrigo.client.request("PUT", "/api/acompanhamento/dias", { dias: [90, 30, 30] });
    expect([days.status, days.json.dias]).toEqual([200, [30, 90]]);
    expect((await abrigo.client.request("PUT", "/api/acompanhamento/dias", { dias: [0] })).status).toBe(400);
    expect((await abrigo.client.request("PUT", "/api/acompanhamento/dias", { dias: "30" })).status).toBe(400);
    expect((await abrigo.client.get("/api/modelo-do-termo")).json.dias).toEqual([30, 90]);
    // Nobody else's changes.
    expect((await ong.client.get("/api/modelo-do-termo")).json.padrao).toBe(true);
  });
});

describe("issuing", () => {
  it("is the caretaker's, on an approved application, once, with the castration deadline when needed", async () => {
    const pending = await application("Nova", { castrado: "sim" }, { approve: false });
    const notApproved = await ong.client.post(`/api/candidaturas/${pending.id}/termo`);
    expect([notApproved.status, notApproved.json.message]).toEqual([
      409,
      "O termo de adoção só pode ser emitido para uma candidatura aprovada.",
    ]);

    const { id } = await application("Pudim", { castrado: "nao", sexo: "macho", microchip: "985112000123456" });
    expect((await ana.client.post(`/api/candidaturas/${id}/termo`, {})).status).toBe(403);
    const stranger = await eve.client.post(`/api/candidaturas/${id}/termo`, {});
    expect([stranger.status, stranger.json.message]).toEqual([404, "Candidatura não encontrada."]);
    const none = await ana.client.get(`/api/candidaturas/${id}/termo`);
    expect([none.status, none.json.message]).toEqual([404, "Termo de adoção não encontrado."]);

    const noDeadline = await ong.client.post(`/api/candidaturas/${id}/termo`, {});
    expect([noDeadline.status, noDeadline.json.errors]).toEqual([
      400,
      { prazo_castracao: [TERMO_MESSAGES.prazoRange] },
    ]);
    const past = await ong.client.post(`/api/candidaturas/${id}/termo`, { prazo_castracao: "2020-01-01" });
    expect(past.status).toBe(400);
    const tooFar = await ong.client.post(`/api/candidaturas/${id}/termo`, { prazo_castracao: inMonths(30) });
    expect(tooFar.status).toBe(400);
    // A day no calendar has (which the date parser would roll over to March).
    const impossible = await ong.client.post(`/api/candidaturas/${id}/termo`, {
      prazo_castracao: `${new Date().getFullYear() + 1}-02-30`,
    });
    expect([impossible.status, impossible.json.errors]).toEqual([
      400,
      { prazo_castracao: [TERMO_MESSAGES.prazoRange] },
    ]);
    const malformed = await ong.client.post(`/api/candidaturas/${id}/termo`, { prazo_castracao: "15/03/2027" });
    expect(malformed.json.errors).toEqual({ prazo_castracao: [TERMO_MESSAGES.prazo] });
    const extra = await ong.client.post(`/api/candidaturas/${id}/termo`, { prazo_castracao: inMonths(3), x: 1 });
    expect(extra.json.errors).toEqual({ x: ["Campo desconhecido."] });

    const prazo = inMonths(3);
    const issued = await ong.client.post(`/api/candidaturas/${id}/termo`, { prazo_castracao: prazo });
    expect(issued.status).toBe(201);
    expect(issued.json).toMatchObject({
      status: "emitido",
      animal: "Pudim",
      responsavel: "ONG Patas",
      pode_assinar: false,
    });
    expect(issued.json.prazo_castracao).toBe(prazo);
    const texto = issued.json.texto as string;
    expect(texto).toContain("o animal Pudim (cão, macho, microchip: 985112000123456)");
    expect(texto).toContain(`castrá-lo até ${formatDay(prazo)}`);
    expect(texto).toContain("CPF [seu CPF]");
    expect(issued.json.texto_sha256).toBe(sha256(texto));

    const again = await ong.client.post(`/api/candidaturas/${id}/termo`, { prazo_castracao: prazo });
    expect([again.status, again.json.message]).toEqual([409, "Esta candidatura já tem um termo de adoção."]);
    expect((await ana.client.get(`/api/candidaturas/${id}/termo`)).json.pode_assinar).toBe(true);

    const mail = await until("the e-mail of Pudim's termo", async () =>
      (await mailTo(ana.email)).find((message) => message.subject?.startsWith("O termo de adoção de Pudim")),
    );
    expect(mail!.subject).toBe("O termo de adoção de Pudim está pronto para você assinar");
    expect(mail!.text).toContain(`${PUBLIC_URL}/adopet/candidaturas/${id}/termo`);
  });
});

describe("signing, the PDF and verification", () => {
  // Each test brings a new application for Farofa to the stage it starts from (issue 41): any
  // one of them runs alone, in any order.

  /** Farofa's application, approved, its termo issued. */
  async function issued() {
    const farofa = await application("Farofa", { castrado: "sim", sexo: "femea", especie: "gato" });
    expect((await ong.client.post(`/api/candidaturas/${farofa.id}/termo`)).status).toBe(201);
    return farofa;
  }

  /** ... and signed by Ana, the adopter. */
  async function signedByAdopter() {
    const farofa = await issued();
    const signed = await ana.client.post(`/api/candidaturas/${farofa.id}/termo/assinaturas`, ADOPTER_SIGNATURE);
    expect(signed.status).toBe(201);
    return farofa;
  }

  /** ... and countersigned by the ONG: the adoption done, with its code and PDF. */
  async function signedByBoth() {
    const farofa = await signedByAdopter();
    const done = await ong.client.post(`/api/candidaturas/${farofa.id}/termo/assinaturas`, {
      nome_completo: "Maria Patas Silva",
      concordo: true,
    });
    expect(done.status).toBe(201);
    const download = await ana.client.get(`/api/candidaturas/${farofa.id}/termo.pdf`);
    expect(download.status).toBe(200);
    return { ...farofa, codigo: done.json.codigo as string, pdf: download.bytes };
  }

  it("takes the adopter's signature first, refusing bad data in Portuguese, and seals the CPF and address", async () => {
    const { id } = await issued();
    const sign = (client: Client, body: unknown) =>
      client.request("POST", `/api/candidaturas/${id}/termo/assinaturas`, body, {
        "User-Agent": "Teste/1.0 (Android)",
      });
    const outOfTurn = await sign(ong.client, { nome_completo: "Maria Patas", concordo: true });
    expect([outOfTurn.status, outOfTurn.json.message]).toEqual([
      409,
      "O termo de adoção não está aguardando a sua assinatura.",
    ]);

    const bad = await sign(ana.client, {
      nome_completo: "Ana",
      cpf: "111.111.111-11",
      endereco: "Rua",
      cep: "123",
      concordo: false,
    });
    expect(bad.status).toBe(400);
    expect(bad.json.errors).toEqual({
      nome_completo: [TERMO_MESSAGES.nomeCompleto],
      cpf: [TERMO_MESSAGES.cpf],
      endereco: [TERMO_MESSAGES.endereco],
      cep: [TERMO_MESSAGES.cep],
      concordo: [TERMO_MESSAGES.concordo],
    });
    const script = await sign(ana.client, { ...ADOPTER_SIGNATURE, nome_completo: "Ana\u202eSouza" });
    expect(script.status).toBe(400);
    const changed = await sign(ana.client, { ...ADOPTER_SIGNATURE, texto_sha256: "0".repeat(64) });
    expect([changed.status, changed.json.message]).toEqual([
      409,
      "O texto do termo mudou desde que você o abriu. Leia de novo antes de assinar.",
    ]);
    expect((await sign(eve.client, ADOPTER_SIGNATURE)).status).toBe(404);

    const seen = await ana.client.get(`/api/candidaturas/${id}/termo`);
    const signed = await sign(ana.client, { ...ADOPTER_SIGNATURE, texto_sha256: seen.json.texto_sha256 });
    expect(signed.status).toBe(201);
    expect(signed.json.status).toBe("assinado_adotante");
    const texto = signed.json.texto as string;
    expect(texto).toContain(`Ana Maria Souza, CPF ${CPF}, residente em ${ADOPTER_SIGNATURE.endereco}, CEP 22240-003`);
    expect(texto).toContain("o animal Farofa (gato, fêmea, microchip: sem microchip)");
    expect(texto).toMatch(/\d{1,2} de [a-zç]+ de \d{4}\.$/);
    expect(signed.json.adotante).toEqual({
      nome_completo: "Ana Maria Souza",
      cpf: CPF,
      endereco: ADOPTER_SIGNATURE.endereco,
      cep: "22240-003",
    });
    expect(signed.json.assinaturas).toEqual([
      {
        parte: "adotante",
        nome_completo: "Ana Maria Souza",
        assinado_em: expect.any(String),
        ip: expect.stringMatching(/127\.0\.0\.1/),
        navegador: "Teste/1.0 (Android)",
        texto_sha256: sha256(texto),
      },
    ]);
    expect((await sign(ana.client, ADOPTER_SIGNATURE)).status).toBe(409);
    // The other party sees the address and browser masked; the PDF keeps them whole.
    const caretakerView = await ong.client.get(`/api/candidaturas/${id}/termo`);
    expect(caretakerView.json.assinaturas).toEqual([
      expect.objectContaining({
        parte: "adotante",
        ip: expect.stringMatching(/^127\.0\.0\.x$/),
        navegador: "Outro navegador em Android",
      }),
    ]);
    expect(caretakerView.text).not.toContain("Teste/1.0");

    // At rest: neither the CPF nor the address in the clear, anywhere in the termo's row.
    const [row] = await app.db.select().from(termos).where(eq(termos.applicationId, id));
    const stored = JSON.stringify(row, (_key, value: unknown) =>
      value && typeof value === "object" && "type" in value && (value as { type: string }).type === "Buffer"
        ? Buffer.from((value as unknown as { data: number[] }).data).toString("latin1")
        : value,
    );
    for (const secret of ["52998224725", CPF, "Laranjeiras", "22240003"]) expect(stored).not.toContain(secret);
    expect(row!.dadosAdotante).toBeInstanceOf(Buffer);

    const mail = await until("the e-mail of Farofa's signature", async () =>
      (await mailTo(ong.email)).find((message) => message.subject?.startsWith("O termo de adoção de Farofa")),
    );
    expect(mail!.subject).toBe("O termo de adoção de Farofa foi assinado: falta a sua assinatura");
    expect(mail!.text).not.toContain(CPF.slice(0, 7));
  });

  it("completes the adoption with the caretaker's signature: the PDF, the code, the animal adopted", async () => {
    const { id, petId } = await signedByAdopter();
    const sign = (body: unknown) => ong.client.post(`/api/candidaturas/${id}/termo/assinaturas`, body);
    const withCpf = await sign({ nome_completo: "Maria Patas", concordo: true, cpf: CPF });
    expect(withCpf.json.errors).toEqual({ cpf: ["Campo desconhecido."] });
    const unticked = await sign({ nome_completo: "Maria Patas" });
    expect(unticked.json.errors).toEqual({ concordo: [TERMO_MESSAGES.concordo] });
    // Sent twice (a double click): one signs, the other is told it is done. The two at the same
    // moment are tests/integration/overlaps.test.ts's, on PostgreSQL.
    const first = await sign({ nome_completo: "Maria Patas Silva", concordo: true });
    const second = await sign({ nome_completo: "Maria Patas Silva", concordo: true });
    expect([first.status, second.status]).toEqual([201, 409]);
    const done = first.json;
    expect(done.status).toBe("assinado");
    expect(done.codigo).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/);
    expect(done.pdf).toBe(`/adopet/api/candidaturas/${id}/termo.pdf`);
    const hashes = (done.assinaturas as { texto_sha256: string }[]).map((signature) => signature.texto_sha256);
    expect(hashes).toEqual([done.texto_sha256, done.texto_sha256]);
    expect(
      await app.db
        .select()
        .from(termoSignatures)
        .where(eq(termoSignatures.termoId, done.id as string)),
    ).toHaveLength(2);

    const applicationNow = await ana.client.get(`/api/candidaturas/${id}`);
    expect(applicationNow.json.status).toBe("adotada");
    expect((await ana.client.get(`/api/pets/${petId}`)).json.status).toBe("adotado");
    const [adoption] = await app.db.select().from(adoptions).where(eq(adoptions.applicationId, id));
    expect(adoption).toMatchObject({ petId, adopterId: ana.id, caretakerId: ong.id });
    const adopted = await until("the e-mail of the adoption", async () =>
      (await mailTo(ana.email)).find((message) => message.subject === "Sua candidatura para adotar Farofa: Adotada"),
    );
    expect(adopted!.text).toMatch(/assinaram o termo de\s+adoção/);

    const download = await ana.client.get(`/api/candidaturas/${id}/termo.pdf`);
    expect(download.status).toBe(200);
    expect(download.headers.get("Content-Type")).toBe("application/pdf");
    expect(download.headers.get("Content-Disposition")).toBe('attachment; filename="termo-de-adocao-farofa.pdf"');
    expect(download.headers.get("Cache-Control")).toBe("private, no-store");
    const pdf = download.bytes;
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    // The app's font, embedded (accents print as typed).
    expect(pdf.includes("Poppins")).toBe(true);
    expect((await ong.client.get(`/api/candidaturas/${id}/termo.pdf`)).bytes.equals(pdf)).toBe(true);
    expect((await eve.client.get(`/api/candidaturas/${id}/termo.pdf`)).status).toBe(404);
    expect((await new Client(app.baseUrl).get(`/api/candidaturas/${id}/termo.pdf`)).status).toBe(401);
    // Stored sealed: the database holds no readable PDF.
    const [row] = await app.db.select({ pdf: termos.pdf }).from(termos).where(eq(termos.applicationId, id));
    expect(row!.pdf!.includes("%PDF")).toBe(false);
    // The other parties' pages and the termo, to nobody else.
    expect((await eve.client.get(`/api/candidaturas/${id}/termo`)).status).toBe(404);
    expect((await eve.client.get(`/candidaturas/${id}/termo`)).status).toBe(404);
    expect((await ana.client.get(`/candidaturas/${id}/termo`)).text).toContain("Baixar o termo assinado (PDF)");
  });

  it("verifies by code (as typed) and by the PDF itself; a PDF changed by one byte does not match", async () => {
    const { codigo, pdf } = await signedByBoth();
    const visitor = new Client(app.baseUrl);
    const byCode = await visitor.post("/api/termos/verificar", { codigo: codigo.toLowerCase().replaceAll("-", " ") });
    expect(byCode.status).toBe(200);
    expect(byCode.json).toEqual({
      valido: true,
      codigo,
      animal: "Farofa",
      assinaturas: [
        { parte: "adotante", nome: "Ana Maria Souza", assinado_em: expect.any(String) },
        { parte: "responsavel", nome: "Maria Patas Silva", assinado_em: expect.any(String) },
      ],
      assinado_em: expect.any(String),
    });
    // Names and dates only.
    expect(byCode.text).not.toContain(CPF.replace(/\D/g, "").slice(0, 9));
    expect(byCode.text).not.toContain(CPF.slice(0, 7));
    expect(byCode.text).not.toContain("127.0.0.1");
    expect((await visitor.post("/api/termos/verificar", { codigo: "0000-0000-0000-0000" })).json).toEqual({
      valido: false,
    });
    const malformed = await visitor.post("/api/termos/verificar", { codigo: "abc" });
    expect([malformed.status, malformed.json.errors]).toEqual([400, { codigo: [TERMO_MESSAGES.codigo] }]);

    const upload = (bytes: Buffer, type = "application/pdf") => {
      const form = new FormData();
      form.set("arquivo", new File([new Uint8Array(bytes)], "termo.pdf", { type }));
      return visitor.post("/api/termos/verificar", form);
    };
    expect((await upload(pdf)).json).toMatchObject({ valido: true, codigo, animal: "Farofa" });
    for (const at of [0x200, Math.floor(pdf.length / 2), pdf.length - 2]) {
      const tampered = Buffer.from(pdf);
      tampered[at] = tampered[at]! ^ 0x01;
      expect((await upload(tampered)).json).toEqual({ valido: false });
    }
    const appended = Buffer.concat([pdf, Buffer.from("\n")]);
    expect((await upload(appended)).json).toEqual({ valido: false });
    // A file that says it is a PDF and is not.
    const liar = await upload(Buffer.from("<html>não sou um PDF</html>"));
    expect([liar.status, liar.json.errors]).toEqual([400, { arquivo: ["O arquivo enviado não é um PDF."] }]);
    const text = await visitor.post("/api/termos/verificar", "codigo", { "Content-Type": "text/plain" });
    expect(text.status).toBe(415);

    // The page does the same, without JavaScript.
    const page = await visitor.post("/termos/verificar", new URLSearchParams({ codigo }).toString(), FORM);
    expect(page.status).toBe(200);
    expect(page.text).toContain("Termo válido");
    expect(page.text).toContain("Maria Patas Silva");
    const wrong = await visitor.post("/termos/verificar", new URLSearchParams({ codigo: "ZZZZ" }).toString(), FORM);
    expect(wrong.status).toBe(400);
    expect(wrong.text).toContain(TERMO_MESSAGES.codigo);
  });

  it("keeps a signed termo after the adopter deletes their account, and forgets it ten years on", async () => {
    // Another termo signed by both, signed earlier: forgotten too.
    const { codigo } = await signedByBoth();
    const leaving = await person("sai.termos@exemplo.com", "Saulo");
    const { id: leavingApplication } = await application("Tico", { castrado: "sim" }, { adopter: () => leaving });
    expect((await ong.client.post(`/api/candidaturas/${leavingApplication}/termo`)).status).toBe(201);
    const signed = await leaving.client.post(`/api/candidaturas/${leavingApplication}/termo/assinaturas`, {
      ...ADOPTER_SIGNATURE,
      nome_completo: "Saulo Pereira",
    });
    expect(signed.status).toBe(201);
    const done = await ong.client.post(`/api/candidaturas/${leavingApplication}/termo/assinaturas`, {
      nome_completo: "Maria Patas Silva",
      concordo: true,
    });
    const kept = done.json.codigo as string;
    const termoId = done.json.id as string;
    const byApplication = await ong.client.get(`/api/candidaturas/${leavingApplication}/termo.pdf`);
    const deleted = await leaving.client.request("DELETE", `/api/users/${leaving.id}`, { senha: DEFAULT_PASSWORD });
    expect(deleted.status).toBe(204);
    const visitor = new Client(app.baseUrl);
    // The application went with the account; the caretaker still has the signed termo, by its own address.
    expect((await ong.client.get(`/candidaturas/${leavingApplication}/termo`)).status).toBe(404);
    const list = await ong.client.get("/meus-pets/termo");
    expect(list.text).toContain(`/adopet/termos/${termoId}/termo.pdf`);
    expect(list.text).toContain("Termo de adoção de Tico (PDF)");
    const pdf = await ong.client.get(`/termos/${termoId}/termo.pdf`);
    expect([pdf.status, pdf.headers.get("Content-Type"), pdf.headers.get("Cache-Control")]).toEqual([
      200,
      "application/pdf",
      "private, no-store",
    ]);
    expect(pdf.bytes.equals(byApplication.bytes)).toBe(true);
    // Nobody else; nobody signed out.
    expect((await eve.client.get(`/termos/${termoId}/termo.pdf`)).status).toBe(404);
    expect((await visitor.get(`/termos/${termoId}/termo.pdf`)).status).toBe(302);
    expect((await ong.client.get("/termos/nao-e-um-id/termo.pdf")).status).toBe(404);
    expect((await visitor.post("/api/termos/verificar", { codigo: kept })).json).toMatchObject({
      valido: true,
      assinaturas: [{ nome: "Saulo Pereira" }, { nome: "Maria Patas Silva" }],
    });

    // The clock the test controls: a day short of ten years, kept; ten years and a day, forgotten.
    const signedAt = new Date(done.json.assinado_em as string);
    const years = (count: number, days: number) => {
      const at = new Date(signedAt);
      at.setUTCFullYear(at.getUTCFullYear() + count);
      return new Date(at.getTime() + days * DAY);
    };
    await forgetExpiredTermos(app.db, years(10, -1));
    expect((await visitor.post("/api/termos/verificar", { codigo: kept })).json.valido).toBe(true);
    expect(await forgetExpiredTermos(app.db, years(10, 1))).toBeGreaterThanOrEqual(1);
    expect((await visitor.post("/api/termos/verificar", { codigo: kept })).json).toEqual({ valido: false });
    expect((await visitor.post("/api/termos/verificar", { codigo })).json).toEqual({ valido: false });
  });
});

describe("an adoption that falls through", () => {
  it("cancels the termo not yet signed by both, and the caretaker may issue a new one if approved again", async () => {
    const { id, petId } = await application("Bisteca", { castrado: "sim" });
    expect((await ong.client.post(`/api/candidaturas/${id}/termo`)).status).toBe(201);
    expect((await ana.client.post(`/api/candidaturas/${id}/termo/assinaturas`, ADOPTER_SIGNATURE)).status).toBe(201);
    const declined = await ong.client.patch(`/api/candidaturas/${id}`, {
      status: "recusada",
      motivo: "Desistimos da entrega.",
    });
    expect(declined.status).toBe(200);
    const termo = await ana.client.get(`/api/candidaturas/${id}/termo`);
    expect([termo.json.status, termo.json.pode_assinar]).toEqual(["cancelado", false]);
    expect(
      (
        await ong.client.post(`/api/candidaturas/${id}/termo/assinaturas`, {
          nome_completo: "Maria Patas",
          concordo: true,
        })
      ).status,
    ).toBe(409);
    expect((await ana.client.get(`/api/pets/${petId}`)).json.status).toBe("disponivel");
    // Cancelled termos are forgotten with the closed applications' answers (180 days).
    await forgetExpiredTermos(app.db, new Date(Date.now() + 179 * DAY));
    expect((await ana.client.get(`/api/candidaturas/${id}/termo`)).json.status).toBe("cancelado");
    await forgetExpiredTermos(app.db, new Date(Date.now() + 181 * DAY));
    expect((await ana.client.get(`/api/candidaturas/${id}/termo`)).status).toBe(404);
  });

  it("declines the waiting list, with a message, once the animal is adopted", async () => {
    const bruno = await person("bruno.termos@exemplo.com", "Bruno");
    const petId = await createPet(app.db, { caretakerId: ong.id, nome: "Quindim", castrado: "sim" });
    const first = await ana.client.post(`/api/pets/${petId}/candidaturas`, { respostas: ANSWERS });
    const second = await bruno.client.post(`/api/pets/${petId}/candidaturas`, { respostas: ANSWERS });
    const id = first.json.id as string;
    expect((await ong.client.patch(`/api/candidaturas/${id}`, { status: "aprovada" })).status).toBe(200);
    expect((await bruno.client.get(`/api/candidaturas/${second.json.id as string}`)).json.status).toBe("em_espera");
    expect((await ong.client.post(`/api/candidaturas/${id}/termo`)).status).toBe(201);
    expect((await ana.client.post(`/api/candidaturas/${id}/termo/assinaturas`, ADOPTER_SIGNATURE)).status).toBe(201);
    const done = await ong.client.post(`/api/candidaturas/${id}/termo/assinaturas`, {
      nome_completo: "Maria Patas Silva",
      concordo: true,
    });
    expect(done.json.status).toBe("assinado");
    const waiting = await bruno.client.get(`/api/candidaturas/${second.json.id as string}`);
    expect([waiting.json.status, waiting.json.motivo]).toEqual([
      "recusada",
      "O animal foi adotado por outra pessoa. Obrigado pelo interesse: há muitos outros esperando um lar.",
    ]);
  });

  it("declines the waiting list when the team says so, with its reason, through the API too", async () => {
    const bruno = await person("bruno.espera@exemplo.com", "Bruno Espera");
    const petId = await createPet(app.db, { caretakerId: ong.id, nome: "Cocada", castrado: "sim" });
    const first = await ana.client.post(`/api/pets/${petId}/candidaturas`, { respostas: ANSWERS });
    const second = await bruno.client.post(`/api/pets/${petId}/candidaturas`, { respostas: ANSWERS });
    expect(
      (await ong.client.patch(`/api/candidaturas/${first.json.id as string}`, { status: "aprovada" })).status,
    ).toBe(200);
    const url = `/api/pets/${petId}/lista-de-espera/recusa`;
    const motivo = "Encontramos a família da Cocada; obrigado!";
    expect((await bruno.client.post(url, { motivo })).status).toBe(404);
    expect((await new Client(app.baseUrl).post(url, { motivo })).status).toBe(401);
    expect((await ong.client.post(url, {})).status).toBe(400);
    const declined = await ong.client.post(url, { motivo });
    expect([declined.status, declined.json]).toEqual([200, { recusadas: 1 }]);
    const read = await bruno.client.get(`/api/candidaturas/${second.json.id as string}`);
    expect([read.json.status, read.json.motivo]).toEqual(["recusada", motivo]);
    expect((await ana.client.get(`/api/candidaturas/${first.json.id as string}`)).json.status).toBe("aprovada");
  });
});
