import { sql, type SQL, type SQLWrapper } from "drizzle-orm";

/**
 * `column = any('{…}'::uuid[])`: a list of ids as one parameter. The statement's text is then the
 * same however many ids there are, so it is prepared once (ADR 27) rather than once per count,
 * which would use up the process's named statements; and an empty list matches nothing.
 */
export function idIn(column: SQLWrapper, ids: readonly string[]): SQL {
  return sql`${column} = any(${`{${ids.join(",")}}`}::uuid[])`;
}
