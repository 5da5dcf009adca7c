import pg from "pg";

/** Runs one statement on the server `url` names, on a connection of its own (create or drop a database). */
export async function adminQuery(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** `url` with its database replaced by `name`. */
export function databaseUrl(url: string, name: string): string {
  const named = new URL(url);
  named.pathname = `/${name}`;
  return named.toString();
}

/** Drops the database `url` names, on the server `serverUrl` names, whoever is still connected to it. */
export function dropDatabase(serverUrl: string, url: string) {
  return adminQuery(serverUrl, `drop database if exists ${new URL(url).pathname.slice(1)} with (force)`);
}
