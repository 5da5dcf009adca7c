import pg from "pg";
import { until } from "./poll";

/**
 * Runs `calls` so that they overlap for certain, on PostgreSQL (issue 41): the test's own
 * connection first takes a lock the calls need (`lock`, in a transaction of its own: a row's
 * `for update`, a table's `lock table`), then the calls start, and the lock is let go only once
 * every call has either finished or is waiting on a lock. Each call that needs it is thus held
 * at that point until all the others have got there too; no sleep, no luck. PGlite serialises
 * everything on its one connection, so this needs DATABASE_URL.
 */
export async function overlapping<T>(
  databaseUrl: string,
  lock: { text: string; values?: unknown[] },
  calls: (() => Promise<T>)[],
): Promise<PromiseSettledResult<T>[]> {
  const holder = new pg.Client({ connectionString: databaseUrl });
  await holder.connect();
  let settled = 0;
  let all: Promise<PromiseSettledResult<T>[]> | undefined;
  try {
    await holder.query("begin");
    await holder.query(lock.text, lock.values);
    all = Promise.allSettled(
      calls.map((call) =>
        call().finally(() => {
          settled += 1;
        }),
      ),
    );
    await until(`${calls.length} calls each finished or waiting on a lock`, async () => {
      // The activity seen in a transaction is a snapshot taken at its first look: take another.
      await holder.query("select pg_stat_clear_snapshot()");
      const { rows } = await holder.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
      );
      return rows[0]!.n + settled >= calls.length;
    });
    await holder.query("commit");
    return await all;
  } finally {
    // On a failure above, ending the connection lets the lock go; the calls then end as they may.
    await holder.end();
    await all;
  }
}

/** The value of a fulfilled call, or the call's error thrown. */
export function valueOf<T>(result: PromiseSettledResult<T>): T {
  if (result.status === "rejected") throw result.reason;
  return result.value;
}
