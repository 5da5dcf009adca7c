import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lostFoundMatches, lostFoundReports } from "~/db/schema";
import { createUser, DEFAULT_PASSWORD } from "~/demo/factories.server";
import { addDays, dayInBrasilia } from "~/lib/dates";
import { CONFIRMATION_MESSAGES } from "~/validation/accounts";
import { Client, signedInAccount, startTestApp, type TestApp } from "../support/app";
import { until } from "../support/poll";
import { mailsTo, startSmtpPeer, type SmtpPeer } from "../support/smtp-peer";

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

/** A scene: a textured ground (seeded noise), a caramel dog's body and head, patches where told. */
async function photo(seed: number, patches: { x: number; y: number; r: number; color: string }[], bodyX: number) {
  const width = 1200;
  const height = 900;
  let state = seed;
  const noise = Buffer.alloc(width * height * 3);
  for (let index = 0; index < noise.length; index += 3) {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    const shade = 90 + (state % 60);
    noise[index] = shade;
    noise[index + 1] = shade + 20;
    noise[index + 2] = shade - 10;
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <ellipse cx="${bodyX}" cy="520" rx="300" ry="170" fill="#c98b4f"/>
    <circle cx="${bodyX + 300}" cy="330" r="130" fill="#c98b4f"/>
    <ellipse cx="${bodyX + 360}" cy="240" rx="40" ry="80" fill="#6b3e1d"/>
    ${patches.map((patch) => `<circle cx="${patch.x}" cy="${patch.y}" r="${patch.r}" fill="${patch.color}"/>`).join("")}
  </svg>`;
  return sharp(noise, { raw: { width, height, channels: 3 } })
    .composite([{ input: Buffer.from(svg) }])
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** The same photo as a second phone would take it: cropped a little, smaller, brighter, compressed more. */
async function again(original: Buffer) {
  return sharp(original)
    .extract({ left: 40, top: 30, width: 1120, height: 840 })
    .resize(1000, 750)
    .modulate({ brightness: 1.08 })
    .jpeg({ quality: 70 })
    .toBuffer();
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
  smtp = await startSmtpPeer();
  app = await startTestApp({ PUBLIC_URL, SMTP_URL: smtp.url });
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

describe("lost and found reports", () => {
  it("meet: the same animal photographed twice matches, another of its colour ranks lower; both authors are told once", async () => {
    const family = await signedInAccount(app, { email: "familia.perdidos@exemplo.com", nome: "Joana Família" });
    const finder = await signedInAccount(app, { email: "achou.perdidos@exemplo.com", nome: "Rui Achou" });
    const other = await signedInAccount(app, { email: "outro.perdidos@exemplo.com", nome: "Lia Outra" });
    const pacoca = await photo(7, [{ x: 760, y: 300, r: 45, color: "#ffffff" }], 420);
    const lookalike = await photo(99, [{ x: 380, y: 560, r: 90, color: "#ffffff" }], 180);

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
      reportForm({ ...found, data: addDays(today(), -1), bairro: "Alcântara" }, [await again(pacoca)]),
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
    await new Promise((resolve) => setTimeout(resolve, 500));
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
    const picture = await photo(3, [], 400);
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
});

describe("a report past its 90 days", () => {
  it("leaves the list until its author renews it", async () => {
    const caio = await signedInAccount(app, { email: "caio.perdidos@exemplo.com", nome: "Caio Renova" });
    const made = await caio.client.post(
      "/api/perdidos-e-achados",
      reportForm({ ...LOST, nome: "Velho", data: today(), cidade: "Cabo Frio (RJ)" }, [await photo(21, [], 300)]),
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
      await photo(11, [], 500),
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
