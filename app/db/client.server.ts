import fs from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import lockfile from "proper-lockfile";
import * as schema from "./schema";

/** The database as the rest of the app sees it: the same on PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  /** Where the data lives, for messages (a directory, or the server without its password). */
  location: string;
  close(): Promise<void>;
};

export class DatabaseLockedError extends Error {
  constructor(readonly dataDir: string) {
    super(
      `O banco de dados embutido em "${dataDir}" já está em uso por outro processo do Adopet. ` +
        `Pare o outro processo ou use outro diretório (DATA_DIR).`,
    );
    this.name = "DatabaseLockedError";
  }
}

export type OpenOptions = {
  databaseUrl?: string;
  dataDir: string;
  /** Called when the embedded database's lock is lost (its directory was taken over). */
  onLockCompromised?: (error: Error) => void;
};

export async function openDatabase(options: OpenOptions): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options);
}

async function openPostgres(databaseUrl: string): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client that loses its server (a restart) must not crash the process.
  pool.on("error", (error) => console.error("PostgreSQL: conexão ociosa perdida:", error.message));
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  await db.execute(sql`select 1`);
  const url = new URL(databaseUrl);
  url.password = "";
  return { db, kind: "postgres", location: url.toString(), close: () => pool.end() };
}

/**
 * PGlite allows one process per directory: two processes would silently lose
 * writes. We hold a lock (`<dir>.lock`, a directory beside the data, refreshed every
 * few seconds, so a crashed process's lock goes stale and is taken over).
 */
async function openPglite(options: OpenOptions): Promise<Database> {
  const { dataDir } = options;
  fs.mkdirSync(dataDir, { recursive: true });
  let release: () => Promise<void>;
  try {
    release = await lockfile.lock(dataDir, {
      stale: 10_000,
      update: 2_000,
      realpath: false,
      onCompromised: (error) => {
        if (options.onLockCompromised) options.onLockCompromised(error);
        else throw error;
      },
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ELOCKED") throw new DatabaseLockedError(dataDir);
    throw error;
  }
  try {
    const client = await PGlite.create({ dataDir });
    const db = drizzlePglite({ client, schema }) as unknown as Db;
    let closed = false;
    return {
      db,
      kind: "pglite",
      location: dataDir,
      close: async () => {
        if (closed) return;
        closed = true;
        try {
          await client.close();
        } finally {
          await release();
        }
      },
    };
  } catch (error) {
    await release();
    throw error;
  }
}

/** True when the database answers a trivial query within the time limit. */
export async function isDatabaseReachable(db: Db, timeoutMs = 2_000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([db.execute(sql`select 1`).then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
