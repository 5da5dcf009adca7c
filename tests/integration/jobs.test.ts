import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// pg-boss's own statements (tests/support/pg-boss-plans.d.ts): the fetch its workers run.
import plans from "pg-boss/src/plans.js";
import { rowsOf } from "~/db/client.server";
import { outboxInsert } from "~/services/jobs.server";
import { startJobQueue, type JobQueue } from "~/jobs/queue.server";
import type { JobDefinition } from "~/services/jobs.server";
import { createTestDatabase, type TestDatabase } from "../support/database";

/** The queue on our own database (PGlite here, PostgreSQL with DATABASE_URL). */
describe("the job queue", () => {
  let database: TestDatabase;
  let queue: JobQueue;
  const runs: { name: string; data: unknown; at: number }[] = [];
  /** Apart from `runs`: its failed job is retried later, beside the other tests. */
  const mixedRuns: unknown[] = [];
  let failuresLeft = 0;
  let running = 0;
  let peak = 0;

  const definition = (name: string, run: JobDefinition<{ n?: number }>["run"]): JobDefinition<never> =>
    ({ name, retryLimit: 2, retryDelaySeconds: 1, expireInSeconds: 30, run }) as JobDefinition<never>;

  beforeAll(async () => {
    database = await createTestDatabase();
    queue = await startJobQueue(
      database,
      [
        definition("record", async (data) => void runs.push({ name: "record", data, at: Date.now() })),
        {
          ...definition("together", async (data) => {
            running += 1;
            peak = Math.max(peak, running);
            await new Promise((resolve) => setTimeout(resolve, 200));
            running -= 1;
            runs.push({ name: "together", data, at: Date.now() });
          }),
          concurrency: 3,
        },
        {
          // One of a batch fails: the others are done all the same.
          ...definition("mixed", async (data) => {
            mixedRuns.push(data);
            // Once: its retry, later, beside the other tests, succeeds.
            if (data.n === 2 && mixedRuns.length <= 3) throw new Error("Recusado pelo servidor de email");
          }),
          concurrency: 3,
        },
        definition("flaky", async (data) => {
          runs.push({ name: "flaky", data, at: Date.now() });
          if (failuresLeft-- > 0) throw new Error("Servidor de email fora do ar para cliente@exemplo.com");
        }),
      ],
      { maintenanceIntervalSeconds: 1 },
    );
  });
  const statesOf = async (name: string) => {
    const result = await database.db.execute(sql`select state from pgboss.job where name = ${name} order by state`);
    return (result as unknown as { rows: { state: string }[] }).rows.map((row) => row.state);
  };

  afterAll(async () => {
    await queue.stop();
    await database.destroy();
  });

  it("stores a job with the transaction that sends it, and not when the transaction rolls back", async () => {
    runs.length = 0;
    await database.db.transaction(async (tx) => {
      await queue.send("record", { n: 1 }, { tx });
    });
    await database.db
      .transaction(async (tx) => {
        await queue.send("record", { n: 2 }, { tx });
        throw new Error("desfeita");
      })
      .catch(() => undefined);
    expect(await queue.runDue()).toBe(1);
    expect(runs.map((run) => run.data)).toEqual([{ n: 1 }]);
  });

  /** Writes a `record` job through the outbox for each n, in the statement that makes them; then `tail`. */
  const writeThroughOutbox = (name: string, ns: number[], tail = sql`select count(*) from made`) =>
    database.db.execute(sql`
      with made as (select n from unnest(${`{${ns.join(",")}}`}::int[]) as n),
      notice as (${outboxInsert(name, sql`jsonb_build_object('n', n)`, sql`made`)})
      ${tail}`);
  const outboxNames = async () =>
    rowsOf<{ name: string }>(await database.db.execute(sql`select name from job_outbox order by id`)).map(
      (row) => row.name,
    );

  it("stores jobs with the statement that makes their cause (the outbox), and not when it fails", async () => {
    runs.length = 0;
    await writeThroughOutbox("record", [7, 8]);
    await expect(writeThroughOutbox("record", [9], sql`select 1 / 0`)).rejects.toThrow();
    // A job this process does not know stays in the outbox for one that does.
    await writeThroughOutbox("unknown", [10]);
    expect(await outboxNames()).toEqual(["record", "record", "unknown"]);
    expect(await queue.runDue()).toBe(2);
    expect(runs.map((run) => (run.data as { n: number }).n).sort()).toEqual([7, 8]);
    expect(await outboxNames()).toEqual(["unknown"]);
    // Nor does a queue that knows no job at all.
    const none = await startJobQueue(database, [], { work: false });
    expect(await none.runDue()).toBe(0);
    await none.stop();
    expect(await outboxNames()).toEqual(["unknown"]);
    await database.db.execute(sql`delete from job_outbox`);
  });

  it("moves the outbox in batches, each row once, however many processes move it at once", async () => {
    runs.length = 0;
    const otherRuns: unknown[] = [];
    const other = await startJobQueue(database, [definition("record", async (data) => void otherRuns.push(data))]);
    const ns = Array.from({ length: 1_200 }, (_, n) => n);
    await writeThroughOutbox("record", ns);
    const [mine, theirs] = await Promise.all([queue.runDue(), other.runDue()]);
    await other.stop();
    expect(mine + theirs).toBe(1_200);
    const ran = [...runs.map((run) => run.data), ...otherRuns].map((data) => (data as { n: number }).n);
    expect(ran.sort((a, b) => a - b)).toEqual(ns);
    expect(await outboxNames()).toEqual([]);
  });

  it("runs up to `concurrency` jobs of a kind at once", async () => {
    runs.length = 0;
    await queue.sendMany(
      "together",
      [1, 2, 3, 4, 5, 6].map((n) => ({ data: { n } })),
    );
    expect(await queue.runDue()).toBe(6);
    expect(runs.filter((run) => run.name === "together")).toHaveLength(6);
    expect(peak).toBe(3);
    expect(await statesOf("together")).toEqual([
      "completed",
      "completed",
      "completed",
      "completed",
      "completed",
      "completed",
    ]);
  });

  it("completes a batch's successes together, and retries its failure alone", async () => {
    await queue.sendMany(
      "mixed",
      [1, 2, 3].map((n) => ({ data: { n } })),
    );
    expect(await queue.runDue()).toBe(3);
    expect(mixedRuns).toEqual(expect.arrayContaining([{ n: 1 }, { n: 2 }, { n: 3 }]));
    const rows = await database.db.execute(
      sql`select data->>'n' as n, state from pgboss.job where name = 'mixed' order by n`,
    );
    expect((rows as unknown as { rows: unknown[] }).rows).toEqual([
      { n: "1", state: "completed" },
      { n: "2", state: "retry" },
      { n: "3", state: "completed" },
    ]);
  });

  it("retries a failing job with growing waits, then records it as failed with its reason, without the address", async () => {
    runs.length = 0;
    failuresLeft = 10;
    await queue.send("flaky", { n: 3 });
    await queue.startWorkers();
    // Three runs in all (retryLimit 2): the first at once, the others 1 s and then 2 s or more later
    // (pg-boss's backoff doubles a random wait; the workers' polling makes each wait longer still).
    await expect.poll(() => runs.length, { timeout: 20_000, interval: 200 }).toBe(3);
    const [first, second, third] = runs.map((run) => run.at);
    expect(second! - first!).toBeGreaterThanOrEqual(900);
    expect(third! - second!).toBeGreaterThanOrEqual(1_900);

    await expect.poll(async () => (await queue.failed()).length, { timeout: 10_000 }).toBe(1);
    const [failed] = await queue.failed();
    expect(failed).toMatchObject({ name: "flaky", attempts: 3 });
    expect(failed!.error).toBe("Servidor de email fora do ar para [omitido]");

    // The operator runs it again once the cause is fixed.
    failuresLeft = 0;
    expect(await queue.retry(failed!.id)).toBe(true);
    await expect.poll(() => runs.length, { timeout: 10_000 }).toBe(4);
    await expect.poll(async () => (await queue.failed()).length, { timeout: 10_000 }).toBe(0);
    expect(await queue.retry("00000000-0000-4000-8000-000000000000")).toBe(false);
  });

  it("runs a job written through the outbox when the writer wakes it, the workers running", async () => {
    runs.length = 0;
    await writeThroughOutbox("record", [11]);
    queue.wake("record", { outbox: true });
    await expect.poll(() => runs.map((run) => run.data), { timeout: 10_000, interval: 100 }).toEqual([{ n: 11 }]);
    expect(await outboxNames()).toEqual([]);
  });

  it("keeps a job that was running when its process died, and runs it again once it expires", async () => {
    runs.length = 0;
    // Not due yet, so that the running worker leaves it to this test.
    await queue.send("record", { n: 5 }, { startAfter: new Date(Date.now() + 60_000) });
    // Taken by a worker that then vanished (kill -9): active, never completed.
    const rows = (await database.db.execute(
      sql`update pgboss.job set state = 'active', started_on = now() - interval '1 hour', expire_in = interval '1 second'
            where name = 'record' and state = 'created' returning id`,
    )) as unknown as { rows: unknown[] };
    expect(rows.rows).toHaveLength(1);
    // pg-boss's supervision moves expired runs back to retry.
    await expect
      .poll(() => runs.filter((run) => (run.data as { n?: number }).n === 5).length, { timeout: 30_000 })
      .toBe(1);
  });

  it("takes due jobs through an index in pg-boss's own order, however many wait (pg-boss's fetch, as its version writes it)", async () => {
    // A kind this suite's workers do not run: its jobs stay waiting.
    const sender = await startJobQueue(database, [definition("backlog", async () => undefined)], { work: false });
    await sender.sendMany(
      "backlog",
      Array.from({ length: 3_000 }, (_, n) => ({ data: { n } })),
    );
    await database.db.execute(sql`analyze pgboss.job`);
    const fetchSql = plans.fetchNextJob("pgboss")({}).replaceAll("$1", "'backlog'").replaceAll("$2", "4");
    const plan = rowsOf<Record<string, string>>(await database.db.execute(sql.raw(`explain ${fetchSql}`)))
      .map((row) => Object.values(row)[0])
      .join("\n");
    await database.db.execute(sql`delete from pgboss.job where name = 'backlog'`);
    await sender.stop();
    // In order from the index: no sort of the 3,000 by priority and age to find the first four.
    expect(plan).toMatch(/Index Scan using \S*name_priority_created_on_id/);
    expect(plan).not.toMatch(/Sort Key: [^\n]*\b(priority|created_on)\b/);
  });

  it("brings a queue's settings up to what its job declares, and writes nothing when they already are", async () => {
    const settingsOf = async () =>
      rowsOf<{ retry_limit: number; expire_seconds: number; updated_on: string }>(
        await database.db.execute(
          sql`select retry_limit, expire_seconds, updated_on::text from pgboss.queue where name = 'declared'`,
        ),
      )[0]!;
    const startWith = async (retryLimit: number) =>
      (
        await startJobQueue(database, [{ ...definition("declared", async () => undefined), retryLimit }], {
          work: false,
        })
      ).stop();
    await startWith(2);
    const made = await settingsOf();
    expect(made).toMatchObject({ retry_limit: 2, expire_seconds: 30 });
    await startWith(5);
    const changed = await settingsOf();
    expect(changed.retry_limit).toBe(5);
    expect(changed.updated_on).not.toBe(made.updated_on);
    await startWith(5);
    expect(await settingsOf()).toEqual(changed);
  });

  it("stops cleanly while its workers are still starting (a server shut down before its first answer)", async () => {
    const cron: JobDefinition<never> = { ...definition("nightly", async () => undefined), cron: "0 3 * * *" };
    const worker = await startJobQueue(database, [cron], { maintenanceIntervalSeconds: 1 });
    const started = worker.startWorkers();
    await worker.stop();
    // The start gave up at its next step: it did not fail, and wrote nothing after the stop
    // (its database may be closing by then), not even the cron's schedule.
    await expect(started).resolves.toBeUndefined();
    const schedules = await database.db.execute(sql`select 1 from pgboss.schedule where name = 'nightly'`);
    expect(rowsOf(schedules)).toEqual([]);
    await expect(worker.startWorkers()).resolves.toBeUndefined();
  });
});
