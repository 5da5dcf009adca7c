import type pg from "pg";

/**
 * How many distinct statements a process names. Each named statement stays parsed on every
 * connection that ran it (memory in each PostgreSQL backend), so the number is capped: the
 * app's own statements are a few hundred at most, and a text beyond the cap (a statement
 * built with values in its text, say) runs unnamed, as every statement did before.
 */
const NAMED_STATEMENTS_LIMIT = 500;

/**
 * Names for statement texts, the same on every connection of this process: the first `limit`
 * distinct texts get one, the rest none.
 */
export function statementNames(limit = NAMED_STATEMENTS_LIMIT): (text: string) => string | undefined {
  const names = new Map<string, string>();
  return (text) => {
    let name = names.get(text);
    if (name === undefined && names.size < limit) {
      name = `adopet_${names.size + 1}`;
      names.set(text, name);
    }
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
export function namingClient(Client: typeof pg.Client, nameFor: (text: string) => string | undefined): typeof pg.Client {
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
