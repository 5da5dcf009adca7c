import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPet } from "../support/factories";
import { APPLICATION_MESSAGES } from "~/lib/applications";
import { addDays, dayInBrasilia } from "~/lib/dates";
import { startAppWithMail, type TestApp } from "../support/app";
import { ANSWERS } from "../support/adoptions";
import { organizationTeam, type Person } from "../support/organizations";
import { mailsTo, type SmtpPeer } from "../support/smtp-peer";
import { until } from "../support/poll";

/**
 * An adoption visit at the foster home (issue 44), through the API: the team moves an
 * application to `visita` at the home the animal is in, with a day; the foster sees it (the
 * adopter's first name and the day) and is e-mailed over real SMTP; the adopter reads where
 * and when, never the foster's name; a visit moved back to the adopter's home, or decided,
 * leaves the foster's page.
 */

const PUBLIC_URL = "https://adote.exemplo.org";
let app: TestApp;
let smtp: SmtpPeer;

const today = () => dayInBrasilia(new Date());

beforeAll(async () => {
  ({ app, smtp } = await startAppWithMail({ PUBLIC_URL }));
});
afterAll(() => app?.close());

describe("an adoption visit at the foster home", () => {
  it("is arranged by the team, seen by the foster (e-mailed) and read by the adopter", async () => {
    const { admin, team, foster, outsider, adopter, organizationId } = await organizationTeam(app, "visita");
    const mel = await createPet(app.db, { caretakerId: admin.id, organizationId, nome: "Mel", especie: "gato" });
    const placed = await team.client.post(`/api/pets/${mel}/lar`, { lar_id: foster.id, inicio: today() });
    expect(placed.status, placed.text).toBe(201);
    const applied = await adopter.client.post(`/api/pets/${mel}/candidaturas`, { respostas: ANSWERS });
    expect(applied.status, applied.text).toBe(201);
    const id = applied.json.id as string;
    const at = `${addDays(today(), 3)}T15:00:00-03:00`;
    const visit = { local: "lar_temporario", em: at };

    // The visit is arranged at its step only, by the team only.
    const early = await team.client.patch(`/api/candidaturas/${id}`, { visita: visit });
    expect([early.status, early.json.message]).toEqual([409, APPLICATION_MESSAGES.visitaOnlyThen]);
    const elsewhere = await team.client.patch(`/api/candidaturas/${id}`, { status: "entrevista", visita: visit });
    expect([elsewhere.status, elsewhere.json.errors]).toEqual([400, { visita: [APPLICATION_MESSAGES.visitaOnlyThen] }]);
    const byAdopter = await adopter.client.patch(`/api/candidaturas/${id}`, { visita: visit });
    expect(byAdopter.status).toBe(403);
    for (const who of [foster, outsider]) {
      expect((await who.client.patch(`/api/candidaturas/${id}`, { status: "visita", visita: visit })).status).toBe(404);
    }
    // Bad places and days are refused, the application left as it was.
    const refusals: [unknown, string][] = [
      [{ local: "praca" }, APPLICATION_MESSAGES.visitaLocal],
      [{ local: "lar_temporario", em: "amanhã" }, APPLICATION_MESSAGES.visitaEm],
      [{ local: "lar_temporario", em: `${addDays(today(), 3)}T15:00` }, APPLICATION_MESSAGES.visitaEm],
      [{ local: "lar_temporario", em: `${addDays(today(), -1)}T15:00:00-03:00` }, APPLICATION_MESSAGES.visitaPast],
      [{ local: "lar_temporario", em: at, endereco: "Rua X" }, "Campo desconhecido."],
      ["lar_temporario", APPLICATION_MESSAGES.visitaLocal],
    ];
    for (const [visita, message] of refusals) {
      const refused = await team.client.patch(`/api/candidaturas/${id}`, { status: "visita", visita });
      expect(refused.status, JSON.stringify(visita)).toBe(400);
      expect(JSON.stringify(refused.json.errors), JSON.stringify(visita)).toContain(message);
    }
    expect((await adopter.client.get(`/api/candidaturas/${id}`)).json).toMatchObject({ status: "nova", visita: null });

    const moved = await team.client.patch(`/api/candidaturas/${id}`, { status: "visita", visita: visit });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.json).toMatchObject({
      status: "visita",
      visita: { local: "lar_temporario", em: new Date(at).toISOString() },
    });

    // The foster sees who comes and when, and nothing else of the adopter.
    const mine = await foster.client.get("/api/meus-lares");
    expect(mine.status).toBe(200);
    const lares = mine.json.lares as { visitas: unknown[] }[];
    expect(lares).toHaveLength(1);
    expect(lares[0]!.visitas).toEqual([{ nome: "Ana", em: new Date(at).toISOString() }]);
    expect(JSON.stringify(mine.json)).not.toMatch(/Adotante|ana\.visita|98765/);
    const page = await foster.client.get("/meus-lares");
    expect(page.text).toContain("Visitas de adoção na sua casa");
    expect(page.text).toContain(`Ana vem conhecer Mel em ${formatDay(addDays(today(), 3))}, 15:00.`);

    // And is e-mailed, once.
    const [mail] = await until(
      "the foster's e-mail",
      async () => {
        const found = await mailsTo(smtp, foster.email);
        return found.length > 0 ? found : null;
      },
      { timeoutMs: 20_000 },
    );
    expect(mail!.subject).toBe("Ana vai visitar Mel no seu lar temporário");
    expect(mail!.text!.replace(/\s+/g, " ")).toContain(
      `A visita está marcada para ${formatDay(addDays(today(), 3))}, 15:00.`,
    );
    expect(mail!.text).toContain(`${PUBLIC_URL}/adopet/meus-lares`);
    expect(mail!.text).not.toMatch(/ana\.visita|98765/);

    // The adopter reads where and when (by e-mail too), never whose home it is.
    const read = await adopter.client.get(`/api/candidaturas/${id}`);
    expect(read.json.visita).toEqual({ local: "lar_temporario", em: new Date(at).toISOString() });
    expect(JSON.stringify(read.json)).not.toContain("Rita");
    const mine2 = await adopter.client.get(`/candidaturas/${id}`);
    expect(mine2.text).toContain(
      `Você vai conhecer o animal no lar temporário onde ele está, em ${formatDay(addDays(today(), 3))}, 15:00.`,
    );
    expect(mine2.text).not.toContain("Rita");
    const adopterMail = await until(
      "the adopter's e-mail",
      async () => {
        const found = (await mailsTo(smtp, adopter.email)).filter((message) =>
          message.text?.replace(/\s+/g, " ").includes("lar temporário"),
        );
        return found.length > 0 ? found : null;
      },
      { timeoutMs: 20_000 },
    );
    expect(adopterMail[0]!.text!.replace(/\s+/g, " ")).toContain("Quem cuida dele vai lhe passar o endereço.");
    // The team reads whose home it is on the application's page.
    const teamPage = await team.client.get(`/candidaturas/${id}`);
    expect(teamPage.text).toContain("No lar temporário de Rita Lar");

    // Moved to the adopter's home, to be arranged: the foster's page no longer shows it.
    const home = await team.client.patch(`/api/candidaturas/${id}`, { visita: { local: "casa_de_quem_adota" } });
    expect(home.status, home.text).toBe(200);
    expect(home.json.visita).toEqual({ local: "casa_de_quem_adota", em: null });
    expect((home.json.historico as { status: string }[]).map((event: { status: string }) => event.status)).toEqual([
      "nova",
      "visita",
      "visita",
    ]);
    expect(await visitsSeenBy(foster)).toEqual([]);

    // Back at the foster's, then decided: gone from the foster's page, and from the application.
    await team.client.patch(`/api/candidaturas/${id}`, { visita: { local: "lar_temporario" } });
    expect(await visitsSeenBy(foster)).toEqual([{ nome: "Ana", em: null }]);
    const approved = await team.client.patch(`/api/candidaturas/${id}`, { status: "aprovada" });
    expect(approved.json).toMatchObject({ status: "aprovada", visita: null });
    expect(await visitsSeenBy(foster)).toEqual([]);
  });

  it("is at the adopter's home for an animal in no foster home, and a changed one is told to the adopter", async () => {
    const { admin, team, adopter, organizationId } = await organizationTeam(app, "visita-casa");
    const bob = await createPet(app.db, { caretakerId: admin.id, organizationId, nome: "Bob" });
    const applied = await adopter.client.post(`/api/pets/${bob}/candidaturas`, { respostas: ANSWERS });
    const id = applied.json.id as string;
    const atFoster = await team.client.patch(`/api/candidaturas/${id}`, {
      status: "visita",
      visita: { local: "lar_temporario" },
    });
    expect([atFoster.status, atFoster.json.errors]).toEqual([400, { visita: [APPLICATION_MESSAGES.visitaNoFoster] }]);
    expect((await team.client.get(`/api/candidaturas/${id}`)).json.status).toBe("nova");

    // Without a place, at the adopter's home, the day to be arranged.
    const moved = await team.client.patch(`/api/candidaturas/${id}`, { status: "visita" });
    expect(moved.json.visita).toEqual({ local: "casa_de_quem_adota", em: null });
    const at = `${addDays(today(), 1)}T10:30:00-03:00`;
    const dated = await team.client.patch(`/api/candidaturas/${id}`, {
      visita: { local: "casa_de_quem_adota", em: at },
    });
    expect(dated.json.visita).toEqual({ local: "casa_de_quem_adota", em: new Date(at).toISOString() });
    const told = await until(
      "the adopter's e-mail of the day",
      async () => {
        const found = (await mailsTo(smtp, adopter.email)).filter((message) =>
          message.text
            ?.replace(/\s+/g, " ")
            .includes(`vai visitar sua casa em ${formatDay(addDays(today(), 1))}, 10:30`),
        );
        return found.length > 0 ? found : null;
      },
      { timeoutMs: 20_000 },
    );
    expect(told).toHaveLength(1);
  });
});

/** The visits the foster sees for the one animal with them. */
async function visitsSeenBy(foster: Person) {
  const mine = await foster.client.get("/api/meus-lares");
  return (mine.json.lares as { visitas: unknown[] }[])[0]!.visitas;
}

const formatDay = (day: string) => day.split("-").reverse().join("/");

describe("the application page's forms", () => {
  it("move to `visita` at the foster home with a day typed in Brasília, and refuse a past one under its field", async () => {
    const FORM = { "Content-Type": "application/x-www-form-urlencoded" };
    const { admin, team, foster, adopter, organizationId } = await organizationTeam(app, "visita-form");
    const nina = await createPet(app.db, { caretakerId: admin.id, organizationId, nome: "Nina" });
    await team.client.post(`/api/pets/${nina}/lar`, { lar_id: foster.id, inicio: today() });
    const applied = await adopter.client.post(`/api/pets/${nina}/candidaturas`, { respostas: ANSWERS });
    const id = applied.json.id as string;
    const page = await team.client.get(`/candidaturas/${id}`);
    expect(page.text).toContain("No lar temporário de Rita Lar, onde Nina está");

    const day = addDays(today(), 2);
    const past = await team.client.post(
      `/candidaturas/${id}?acao=mover`,
      new URLSearchParams({
        status: "visita",
        visita_local: "lar_temporario",
        visita_em: `${addDays(today(), -2)}T09:00`,
      }).toString(),
      FORM,
    );
    expect(past.status).toBe(400);
    expect(past.text).toContain(APPLICATION_MESSAGES.visitaPast);
    const moved = await team.client.post(
      `/candidaturas/${id}?acao=mover`,
      new URLSearchParams({ status: "visita", visita_local: "lar_temporario", visita_em: `${day}T09:00` }).toString(),
      FORM,
    );
    expect(moved.status).toBe(302);
    const read = await team.client.get(`/api/candidaturas/${id}`);
    expect(read.json.visita).toEqual({ local: "lar_temporario", em: new Date(`${day}T09:00:00-03:00`).toISOString() });
    expect(await visitsSeenBy(foster)).toEqual([{ nome: "Ana", em: new Date(`${day}T09:00:00-03:00`).toISOString() }]);
    // The step's own form: the day cleared, to be arranged again.
    const cleared = await team.client.post(
      `/candidaturas/${id}?acao=visita`,
      new URLSearchParams({ visita_local: "lar_temporario", visita_em: "" }).toString(),
      FORM,
    );
    expect(cleared.status).toBe(302);
    expect((await team.client.get(`/api/candidaturas/${id}`)).json.visita).toEqual({
      local: "lar_temporario",
      em: null,
    });
    // The adopter has no such form.
    const byAdopter = await adopter.client.post(
      `/candidaturas/${id}?acao=visita`,
      new URLSearchParams({ visita_local: "casa_de_quem_adota" }).toString(),
      FORM,
    );
    expect(byAdopter.status).toBe(403);
  });
});
