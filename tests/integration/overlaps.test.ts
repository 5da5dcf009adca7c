import { createHash, randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "~/db/client.server";
import { adoptions, alerts, applications, checkins, passwordResets, pets, users } from "~/db/schema";
import { createPet, createUser } from "~/demo/factories.server";
import { resetPassword } from "~/domain/accounts/password-reset.server";
import { ALERT_SEND_JOB, queueDigest } from "~/domain/alerts/alerts.server";
import { apply } from "~/domain/applications/applications.server";
import { changeApplication } from "~/domain/applications/application-moves.server";
import { CASTRATION_REMINDER_JOB, CHECKIN_EMAIL_JOB, sweepFollowups } from "~/domain/termos/followups.server";
import { verifyPassword } from "~/domain/accounts/passwords.server";
import { appJobs } from "~/jobs/definitions.server";
import { startJobQueue, type JobQueue } from "~/jobs/queue.server";
import { DEFAULT_QUESTIONS } from "~/lib/applications";
import { addDays, dayInBrasilia } from "~/lib/dates";
import { createMailer } from "~/services/mail.server";
import { ANSWERS } from "../support/adoptions";
import { createTestDatabase, type TestDatabase } from "../support/database";
import { overlapping, valueOf } from "../support/overlap";

/**
 * What two requests or runs at the same moment may not both do (issue 41), with the overlap
 * forced: the test holds a lock the two calls need until both have got there (support/overlap),
 * each call on its own connection of the pool. Each of these fails when its guard is taken out
 * (the `for update`, the unique index, the `skip locked`, the job's singleton key…), which two
 * calls one after the other (or anything on PGlite, which runs one statement at a time) cannot show.
 */
describe.runIf(process.env.DATABASE_URL)("calls at the same moment, on PostgreSQL", () => {
  let database: TestDatabase;
  let queue: JobQueue;
  let url: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    url = database.url!;
    const mailer = createMailer({ from: "Adopet <a@b.c>", log: () => undefined });
    // Only sends: the jobs the calls store are counted, not run.
    queue = await startJobQueue(
      database,
      appJobs({ db: database.db, mailer, publicUrl: () => "", jobs: () => queue }),
      { work: false },
    );
  });
  afterAll(async () => {
    await queue?.stop();
    await database?.destroy();
  });

  const person = (nome: string) => createUser(database.db, { nome });
  const jobsOf = async (name: string, key: string, id: string) =>
    rowsOf<{ n: number }>(
      await database.db.execute(
        sql`select count(*)::int as n from pgboss.job where name = ${name} and data->>${key} = ${id}`,
      ),
    )[0]!.n;
  const application = async (adopterId: string, petId: string, caretakerId: string) =>
    apply(
      database.db,
      queue,
      { adopterId, petId, caretakerId, perguntas: [...DEFAULT_QUESTIONS], respostas: ANSWERS },
      { limited: false },
    );

  it("two approvals of one animal: exactly one wins, the other is refused, the animal reserved once", async () => {
    const ong = await person("ONG Corrida");
    const petId = await createPet(database.db, { caretakerId: ong.id, nome: "Corrida" });
    const ids: string[] = [];
    for (const adopter of [await person("Ana"), await person("Bruno")]) {
      const applied = await application(adopter.id, petId, ong.id);
      if (!applied.ok) throw new Error(`Application refused: ${JSON.stringify(applied.failure)}`);
      ids.push(applied.value.id);
    }
    // Both moves are held at the animal's row, then go on together.
    const results = await overlapping(
      url,
      { text: "select 1 from pets where id = $1 for update", values: [petId] },
      ids.map((id) => () => changeApplication(database.db, queue, ong.id, id, { status: "aprovada" })),
    );
    const outcomes = results.map(valueOf);
    expect(outcomes.filter((outcome) => outcome.ok)).toEqual([{ ok: true, value: { status: "aprovada" } }]);
    expect(outcomes.filter((outcome) => !outcome.ok)).toEqual([
      { ok: false, failure: expect.objectContaining({ kind: "conflict" }) },
    ]);
    const statuses = await database.db
      .select({ status: applications.status })
      .from(applications)
      .where(eq(applications.petId, petId));
    expect(statuses.map((row) => row.status).sort()).toEqual(["aprovada", "em_espera"]);
    const [pet] = await database.db.select({ reservedAt: pets.reservedAt }).from(pets).where(eq(pets.id, petId));
    expect(pet!.reservedAt).not.toBeNull();
  });

  it("two applications by one adopter for one animal: one is written, the other told it exists", async () => {
    const ong = await person("ONG Gêmeos");
    const adopter = await person("Carla");
    const petId = await createPet(database.db, { caretakerId: ong.id, nome: "Gêmeo" });
    // Both statements wait at the animal's row (which they read `for share`), then write at once.
    const results = await overlapping(url, { text: "select 1 from pets where id = $1 for update", values: [petId] }, [
      () => application(adopter.id, petId, ong.id),
      () => application(adopter.id, petId, ong.id),
    ]);
    const outcomes = results.map(valueOf);
    const written = outcomes.find((outcome) => outcome.ok);
    expect(written).toEqual({ ok: true, value: { id: expect.any(String), status: "nova" } });
    expect(outcomes.filter((outcome) => !outcome.ok)).toEqual([
      { ok: false, failure: { kind: "conflict", reason: "application-open", id: written!.ok && written!.value.id } },
    ]);
    const stored = await database.db
      .select({ id: applications.id })
      .from(applications)
      .where(and(eq(applications.petId, petId), eq(applications.adopterId, adopter.id)));
    expect(stored).toHaveLength(1);
  });

  it("a password-reset link used twice at once sets one password, the other use refused", async () => {
    const user = await person("Rita");
    const token = randomBytes(32).toString("base64url");
    const [reset] = await database.db
      .insert(passwordResets)
      .values({
        userId: user.id,
        tokenHash: createHash("sha256").update(token).digest("hex"),
        expiresAt: new Date(Date.now() + 3_600_000),
      })
      .returning({ id: passwordResets.id });
    const passwords = ["Primeira@2026", "Segunda@2026"];
    // Both hold the link's row (hashing each password came before): held there together.
    const results = await overlapping(
      url,
      { text: "select 1 from password_resets where id = $1 for update", values: [reset!.id] },
      passwords.map((senha, index) => () => resetPassword(database.db, { token, senha }, `cliente-${index}`)),
    );
    const outcomes = results.map(valueOf);
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
    expect(outcomes.filter((outcome) => !outcome.ok)).toEqual([
      { ok: false, failure: { kind: "invalid", field: "token", reason: "reset-token" } },
    ]);
    // The password stored is the one whose use succeeded.
    const kept = passwords[outcomes.findIndex((outcome) => outcome.ok)]!;
    const [row] = await database.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, user.id));
    expect(await verifyPassword(row!.hash, kept)).toBe(true);
  });

  /** An adoption of a new animal, recorded without its termo (the sweep reads only this). */
  async function adoption(prazoCastracao: string | null) {
    const ong = await person("ONG Acompanha");
    const adopter = await person("Dora");
    const petId = await createPet(database.db, { caretakerId: ong.id, nome: "Biscoito" });
    const [row] = await database.db
      .insert(adoptions)
      .values({ petId, adopterId: adopter.id, caretakerId: ong.id, prazoCastracao })
      .returning({ id: adoptions.id });
    return row!.id;
  }

  it("two follow-up sweeps at once queue a due check-in's e-mail once", async () => {
    const adoptionId = await adoption(null);
    const now = new Date();
    const [checkin] = await database.db
      .insert(checkins)
      .values({ adoptionId, dia: 7, dueAt: new Date(now.getTime() - 60_000) })
      .returning({ id: checkins.id });
    // Both sweeps mark what is due in one statement: held at the check-in's row, then marking it together.
    const results = await overlapping(
      url,
      { text: "select 1 from checkins where id = $1 for update", values: [checkin!.id] },
      [1, 2].map(() => () => sweepFollowups(database.db, queue, now)),
    );
    expect(
      results
        .map(valueOf)
        .map((counts) => counts.checkins)
        .sort(),
    ).toEqual([0, 1]);
    expect(await jobsOf(CHECKIN_EMAIL_JOB, "checkinId", checkin!.id)).toBe(1);
  });

  it("two follow-up sweeps at once queue a castration reminder once", async () => {
    const now = new Date();
    // The deadline in 2 days: the reminders of 14 and 3 days before are due, in one e-mail.
    const adoptionId = await adoption(addDays(dayInBrasilia(now), 2));
    // While another run has the adoption, both sweeps leave it (`skip locked`): neither reads
    // its reminders as they were before that run marks them.
    const results = await overlapping(
      url,
      { text: "select 1 from adoptions where id = $1 for update", values: [adoptionId] },
      [1, 2].map(() => () => sweepFollowups(database.db, queue, now)),
    );
    const during = results.map(valueOf).reduce((sum, counts) => sum + counts.castration, 0);
    expect(during).toBeLessThanOrEqual(1);
    // The next sweep sends it if they did not: once in all.
    await sweepFollowups(database.db, queue, now);
    expect(await jobsOf(CASTRATION_REMINDER_JOB, "adoptionId", adoptionId)).toBe(1);
  });

  it("two daily digests at once queue one e-mail per alert", async () => {
    const now = new Date();
    const daily = async (nome: string) => {
      const reader = await person(nome);
      const [alert] = await database.db
        .insert(alerts)
        .values({
          userId: reader.id,
          frequencia: "diaria",
          filtros: {},
          notifiedUntil: new Date(now.getTime() - 3_600_000),
        })
        .returning({ id: alerts.id });
      return alert!.id;
    };
    const ids = [await daily("Eva"), await daily("Ivo")];
    const ong = await person("ONG Digest");
    await createPet(database.db, {
      caretakerId: ong.id,
      nome: "Novidade",
      createdAt: new Date(now.getTime() - 60_000),
    });
    // Both digests have read the alerts due, and store their jobs together (held at the queue's table).
    const results = await overlapping(url, { text: "lock table pgboss.job in share mode" }, [
      () => queueDigest(database.db, queue, now),
      () => queueDigest(database.db, queue, now),
    ]);
    expect(results.map(valueOf)).toEqual([2, 2]);
    for (const id of ids) expect(await jobsOf(ALERT_SEND_JOB, "alertId", id)).toBe(1);
  });
});
