import { sql, type SQL } from "drizzle-orm";
import { jobOutbox } from "~/db/schema";

/**
 * Jobs written by the statement that makes their cause (a transactional outbox, ADR 28). A write
 * on the hot path (an application) is then one statement, atomic on its own: no transaction
 * around it, no separate round trip to store its job in pg-boss. The job queue moves the rows
 * into pg-boss in batches (`startJobQueue`), and they run from there as any job does.
 */

/**
 * The `with` that stores a job named `name` for each row of `source` (another `with` of the same
 * statement), its data the jsonb expression `data` over that row's columns.
 */
export function outboxInsert(name: string, data: SQL, source: SQL): SQL {
  return sql`insert into ${jobOutbox} (name, data) select ${name}, ${data} from ${source}`;
}

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
