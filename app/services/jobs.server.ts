import { sql, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { jobOutbox } from "~/db/schema";
import type { Mailer } from "./mail.server";

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
 * A kind of job: its queue's settings and what a run does. Each area of the domain defines its
 * own (`app/domain/<area>/jobs.server.ts`), and `app/jobs/definitions.server.ts` hands them all
 * to the queue that runs them.
 */
export type JobDefinition<Data extends object = object> = {
  name: string;
  /** Runs again after these failures, waiting `retryDelaySeconds` and doubling each time. */
  retryLimit: number;
  retryDelaySeconds: number;
  /** A run still going after this long (its process was killed) is given to another worker. */
  expireInSeconds: number;
  /** A cron schedule (UTC), for jobs that come back on their own. */
  cron?: string;
  /** A cron job that also runs when the workers start: what came due while none ran goes now, not at the next tick. */
  catchUpAtStart?: boolean;
  /** Jobs of this kind one process runs at once (1 by default): more where they mostly wait (on a mail server). */
  concurrency?: number;
  /** `short`: at most one job waits per singleton key; a second send while it waits is dropped. */
  policy?: "standard" | "short";
  run(data: Data): Promise<void>;
};

/** What an area's job definitions are given for their handlers. */
export type JobDependencies = {
  db: Db;
  mailer: Mailer;
  /** The site's origin for links in e-mails (known only once the server listens). */
  publicUrl: () => string;
  /** The queue these jobs run on, for jobs that send others (known once it has started). */
  jobs: () => Jobs;
  /** The clock the handlers go by (tests set it). */
  now: () => Date;
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
