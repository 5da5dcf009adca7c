import { sql } from "drizzle-orm";
import { rowsOf, type Db } from "~/db/client.server";
import { until } from "./poll";

/** How many jobs named `name` are yet to run or running: in the outbox, or in the queue not done (created, retry, active). */
export async function jobsLeft(db: Db, name: string): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(
      sql`select ((select count(*) from job_outbox where name = ${name})
        + (select count(*) from pgboss.job where name = ${name} and state in ('created', 'retry', 'active')))::int as n`,
    ),
  );
  return row!.n;
}

/**
 * Waits until no job named `name` is left to run (issue 41): whatever those jobs were to do is
 * done, so a test can then check that nothing more came rather than sleep and hope. A job
 * queued for later (a retry, `startAfter`) keeps it waiting, and the test fails naming it.
 */
export async function drained(db: Db, name: string, timeoutMs = 20_000): Promise<void> {
  await until(`no "${name}" job left to run`, async () => (await jobsLeft(db, name)) === 0, { timeoutMs });
}

/** How many jobs named `name` ran to the end. */
export async function jobsCompleted(db: Db, name: string): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from pgboss.job where name = ${name} and state = 'completed'`),
  );
  return row!.n;
}
