import { sql, type SQL } from "drizzle-orm";
import { jobOutbox } from "~/db/schema";

/**
 * The outbox's other end (its rows are written by `outboxInsert`, app/services/jobs.server.ts,
 * ADR 28): the job queue moves them into pg-boss in batches (`startJobQueue`).
 */

/**
 * Takes up to `limit` of the oldest rows for the jobs named `names`, deleting them: the caller
 * stores them in pg-boss in the same transaction. Rows another process is taking are skipped.
 */
export function takeFromOutbox(names: string[], limit: number): SQL {
  return sql`delete from ${jobOutbox} where id in (
      select id from ${jobOutbox} where name in (${sql.join(
        names.map((name) => sql`${name}`),
        sql`, `,
      )})
      order by id limit ${limit} for update skip locked)
    returning name, data`;
}
