import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPet } from "../support/factories";
import { petNews, petNewsPhotos, sponsorships } from "~/db/schema";
import { dayInBrasilia } from "~/lib/dates";
import { FOSTER_MESSAGES } from "~/validation/foster";
import { Client, startAppWithMail, type TestApp } from "../support/app";
import { organizationTeam } from "../support/organizations";
import { mailsTo, type SmtpPeer } from "../support/smtp-peer";

/**
 * News of a fostered animal (issue 44), through the API and the pages: its foster writes a few
 * words and photos (checked by content, kept from the public until the team publishes them),
 * the team publishes or declines them once, published ones show on the animal's page and reach
 * those who favourited or sponsor it by e-mail (real SMTP); nobody else writes them.
 */

const PUBLIC_URL = "https://adote.exemplo.org";
let app: TestApp;
let smtp: SmtpPeer;
let photo: Buffer;

/** `texto` and the photos as `Enviar notícias` sends them. */
function newsForm(texto: string, photos: Buffer[] = []): FormData {
  const form = new FormData();
  form.set("texto", texto);
  for (const [index, bytes] of photos.entries()) {
    form.append("fotos", new Blob([new Uint8Array(bytes)], { type: "image/jpeg" }), `foto-${index}.jpg`);
  }
  return form;
}

beforeAll(async () => {
  ({ app, smtp } = await startAppWithMail({ PUBLIC_URL }));
  photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#e07a5f" } })
    .jpeg()
    .withMetadata({ exif: { IFD0: { Artist: "Rua das Flores, 123" } } })
    .toBuffer();
});
afterAll(() => app?.close());

describe("news of a fostered animal", () => {
  it("are written by its foster, published once by its team, shown on its page and e-mailed to its favouriters", async () => {
    const { admin, team, foster, outsider, adopter, organizationId, person } = await organizationTeam(app, "noticias");
    const mel = await createPet(app.db, { caretakerId: admin.id, organizationId, nome: "Mel", especie: "gato" });
    const placed = await team.client.post(`/api/pets/${mel}/lar`, {
      lar_id: foster.id,
      inicio: dayInBrasilia(new Date()),
    });
    expect(placed.status, placed.text).toBe(201);
    expect((await adopter.client.request("PUT", `/api/favoritos/${mel}`)).status).toBeLessThan(300);
    // Mel's padrinho (issue 46) hears her news too; one who stopped does not.
    const padrinho = await person("pedro", "Pedro Padrinho");
    const former = await person("fabio", "Fabio Ex");
    await app.db.insert(sponsorships).values([
      { petId: mel, organizationId, userId: padrinho.id, valorMensalCentavos: 3000, dia: 10 },
      { petId: mel, organizationId, userId: former.id, valorMensalCentavos: 3000, dia: 10, endedAt: new Date() },
    ]);

    const sent = await foster.client.post(
      `/api/pets/${mel}/noticias`,
      newsForm("Mel comeu tudo e dormiu no sofá.", [photo, photo]),
    );
    expect(sent.status, sent.text).toBe(201);
    expect(sent.json).toMatchObject({ status: "pendente", texto: "Mel comeu tudo e dormiu no sofá." });
    const pendingPhotos = sent.json.fotos as string[];
    expect(pendingPhotos).toHaveLength(2);

    // Waiting: not public, its photos neither; the team and the author see them.
    expect((await new Client(app.baseUrl).get(`/api/pets/${mel}/noticias`)).json.noticias).toEqual([]);
    const [stored] = await app.db
      .select({ imageId: petNewsPhotos.imageId })
      .from(petNewsPhotos)
      .innerJoin(petNews, eq(petNews.id, petNewsPhotos.newsId))
      .where(eq(petNews.petId, mel));
    expect((await new Client(app.baseUrl).get(`/imagens/${stored!.imageId}/640.webp`)).status).toBe(404);
    const pendingPath = pendingPhotos[0]!.replace("/adopet", "");
    expect((await foster.client.get(pendingPath)).status).toBe(200);
    expect((await team.client.get(pendingPath)).status).toBe(200);
    expect((await outsider.client.get(pendingPath)).status).toBe(404);
    // Stripped of its metadata (the street in the EXIF is gone).
    const served = await team.client.get(pendingPath);
    expect(served.bytes.includes(Buffer.from("Rua das Flores"))).toBe(false);
    const teamPage = await team.client.get(`/organizacoes/${organizationId}/lares`);
    expect(teamPage.text).toContain("Mel comeu tudo e dormiu no sofá.");

    // The API reads what the page reads (issue 61): the team lists what waits, for the whole
    // organisation or by animal, and the author their own; the public and strangers nothing of it.
    const waiting = await team.client.get(`/api/organizacoes/${organizationId}/noticias`);
    expect(waiting.status, waiting.text).toBe(200);
    expect(waiting.json.noticias).toEqual([
      expect.objectContaining({ id: sent.json.id, status: "pendente", pet: { id: mel, nome: "Mel" } }),
    ]);
    const ids = (answer: { json: Record<string, unknown> }) =>
      (answer.json.noticias as { id: string }[]).map((item) => item.id);
    for (const who of [team, foster]) {
      const forMel = await who.client.get(`/api/pets/${mel}/noticias?status=pendente`);
      expect(ids(forMel)).toEqual([sent.json.id]);
      expect(forMel.headers.get("Cache-Control")).toBe("private, no-store");
    }
    expect(ids(await outsider.client.get(`/api/pets/${mel}/noticias?status=pendente`))).toEqual([]);
    expect(ids(await new Client(app.baseUrl).get(`/api/pets/${mel}/noticias?status=pendente`))).toEqual([]);
    expect((await foster.client.get(`/api/organizacoes/${organizationId}/noticias`)).status).toBe(403);
    expect((await outsider.client.get(`/api/organizacoes/${organizationId}/noticias`)).status).toBe(404);
    expect((await new Client(app.baseUrl).get(`/api/organizacoes/${organizationId}/noticias`)).status).toBe(401);
    const unknown = await team.client.get(`/api/pets/${mel}/noticias?status=talvez`);
    expect([unknown.status, unknown.json.errors]).toEqual([400, { status: [FOSTER_MESSAGES.noticia.filtro] }]);

    // Nobody else writes news of Mel: another member, a stranger, a visitor.
    const gil = await person("gil", "Gil Outro Lar");
    for (const who of [outsider, gil]) {
      expect((await who.client.post(`/api/pets/${mel}/noticias`, newsForm("Oi"))).status).toBe(404);
    }
    expect((await new Client(app.baseUrl).post(`/api/pets/${mel}/noticias`, newsForm("Oi"))).status).toBe(401);

    // Bad input: nothing written.
    const before = (await app.db.select().from(petNews)).length;
    const empty = await foster.client.post(`/api/pets/${mel}/noticias`, newsForm("   "));
    expect([empty.status, empty.json.errors]).toEqual([400, { texto: [FOSTER_MESSAGES.noticia.required] }]);
    const long = await foster.client.post(`/api/pets/${mel}/noticias`, newsForm("x".repeat(1001)));
    expect(long.json.errors).toEqual({ texto: [FOSTER_MESSAGES.noticia.max] });
    const lying = await foster.client.post(
      `/api/pets/${mel}/noticias`,
      newsForm("Foto?", [Buffer.from("não sou imagem")]),
    );
    expect(lying.status).toBe(400);
    const tooMany = await foster.client.post(`/api/pets/${mel}/noticias`, newsForm("Fotos", Array(6).fill(photo)));
    expect(tooMany.status).toBe(413);
    const json = await foster.client.post(`/api/pets/${mel}/noticias`, { texto: "Oi" });
    expect(json.status).toBe(415);
    expect((await app.db.select().from(petNews)).length).toBe(before);

    // A foster does not publish; the team does, once.
    const newsId = sent.json.id as string;
    expect((await foster.client.patch(`/api/pets/${mel}/noticias/${newsId}`, { status: "publicada" })).status).toBe(
      404,
    );
    const published = await team.client.patch(`/api/pets/${mel}/noticias/${newsId}`, { status: "publicada" });
    expect(published.status, published.text).toBe(200);
    expect(published.json.status).toBe("publicada");
    expect((await admin.client.patch(`/api/pets/${mel}/noticias/${newsId}`, { status: "recusada" })).status).toBe(409);
    const bad = await admin.client.patch(`/api/pets/${mel}/noticias/${newsId}`, { status: "talvez" });
    expect(bad.status).toBe(400);

    const shown = await new Client(app.baseUrl).get(`/api/pets/${mel}/noticias`);
    expect(shown.json.noticias).toHaveLength(1);
    expect((await new Client(app.baseUrl).get(`/imagens/${stored!.imageId}/640.webp`)).status).toBe(200);
    const page = await new Client(app.baseUrl).get(`/pets/${mel}`);
    expect(page.text).toContain("Notícias");
    expect(page.text).toContain("Mel comeu tudo e dormiu no sofá.");
    await expect.poll(async () => (await mailsTo(smtp, adopter.email)).length, { timeout: 20_000 }).toBe(1);
    const mail = (await mailsTo(smtp, adopter.email))[0]!;
    expect(mail.subject).toBe("Notícias de Mel");
    expect(mail.text).toContain("Mel comeu tudo e dormiu no sofá.");
    expect(mail.text).toContain(`${PUBLIC_URL}/adopet/pets/${mel}#noticias`);
    await expect
      .poll(async () => (await mailsTo(smtp, padrinho.email)).map((got) => got.subject))
      .toEqual(["Notícias de Mel"]);
    expect(await mailsTo(smtp, former.email)).toEqual([]);

    // Declined: never public, its photos deleted.
    const second = await foster.client.post(`/api/pets/${mel}/noticias`, newsForm("Segunda notícia.", [photo]));
    const declined = await team.client.patch(`/api/pets/${mel}/noticias/${second.json.id}`, { status: "recusada" });
    expect([declined.status, declined.json.fotos]).toEqual([200, []]);
    expect(
      await app.db
        .select()
        .from(petNewsPhotos)
        .where(eq(petNewsPhotos.newsId, second.json.id as string)),
    ).toEqual([]);
    // Refused: the team still finds it, the public never.
    expect(ids(await team.client.get(`/api/pets/${mel}/noticias?status=recusada`))).toEqual([second.json.id]);
    expect(ids(await new Client(app.baseUrl).get(`/api/pets/${mel}/noticias`))).toEqual([newsId]);
    expect(ids(await team.client.get(`/api/organizacoes/${organizationId}/noticias`))).toEqual([]);

    // The organisation may publish its fosters' news at once; its team's own always are.
    const setting = await team.client.post(
      `/organizacoes/${organizationId}/lares?acao=aprovacao`,
      "sem_aprovacao=sim",
      { "Content-Type": "application/x-www-form-urlencoded" },
    );
    expect(setting.status).toBe(302);
    const atOnce = await foster.client.post(`/api/pets/${mel}/noticias`, newsForm("Terceira, direto."));
    expect(atOnce.json.status).toBe("publicada");
    const byTeam = await team.client.post(`/api/pets/${mel}/noticias`, newsForm("Da equipe."));
    expect(byTeam.json.status).toBe("publicada");
    // The same choice through the API: read with what waits, and set back by the team only.
    const approval = `/api/organizacoes/${organizationId}/noticias/aprovacao`;
    expect((await team.client.get(`/api/organizacoes/${organizationId}/noticias`)).json.sem_aprovacao).toBe(true);
    expect((await foster.client.request("PUT", approval, { sem_aprovacao: false })).status).toBe(403);
    expect((await outsider.client.request("PUT", approval, { sem_aprovacao: false })).status).toBe(404);
    expect((await admin.client.request("PUT", approval, { sem_aprovacao: "nao" })).status).toBe(400);
    const back = await admin.client.request("PUT", approval, { sem_aprovacao: false });
    expect([back.status, back.json]).toEqual([200, { sem_aprovacao: false }]);
    expect((await foster.client.post(`/api/pets/${mel}/noticias`, newsForm("Quarta, espera."))).json.status).toBe(
      "pendente",
    );

    // In the foster's data export; the foster's page lists them.
    const exported = await foster.client.get(`/api/users/${foster.id}/export`);
    expect((exported.json.noticias_enviadas as { texto: string }[]).map((item) => item.texto)).toContain(
      "Mel comeu tudo e dormiu no sofá.",
    );
    const mine = await foster.client.get("/meus-lares");
    expect(mine.text).toContain("Enviar notícias");
    expect(mine.text).toContain("Terceira, direto.");

    // Removed, the animal takes its news' photos with it, as its own.
    expect((await admin.client.request("DELETE", `/api/pets/${mel}`)).status).toBe(204);
    expect((await new Client(app.baseUrl).get(`/imagens/${stored!.imageId}/640.webp`)).status).toBe(404);
    expect((await new Client(app.baseUrl).get(`/api/pets/${mel}/noticias`)).status).toBe(404);
  });

  it("are sent from the foster's page, waiting for the team", async () => {
    const { admin, team, foster, organizationId } = await organizationTeam(app, "noticias-pagina");
    const tom = await createPet(app.db, { caretakerId: admin.id, organizationId, nome: "Tom" });
    await team.client.post(`/api/pets/${tom}/lar`, { lar_id: foster.id, inicio: dayInBrasilia(new Date()) });
    const form = newsForm("Tom aprendeu a sentar.", [photo]);
    form.set("animal", tom);
    const sent = await foster.client.post("/meus-lares", form);
    expect([sent.status, sent.headers.get("location")]).toEqual([302, "/adopet/meus-lares"]);
    const refused = newsForm("");
    refused.set("animal", tom);
    const again = await foster.client.post("/meus-lares", refused);
    expect(again.status).toBe(400);
    expect(again.text).toContain(FOSTER_MESSAGES.noticia.required);
    const notTheirs = newsForm("Oi");
    notTheirs.set("animal", await createPet(app.db, { caretakerId: admin.id, organizationId, nome: "Outro" }));
    expect((await foster.client.post("/meus-lares", notTheirs)).status).toBe(404);
    const [row] = await app.db.select().from(petNews).where(eq(petNews.petId, tom));
    expect(row).toMatchObject({ texto: "Tom aprendeu a sentar.", status: "pendente", authorId: foster.id });
  });
});
