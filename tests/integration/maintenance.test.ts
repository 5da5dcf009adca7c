import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createUser } from "../support/factories";
import { emailDeliveries, knownLogins, rateLimits, reports, sessions, submissionKeys } from "~/db/schema";
import type { Db } from "~/db/client.server";
import { takeAllowance } from "~/services/rate-limits.server";
import { rememberLogin } from "~/domain/accounts/known-logins.server";
import { PURGE_JOB, purgeExpired } from "~/jobs/maintenance.server";
import { createMailer } from "~/services/mail.server";
import { startJobQueue, type JobQueue } from "~/jobs/queue.server";
import { ALERT_DIGEST_JOB } from "~/domain/alerts/alerts.server";
import { FOLLOWUP_SWEEP_JOB } from "~/domain/termos/followups.server";
import { HEALTH_SWEEP_JOB } from "~/domain/health/reminders.server";
import { DAILY_SUMMARY_SWEEP_JOB } from "~/domain/organizations/daily-summary.server";
import { LOST_FOUND_SWEEP_JOB } from "~/domain/lost-found/renewals.server";
import { SPONSORSHIP_SWEEP_JOB } from "~/domain/giving/sponsorships.server";
import { appJobs } from "~/jobs/definitions.server";
import { createTestDatabase, type TestDatabase } from "../support/database";

const DAY = 24 * 60 * 60 * 1000;

describe("the periodic purge", () => {
  let database: TestDatabase;
  let userId: string;
  const now = new Date("2026-11-23T12:00:00Z");

  beforeAll(async () => {
    database = await createTestDatabase();
    userId = (await createUser(database.db, { email: "limpeza@exemplo.com" })).id;
  });
  afterAll(async () => {
    await database.destroy();
  });

  async function seed() {
    await database.db.delete(sessions);
    await database.db.delete(knownLogins);
    // A form's key of two days ago is forgotten; one of an hour ago, a day later.
    await database.db.delete(submissionKeys);
    await database.db.insert(submissionKeys).values([
      { userId, chave: "chave-antiga", pedido: "POST /adopet/x", createdAt: new Date(now.getTime() - 2 * DAY) },
      { userId, chave: "chave-recente", pedido: "POST /adopet/x", createdAt: new Date(now.getTime() - DAY / 24) },
    ]);
    await database.db.insert(sessions).values([
      { tokenHash: "a".repeat(64), userId, expiresAt: new Date(now.getTime() - 1000) },
      { tokenHash: "b".repeat(64), userId, expiresAt: new Date(now.getTime() + DAY) },
    ]);
    await rememberLogin(
      database.db,
      userId,
      { clientKey: "198.51.100.1", deviceToken: null },
      new Date(now.getTime() - 91 * DAY),
    );
    await rememberLogin(
      database.db,
      userId,
      { clientKey: "198.51.100.2", deviceToken: null },
      new Date(now.getTime() - 89 * DAY),
    );
  }

  it("deletes sessions past their expiry and devices or addresses unused for 90 days, by the clock it is given", async () => {
    await seed();
    expect(await purgeExpired(database.db, now)).toEqual({
      sessions: 1,
      knownLogins: 1,
      emailKeys: 0,
      applicationAnswers: 0,
      passwordResets: 0,
      reports: 0,
      termos: 0,
      checkins: 0,
      stories: 0,
      invitations: 0,
      activity: 0,
      rateLimits: 0,
      submissionKeys: 1,
      trash: 0,
    });
    const left = await database.db.select({ tokenHash: sessions.tokenHash }).from(sessions);
    expect(left.map((row) => row.tokenHash)).toEqual(["b".repeat(64)]);
    expect(await database.db.select().from(knownLogins)).toHaveLength(1);
    // A day later, the remaining session has expired too.
    expect(await purgeExpired(database.db, new Date(now.getTime() + 2 * DAY))).toEqual({
      sessions: 1,
      knownLogins: 1,
      emailKeys: 0,
      applicationAnswers: 0,
      passwordResets: 0,
      reports: 0,
      termos: 0,
      checkins: 0,
      stories: 0,
      invitations: 0,
      activity: 0,
      rateLimits: 0,
      submissionKeys: 1,
      trash: 0,
    });
  });

  it("runs as a job on the queue, by the clock it is given, and comes back every hour", async () => {
    await seed();
    let clock = now;
    const mailer = createMailer({ from: "Adopet <a@b.c>", log: () => undefined });
    const queue: JobQueue = await startJobQueue(
      database,
      appJobs({ db: database.db, mailer, publicUrl: () => "", jobs: () => queue, now: () => clock }),
    );
    try {
      await queue.send(PURGE_JOB, {});
      expect(await queue.runDue()).toBe(1);
      expect(await database.db.select().from(sessions)).toHaveLength(1);
      clock = new Date(now.getTime() + 2 * DAY);
      await queue.send(PURGE_JOB, {});
      expect(await queue.runDue()).toBe(1);
      expect(await database.db.select().from(sessions)).toHaveLength(0);

      await queue.startWorkers();
      const schedules = rowsOf(await database.db.execute(sql`select name, cron from pgboss.schedule order by name`));
      expect(schedules).toEqual([
        { name: ALERT_DIGEST_JOB, cron: "0 11 * * *" },
        { name: DAILY_SUMMARY_SWEEP_JOB, cron: "0 10 * * *" },
        { name: FOLLOWUP_SWEEP_JOB, cron: "*/15 * * * *" },
        { name: HEALTH_SWEEP_JOB, cron: "0 10 * * *" },
        { name: LOST_FOUND_SWEEP_JOB, cron: "0 12 * * *" },
        { name: PURGE_JOB, cron: "0 * * * *" },
        { name: SPONSORSHIP_SWEEP_JOB, cron: "0 12 * * *" },
      ]);
    } finally {
      await queue.stop();
    }
  });

  it("forgets rate-limit counters whose window ended; an allowance taken in a transaction leaves no clean-up behind it", async () => {
    // The clock the limiter's own timers would run on; the purge runs on the one it is given.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      await database.db.transaction(async (tx) => {
        expect((await takeAllowance(tx as unknown as Db, "publish-account", "limpeza")).ok).toBe(true);
      });
      expect((await takeAllowance(database.db, "favorite-account", "limpeza")).ok).toBe(true);
      // Past the library's 5 minutes between clean-ups, twice: nothing runs through the closed
      // transaction, nothing is logged.
      await vi.advanceTimersByTimeAsync(11 * 60_000);
      expect(warn).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
      warn.mockRestore();
    }
    const counters = async () =>
      (await database.db.select({ key: rateLimits.key }).from(rateLimits)).map((row) => row.key).sort();
    expect(await counters()).toEqual(["favorite-account:limpeza", "publish-account:limpeza"]);
    // Still counting at `now`; both windows (an hour, a day) ended two days on.
    await database.db.update(rateLimits).set({ expire: new Date(now.getTime() + DAY) });
    await database.db
      .update(rateLimits)
      .set({ expire: new Date(now.getTime() + 60_000) })
      .where(eq(rateLimits.key, "favorite-account:limpeza"));
    expect((await purgeExpired(database.db, new Date(now.getTime() + 2 * 60_000))).rateLimits).toBe(1);
    expect(await counters()).toEqual(["publish-account:limpeza"]);
    expect((await purgeExpired(database.db, new Date(now.getTime() + 2 * DAY))).rateLimits).toBe(1);
    expect(await counters()).toEqual([]);
  });

  it("forgets the keys of e-mails sent more than 90 days ago", async () => {
    await database.db.insert(emailDeliveries).values([
      { idempotencyKey: "antiga", sentAt: new Date(now.getTime() - 91 * DAY) },
      { idempotencyKey: "recente", sentAt: new Date(now.getTime() - 89 * DAY) },
    ]);
    expect((await purgeExpired(database.db, now)).emailKeys).toBe(1);
    const left = await database.db.select({ key: emailDeliveries.idempotencyKey }).from(emailDeliveries);
    expect(left).toEqual([{ key: "recente" }]);
  });

  it("forgets reports closed more than a year ago, never open ones", async () => {
    const report = (texto: string, resolvedAt: Date | null) => ({
      alvoTipo: "usuario" as const,
      alvoId: userId,
      categoria: "outro" as const,
      texto,
      reporterKey: "c".repeat(64),
      clientKey: "c".repeat(64),
      createdAt: new Date(now.getTime() - 400 * DAY),
      resolvedAt,
      resolucao: resolvedAt ? "arquivada" : null,
    });
    await database.db
      .insert(reports)
      .values([
        report("antiga", new Date(now.getTime() - 366 * DAY)),
        report("recente", new Date(now.getTime() - 364 * DAY)),
        report("aberta", null),
      ]);
    expect((await purgeExpired(database.db, now)).reports).toBe(1);
    const left = await database.db.select({ texto: reports.texto }).from(reports).orderBy(reports.texto);
    expect(left).toEqual([{ texto: "aberta" }, { texto: "recente" }]);
  });
});

function rowsOf(result: unknown): unknown[] {
  return (result as { rows: unknown[] }).rows;
}
