import { simpleParser } from "mailparser";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_PASSWORD } from "../support/factories";
import { happyEndings, images, pets } from "~/db/schema";
import { purgeExpired } from "~/jobs/maintenance.server";
import { Client, signedInAccount, startAppWithMail, type TestApp } from "../support/app";
import { adoptThroughTermo } from "../support/adoptions";
import { until } from "../support/poll";
import type { SmtpPeer } from "../support/smtp-peer";

/**
 * Finais felizes (issue 21): the adopter tells the story with a photo, the caretaker approves
 * it, and it shows on `/finais-felizes` (newest first, each with its link preview) and on the
 * caretaker's page; its photo is private until then. Only the adoption's parties act on it.
 */
const PUBLIC_URL = "https://adote.exemplo.org";
const FORM = { "Content-Type": "application/x-www-form-urlencoded" };
let app: TestApp;
let smtp: SmtpPeer;
type Person = { client: Client; id: string; email: string };
let ong: Person;
let ana: Person;
let eve: Person;

const person = (email: string, nome: string): Promise<Person> =>
  signedInAccount(app, { email, nome, telefone: "(21) 98765-4321" });

const photo = () =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: "#f0a040" } })
    .jpeg()
    .toBuffer();

async function share(who: Person, id: string, historia: string, image?: Buffer | string) {
  const body = new FormData();
  body.set("historia", historia);
  if (image !== undefined) {
    const bytes = typeof image === "string" ? Buffer.from(image) : image;
    body.append("foto", new File([new Uint8Array(bytes)], "foto.jpg", { type: "image/jpeg" }));
  }
  return who.client.post(`/candidaturas/${id}?acao=historia`, body);
}

/** The version the caretaker's page shows (the story as it was read). */
async function versionOnPage(id: string) {
  const page = await ong.client.get(`/candidaturas/${id}`);
  return /name="versao" value="([^"]+)"/.exec(page.text)?.[1] ?? "";
}

async function review(who: Person, id: string, fields: Record<string, string>, versao?: string) {
  const body = new URLSearchParams({ versao: versao ?? (await versionOnPage(id)), ...fields });
  return who.client.post(`/candidaturas/${id}?acao=aprovar_historia`, body.toString(), FORM);
}

beforeAll(async () => {
  ({ app, smtp } = await startAppWithMail({ PUBLIC_URL }));
  ong = await person("ong.finais@exemplo.com", "ONG Patas");
  ana = await person("ana.finais@exemplo.com", "Ana Maria Souza");
  eve = await person("eve.finais@exemplo.com", "Eva");
});

afterAll(() => app?.close());

describe("a happy ending", () => {
  it("is told by the adopter, approved by the caretaker, and then public, newest first, with its link preview", async () => {
    const visitor = new Client(app.baseUrl);
    const { id, petId } = await adoptThroughTermo(app, { caretaker: ong, adopter: ana, nome: "Farofa" });

    // Bad input, and only the adopter tells it.
    const empty = await share(ana, id, "   ");
    expect(empty.status).toBe(400);
    expect(empty.text).toContain("Conte a história: como está a vida com o animal?");
    expect((await share(ana, id, "x".repeat(2001))).status).toBe(400);
    const lying = await share(ana, id, "Ela está ótima.", "<script>alert(1)</script>");
    expect(lying.status).toBe(400);
    expect(await app.db.select().from(happyEndings)).toHaveLength(0);
    expect((await share(ong, id, "Eu conto.")).status).toBe(403);
    expect((await share(eve, id, "Eu conto.")).status).toBe(404);

    const story = "Farofa dorme no sofá, <b>late</b> para o carteiro e já aprendeu a dar a pata.";
    expect((await share(ana, id, story, await photo())).status).toBe(302);
    const [saved] = await app.db.select().from(happyEndings);
    expect(saved).toMatchObject({ status: "pendente", historia: story });

    // The caretaker is told; until approved, nothing is public, not even the photo.
    const mail = await until("the caretaker's notice", async () => {
      const found = smtp.received.filter((message) => message.to.includes(ong.email));
      const parsed = await Promise.all(found.map((message) => simpleParser(message.data)));
      return parsed.find((message) => message.subject === "Ana Maria Souza contou o final feliz de Farofa") ?? null;
    });
    expect(mail.text).toContain("Farofa dorme no sofá");
    expect(mail.text).toContain(`${PUBLIC_URL}/adopet/candidaturas/${id}#final-feliz`);
    expect((await visitor.get("/finais-felizes")).text).not.toContain("Farofa");
    expect((await visitor.get(`/finais-felizes/${saved!.id}`)).status).toBe(404);
    expect((await visitor.get(`/imagens/${saved!.imageId}/320.webp`)).status).toBe(404);
    const privatePhoto = `/candidaturas/${id}/fotos/${saved!.imageId}/320.webp`;
    expect((await ong.client.get(privatePhoto)).status).toBe(200);
    expect((await eve.client.get(privatePhoto)).status).toBe(404);

    // Only the caretaker decides; declining needs a reason.
    expect((await review(ana, id, { decisao: "publicar" })).status).toBe(403);
    expect((await review(eve, id, { decisao: "publicar" })).status).toBe(404);
    const noReason = await review(ong, id, { decisao: "recusar" });
    expect(noReason.status).toBe(400);
    expect(noReason.text).toContain("Diga o motivo: quem adotou vai ler.");
    const version = await versionOnPage(id);
    expect((await review(ong, id, { decisao: "publicar" }, version)).status).toBe(302);
    // Decided already (a second tab).
    expect((await review(ong, id, { decisao: "publicar" }, version)).status).toBe(409);

    // Public: the list, its own page with the link preview, the caretaker's page, the photo.
    const list = await visitor.get("/finais-felizes");
    expect(list.status).toBe(200);
    expect(list.text).toContain("Farofa e Ana");
    // The first name only; the text as text.
    expect(list.text).not.toContain("Ana Maria Souza");
    expect(list.text).not.toContain("<b>late</b>");
    const page = await visitor.get(`/finais-felizes/${saved!.id}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('<meta property="og:title" content="Farofa e Ana: um final feliz"/>');
    expect(page.text).toContain(
      `<meta property="og:image" content="${PUBLIC_URL}/adopet/imagens/${saved!.imageId}/640.webp"/>`,
    );
    expect(page.text).toContain(`<link rel="canonical" href="${PUBLIC_URL}/adopet/finais-felizes/${saved!.id}"/>`);
    // Public, but not for long in caches: it goes when the story does.
    const published = await visitor.get(`/imagens/${saved!.imageId}/640.webp`);
    expect([published.status, published.headers.get("Cache-Control")]).toEqual([200, "public, max-age=600"]);
    expect((await visitor.get(`/responsaveis/${ong.id}`)).text).toContain("Farofa e Ana");
    expect((await visitor.get("/finais-felizes/nao-e-um-id")).status).toBe(404);
    expect((await visitor.get("/finais-felizes?antes=ontem")).status).toBe(400);

    // A listing moderation hid takes its story off too.
    // (Written here in the database, as another app server would: the public read cache shows it
    // within its few seconds.)
    const listed = async () => (await visitor.get("/finais-felizes")).text;
    await app.db.update(pets).set({ status: "oculto", statusBeforeHidden: "adotado" }).where(eq(pets.id, petId));
    await expect.poll(listed, { timeout: 15_000 }).not.toContain("Farofa e Ana");
    await app.db.update(pets).set({ status: "adotado", statusBeforeHidden: null }).where(eq(pets.id, petId));
    await expect.poll(listed, { timeout: 15_000 }).toContain("Farofa e Ana");

    // Newest first.
    const second = await adoptThroughTermo(app, { caretaker: ong, adopter: ana, nome: "Paçoca" });
    expect((await share(ana, second.id, "Paçoca chegou tímida e hoje manda na casa.")).status).toBe(302);
    expect((await review(ong, second.id, { decisao: "publicar" })).status).toBe(302);
    const newest = (await visitor.get("/finais-felizes")).text;
    expect(newest.indexOf("Paçoca e Ana")).toBeGreaterThan(-1);
    expect(newest.indexOf("Paçoca e Ana")).toBeLessThan(newest.indexOf("Farofa e Ana"));

    // An edit goes back for approval (off the public pages meanwhile); a decision on the version
    // read before the adopter changed it again is refused.
    expect((await share(ana, id, "Farofa agora tem um irmão gato.")).status).toBe(302);
    const read = await versionOnPage(id);
    expect((await share(ana, id, "Farofa agora tem dois irmãos gatos.")).status).toBe(302);
    const stale = await review(ong, id, { decisao: "publicar" }, read);
    expect(stale.status).toBe(409);
    expect(stale.text).toContain("Quem adotou mudou a história desde que você a abriu");
    expect((await visitor.get(`/finais-felizes/${saved!.id}`)).status).toBe(404);
    expect((await visitor.get(`/imagens/${saved!.imageId}/640.webp`)).status).toBe(404);
    const declined = await review(ong, id, { decisao: "recusar", motivo: "Prefiro uma foto mais recente." });
    expect(declined.status).toBe(302);
    expect((await ana.client.get(`/candidaturas/${id}`)).text).toContain("Prefiro uma foto mais recente.");

    // The adopter takes it down: it and its photo go.
    expect((await ong.client.post(`/candidaturas/${id}?acao=retirar_historia`)).status).toBe(403);
    expect((await ana.client.post(`/candidaturas/${id}?acao=retirar_historia`)).status).toBe(302);
    expect(await app.db.select().from(happyEndings).where(eq(happyEndings.id, saved!.id))).toHaveLength(0);
    expect(await app.db.select().from(images).where(eq(images.id, saved!.imageId!))).toHaveLength(0);
  });

  it("is in the public API, newest first a page at a time, for other sites too, with the page's privacy", async () => {
    const visitor = new Client(app.baseUrl);
    const { id, petId } = await adoptThroughTermo(app, { caretaker: ong, adopter: ana, nome: "Quindim" });
    expect((await share(ana, id, "Quindim adora a janela da sala.")).status).toBe(302);
    const [pending] = await app.db
      .select({ id: happyEndings.id })
      .from(happyEndings)
      .where(eq(happyEndings.historia, "Quindim adora a janela da sala."));
    // Waiting for approval: not in the API.
    expect((await visitor.get(`/api/finais-felizes/${pending!.id}`)).status).toBe(404);
    expect((await visitor.get("/api/finais-felizes")).text).not.toContain("Quindim");
    expect((await review(ong, id, { decisao: "publicar" })).status).toBe(302);

    const list = await visitor.request("GET", "/api/finais-felizes", undefined, { Origin: "https://ong.example" });
    expect(list.status).toBe(200);
    expect(list.headers.get("access-control-allow-origin")).toBe("*");
    expect(list.headers.get("cache-control")).toBe("public, max-age=30");
    const historias = list.json.historias as { id: string; titulo: string }[];
    expect(historias[0]).toEqual({
      id: pending!.id,
      titulo: "Quindim e Ana",
      historia: "Quindim adora a janela da sala.",
      adotante: "Ana",
      adotado_em: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      publicado_em: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      // Without a photo of its own, the animal's first.
      imagem: expect.stringMatching(/^\/adopet\/imagens\/[0-9a-f-]{36}\/640\.webp$/),
      pagina: `/adopet/finais-felizes/${pending!.id}`,
      pet: { id: petId, nome: "Quindim", especie: "cao" },
      responsavel: { id: ong.id, nome: "ONG Patas" },
    });
    // The adopter's first name only, and nobody's contact.
    expect(list.text).not.toContain("Ana Maria Souza");
    expect(list.text).not.toContain(ana.email);
    expect(list.text).not.toContain("98765");
    expect(list.json.proxima).toBeNull();

    // The page after the newest: only the older ones (Paçoca's, from the test before).
    expect(historias.length).toBeGreaterThanOrEqual(2);
    const newest = historias[0] as unknown as { id: string; publicado_em: string };
    const older = await visitor.get(`/api/finais-felizes?antes=${newest.publicado_em}_${newest.id}`);
    expect(older.status).toBe(200);
    expect((older.json.historias as { id: string }[]).map((story) => story.id)).toEqual(
      historias.slice(1).map((story) => story.id),
    );
    for (const antes of [
      "ontem",
      `+275760-09-13T00:00:00.000Z_${newest.id}`,
      `${newest.publicado_em}_${newest.id}_x`,
    ]) {
      const bad = await visitor.get(`/api/finais-felizes?antes=${encodeURIComponent(antes)}`);
      expect([bad.status, bad.json.errors]).toEqual([400, { antes: ["Página inválida."] }]);
    }

    const one = await visitor.request("GET", `/api/finais-felizes/${pending!.id}`, undefined, {
      Origin: "https://ong.example",
    });
    expect([one.status, one.json.titulo, one.headers.get("access-control-allow-origin")]).toEqual([
      200,
      "Quindim e Ana",
      "*",
    ]);
    const unknown = await visitor.get("/api/finais-felizes/0b7f4a52-2d7e-4f63-9a43-6f1c1b8c2f10");
    expect([unknown.status, unknown.json.message]).toEqual([404, "História não encontrada."]);
    expect((await visitor.get("/api/finais-felizes/nao-e-um-id")).status).toBe(404);
    expect((await visitor.request("POST", "/api/finais-felizes", {})).status).toBe(405);

    // Taken down by the adopter: gone from the API at once.
    expect((await ana.client.post(`/candidaturas/${id}?acao=retirar_historia`)).status).toBe(302);
    expect((await visitor.get(`/api/finais-felizes/${pending!.id}`)).status).toBe(404);
    expect(((await visitor.get("/api/finais-felizes")).json.historias as { id: string }[])[0]!.id).not.toBe(
      pending!.id,
    );
  });

  it("goes when the animal is returned, and with the adopter's account", async () => {
    const visitor = new Client(app.baseUrl);
    const returned = await adoptThroughTermo(app, { caretaker: ong, adopter: ana, nome: "Cocada" });
    expect((await share(ana, returned.id, "Cocada é a rainha da casa.", await photo())).status).toBe(302);
    expect((await review(ong, returned.id, { decisao: "publicar" })).status).toBe(302);
    expect((await visitor.get("/finais-felizes")).text).toContain("Cocada e Ana");
    const back = await ong.client.post(`/api/candidaturas/${returned.id}/devolucao`, { motivo: "Voltou para nós." });
    expect(back.status).toBe(201);
    expect((await visitor.get("/finais-felizes")).text).not.toContain("Cocada e Ana");

    const leo = await person("leo.finais@exemplo.com", "Leo");
    const kept = await adoptThroughTermo(app, { caretaker: ong, adopter: leo, nome: "Quindim" });
    expect((await share(leo, kept.id, "Quindim adora a varanda.")).status).toBe(302);
    expect((await review(ong, kept.id, { decisao: "publicar" })).status).toBe(302);
    expect((await visitor.get("/finais-felizes")).text).toContain("Quindim e Leo");
    expect((await leo.client.request("DELETE", `/api/users/${leo.id}`, { senha: DEFAULT_PASSWORD })).status).toBe(204);
    expect((await visitor.get("/finais-felizes")).text).not.toContain("Quindim e Leo");
    expect((await purgeExpired(app.db, new Date())).stories).toBe(1);
  });
});

describe("the adoption after the termo, through the API (issue 61: what the application's page does)", () => {
  it("tells, reads, reviews and takes down the story, and records the castration, for the two parties only", async () => {
    const visitor = new Client(app.baseUrl);
    const { id, petId } = await adoptThroughTermo(app, { caretaker: ong, adopter: ana, nome: "Bombom" });
    const story = `/api/candidaturas/${id}/historia`;

    // The follow-up: the check-ins scheduled and the castration due, for the two parties.
    const followup = await ong.client.get(`/api/candidaturas/${id}/acompanhamento`);
    expect(followup.status).toBe(200);
    expect(followup.json).toMatchObject({ devolvida_em: null, castracao: { feita_em: null, atrasada: false } });
    expect((followup.json.checkins as { status: string }[]).every((checkin) => checkin.status === "agendado")).toBe(
      true,
    );
    expect((await eve.client.get(`/api/candidaturas/${id}/acompanhamento`)).status).toBe(404);
    expect((await visitor.get(`/api/candidaturas/${id}/acompanhamento`)).status).toBe(401);

    // No story yet; then the adopter tells it, in JSON (bad input refused first).
    expect((await ana.client.get(story)).status).toBe(404);
    expect((await ana.client.put(story, { historia: "  " })).json.errors).toEqual({
      historia: ["Conte a história: como está a vida com o animal?"],
    });
    expect((await ana.client.put(story, { historia: "Ok", publicada: true })).status).toBe(400);
    expect((await ong.client.put(story, { historia: "Eu conto." })).status).toBe(403);
    expect((await eve.client.put(story, { historia: "Eu conto." })).status).toBe(404);
    const told = await ana.client.put(story, { historia: "Bombom dorme no sofá." });
    expect(told.status).toBe(200);
    expect(told.json).toMatchObject({ status: "pendente", historia: "Bombom dorme no sofá.", foto: null });

    // In multipart with a photo, which stays private to the two parties.
    const body = new FormData();
    body.set("historia", "Bombom dorme no sofá e ronca.");
    body.append("foto", new File([new Uint8Array(await photo())], "foto.jpg", { type: "image/jpeg" }));
    const withPhoto = await ana.client.request("PUT", story, body);
    expect(withPhoto.status).toBe(200);
    const { src } = withPhoto.json.foto as { src: string };
    expect((await ong.client.get(src.replace("/adopet", ""))).status).toBe(200);
    expect((await eve.client.get(src.replace("/adopet", ""))).status).toBe(404);
    expect((await visitor.get(src.replace("/adopet", ""))).status).toBe(302);

    // The caretaker decides on the version read: a stale one is refused.
    const review = `${story}/revisao`;
    expect((await ong.client.post(review, { decisao: "recusar", versao: told.json.versao })).status).toBe(400);
    const stale = await ong.client.post(review, { decisao: "publicar", versao: told.json.versao });
    expect(stale.status).toBe(409);
    expect((await ana.client.post(review, { decisao: "publicar", versao: withPhoto.json.versao })).status).toBe(403);
    const published = await ong.client.post(review, { decisao: "publicar", versao: withPhoto.json.versao });
    expect(published.status).toBe(200);
    expect(published.json.status).toBe("publicado");
    expect((await visitor.get("/finais-felizes")).text).toContain("Bombom e Ana");
    expect((await ong.client.get(story)).json.historia).toBe("Bombom dorme no sofá e ronca.");

    // Only the adopter takes it down.
    expect((await ong.client.request("DELETE", story)).status).toBe(403);
    expect((await ana.client.request("DELETE", story)).status).toBe(204);
    expect((await ana.client.request("DELETE", story)).status).toBe(404);
    expect((await visitor.get("/finais-felizes")).text).not.toContain("Bombom e Ana");

    // The castration: the adopter's alone, once; the animal's record says so.
    const castration = `/api/candidaturas/${id}/castracao`;
    expect((await ong.client.post(castration)).status).toBe(403);
    expect((await eve.client.post(castration)).status).toBe(404);
    expect((await ana.client.post(castration, { feita: true })).status).toBe(415);
    const proof = new FormData();
    proof.append("comprovante", new File([new Uint8Array(await photo())], "comprovante.jpg", { type: "image/jpeg" }));
    expect((await ana.client.post(castration, proof)).status).toBe(204);
    expect((await ana.client.post(castration)).status).toBe(409);
    const after = await ong.client.get(`/api/candidaturas/${id}/acompanhamento`);
    expect(after.json.castracao).toMatchObject({
      feita_em: expect.any(String),
      comprovante: { src: expect.any(String) },
    });
    const [pet] = await app.db.select({ castrado: pets.castrado }).from(pets).where(eq(pets.id, petId));
    expect(pet!.castrado).toBe("sim");
    // Without a certificate: no body at all.
    const other = await adoptThroughTermo(app, { caretaker: ong, adopter: ana, nome: "Cuscuz" });
    expect((await ana.client.post(`/api/candidaturas/${other.id}/castracao`)).status).toBe(204);
  });
});
