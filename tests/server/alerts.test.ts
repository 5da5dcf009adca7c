import { simpleParser, type ParsedMail } from "mailparser";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPet, petPortrait } from "../support/factories";
import { alerts } from "~/db/schema";
import { ALERT_SEND_JOB, alertsMatchingPet, queueDigest, unsubscribeToken } from "~/domain/alerts/alerts.server";
import { ALERT_MESSAGES, ALERTS_MAX } from "~/lib/alerts";
import { PLACE_MESSAGES } from "~/validation/messages";
import { Client, signedInAccount, startAppWithMail, type TestApp } from "../support/app";
import type { SmtpPeer } from "../support/smtp-peer";

/** Alerts (issue 18): the API, whose they are, matching, the e-mails at once and daily, unsubscribing. */
const PUBLIC_URL = "https://adote.exemplo.org";
const HOUR = 60 * 60_000;
let app: TestApp;
let smtp: SmtpPeer;
let ana: Client;
let anaId: string;
let bruno: Client;
let ong: Client;
let ongId: string;

const signedIn = (email: string, nome: string) => signedInAccount(app, { email, nome });

/** The e-mails sent to `to` so far, parsed. */
async function mailTo(to: string): Promise<ParsedMail[]> {
  const sent = smtp.received.filter((message) => message.to.includes(to));
  return Promise.all(sent.map((message) => simpleParser(message.data)));
}

async function publishCat(fields: Record<string, string>) {
  const form = new FormData();
  const values = {
    nome: "Mingau",
    especie: "gato",
    idade: "3",
    idade__unidade: "meses",
    porte: "pequeno",
    perfil: "Brincalhão e curioso",
    cidade: "São Gonçalo",
    uf: "RJ",
    sexo: "macho",
    status: "disponivel",
    ...fields,
  };
  for (const [key, value] of Object.entries(values)) form.set(key, value);
  form.append("fotos", new File([new Uint8Array(await petPortrait("gato"))], "gato.png", { type: "image/png" }));
  const response = await ong.post("/api/pets", form);
  expect(response.status, response.text).toBe(201);
  return response.json.id as string;
}

beforeAll(async () => {
  ({ app, smtp } = await startAppWithMail({ PUBLIC_URL }));
  ({ client: ana, id: anaId } = await signedIn("ana.alertas@exemplo.com", "Ana"));
  ({ client: bruno } = await signedIn("bruno.alertas@exemplo.com", "Bruno"));
  ({ client: ong, id: ongId } = await signedIn("ong.alertas@exemplo.com", "ONG Patas"));
});

afterAll(() => app?.close());

describe("the alerts API", () => {
  it("creates an alert (the same search again is the same one), lists it in words, changes and deletes it", async () => {
    const body = { filtros: { especie: "gato", perto: "Niterói (RJ)", raio: 25 }, frequencia: "diaria" };
    const created = await ana.post("/api/alertas", body);
    expect(created.status).toBe(201);
    const id = created.json.id as string;
    expect(created.headers.get("location")).toBe(`/adopet/api/alertas/${id}`);
    // The city as its IBGE code: "Niterói" and 3303302 are one search.
    const again = await ana.post("/api/alertas", { ...body, filtros: { ...body.filtros, perto: 3303302 } });
    expect([again.status, again.json.id]).toEqual([200, id]);

    const listed = await ana.get("/api/alertas");
    expect(listed.status).toBe(200);
    expect(listed.json.alertas).toEqual([
      {
        id,
        filtros: { especie: "gato", perto: "3303302", raio: 25 },
        frequencia: "diaria",
        descricao: "Gatos · até 25 km de Niterói (RJ)",
        criado_em: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
    ]);
    const changed = await ana.patch(`/api/alertas/${id}`, { frequencia: "imediata" });
    expect([changed.status, changed.json.frequencia]).toEqual([200, "imediata"]);
    expect((await ana.delete(`/api/alertas/${id}`)).status).toBe(204);
    expect((await ana.delete(`/api/alertas/${id}`)).status).toBe(404);
    expect((await ana.get("/api/alertas")).json.alertas).toEqual([]);
  });

  it("are each person's own: another gets 404 and changes nothing; a visitor gets 401", async () => {
    const { id } = (await ana.post("/api/alertas", { filtros: { especie: "cao" } })).json as { id: string };
    expect((await bruno.delete(`/api/alertas/${id}`)).status).toBe(404);
    expect((await bruno.patch(`/api/alertas/${id}`, { frequencia: "imediata" })).status).toBe(404);
    expect((await bruno.get("/api/alertas")).json.alertas).toEqual([]);
    const visitor = new Client(app.baseUrl);
    expect((await visitor.get("/api/alertas")).status).toBe(401);
    expect((await visitor.post("/api/alertas", { filtros: {} })).status).toBe(401);
    // The page's form, without JavaScript: Bruno cannot delete Ana's alert either.
    const form = new URLSearchParams({ intent: "excluir", alerta: id });
    const page = await bruno.post("/alertas", form.toString(), { "Content-Type": "application/x-www-form-urlencoded" });
    expect(page.status).toBe(404);
    const [row] = await app.db.select().from(alerts).where(eq(alerts.id, id));
    expect(row).toMatchObject({ userId: anaId, frequencia: "diaria" });
    await ana.delete(`/api/alertas/${id}`);
  });

  it("refuses what it cannot read, field by field, in Portuguese, and writes nothing", async () => {
    const refusals: [unknown, string, string][] = [
      [{ filtros: {}, frequencia: "semanal" }, "frequencia", ALERT_MESSAGES.frequencia],
      [{ filtros: { especie: "peixe" } }, "filtros.especie", "Espécie inválida: use cao, gato ou outro."],
      [{ filtros: { raio: 30, perto: "Niterói" } }, "filtros.raio", "Raio inválido: use 10, 25, 50, 100 ou 200 km."],
      [{ filtros: { cor: "preto" } }, "filtros.cor", "Campo desconhecido."],
      [{ filtros: "gatos" }, "filtros", ALERT_MESSAGES.filtros],
      [{ filtros: { q: "x".repeat(101) } }, "filtros.q", "A busca deve ter no máximo 100 caracteres."],
      [{ filtros: { perto: "Atlântida (RJ)" } }, "filtros.perto", PLACE_MESSAGES.unknown],
      [{ filtros: { convive_com: ["criancas", "papagaios"] } }, "filtros.convive_com.1", ""],
    ];
    for (const [body, field, message] of refusals) {
      const response = await ana.post("/api/alertas", body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      const errors = response.json.errors as Record<string, string[]>;
      expect(Object.keys(errors)).toEqual([field]);
      if (message) expect(errors[field]).toEqual([message]);
    }
    const malformed = await ana.post("/api/alertas", '{"filtros": {', { "Content-Type": "application/json" });
    expect(malformed.status).toBe(400);
    expect((await app.db.select().from(alerts).where(eq(alerts.userId, anaId))).length).toBe(0);
  });

  it(`keeps at most ${ALERTS_MAX} alerts an account`, async () => {
    for (let index = 0; index < ALERTS_MAX; index += 1) {
      expect((await bruno.post("/api/alertas", { filtros: { q: `palavra${index}` } })).status).toBe(201);
    }
    const refused = await bruno.post("/api/alertas", { filtros: { q: "mais uma" } });
    expect([refused.status, refused.json.message]).toEqual([409, ALERT_MESSAGES.tooMany]);
    for (const alert of (await bruno.get("/api/alertas")).json.alertas as { id: string }[]) {
      expect((await bruno.delete(`/api/alertas/${alert.id}`)).status).toBe(204);
    }
  });
});

describe("matching a new pet", () => {
  it("checks every criterion: species, sex, size, age, castration, companions, words, distance, not one's own", async () => {
    const want = async (filtros: object) =>
      ((await ana.post("/api/alertas", { filtros, frequencia: "imediata" })).json as { id: string }).id;
    const hits = [
      await want({ especie: "gato", sexo: "femea", porte: "pequeno", idade: "filhote" }),
      await want({ castrado: "sim", convive_com: ["criancas"] }),
      await want({ q: "brincalhao" }),
      await want({ perto: "Niterói (RJ)", raio: 10 }),
      await want({ uf: "RJ", cidade: "sao goncalo" }),
    ];
    const misses = [
      await want({ especie: "cao" }),
      await want({ sexo: "macho" }),
      await want({ idade: "adulto" }),
      await want({ convive_com: ["criancas", "caes"] }),
      await want({ q: "tímida" }),
      // Curitiba is some 700 km away.
      await want({ perto: "Curitiba (PR)", raio: 200 }),
    ];
    const petId = await createPet(app.db, {
      caretakerId: ongId,
      nome: "Pipoca",
      especie: "gato",
      sexo: "femea",
      porte: "pequeno",
      idade: 5,
      idade__unidade: "meses",
      castrado: "sim",
      convive_com: ["criancas", "gatos"],
      perfil: "Brincalhão e dengosa",
      cidade: "São Gonçalo",
      uf: "RJ",
    });
    const matched = (await alertsMatchingPet(app.db, petId)).map((alert) => alert.id);
    expect(matched.sort()).toEqual([...hits].sort());
    expect(matched.some((id) => misses.includes(id))).toBe(false);
    // The caretaker's own alerts never match their own pets.
    const own = ((await ong.post("/api/alertas", { filtros: {} })).json as { id: string }).id;
    expect((await alertsMatchingPet(app.db, petId)).map((alert) => alert.id)).not.toContain(own);
    await app.db.delete(alerts);
  });
});

describe("the e-mails", () => {
  it("sends an immediate alert when a matching pet is published, with the pet, links and RFC 8058 headers", async () => {
    await ana.post("/api/alertas", {
      filtros: { especie: "gato", perto: "Niterói (RJ)", raio: 25, q: "brincalhao" },
      frequencia: "imediata",
    });
    const petId = await publishCat({ nome: "Mingau" });
    await expect.poll(async () => (await mailTo("ana.alertas@exemplo.com")).length, { timeout: 20_000 }).toBe(1);
    const [mail] = await mailTo("ana.alertas@exemplo.com");
    expect(mail!.subject).toBe("Mingau está esperando um lar: novo animal na Adopet");
    // The plain-text part, its lines unwrapped.
    const text = mail!.text!.replace(/\s+/g, " ");
    expect(text).toContain(
      "Um novo animal combina com o seu alerta: Gatos · até 25 km de Niterói (RJ) · “brincalhao”.",
    );
    expect(text).toContain("Gato · 3 meses · Porte pequeno");
    expect(text).toMatch(/São Gonçalo \(RJ\), a \d+ km/);
    expect(mail!.html).toContain(`href="${PUBLIC_URL}/adopet/pets/${petId}"`);
    expect(mail!.html).toMatch(
      new RegExp(`<img[^>]+src="${PUBLIC_URL}/adopet/imagens/[0-9a-f-]+/320\\.webp"[^>]+alt="Foto de Mingau"`),
    );
    expect(mail!.html).toContain('lang="pt-BR"');
    // The header fields as written (unfolded): the address in angle brackets, and the one-click POST.
    const header = (name: string) =>
      mail!.headerLines
        .find((line) => line.key === name)
        ?.line.replace(/\r?\n\s+/g, " ")
        .replace(/^[^:]+:\s*/, "");
    const unsubscribeUrl = /^<(.+)>$/.exec(header("list-unsubscribe") ?? "")?.[1] ?? "";
    expect(unsubscribeUrl).toMatch(new RegExp(`^${PUBLIC_URL}/adopet/alertas/cancelar\\?token=[\\w-]+\\.[\\w-]{43}$`));
    expect(header("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    expect(mail!.html).toContain(`href="${unsubscribeUrl}"`);
    await app.db.delete(alerts);
  });

  it("sends the daily digest once a day, by the clock it is given, with only the pets new since the last", async () => {
    const to = "ana.alertas@exemplo.com";
    const before = (await mailTo(to)).length;
    await ana.post("/api/alertas", { filtros: { especie: "cao", uf: "SP" }, frequencia: "diaria" });
    const start = Date.now();
    // A digest's e-mail arrives before its job moves the alert's window on: wait for the job too.
    const pendingSends = async () => {
      const { rows } = (await app.db.execute(
        sql`select count(*)::int as n from pgboss.job where name = ${ALERT_SEND_JOB} and state <> 'completed'
              and data->>'alertId' in (select id::text from alerts)`,
      )) as unknown as { rows: { n: number }[] };
      return rows[0]!.n;
    };
    const dog = (nome: string, at: number) =>
      createPet(app.db, {
        caretakerId: ongId,
        nome,
        especie: "cao",
        cidade: "Campinas",
        uf: "SP",
        createdAt: new Date(at),
      });
    await dog("Bidu", start + 1 * HOUR);
    await dog("Rex", start + 2 * HOUR);
    await createPet(app.db, {
      caretakerId: ongId,
      nome: "Nina",
      especie: "gato",
      cidade: "Campinas",
      uf: "SP",
      createdAt: new Date(start + HOUR),
    });

    expect(await queueDigest(app.db, app.jobs, new Date(start + 3 * HOUR))).toBe(1);
    await expect.poll(async () => (await mailTo(to)).length, { timeout: 20_000 }).toBe(before + 1);
    await expect.poll(pendingSends, { timeout: 20_000 }).toBe(0);
    const first = (await mailTo(to)).at(-1)!;
    expect(first.subject).toBe("2 novos animais para adoção na Adopet");
    expect(first.text).toMatch(/Rex[\s\S]*Bidu/);
    expect(first.text).not.toContain("Nina");

    // A new dog, and a digest an hour later: nothing, the day's e-mail went out.
    await dog("Thor", start + 4 * HOUR);
    expect(await queueDigest(app.db, app.jobs, new Date(start + 5 * HOUR))).toBe(0);
    // The next day: Thor only.
    expect(await queueDigest(app.db, app.jobs, new Date(start + 27 * HOUR))).toBe(1);
    await expect.poll(async () => (await mailTo(to)).length, { timeout: 20_000 }).toBe(before + 2);
    await expect.poll(pendingSends, { timeout: 20_000 }).toBe(0);
    const second = (await mailTo(to)).at(-1)!;
    expect(second.subject).toBe("Thor está esperando um lar: novo animal na Adopet");
    expect(second.text).not.toMatch(/Rex|Bidu/);
    // And the day after, with nothing new: no job, no e-mail.
    expect(await queueDigest(app.db, app.jobs, new Date(start + 51 * HOUR))).toBe(0);
    await app.db.delete(alerts);
  });
});

describe("unsubscribing without a login", () => {
  it("confirms on a page, and deletes with one POST (RFC 8058) from a signed link; a forged one changes nothing", async () => {
    const { id } = (await ana.post("/api/alertas", { filtros: { especie: "gato" } })).json as { id: string };
    const token = await unsubscribeToken(app.db, id);
    const visitor = new Client(app.baseUrl);
    const page = await visitor.get(`/alertas/cancelar?token=${token}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain("Você deixará de receber os e-mails deste alerta:");
    expect(page.text).toContain("Gatos");
    // Opening the link cancels nothing (mail filters open links).
    expect(await app.db.select().from(alerts).where(eq(alerts.id, id))).toHaveLength(1);

    const forged = `${token.slice(0, -2)}${token.endsWith("AA") ? "AB" : "AA"}`;
    const oneClick = { "Content-Type": "application/x-www-form-urlencoded" };
    const refused = await visitor.post(`/alertas/cancelar?token=${forged}`, "List-Unsubscribe=One-Click", oneClick);
    expect(refused.status).toBe(400);
    expect((await visitor.get(`/alertas/cancelar?token=${forged}`)).text).toContain(ALERT_MESSAGES.invalidLink);
    // Another alert's token signed for another purpose does not work either.
    expect((await visitor.post(`/alertas/cancelar?token=${id}`, "List-Unsubscribe=One-Click", oneClick)).status).toBe(
      400,
    );
    expect(await app.db.select().from(alerts).where(eq(alerts.id, id))).toHaveLength(1);

    const done = await visitor.post(`/alertas/cancelar?token=${token}`, "List-Unsubscribe=One-Click", oneClick);
    expect(done.status).toBe(200);
    expect(await app.db.select().from(alerts).where(eq(alerts.id, id))).toHaveLength(0);
    expect((await visitor.get(`/alertas/cancelar?token=${token}`)).text).toContain("Alerta cancelado.");

    // Through the API, the token in a JSON body: the page's refusals, and its cancellation.
    const { id: other } = (await ana.post("/api/alertas", { filtros: { especie: "cao" } })).json as { id: string };
    const otherToken = await unsubscribeToken(app.db, other);
    const url = "/api/alertas/cancelamento";
    const invalid = { message: ALERT_MESSAGES.invalidLink, errors: { token: [ALERT_MESSAGES.invalidLink] } };
    const forgedApi = await visitor.post(url, { token: forged });
    expect([forgedApi.status, forgedApi.json]).toEqual([400, invalid]);
    expect((await visitor.post(url, { token: id })).json).toEqual(invalid);
    expect((await visitor.post(url, { token: 42 })).json.errors).toEqual(invalid.errors);
    expect((await visitor.post(url, { token: otherToken, motivo: "x" })).status).toBe(400);
    expect((await visitor.post(url, '{"token": ', { "Content-Type": "application/json" })).status).toBe(400);
    expect(await app.db.select().from(alerts).where(eq(alerts.id, other))).toHaveLength(1);
    expect((await visitor.post(url, { token: otherToken })).status).toBe(204);
    expect((await ana.get("/api/alertas")).json.alertas).toEqual([]);
    // A second click asks for what is done already.
    expect((await visitor.post(url, { token: otherToken })).status).toBe(204);
  });

  it("is in the person's data export", async () => {
    await app.db.delete(alerts);
    await ana.post("/api/alertas", { filtros: { porte: "grande" } });
    const exported = await ana.get(`/api/users/${anaId}/export`);
    expect(exported.json.alertas).toEqual([expect.objectContaining({ descricao: "Todos os animais · porte Grande" })]);
  });
});
