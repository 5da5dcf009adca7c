import fs from "node:fs";
import os from "node:os";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type { PGlite as PGliteClient } from "@electric-sql/pglite";
import type pg from "pg";
import lockfile from "proper-lockfile";
import { DatabaseHealth } from "./health.server";
import { namingClient, statementNames } from "./statement-names.server";
import * as schema from "./schema";
import { logError } from "~/lib/log.server";

/** The database as the rest of the app sees it: the same on PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Database = {
  db: Db;
  /** Down while PostgreSQL cannot be reached (never for the embedded database). */
  health: DatabaseHealth;
  kind: "pglite" | "postgres";
  /** Where the data lives, for messages (a directory, or the server without its password). */
  location: string;
  /** Refreshes the planner's statistics where they are stale (PostgreSQL's autovacuum does it by itself). */
  refreshStatistics(): Promise<void>;
  /**
   * Calls `onPayload` with each NOTIFY on `channel`, from any process on this database (one
   * connection of its own on PostgreSQL, kept up across server restarts, `onReconnect` called
   * each time it is back: what was sent meanwhile was lost); the result stops it.
   */
  listen(channel: string, onPayload: (payload: string) => void, onReconnect?: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
};

/** The rows of a raw `execute`: PGlite and node-postgres both answer with an object holding `rows`. */
export function rowsOf<Row>(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}

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
  /** Applied to the embedded database once open, before the app's first statement (server/tuning). */
  tuneEmbedded?: (client: PGliteClient) => void;
  /** PostgreSQL: statements with parameters run named, parsed once per connection (ADR 27); on unless false. */
  preparedStatements?: boolean;
};

export async function openDatabase(options: OpenOptions): Promise<Database> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.preparedStatements ?? true)
    : openPglite(options);
}

// Each engine's driver is loaded only when it is used: the other would cost memory for nothing.
async function openPostgres(databaseUrl: string, preparedStatements: boolean): Promise<Database> {
  const [{ default: pg }, { drizzle: drizzlePg }] = await Promise.all([
    import("pg"),
    import("drizzle-orm/node-postgres"),
  ]);
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    ...(preparedStatements && { Client: namingClient(pg.Client, statementNames()) }),
  });
  const health = new DatabaseHealth(() => pool.query("select 1").then(() => true));
  // An idle client that loses its server (a restart) must not crash the process.
  pool.on("error", (error) => {
    logError("PostgreSQL: conexão ociosa perdida", error);
    health.report(error);
  });
  // pg-pool listens for a client's errors only while it is idle. A connection lost while checked
  // out (a transaction under way, or one whose `begin` failed, which drizzle never releases) would
  // emit an 'error' nobody hears, and that ends the process: at a PostgreSQL restart, the app and
  // its open event streams with it. The query in flight has failed already; the health hears why.
  pool.on("connect", (client) => client.on("error", (error) => health.report(error)));
  // Every query and transaction goes through these two: their failures tell the health.
  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  const connect = pool.connect.bind(pool) as (callback?: unknown) => Promise<pg.PoolClient>;
  Object.assign(pool, {
    query: (...args: unknown[]) =>
      query(...args).catch((error: unknown) => {
        health.report(error);
        throw error;
      }),
    // pg's own pool.query calls connect with a callback: pass that form through untouched.
    connect: (callback?: unknown) =>
      callback
        ? connect(callback)
        : connect().catch((error: unknown) => {
            health.report(error);
            throw error;
          }),
  });
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  await db.execute(sql`select 1`);
  const url = new URL(databaseUrl);
  url.password = "";
  const listeners = new Set<{ stop(): Promise<void> }>();
  return {
    db,
    health,
    kind: "postgres",
    location: url.toString(),
    refreshStatistics: async () => undefined,
    listen: async (channel, onPayload, onReconnect) => {
      const listener = await listenOnPostgres(pg, databaseUrl, channel, onPayload, onReconnect);
      listeners.add(listener);
      return async () => {
        listeners.delete(listener);
        await listener.stop();
      };
    },
    close: async () => {
      await Promise.all([...listeners].map((listener) => listener.stop()));
      await pool.end();
    },
  };
}

/**
 * PGlite allows one process per directory: two processes would silently lose
 * writes. We hold a lock (`<dir>.lock`, a directory beside the data, refreshed every
 * few seconds, so a crashed process's lock goes stale and is taken over), and
 * note our pid beside it so a lock left by a dead process is taken over at once.
 */
async function openPglite(options: OpenOptions): Promise<Database> {
  const { dataDir } = options;
  fs.mkdirSync(dataDir, { recursive: true });
  const lock = () =>
    lockfile.lock(dataDir, {
      // Generous: PGlite's work blocks the event loop, which delays the refresh; a dead
      // owner on this machine is recognised at once by its pid instead (below).
      stale: 60_000,
      update: 5_000,
      realpath: false,
      onCompromised: (error) => {
        if (options.onLockCompromised) options.onLockCompromised(error);
        else throw error;
      },
    });
  let unlock: () => Promise<void>;
  try {
    unlock = await lock();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ELOCKED") throw error;
    // Left by a process of this machine that no longer runs (killed, crashed): take it over now
    // rather than after it goes stale.
    if (!removeLockOfDeadOwner(dataDir)) throw new DatabaseLockedError(dataDir);
    try {
      unlock = await lock();
    } catch {
      throw new DatabaseLockedError(dataDir);
    }
  }
  writeLockOwner(dataDir);
  const release = async () => {
    fs.rmSync(ownerFile(dataDir), { force: true });
    await unlock();
  };
  try {
    const [{ PGlite }, { drizzle: drizzlePglite }] = await Promise.all([
      import("@electric-sql/pglite"),
      import("drizzle-orm/pglite"),
    ]);
    // Shared buffers live in the process's WebAssembly memory, and every megabyte of them
    // ends up resident (16 MB: 33 MB of it under load; 4 MB: 21 MB). The operating system's
    // file cache, which is not the process's memory, serves the pages they miss: with 10,000
    // pets (6 MB of tables and indexes) queries took as long with 4 MB as with 16 MB.
    // The engine runs one session, in this process. Sized for PostgreSQL's 100 connections and
    // its replication, its shared memory took 11 MB; sized so, 8 MB, and the WebAssembly
    // memory holds 4 MB less (ADR 10).
    const client = await PGlite.create({
      dataDir,
      postgresqlconf: [
        "shared_buffers=4MB",
        "max_connections=4",
        "superuser_reserved_connections=0",
        "max_wal_senders=0",
        "max_replication_slots=0",
      ],
    });
    options.tuneEmbedded?.(client);
    const db = drizzlePglite({ client, schema }) as unknown as Db;
    // PGlite has no autovacuum: without fresh statistics the planner takes a table of
    // thousands of pets for a handful and scans instead of using the feed's index. The
    // setup asks for them once the database is ready, and they are checked every few
    // minutes; only tables that grew or shrank are analysed, so a start on an unchanged
    // database does not wait for them (0.4–0.8 s on 10,000 pets).
    let analyzing: Promise<void> = Promise.resolve();
    const analyze = () => {
      analyzing = analyzeChangedTables(client).catch((error: Error) =>
        logError("Estatísticas do banco embutido não atualizadas", error),
      );
      return analyzing;
    };
    const analyzeRegularly = setInterval(() => void analyze(), 10 * 60 * 1000);
    analyzeRegularly.unref();
    let closed = false;
    return {
      db,
      health: new DatabaseHealth(async () => true),
      kind: "pglite",
      location: dataDir,
      refreshStatistics: analyze,
      // The engine runs in this process: a NOTIFY reaches its listeners when its transaction commits.
      listen: async (channel, onPayload) => {
        const unlisten = await client.listen(channel, onPayload);
        return () => unlisten();
      },
      close: async () => {
        if (closed) return;
        closed = true;
        clearInterval(analyzeRegularly);
        try {
          await analyzing;
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

/**
 * LISTEN on a connection of its own (a pool's connections come and go): lost with a
 * PostgreSQL restart or a network cut, it is opened again, 0.5 s after and doubling up to
 * 2 s, until it is stopped: conversations are live again within 2 s of the database (a try
 * is one connection attempt; a longer wait was felt as a dead chat after a slow restart).
 * NOTIFYs sent while it was down are lost: readers re-read on reconnecting (the event stream
 * says so).
 */
async function listenOnPostgres(
  driver: typeof pg,
  databaseUrl: string,
  channel: string,
  onPayload: (payload: string) => void,
  onReconnect: () => void = () => undefined,
): Promise<{ stop(): Promise<void> }> {
  let stopped = false;
  let connectedBefore = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let delay = 500;
  const connect = async (): Promise<void> => {
    const next = new driver.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5_000 });
    next.on("notification", (message) => {
      if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
    });
    const lost = (error?: Error) => {
      if (client !== next) return;
      client = undefined;
      if (error) logError(`PostgreSQL: escuta de ${channel} perdida`, error);
      void next.end().catch(() => undefined);
      schedule();
    };
    next.on("error", lost);
    next.on("end", () => lost());
    client = next;
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
      delay = 500;
      if (connectedBefore) onReconnect();
      connectedBefore = true;
    } catch (error) {
      lost(error as Error);
      throw error;
    }
  };
  const schedule = () => {
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      connect().catch(() => undefined);
    }, delay);
    retry.unref();
    delay = Math.min(delay * 2, 2_000);
  };
  await connect();
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(retry);
      const last = client;
      client = undefined;
      await last?.end().catch(() => undefined);
    },
  };
}

/**
 * Analyses the tables whose size moved by more than a tenth (and 8 pages) since their
 * statistics were taken: autovacuum's rule of thumb, by pages, because PGlite keeps no
 * count of changes across restarts. The job queue's tables too (schema pgboss): without
 * statistics the planner would not take the fetch's index for a digest's thousands of jobs.
 */
async function analyzeChangedTables(client: PGliteClient): Promise<void> {
  const { rows } = await client.query<{ name: string }>(
    `select quote_ident(n.nspname) || '.' || quote_ident(c.relname) as name
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname in ('public', 'pgboss') and c.relkind = 'r'
        and abs(pg_relation_size(c.oid) / 8192 - c.relpages) > greatest(8, c.relpages / 10)`,
  );
  if (rows.length > 0) await client.exec(`analyze ${rows.map((row) => row.name).join(", ")}`);
}

const ownerFile = (dataDir: string) => `${dataDir}.lock.owner`;

function writeLockOwner(dataDir: string) {
  fs.writeFileSync(ownerFile(dataDir), JSON.stringify({ pid: process.pid, host: os.hostname() }));
}

/** Removes the lock when its owner was a process of this machine that has ended; true if it did. */
function removeLockOfDeadOwner(dataDir: string): boolean {
  let owner: { pid?: unknown; host?: unknown };
  try {
    owner = JSON.parse(fs.readFileSync(ownerFile(dataDir), "utf8")) as typeof owner;
  } catch {
    return false;
  }
  if (owner.host !== os.hostname() || typeof owner.pid !== "number" || isRunning(owner.pid)) return false;
  fs.rmSync(`${dataDir}.lock`, { recursive: true, force: true });
  fs.rmSync(ownerFile(dataDir), { force: true });
  return true;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
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
