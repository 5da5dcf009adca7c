import PgBoss from "pg-boss";
import { sql } from "drizzle-orm";
import { rowsOf, type Database, type Db } from "~/db/client.server";
import { isUniqueViolation } from "~/db/errors.server";
import { logger } from "~/lib/log.server";
import type { JobDefinition, Jobs } from "~/services/jobs.server";
import { databaseExecutor, transactionExecutor, type SqlExecutor } from "./executor.server";
import { takeFromOutbox } from "./outbox.server";

/**
 * Work that happens later or again, stored in our own database (pg-boss, ADR 13): a job
 * survives a crash and runs after the restart, runs once across app servers, and is retried
 * with backoff; one that keeps failing stays on record (`npm run jobs -- falhas`).
 */

type FailedJob = { id: string; name: string; failedAt: Date; attempts: number; error: string };

export type JobQueue = Jobs & {
  /** Starts this process's workers (and the cron schedules), when the queue was started with `work`. */
  startWorkers(): Promise<void>;
  /** Runs every job already due (the outbox's first), in this process, until none is left or the deadline passes. */
  runDue(deadline?: number): Promise<number>;
  failed(limit?: number): Promise<FailedJob[]>;
  retry(id: string): Promise<boolean>;
  /** Stops taking jobs, lets the running ones finish (until the deadline) and leaves the rest stored. */
  stop(deadline?: number): Promise<void>;
};

const SCHEMA = "pgboss";
/** The outbox's relay among the workers' names (no job has it). */
const OUTBOX = " outbox";
const POLLING_INTERVAL_SECONDS = 2;
/**
 * The outbox is moved into the queue this many rows at a time, this long after a write asked for
 * it: a burst of applications becomes a few statements of many jobs, not one each.
 */
const OUTBOX_BATCH = 500;
const OUTBOX_GATHER_MS = 200;

export async function startJobQueue(
  database: Pick<Database, "db" | "kind">,
  definitions: JobDefinition<never>[],
  {
    work = true,
    maintenanceIntervalSeconds = 30,
  }: {
    /** False for a web server of a deployment whose jobs run elsewhere (`npm run worker`): it only sends. */
    work?: boolean;
    /** How often runs cut short (their process died) are looked for and given back, among other upkeep. */
    maintenanceIntervalSeconds?: number;
  } = {},
): Promise<JobQueue> {
  const executor = databaseExecutor(database);
  const bossWith = ({ upkeep }: { upkeep: boolean }) => {
    const boss = new PgBoss({
      db: executor as PgBoss.Db,
      schema: SCHEMA,
      // Maintenance (expiring runs cut short, archiving) and cron: see `clock` below.
      supervise: upkeep,
      schedule: upkeep,
      maintenanceIntervalSeconds,
      // Failed jobs stay visible to the operator for a month.
      archiveFailedAfterSeconds: 7 * 24 * 60 * 60,
      deleteAfterDays: 30,
    });
    boss.on("error", (error) => logger.error({ err: error }, "Fila de tarefas: erro"));
    return boss;
  };
  // Sends, fetches and completes: all a web server needs before it listens.
  const boss = await startBoss(() => bossWith({ upkeep: false }));
  // The upkeep and the cron, only where jobs are worked, started with the workers: their first
  // rounds (a dozen statements) would otherwise hold up the start, or contend with the first
  // request on the embedded database's one connection. pg-boss starts them only with an instance,
  // hence one of their own, on the same database.
  let clock: PgBoss | undefined;
  /** The workers' start, once asked (a stop waits for it: it ends at its next step). */
  let starting: Promise<void> | undefined;

  await ensureFetchIndex(database.db);
  const byName = new Map(definitions.map((definition) => [definition.name, definition as JobDefinition]));
  // Read once: a start on a database whose queues are as declared writes nothing.
  const queues = new Map((await boss.getQueues()).map((queue) => [queue.name, queue]));
  for (const definition of byName.values()) await ensureQueue(boss, definition, queues.get(definition.name));

  // Our own worker loops over pg-boss's fetch, complete and fail, rather than pg-boss's workers:
  // a stop then waits for every loop to end, where a pg-boss worker could still start a job it
  // had been fetching when the stop came, after the database had closed.
  const loops: Promise<void>[] = [];
  const wakers = new Map<string, () => void>();
  // Woken while at work rather than asleep: the next sleep is cut short (a job stored just after a fetch).
  const missedWakes = new Set<string>();
  let stopping = false;

  /** Sleeps until `name` is woken (then `delayMs` more), the polling interval passes, or the queue stops. */
  function sleep(name: string, delayMs = 0): Promise<void> {
    return new Promise<void>((resolve) => {
      if (missedWakes.delete(name)) {
        setTimeout(resolve, delayMs);
        return;
      }
      const timer = setTimeout(() => {
        wakers.delete(name);
        resolve();
      }, POLLING_INTERVAL_SECONDS * 1000);
      wakers.set(name, () => {
        clearTimeout(timer);
        wakers.delete(name);
        if (stopping || delayMs === 0) resolve();
        else setTimeout(resolve, delayMs);
      });
    });
  }

  /**
   * Moves up to a batch of the outbox's rows into pg-boss, in one transaction (a row leaves the
   * outbox if and only if its job is stored), and wakes the workers of the jobs moved; how many.
   * Rows for jobs this process does not know stay for one that does.
   */
  async function relayOutbox(): Promise<number> {
    // No job to take (and `in ()` is not SQL).
    if (byName.size === 0) return 0;
    const moved = await database.db.transaction(async (tx) => {
      const rows = rowsOf<{ name: string; data: object }>(
        await tx.execute(takeFromOutbox([...byName.keys()], OUTBOX_BATCH)),
      );
      if (rows.length > 0) await boss.insert(rows, { db: transactionExecutor(tx) as PgBoss.Db });
      return rows;
    });
    for (const name of new Set(moved.map((row) => row.name))) queue.wake(name);
    return moved.length;
  }

  async function outboxLoop() {
    while (!stopping) {
      let moved = 0;
      try {
        moved = await relayOutbox();
      } catch (error) {
        logger.error({ err: error }, "Fila de tarefas: erro");
      }
      if (moved === OUTBOX_BATCH || stopping) continue;
      await sleep(OUTBOX, OUTBOX_GATHER_MS);
    }
  }

  /** Takes up to `batchSize` due jobs of one kind and runs them together; how many it ran. */
  async function runBatch(definition: JobDefinition, batchSize: number): Promise<number> {
    const jobs = await boss.fetch<object>(definition.name, { batchSize });
    const succeeded = await Promise.all(
      jobs.map(async (job) => {
        try {
          await runLogged(definition, job);
          return true;
        } catch (error) {
          // A failure that cannot be recorded expires and is retried; its batch-mates are still completed.
          await boss
            .fail(definition.name, job.id, errorOutput(error))
            .catch((failError: unknown) =>
              logger.error(
                { err: failError, job: definition.name, jobId: job.id },
                "Fila de tarefas: falha não registrada (a tarefa expira e é repetida)",
              ),
            );
          return false;
        }
      }),
    );
    // The batch's successes in one statement, not one each. One that expired meanwhile runs
    // again, as after a crash: jobs run at least once, and e-mails go once (idempotency keys).
    const done = jobs.filter((_, index) => succeeded[index]).map((job) => job.id);
    if (done.length > 0) await boss.complete(definition.name, done);
    return jobs.length;
  }

  async function workLoop(definition: JobDefinition) {
    while (!stopping) {
      let ran = 0;
      try {
        ran = await runBatch(definition, definition.concurrency ?? 1);
      } catch (error) {
        logger.error({ err: error }, "Fila de tarefas: erro");
      }
      // Where there was a job there may be more (a burst of messages): look again at once.
      if (ran > 0 || stopping) continue;
      await sleep(definition.name);
    }
  }

  const queue: JobQueue = {
    startWorkers() {
      if (!work || stopping) return Promise.resolve();
      starting ??= (async () => {
        clock = await startBoss(() => bossWith({ upkeep: true }));
        for (const definition of byName.values()) {
          if (stopping) return;
          if (definition.cron) await boss.schedule(definition.name, definition.cron, {}, { tz: "UTC" });
          if (definition.cron && definition.catchUpAtStart)
            await boss.send(definition.name, {}, { singletonKey: "inicio" });
          loops.push(workLoop(definition));
        }
        if (!stopping) loops.push(outboxLoop());
      })();
      return starting;
    },
    async send(name, data, { tx, singletonKey, startAfter } = {}) {
      const options: PgBoss.SendOptions = { singletonKey, startAfter };
      if (tx) options.db = transactionExecutor(tx) as PgBoss.Db;
      await boss.send(name, data, options);
      // Outside a transaction the job is visible now; inside one, the caller wakes the worker after it commits.
      if (!tx) queue.wake(name);
    },
    async sendMany(name, jobs) {
      if (jobs.length === 0) return;
      await boss.insert(jobs.map(({ data, singletonKey, startAfter }) => ({ name, data, singletonKey, startAfter })));
      queue.wake(name);
    },
    wake(name, { outbox = false } = {}) {
      if (!work || stopping) return;
      // From the outbox, the relay wakes the job's worker once the job is in the queue.
      const worker = outbox ? OUTBOX : name;
      const wakeUp = wakers.get(worker);
      if (wakeUp) wakeUp();
      else if (loops.length > 0) missedWakes.add(worker);
    },
    async runDue(deadline = Infinity) {
      let moved = OUTBOX_BATCH;
      while (moved === OUTBOX_BATCH && Date.now() < deadline) moved = await relayOutbox();
      let ran = 0;
      for (const definition of byName.values()) {
        while (Date.now() < deadline) {
          const batch = await runBatch(definition, definition.concurrency ?? 1);
          if (batch === 0) break;
          ran += batch;
        }
      }
      return ran;
    },
    failed: (limit = 50) => listFailed(executor, limit),
    async retry(id) {
      const [row] = await findJob(executor, id);
      if (!row) return false;
      await boss.retry(row.name, id);
      return true;
    },
    async stop(deadline = Date.now() + 10_000) {
      stopping = true;
      // A start under way stops at its next step; its failure was told to whoever started it.
      await starting?.catch(() => undefined);
      for (const wakeUp of [...wakers.values()]) wakeUp();
      // The running jobs finish (until the deadline); what is left stays stored for the next start.
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.all(loops),
        new Promise((resolve) => (timer = setTimeout(resolve, Math.max(0, deadline - Date.now())))),
      ]);
      clearTimeout(timer);
      await clock?.stop({ graceful: true, wait: true, close: false, timeout: 1_000 });
      await boss.stop({ graceful: true, wait: true, close: false, timeout: 1_000 });
    },
  };
  return queue;
}

/**
 * Starts pg-boss, which creates its schema in a fresh database. Two servers starting together on
 * a fresh PostgreSQL database can both try, and the loser fails on the catalog's unique index
 * rather than on pg-boss's own "already exists" check; by then the schema is there, so a new
 * instance (a failed one cannot be started again) starts cleanly.
 */
async function startBoss(create: () => PgBoss): Promise<PgBoss> {
  try {
    return await create().start();
  } catch (error) {
    logger.warn({ err: error }, "Fila de tarefas: nova tentativa de iniciar");
    return create().start();
  }
}

/**
 * The index in the order pg-boss takes due jobs (priority, then age), on its job table. pg-boss
 * 10 has none: each fetch read and sorted every due job of its kind, 150 ms a fetch while a
 * digest's 100,000 e-mails waited, spent again for every four e-mails. Made on the parent
 * table, PostgreSQL gives it to every queue's partition, present and future (ADR 13).
 * tests/integration/jobs.test.ts checks that pg-boss's own fetch uses it, which a pg-boss that
 * fetches in another order would most likely fail.
 *
 * Looked up first: creating it, even when it exists, waits for every transaction writing jobs.
 * Made, the first time, with a bounded wait for those: a start that cannot have it in a few
 * seconds goes on without it, and the next start tries again.
 */
const FETCH_INDEX = "adopet_job_fetch";

async function ensureFetchIndex(db: Db) {
  const present = async () =>
    rowsOf(await db.execute(sql`select 1 from pg_indexes where schemaname = ${SCHEMA} and indexname = ${FETCH_INDEX}`))
      .length > 0;
  if (await present()) return;
  try {
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local lock_timeout = '5s'`);
      await tx.execute(
        sql.raw(
          `create index if not exists ${FETCH_INDEX} on ${SCHEMA}.job (name, priority desc, created_on, id) where state < 'active'`,
        ),
      );
    });
  } catch (error) {
    // Another server, starting at the same moment, made it first (its unique name, or the wait for it).
    if (isUniqueViolation(error) || (await present().catch(() => false))) return;
    logger.warn({ err: error }, "Fila de tarefas: índice de busca não criado agora (será tentado no próximo início)");
  }
}

/**
 * Creates the job's queue, or brings an existing one's settings up to date. Several servers may
 * start at once on a fresh database: creating a queue adds a partition to pg-boss's job table, and
 * two at once can deadlock or collide; the loser tries again, and then finds the queue made.
 */
async function ensureQueue(boss: PgBoss, definition: JobDefinition, current: PgBoss.QueueResult | undefined) {
  const settings = {
    name: definition.name,
    retryLimit: definition.retryLimit,
    retryDelay: definition.retryDelaySeconds,
    retryBackoff: true,
    expireInSeconds: definition.expireInSeconds,
    policy: definition.policy,
  };
  if (current && settledAs(current, settings)) return;
  for (let attempt = 1; ; attempt += 1) {
    try {
      if (await boss.getQueue(definition.name)) await boss.updateQueue(definition.name, settings);
      else await boss.createQueue(definition.name, settings);
      return;
    } catch (error) {
      if (attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt + Math.random() * 200));
    }
  }
}

/** Whether the queue already holds every setting declared (one left undefined keeps pg-boss's). */
function settledAs(current: PgBoss.QueueResult, settings: PgBoss.Queue): boolean {
  const keys = ["retryLimit", "retryDelay", "retryBackoff", "expireInSeconds", "policy"] as const;
  return keys.every((key) => settings[key] === undefined || current[key] === settings[key]);
}

/** One log line per run: the job's kind, id, outcome and duration (never its data, which may be personal). */
async function runLogged(definition: JobDefinition, job: PgBoss.Job<object>) {
  const started = performance.now();
  try {
    await definition.run(job.data as never);
    logger.info(
      { job: definition.name, jobId: job.id, ms: Math.round(performance.now() - started) },
      "Tarefa concluída",
    );
  } catch (error) {
    logger.warn(
      { job: definition.name, jobId: job.id, ms: Math.round(performance.now() - started), err: scrubbed(error) },
      "Tarefa falhou (será repetida se houver tentativas)",
    );
    // pg-boss keeps what is thrown as the job's output, for the operator: without personal data too.
    throw scrubbed(error);
  }
}

// A mail server's refusal often quotes the recipient's address.
const EMAIL_ADDRESS = /[^\s<>"'@]+@[^\s<>"'@]+/g;

function scrubbed(error: unknown): Error {
  const message = error instanceof Error ? error.message : String(error);
  const copy = new Error(message.replace(EMAIL_ADDRESS, "[omitido]"));
  copy.name = error instanceof Error ? error.name : "Error";
  copy.stack = error instanceof Error ? (error.stack ?? "").replace(EMAIL_ADDRESS, "[omitido]") : "";
  return copy;
}

/** What a failure leaves on the job, for the operator: the reason, without personal data. */
function errorOutput(error: unknown) {
  const clean = scrubbed(error);
  return { message: clean.message, stack: clean.stack };
}

type JobRow = { id: string; name: string; state: string };

async function findJob(executor: SqlExecutor, id: string): Promise<JobRow[]> {
  const { rows } = await executor.executeSql(
    `select id::text, name, state from ${SCHEMA}.job where id = $1::uuid
     union all select id::text, name, state from ${SCHEMA}.archive where id = $1::uuid`,
    [id],
  );
  return rows as JobRow[];
}

async function listFailed(executor: SqlExecutor, limit: number): Promise<FailedJob[]> {
  // pg-boss has no call for this: failed jobs sit in its job table, then in its archive.
  const { rows } = await executor.executeSql(
    `select id::text, name, completed_on, retry_count, output from (
       select id, name, completed_on, retry_count, output from ${SCHEMA}.job where state = 'failed'
       union all
       select id, name, completed_on, retry_count, output from ${SCHEMA}.archive where state = 'failed'
     ) failed order by completed_on desc limit $1::int`,
    [limit],
  );
  return (rows as { id: string; name: string; completed_on: Date; retry_count: number; output: unknown }[]).map(
    (row) => ({
      id: row.id,
      name: row.name,
      failedAt: new Date(row.completed_on),
      attempts: row.retry_count + 1,
      error: describeOutput(row.output),
    }),
  );
}

function describeOutput(output: unknown): string {
  if (output && typeof output === "object" && "message" in output) return String(output.message);
  return output === null || output === undefined ? "" : JSON.stringify(output);
}
