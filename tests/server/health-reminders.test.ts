import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPet } from "../support/factories";
import { sendHealthReminder, sweepHealthReminders } from "~/domain/health/reminders.server";
import { addDays, brasiliaTime, dayInBrasilia, formatDay } from "~/lib/dates";
import { HEALTH_MESSAGES } from "~/lib/health";
import { createMailer } from "~/services/mail.server";
import { startAppWithMail, type TestApp } from "../support/app";
import { adoptThroughTermo } from "../support/adoptions";
import { organizationTeam } from "../support/organizations";
import { until } from "../support/poll";
import { mailsTo, type SmtpPeer } from "../support/smtp-peer";

/**
 * Health reminders (issue 45), by a clock the test controls: a dose a week before and on its
 * day, the day's medication in the morning, to whoever holds the animal (its foster during a
 * stay, else its team, its adopter after the termo until they turn them off); once per person,
 * animal and day however many sweeps and workers run; doses past their day on the lists.
 */

const PUBLIC_URL = "https://adote.exemplo.org";
let app: TestApp;
let smtp: SmtpPeer;
const today = () => dayInBrasilia(new Date());
const FORM = { "Content-Type": "application/x-www-form-urlencoded" };
const text = (mail: { text?: string | false }) => (mail.text || "").replace(/\s+/g, " ");
const mailer = () => createMailer({ smtpUrl: smtp.url, from: "Adopet <nao-responda@adopet.exemplo>" });

beforeAll(async () => {
  ({ app, smtp } = await startAppWithMail({ PUBLIC_URL }));
});
afterAll(() => app?.close());

/** Whether an e-mail is a health reminder about `pet`. */
const reminderOf = (pet: string) => (mail: { subject?: string }) =>
  mail.subject === `Lembrete de saúde de ${pet}: dose chegando` || mail.subject === `Medicamentos de ${pet} hoje`;

/** The health reminders `to` got about `pet`, once at least `count` arrived. */
async function remindersTo(to: string, pet: string, count = 1) {
  return until(`${count} reminder(s) to ${to}`, async () => {
    const found = (await mailsTo(smtp, to)).filter(reminderOf(pet));
    return found.length >= count ? found : null;
  });
}

describe("health reminders", () => {
  it("go to the foster during a stay, then to the team: a week before a dose, on its day, and the day's medication", async () => {
    const { admin, team, foster, organizationId } = await organizationTeam(app, "lembretes");
    const mel = await createPet(app.db, { caretakerId: admin.id, organizationId, nome: "Melzinha", especie: "gato" });
    expect((await team.client.post(`/api/pets/${mel}/lar`, { lar_id: foster.id, inicio: today() })).status).toBe(201);
    const day = addDays(today(), 30);
    const due = addDays(day, 7);
    const vaccine = await team.client.post(`/api/pets/${mel}/saude`, {
      tipo: "vacina",
      nome: "V4",
      data: today(),
      proxima_dose: due,
    });
    expect(vaccine.status, vaccine.text).toBe(201);
    const course = await foster.client.post(`/api/pets/${mel}/saude`, {
      tipo: "medicamento",
      nome: "Meloxicam",
      dose: "1 gota",
      horarios: ["20:00", "08:00"],
      de: day,
      ate: addDays(day, 1),
    });
    expect(course.status, course.text).toBe(201);

    // Nothing on the eve, nor before 07:00 in Brasília (a start's catch-up leaves the morning to the cron).
    expect(await sweepHealthReminders(app.db, app.jobs, brasiliaTime(addDays(day, -1), 8))).toBe(0);
    expect(await sweepHealthReminders(app.db, app.jobs, brasiliaTime(day, 6))).toBe(0);
    // Two sweeps the same morning (two servers' crons): one e-mail. The two at the same moment
    // are tests/integration/overlaps.test.ts's, on PostgreSQL.
    const swept = [
      await sweepHealthReminders(app.db, app.jobs, brasiliaTime(day, 8)),
      await sweepHealthReminders(app.db, app.jobs, brasiliaTime(day, 8)),
    ];
    expect(swept).toEqual([1, 1]);
    const [first] = await remindersTo(foster.email, "Melzinha");
    expect(first!.subject).toBe("Lembrete de saúde de Melzinha: dose chegando");
    expect(text(first!)).toContain(`Vacina V4: a próxima dose vence em 7 dias, em ${formatDay(due)}.`);
    expect(text(first!)).toContain("Meloxicam, 1 gota: às 08:00 e 20:00.");
    expect(text(first!)).toContain(`${PUBLIC_URL}/adopet/pets/${mel}/saude`);
    expect(text(first!)).not.toContain("Não quer mais estes lembretes?");
    // Three workers sending the same morning's reminder: still one.
    await Promise.allSettled(
      [0, 1, 2].map(() => sendHealthReminder(app.db, mailer(), { petId: mel, dia: day }, PUBLIC_URL)),
    );
    expect(await remindersTo(foster.email, "Melzinha")).toHaveLength(1);
    // The team is not told while the foster holds the animal.
    expect((await mailsTo(smtp, admin.email)).filter(reminderOf("Melzinha"))).toEqual([]);

    // The next morning, the medication only.
    expect(await sweepHealthReminders(app.db, app.jobs, brasiliaTime(addDays(day, 1), 8))).toBe(1);
    const second = (await remindersTo(foster.email, "Melzinha", 2))[1]!;
    expect(second.subject).toBe("Medicamentos de Melzinha hoje");
    expect(text(second)).not.toContain("Vacina V4");
    // The course over, nothing.
    expect(await sweepHealthReminders(app.db, app.jobs, brasiliaTime(addDays(day, 2), 8))).toBe(0);

    // Back with the organisation: on the dose's day, its team is told.
    expect((await team.client.delete(`/api/pets/${mel}/lar`)).status).toBe(200);
    expect(await sweepHealthReminders(app.db, app.jobs, brasiliaTime(due, 8))).toBe(1);
    for (const member of [admin, team]) {
      const [mail] = await remindersTo(member.email, "Melzinha");
      expect(text(mail!)).toContain(`Vacina V4: a dose é hoje (${formatDay(due)}).`);
    }
    expect(await remindersTo(foster.email, "Melzinha")).toHaveLength(2);

    // A dose recorded since: nothing is due any more.
    await team.client.post(`/api/pets/${mel}/saude`, { tipo: "vacina", nome: "v4", data: today() });
    expect(await sweepHealthReminders(app.db, app.jobs, brasiliaTime(due, 9))).toBe(1);
    await sendHealthReminder(app.db, mailer(), { petId: mel, dia: due }, PUBLIC_URL);
    expect(await remindersTo(admin.email, "Melzinha")).toHaveLength(1);
    const page = await team.client.get(`/pets/${mel}/saude`);
    expect(page.text).toContain("Nenhuma dose prevista.");
  });

  it("go to the adopter after the termo, until they turn them off", async () => {
    const { admin, adopter } = await organizationTeam(app, "lembretes-adocao");
    const { petId } = await adoptThroughTermo(app, { caretaker: admin, adopter, nome: "Totó" });
    const day = addDays(today(), 20);
    const due = addDays(day, 7);
    const dewormer = await admin.client.post(`/api/pets/${petId}/saude`, {
      tipo: "vermifugo",
      produto: "Drontal",
      data: today(),
      proxima_dose: due,
    });
    expect(dewormer.status, dewormer.text).toBe(201);
    expect(await sweepHealthReminders(app.db, app.jobs, brasiliaTime(day, 8))).toBe(1);
    const [mail] = await remindersTo(adopter.email, "Totó");
    expect(text(mail!)).toContain(`Vermífugo (Drontal): a próxima dose vence em 7 dias, em ${formatDay(due)}.`);
    expect(text(mail!)).toContain("Não quer mais estes lembretes? Desligue na página de saúde de Totó.");
    expect((await mailsTo(smtp, admin.email)).filter(reminderOf("Totó"))).toEqual([]);

    // Only the adopter turns them off.
    const path = `/pets/${petId}/saude`;
    expect((await adopter.client.get(path)).text).toContain("Desligar os lembretes");
    expect((await admin.client.post(`${path}?acao=lembretes`, "lembretes=nao", FORM)).status).toBe(403);
    expect((await adopter.client.post(`${path}?acao=lembretes`, "lembretes=talvez", FORM)).status).toBe(400);
    expect((await adopter.client.post(`${path}?acao=lembretes`, "lembretes=nao", FORM)).status).toBe(302);
    expect((await adopter.client.get(path)).text).toContain("Os lembretes por e-mail estão desligados.");
    // The dose's day: nothing to anyone.
    await sendHealthReminder(app.db, mailer(), { petId, dia: due }, PUBLIC_URL);
    expect(await remindersTo(adopter.email, "Totó")).toHaveLength(1);
    expect((await mailsTo(smtp, admin.email)).filter(reminderOf("Totó"))).toEqual([]);
    // On again, through the API this time (the same rule): the day's reminder goes.
    const api = `/api/pets/${petId}/saude/lembretes`;
    // The record says the switch's state, as the page does: the adopter's, nobody else's.
    expect((await adopter.client.get(`/api/pets/${petId}/saude`)).json.lembretes).toBe(false);
    expect((await admin.client.get(`/api/pets/${petId}/saude`)).json.lembretes).toBeNull();
    expect((await admin.client.request("PUT", api, { ativos: true })).status).toBe(403);
    const refused = await adopter.client.request("PUT", api, { ativos: "sim" });
    expect([refused.status, refused.json.errors]).toEqual([400, { ativos: [HEALTH_MESSAGES.lembretes] }]);
    const on = await adopter.client.request("PUT", api, { ativos: true });
    expect([on.status, on.json]).toEqual([200, { ativos: true }]);
    expect((await adopter.client.get(`/api/pets/${petId}/saude`)).json.lembretes).toBe(true);
    await sendHealthReminder(app.db, mailer(), { petId, dia: due }, PUBLIC_URL);
    const [, today2] = await remindersTo(adopter.email, "Totó", 2);
    expect(text(today2!)).toContain(`Vermífugo (Drontal): a dose é hoje (${formatDay(due)}).`);
  });

  it("show doses past their day on the lists of those who hold the animal", async () => {
    const { admin, foster, organizationId } = await organizationTeam(app, "lembretes-atrasadas");
    const bob = await createPet(app.db, { caretakerId: admin.id, organizationId, nome: "Bobão", especie: "cao" });
    const late = addDays(today(), -12);
    await admin.client.post(`/api/pets/${bob}/saude`, {
      tipo: "vacina",
      nome: "V10",
      data: addDays(today(), -377),
      proxima_dose: late,
    });
    const expected = `Dose atrasada: Vacina V10 (desde ${formatDay(late)}).`;
    expect((await admin.client.page("/meus-pets")).text).toContain(expected);
    await admin.client.post(`/api/pets/${bob}/lar`, { lar_id: foster.id, inicio: today() });
    expect((await foster.client.get("/meus-lares")).text).toContain(expected);
    expect((await admin.client.get(`/pets/${bob}/saude`)).text).toContain("Atrasada");
    // Given now: no longer late.
    await foster.client.post(`/api/pets/${bob}/saude`, { tipo: "vacina", nome: "V10", data: today() });
    expect((await foster.client.get("/meus-lares")).text).not.toContain("Dose atrasada");
    expect((await admin.client.page("/meus-pets")).text).not.toContain("Dose atrasada:");
  });

  it("go at once for what an entry makes due today, and once", async () => {
    const { admin, foster, organizationId } = await organizationTeam(app, "lembretes-agora");
    const rex = await createPet(app.db, { caretakerId: admin.id, organizationId, nome: "Rexinho", especie: "cao" });
    await admin.client.post(`/api/pets/${rex}/lar`, { lar_id: foster.id, inicio: today() });
    const dose = await foster.client.post(`/api/pets/${rex}/saude`, {
      tipo: "vermifugo",
      produto: "Milbemax",
      data: today(),
      proxima_dose: addDays(today(), 7),
    });
    expect(dose.status, dose.text).toBe(201);
    const [mail] = await remindersTo(foster.email, "Rexinho");
    expect(text(mail!)).toContain(
      `Vermífugo (Milbemax): a próxima dose vence em 7 dias, em ${formatDay(addDays(today(), 7))}.`,
    );
    // The morning's sweep, had it not run yet, sends nothing more that day.
    await sweepHealthReminders(app.db, app.jobs, brasiliaTime(today(), 23));
    await sendHealthReminder(app.db, mailer(), { petId: rex, dia: today() }, PUBLIC_URL);
    expect(await remindersTo(foster.email, "Rexinho")).toHaveLength(1);
  });
});
