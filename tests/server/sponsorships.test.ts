import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pets, sponsorshipCharges, sponsorships } from "~/db/schema";
import { createPet, createUser, DEFAULT_PASSWORD } from "../support/factories";
import { sendSponsorshipMonth, SPONSORSHIP_ENDED_JOB, sweepSponsorships } from "~/domain/giving/sponsorships.server";
import { addDays, brasiliaTime, dayInBrasilia } from "~/lib/dates";
import { createMailer } from "~/services/mail.server";
import { SPONSORSHIP_MESSAGES } from "~/validation/pix";
import { Client, signedInAccount, startAppWithMail, type TestApp } from "../support/app";
import { decodeEmv } from "../support/emv";
import { drained } from "../support/jobs";
import { organizationTeam, type Person } from "../support/organizations";
import { until } from "../support/poll";
import { mailsTo, type SmtpPeer } from "../support/smtp-peer";

/**
 * Padrinhos (issue 46): a monthly gift towards an animal, its code e-mailed at the start and on
 * the chosen day of each month (a clock the test gives the sweep), stopped by its padrinho (the
 * page, the API, the e-mail's signed link) or by the animal's adoption, with the padrinho told.
 */

const PUBLIC_URL = "https://adote.exemplo.org";
const FORM = { "Content-Type": "application/x-www-form-urlencoded" };
let app: TestApp;
let smtp: SmtpPeer;
let team: Awaited<ReturnType<typeof organizationTeam>>;
let petId: string;
const text = (mail: { text?: string | false }) => (mail.text || "").replace(/\s+/g, " ");
/** The month's code as the plain-text part has it: whole, on its own line. */
const codeIn = (mail: { text?: string | false }) => /^(000201.*)$/m.exec(mail.text || "")![1]!.trim();
const mailer = () => createMailer({ smtpUrl: smtp.url, from: "Adopet <nao-responda@adopet.exemplo>" });

/** The first day of the month after `now`'s, in Brasília, plus `days`. */
const nextMonthDay = (day: number) => {
  const [year, month] = dayInBrasilia(new Date()).split("-").map(Number) as [number, number];
  const next = month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, "0")}`;
  return `${next}-${String(day).padStart(2, "0")}`;
};

async function monthMails(person: Person, pet: string, count: number) {
  return until(`${count} code(s) to ${person.email}`, async () => {
    const found = (await mailsTo(smtp, person.email)).filter((mail) => mail.subject === `Seu Pix do mês para ${pet}`);
    return found.length >= count ? found : null;
  });
}

beforeAll(async () => {
  ({ app, smtp } = await startAppWithMail({ PUBLIC_URL }));
  team = await organizationTeam(app, "padrinhos");
  const key = { chave: "pix@lia.org", nome_recebedor: "Lia Protetora", cidade_recebedor: "Rio de Janeiro" };
  expect((await team.admin.client.put(`/api/organizacoes/${team.organizationId}/pix`, key)).status).toBe(200);
  petId = await createPet(app.db, { caretakerId: team.admin.id, organizationId: team.organizationId, nome: "Pipoca" });
});
afterAll(() => app?.close());

describe("a padrinho", () => {
  it("sponsors an animal: the first month's code comes at once, then one on their day each month", async () => {
    const ana = team.adopter;
    const url = `/api/pets/${petId}/apadrinhamentos`;
    expect((await new Client(app.baseUrl).post(url, { valor_mensal: 30, dia: 10 })).status).toBe(401);
    const started = await ana.client.post(url, { valor_mensal: "30,00", dia: 10 });
    expect(started.status, started.text).toBe(201);
    const id = started.json.id as string;
    const [first] = await monthMails(ana, "Pipoca", 1);
    const code = codeIn(first!);
    const fields = decodeEmv(code);
    expect(fields.get("54")).toBe("30.00");
    const month = dayInBrasilia(new Date()).slice(0, 7).replace("-", "");
    expect(decodeEmv(fields.get("62")!).get("05")).toBe(`PM${id.replace(/-/g, "").slice(0, 12).toUpperCase()}${month}`);
    expect(text(first!)).toContain("Obrigado por apadrinhar Pipoca. Este é o código Pix de R$ 30,00 deste mês");
    expect(text(first!)).toContain(`${PUBLIC_URL}/adopet/apadrinhamentos/parar?token=`);
    const header = (name: string) =>
      first!.headerLines
        .find((line) => line.key === name)
        ?.line.replace(/\r?\n\s+/g, " ")
        .replace(/^[^:]+:\s*/, "");
    expect(header("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    expect(header("list-unsubscribe")).toMatch(new RegExp(`^<${PUBLIC_URL}/adopet/apadrinhamentos/parar\\?token=`));

    // Once per animal and person.
    const again = await ana.client.post(url, { valor_mensal: 50, dia: 5 });
    expect(again.status).toBe(409);
    expect(again.json.message).toContain("Você já apadrinha este animal.");
    const listed = await ana.client.get("/api/apadrinhamentos");
    expect(listed.json.apadrinhamentos).toMatchObject([
      {
        id,
        pet: { id: petId, nome: "Pipoca" },
        valor_mensal: "30.00",
        valor_mensal_centavos: 3000,
        dia: 10,
        motivo_fim: null,
      },
    ]);
    expect((await team.outsider.client.get("/api/apadrinhamentos")).json.apadrinhamentos).toEqual([]);
    expect((await team.outsider.client.delete(`/api/apadrinhamentos/${id}`)).status).toBe(404);

    // Next month: nothing before the 10th; on it, two sweeps make one code (the two at the same
    // moment: tests/integration/overlaps.test.ts, on PostgreSQL).
    expect(await sweepSponsorships(app.db, app.jobs, brasiliaTime(nextMonthDay(9), 10))).toBeUndefined();
    const charges = () => app.db.select().from(sponsorshipCharges).where(eq(sponsorshipCharges.sponsorshipId, id));
    expect(await charges()).toHaveLength(1);
    await sweepSponsorships(app.db, app.jobs, brasiliaTime(nextMonthDay(10), 10));
    await sweepSponsorships(app.db, app.jobs, brasiliaTime(nextMonthDay(10), 10));
    expect(await charges()).toHaveLength(2);
    const [, second] = await monthMails(ana, "Pipoca", 2);
    const nextMonth = nextMonthDay(10).slice(0, 7);
    expect(decodeEmv(decodeEmv(codeIn(second!)).get("62")!).get("05")).toMatch(
      new RegExp(`${nextMonth.replace("-", "")}$`),
    );
    // Three workers sending that month's e-mail: still one.
    const [charge] = (await charges()).filter((row) => row.mes === nextMonth);
    await Promise.allSettled([0, 1, 2].map(() => sendSponsorshipMonth(app.db, mailer(), charge!.id, PUBLIC_URL)));
    expect(await monthMails(ana, "Pipoca", 2)).toHaveLength(2);

    // Stopped through the e-mail's link: opening it changes nothing, its button stops it.
    const stop = /\/adopet(\/apadrinhamentos\/parar\?token=\S+)/.exec(text(first!))![1]!;
    const visitor = new Client(app.baseUrl);
    const opened = await visitor.get(stop);
    expect(opened.status).toBe(200);
    expect(opened.text).toContain("Você deixará de receber, todo mês, o código Pix para Pipoca.");
    expect((await ana.client.get("/api/apadrinhamentos")).json.apadrinhamentos).toMatchObject([{ motivo_fim: null }]);
    // The signature's first character changed: its last one's low bits are padding, which base64url
    // decodes alike, so writing "A" there left 1 token in 16 unchanged (and the test failed).
    const tampered = stop.replace(/\.(.)/, (_, first: string) => `.${first === "A" ? "B" : "A"}`);
    expect((await visitor.post(tampered, "", FORM)).status).toBe(400);
    expect((await visitor.post(stop, "", FORM)).status).toBe(200);
    expect((await ana.client.get("/api/apadrinhamentos")).json.apadrinhamentos).toMatchObject([
      { motivo_fim: "padrinho" },
    ]);
    expect((await visitor.get(stop)).text).toContain("Apadrinhamento de Pipoca encerrado");
    // No more codes; and a new sponsorship may begin.
    const later = addDays(nextMonthDay(10), 31);
    await sweepSponsorships(app.db, app.jobs, brasiliaTime(later, 10));
    expect(await charges()).toHaveLength(2);
    const restarted = await ana.client.post(url, { valor_mensal: 20, dia: 1 });
    expect(restarted.status).toBe(201);
    expect((await ana.client.delete(`/api/apadrinhamentos/${id}`)).status).toBe(204);

    // Stopped through the API by its e-mail's token, in a JSON body, without a session: the page's refusals.
    const [, , third] = await monthMails(ana, "Pipoca", 3);
    const token = /\/apadrinhamentos\/parar\?token=(\S+)/.exec(text(third!))![1]!;
    const api = "/api/apadrinhamentos/parar";
    const invalid = {
      message: SPONSORSHIP_MESSAGES.linkInvalido,
      errors: { token: [SPONSORSHIP_MESSAGES.linkInvalido] },
    };
    const forged = token.replace(/\.(.)/, (_, first: string) => `.${first === "A" ? "B" : "A"}`);
    const refusedApi = await visitor.post(api, { token: forged });
    expect([refusedApi.status, refusedApi.json]).toEqual([400, invalid]);
    expect((await visitor.post(api, { token: ["x"] })).json.errors).toEqual(invalid.errors);
    expect((await visitor.post(api, { token, motivo: "caro" })).status).toBe(400);
    expect((await visitor.post(api, '{"token": ', { "Content-Type": "application/json" })).status).toBe(400);
    const mine = async () =>
      (
        (await ana.client.get("/api/apadrinhamentos")).json.apadrinhamentos as { id: string; motivo_fim: string }[]
      ).find((each) => each.id === restarted.json.id);
    expect((await mine())!.motivo_fim).toBeNull();
    expect((await visitor.post(api, { token })).status).toBe(204);
    expect((await mine())!.motivo_fim).toBe("padrinho");
    expect((await visitor.post(api, { token })).status).toBe(204);
  });

  it("is refused with a message for what a sponsorship cannot be", async () => {
    const bia = await signedInAccount(app, { email: "bia.padrinhos@exemplo.com", nome: "Bia" });
    const url = `/api/pets/${petId}/apadrinhamentos`;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ valor_mensal: 30, dia: 29 }, "dia", "Escolha um dia do mês de 1 a 28."],
      [{ valor_mensal: 30, dia: 0 }, "dia", "Escolha um dia do mês de 1 a 28."],
      [{ valor_mensal: 30, dia: 2.5 }, "dia", "Escolha um dia do mês de 1 a 28."],
      [{ valor_mensal: 0.5, dia: 10 }, "valor_mensal", "Informe um valor entre R$ 1,00 e R$ 100.000,00"],
      [{ valor_mensal: "trinta", dia: 10 }, "valor_mensal", "Informe um valor entre R$ 1,00 e R$ 100.000,00"],
      [{ valor_mensal: 0.1 + 0.2, dia: 10 }, "valor_mensal", "Informe um valor entre R$ 1,00 e R$ 100.000,00"],
      [{ valor_mensal: 30, dia: 10, anonimo: true }, "anonimo", "Campo desconhecido."],
    ];
    for (const [body, field, message] of cases) {
      const refused = await bia.client.post(url, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect((refused.json.errors as Record<string, string[]>)[field]?.[0], JSON.stringify(body)).toContain(message);
    }
    // An animal of an organisation without a key, an adopted one, one that does not exist.
    const [other] = await app.db.select({ id: pets.id }).from(pets).where(eq(pets.nome, "Alheio"));
    expect(
      (await bia.client.post(`/api/pets/${other!.id}/apadrinhamentos`, { valor_mensal: 30, dia: 10 })).status,
    ).toBe(404);
    const adopted = await createPet(app.db, {
      caretakerId: team.admin.id,
      organizationId: team.organizationId,
      nome: "Adotada",
      status: "adotado",
    });
    expect((await bia.client.post(`/api/pets/${adopted}/apadrinhamentos`, { valor_mensal: 30, dia: 10 })).status).toBe(
      404,
    );
    // An e-mail not confirmed yet.
    await createUser(app.db, { email: "nova.padrinhos@exemplo.com", nome: "Nova", emailConfirmed: false });
    const unconfirmed = new Client(app.baseUrl);
    await unconfirmed.post("/api/session", { email: "nova.padrinhos@exemplo.com", senha: DEFAULT_PASSWORD });
    expect((await unconfirmed.post(url, { valor_mensal: 30, dia: 10 })).status).toBe(403);
    expect(await app.db.select().from(sponsorships).where(eq(sponsorships.petId, adopted))).toEqual([]);
  });

  it("is told when the animal is adopted, and the sponsorship ends", async () => {
    const caio = team.team;
    const thor = await createPet(app.db, {
      caretakerId: team.admin.id,
      organizationId: team.organizationId,
      nome: "Mel",
      sexo: "femea",
    });
    expect((await caio.client.post(`/api/pets/${thor}/apadrinhamentos`, { valor_mensal: 25, dia: 3 })).status).toBe(
      201,
    );
    await monthMails(caio, "Mel", 1);
    await app.db.update(pets).set({ status: "adotado" }).where(eq(pets.id, thor));
    await sweepSponsorships(app.db, app.jobs, new Date());
    const [ended] = await until("the thanks", async () => {
      const found = (await mailsTo(smtp, caio.email)).filter(
        (mail) => mail.subject === "Mel foi adotada! Obrigado, padrinho",
      );
      return found.length > 0 ? found : null;
    });
    expect(text(ended!)).toContain("O apadrinhamento terminou: você não recebe mais códigos Pix para Mel.");
    expect(text(ended!)).toContain("Mel encontrou um lar. A sua ajuda cuidou dela enquanto esperava: obrigado!");
    expect(text(ended!)).toContain(`${PUBLIC_URL}/adopet/responsaveis/${team.admin.id}`);
    const [row] = await app.db
      .select({ motivo: sponsorships.motivoFim })
      .from(sponsorships)
      .where(and(eq(sponsorships.petId, thor), eq(sponsorships.userId, caio.id)));
    expect(row!.motivo).toBe("adotado");
    // A second sweep tells no one again: whatever it queued has run.
    await sweepSponsorships(app.db, app.jobs, new Date());
    await drained(app.db, SPONSORSHIP_ENDED_JOB);
    expect(
      (await mailsTo(smtp, caio.email)).filter((mail) => mail.subject?.startsWith("Mel foi adotada")),
    ).toHaveLength(1);
  });
});

describe("the padrinho's pages", () => {
  it("start from the animal's page, list the sponsorships with the month's code, and stop", async () => {
    const rita = team.foster;
    const lua = await createPet(app.db, {
      caretakerId: team.admin.id,
      organizationId: team.organizationId,
      nome: "Lua",
    });
    const page = await rita.client.get(`/pets/${lua}/apadrinhe`);
    expect(page.text).toContain("Apadrinhe todo mês");
    expect((await new Client(app.baseUrl).get(`/pets/${lua}/apadrinhe`)).text).toContain(
      "Entre para apadrinhar todo mês",
    );
    const refused = await rita.client.post(
      `/pets/${lua}/apadrinhe`,
      new URLSearchParams({ valor_mensal: "abc", dia: "10" }).toString(),
      FORM,
    );
    expect(refused.status).toBe(400);
    expect(refused.text).toContain("Informe um valor entre R$ 1,00 e R$ 100.000,00");
    const started = await rita.client.post(
      `/pets/${lua}/apadrinhe`,
      new URLSearchParams({ valor_mensal: "15,50", dia: "20" }).toString(),
      FORM,
    );
    expect([started.status, started.headers.get("location")]).toEqual([302, "/adopet/apadrinhamentos"]);
    expect((await rita.client.get(`/pets/${lua}/apadrinhe`)).text).toContain("Você já apadrinha Lua.");
    const [mine] = (await rita.client.get("/api/apadrinhamentos")).json.apadrinhamentos as { id: string }[];
    const list = await rita.client.get("/apadrinhamentos");
    expect(list.text).toContain("R$ 15,50 por mês, todo dia 20");
    expect(list.text).not.toContain("Pix copia e cola");
    const shown = await rita.client.get(`/apadrinhamentos?codigo=${mine!.id}`);
    expect(shown.text).toContain("Pix copia e cola");
    expect((await team.outsider.client.get(`/apadrinhamentos?codigo=${mine!.id}`)).status).toBe(404);
    expect((await team.outsider.client.post(`/apadrinhamentos?id=${mine!.id}`, "", FORM)).status).toBe(404);
    const stopped = await rita.client.post(`/apadrinhamentos?id=${mine!.id}`, "", FORM);
    expect(stopped.status).toBe(302);
    expect((await rita.client.get("/apadrinhamentos")).text).toContain("Você parou em");
    // In her data export (LGPD), with its end.
    const exported = await rita.client.get(`/api/users/${rita.id}/export`);
    expect(exported.json.apadrinhamentos).toMatchObject([{ nome: "Lua", valor_mensal_centavos: 1550, dia: 20 }]);
    expect((exported.json.apadrinhamentos as { encerrado_em: string | null }[])[0]!.encerrado_em).not.toBeNull();
  });
});
