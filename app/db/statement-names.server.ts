import type pg from "pg";

/**
 * How many distinct statements a process names. A named statement stays parsed on every
 * connection that ran it, about 50 KB of a PostgreSQL backend's memory each (measured on the
 * feed's query), so the number is capped: at most 10 MB on each of the pool's connections.
 */
const NAMED_STATEMENTS_LIMIT = 200;
/** A text is named from its third use: one-off statements (a rare mix of filters) stay unnamed. */
const USES_BEFORE_NAMING = 3;
/** The texts whose uses are counted, before they are named; the count starts over past it. */
const COUNTED_TEXTS_LIMIT = 5_000;

/**
 * Names for statement texts, the same on every connection of this process: a text gets one
 * at its `usesBeforeNaming`th use, while fewer than `limit` have one; the rest run unnamed.
 */
export function statementNames({
  limit = NAMED_STATEMENTS_LIMIT,
  usesBeforeNaming = USES_BEFORE_NAMING,
}: { limit?: number; usesBeforeNaming?: number } = {}): (text: string) => string | undefined {
  const names = new Map<string, string>();
  const uses = new Map<string, number>();
  return (text) => {
    const known = names.get(text);
    if (known !== undefined || names.size >= limit) return known;
    const count = (uses.get(text) ?? 0) + 1;
    if (count < usesBeforeNaming) {
      if (uses.size >= COUNTED_TEXTS_LIMIT) uses.clear();
      uses.set(text, count);
      return undefined;
    }
    uses.delete(text);
    const name = `adopet_${names.size + 1}`;
    names.set(text, name);
    return name;
  };
}

type QueryConfig = { text?: unknown; name?: unknown; values?: unknown; submit?: unknown };

/**
 * node-postgres's client, with every query that has parameters sent as a named statement
 * (ADR 27): PostgreSQL parses and plans it once per connection instead of at every call, which
 * was half of its CPU on a submitted application. Queries without parameters (`begin`, the
 * migrations' scripts) keep the simple protocol they need. Handed to the pool as its `Client`.
 */
export function namingClient(
  Client: typeof pg.Client,
  nameFor: (text: string) => string | undefined,
): typeof pg.Client {
  class NamingClient extends Client {}
  const query = Client.prototype.query as (this: pg.Client, ...args: unknown[]) => unknown;
  NamingClient.prototype.query = function (this: pg.Client, config: unknown, ...rest: unknown[]) {
    return query.call(this, named(config, rest[0], nameFor), ...rest);
  } as typeof Client.prototype.query;
  return NamingClient;
}

function named(config: unknown, values: unknown, nameFor: (text: string) => string | undefined): unknown {
  if (typeof config !== "object" || config === null) return config;
  const query = config as QueryConfig;
  // A submittable (a cursor, a Query object) and a statement named by its caller are left as they are.
  if (typeof query.text !== "string" || query.name || typeof query.submit === "function") return config;
  const parameters = Array.isArray(values) ? values : query.values;
  if (!Array.isArray(parameters) || parameters.length === 0) return config;
  const name = nameFor(query.text);
  return name ? { ...query, name } : config;
}
