import { sql, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { jobOutbox } from "~/db/schema";

/**
 * What the domain sees of the job queue: sending a job, and writing one to the outbox in the
 * statement that makes its cause. The queue (app/jobs/queue.server.ts, pg-boss, ADR 13) provides
 * it, above the domain, so the domain enqueues without importing the jobs that run its handlers.
 */

type SendOptions = {
  /** Stores the job in this transaction: it exists if and only if the transaction commits. */
  tx?: Db;
  /** One job at a time per key: a second send while one waits is dropped. */
  singletonKey?: string;
  startAfter?: Date;
};

/** What the app's services see of the queue. */
export type Jobs = {
  send(name: string, data: object, options?: SendOptions): Promise<void>;
  /** Stores many jobs of one kind in one statement (a fan-out: a digest's e-mails). */
  sendMany(name: string, jobs: { data: object; singletonKey?: string; startAfter?: Date }[]): Promise<void>;
  /**
   * Asks this process's worker for `name` to look for new jobs now rather than at its next poll;
   * with `outbox`, jobs written to the outbox (`outboxInsert`), moved into the queue first.
   */
  wake(name: string, options?: { outbox?: boolean }): void;
};

/**
 * Jobs written by the statement that makes their cause (a transactional outbox, ADR 28). A write
 * on the hot path (an application) is then one statement, atomic on its own: no transaction
 * around it, no separate round trip to store its job in pg-boss. The job queue moves the rows
 * into pg-boss in batches (app/jobs/outbox.server.ts), and they run from there as any job does.
 *
 * The `with` that stores a job named `name` for each row of `source` (another `with` of the same
 * statement), its data the jsonb expression `data` over that row's columns.
 */
export function outboxInsert(name: string, data: SQL, source: SQL): SQL {
  return sql`insert into ${jobOutbox} (name, data) select ${name}, ${data} from ${source}`;
}
