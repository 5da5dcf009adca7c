// What the benchmark and the soak share: seeding, starting a server, reading its memory.
import { spawn, type ChildProcess } from "node:child_process";
import autocannon from "autocannon";
import fs from "node:fs";
import path from "node:path";
import { createCookie } from "react-router";
import type { Database } from "~/db/client.server";
import { users } from "~/db/schema";
import { createSession, SESSION_COOKIE } from "~/domain/accounts/sessions.server";
import { prepareDatabase } from "~/setup.server";
import { seedManyPets } from "~/demo/seed.server";
import { readEnv } from "~/env.server";
import { serverProcess } from "../server/tuning/node-flags.js";

export const ROOT = path.resolve(import.meta.dirname, "..");

// The servers a bench starts on PostgreSQL need a key for the data they encrypt (a bench's own).
process.env.DATA_ENCRYPTION_KEY ??= "9c3e5a7b1d2f4e6a8c0b2d4f6e8a0c2b4d6f8e0a2c4b6d8f0e2a4c6b8d0f2e4a";

/** The database the app would open there, migrated, with the demo data (encrypted with the bench's key above). */
export function openDemoDatabase(dataDir: string, databaseUrl: string | undefined): Promise<Database> {
  const env = readEnv({
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    DEMO_DATA: "true",
    DATA_ENCRYPTION_KEY: process.env.DATA_ENCRYPTION_KEY,
  });
  return prepareDatabase(env, () => undefined);
}

/** The value below which `p` % of `values` lie (NaN for none). */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** A database with the demo data plus pets up to `pets`, from the demo seed; returns the ms taken. */
export async function seedPets(dataDir: string, databaseUrl: string | undefined, pets: number): Promise<number> {
  const database = await openDemoDatabase(dataDir, databaseUrl);
  const started = performance.now();
  await seedManyPets(database.db, pets - 9);
  await database.close();
  return performance.now() - started;
}

/** Resident memory of a process, in KB (0 once it is gone). */
export function rssKb(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  } catch {
    return 0;
  }
}

// Linux counts a process's CPU time in ticks of 1/100 s (USER_HZ, `getconf CLK_TCK`).
const TICKS_PER_SECOND = 100;

/**
 * CPU time (user and system) a process has used, in ms, from /proc/<pid>/stat (0 once it is
 * gone); with `children`, also that of its children that have exited.
 */
export function cpuMs(pid: number, { children = false } = {}): number {
  try {
    // The fields after the command's name, which is in parentheses and may hold spaces.
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat
      .slice(stat.lastIndexOf(")") + 2)
      .split(" ")
      .map(Number);
    // utime, stime, cutime, cstime: fields 14 to 17 of the line, 12th to 15th after the name.
    const [utime = 0, stime = 0, cutime = 0, cstime = 0] = fields.slice(11, 15);
    return ((utime + stime + (children ? cutime + cstime : 0)) * 1000) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/**
 * CPU time of PostgreSQL on this machine, in ms (every cluster's): every postgres process's,
 * and that of the backends that have exited (a pool closes idle connections), which their
 * parent, the postmaster, has collected. Null when no postgres process is to be seen (a server
 * elsewhere).
 */
function postgresCpuMs(): number | null {
  let total: number | null = null;
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/comm`, "utf8").trim() === "postgres") {
        total = (total ?? 0) + cpuMs(Number(entry), { children: true });
      }
    } catch {
      // Gone meanwhile.
    }
  }
  return total;
}

/** The live processes whose parent is one of `pids`. */
function childrenOf(pids: number[]): number[] {
  const children: number[] = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (pids.includes(parent)) children.push(Number(entry));
    } catch {
      // Gone meanwhile.
    }
  }
  return children;
}

/**
 * What `run` cost in CPU: the app's processes (`pids`), PostgreSQL's and the load generator's
 * (autocannon, in this process), in ms. Says where the time goes: latency alone mixes the
 * work with the wait for a core.
 */
async function cpuOf<T>(
  pids: number[],
  run: () => Promise<T>,
): Promise<{ result: T; appMs: number; databaseMs: number | null; loadMs: number }> {
  // With WEB_CONCURRENCY, the web processes are the app's children.
  const app = () => [...pids, ...childrenOf(pids)].reduce((sum, pid) => sum + cpuMs(pid), 0);
  const [app0, database0, load0] = [app(), postgresCpuMs(), process.cpuUsage()];
  const result = await run();
  const database1 = postgresCpuMs();
  const load = process.cpuUsage(load0);
  return {
    result,
    appMs: app() - app0,
    databaseMs: database0 === null || database1 === null ? null : database1 - database0,
    loadMs: (load.user + load.system) / 1000,
  };
}

/** CPU ms per request as the tables show it: two decimals, or n/a (nothing measured, or served). */
function perRequest(ms: number | null, requests: number): string {
  return ms === null || requests === 0 ? "n/a" : (ms / requests).toFixed(2);
}

/** A scenario's figures: throughput, latency, failures, and CPU per request. */
export type LoadRow = {
  scenario: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  requests: number;
  /** CPU per request, ms: the app's processes', and PostgreSQL's (on PGlite the database is in the app). */
  appCpu: string;
  databaseCpu: string;
  /** CPU per request of the load generator (autocannon, in this process), which shares the cores. */
  loadCpu: string;
};

/**
 * Runs autocannon with `options` for `warmUp` s, then measures it for `seconds` s, with the CPU
 * of the app's processes (`pids`) and PostgreSQL's; prints the line and returns the row.
 */
export async function measureLoad(
  scenario: string,
  options: autocannon.Options,
  { pids, warmUp, seconds, postgres }: { pids: number[]; warmUp: number; seconds: number; postgres: boolean },
): Promise<LoadRow> {
  await autocannon({ ...options, duration: warmUp });
  const { result, appMs, databaseMs, loadMs } = await cpuOf(
    pids,
    async () => (await autocannon({ ...options, duration: seconds })) as autocannon.Result,
  );
  const requests = result.requests.total;
  const row = {
    scenario,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    requests,
    appCpu: perRequest(appMs, requests),
    databaseCpu: perRequest(databaseMs, requests),
    loadCpu: perRequest(loadMs, requests),
  };
  console.log(
    `${scenario.padEnd(48)} ${String(row.rps).padStart(6)} req/s  p50 ${row.p50} ms  p99 ${row.p99} ms  errors ${row.errors}  CPU/req: app ${row.appCpu} ms${postgres ? `, PostgreSQL ${row.databaseCpu} ms` : ""}, autocannon ${row.loadCpu} ms`,
  );
  return row;
}

// Servers started here never outlive the run, even when it fails half-way (an orphan would
// keep the port and answer the next run's requests).
const children = new Set<ChildProcess>();
process.on("exit", () => {
  for (const child of children) child.kill("SIGKILL");
});

/**
 * Asks a server to shut down and waits until it has (a profiled one writes its profile then),
 * for at most a minute, then kills it.
 */
export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const killer = setTimeout(() => child.kill("SIGKILL"), 60_000);
  await exited;
  clearTimeout(killer);
}

/** Stops `child` when this process exits. */
export function track(child: ChildProcess): ChildProcess {
  children.add(child);
  child.once("exit", () => children.delete(child));
  return child;
}

/** A process started, and what it had written when it said it was ready. */
type Started = { child: ChildProcess; output: string };

function start(command: string, args: string[], env: Record<string, string>, ready: RegExp): Promise<Started> {
  return new Promise((resolve, reject) => {
    const child = track(
      spawn(command, args, {
        cwd: ROOT,
        env: { ...process.env, ...env },
        stdio: ["ignore", "pipe", "pipe"],
      }),
    );
    // Only the tail is kept: a server under load logs every e-mail it would send, and
    // matching the whole log on every chunk would slow the load generator sharing this process.
    let output = "";
    let started = false;
    const onData = (chunk: Buffer) => {
      output = (output + chunk).slice(-16_384);
      if (!started && ready.test(output)) {
        started = true;
        resolve({ child, output });
      }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.once("exit", (code) => reject(new Error(`${command} saiu (${code}):\n${output}`)));
  });
}

/** The environment of the built app as in production, on that database, with the message limits out of the way. */
function appEnv(dataDir: string, databaseUrl: string | undefined, extra: Record<string, string>) {
  return {
    NODE_ENV: "production",
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? "",
    MESSAGE_LIMIT_PER_HOUR: "100000000",
    MESSAGE_LIMIT_PER_RECIPIENT_PER_HOUR: "100000000",
    ...extra,
  };
}

/**
 * The built app as in production, on that database, with the message limits out of the way
 * (RUNTIME_TUNING=off in the bench's environment measures it without the runtime tuning).
 * `extra` adds to its environment (JOBS=off: the jobs run in a worker, startWorker).
 */
export async function startAdopet(
  dataDir: string,
  databaseUrl: string | undefined,
  port: number,
  extra: Record<string, string> = {},
): Promise<ChildProcess> {
  return (await startAdopetLogged(dataDir, databaseUrl, port, extra)).child;
}

/** startAdopet, with what the server had logged when it listened (its start's steps: bench/cold-start.ts). */
export function startAdopetLogged(
  dataDir: string,
  databaseUrl: string | undefined,
  port: number,
  extra: Record<string, string> = {},
): Promise<Started> {
  const tuned = serverProcess(process.env.RUNTIME_TUNING);
  return start(
    process.execPath,
    // BENCH_NODE_FLAGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the server under load.
    [...tuned.nodeFlags, ...(process.env.BENCH_NODE_FLAGS ?? "").split(" ").filter(Boolean), "server/main.js"],
    {
      ...tuned.env,
      ...appEnv(dataDir, databaseUrl, extra),
      PORT: String(port),
      HOST: "127.0.0.1",
      // The bench's people log in from addresses of their own, told through a proxy on loopback.
      TRUST_PROXY: "loopback",
    },
    /Adopet em/,
  );
}

/** `npm run worker` on PostgreSQL: the job queue in a process of its own, beside a server with JOBS=off. */
export function startWorker(databaseUrl: string, dataDir: string): Promise<ChildProcess> {
  const tuned = serverProcess(process.env.RUNTIME_TUNING);
  return start(
    process.execPath,
    [...tuned.nodeFlags, "server/worker.js"],
    { ...tuned.env, ...appEnv(dataDir, databaseUrl, {}) },
    /apenas a fila de tarefas/,
  ).then(({ child }) => child);
}

/** Mixed traffic as visitors make it: nine kinds of reads for every contact message. */
export function mixedRequests(petId: string, messageBody: string) {
  const reads = [
    `/api/pets?page=1`,
    `/home`,
    `/pets/${petId}`,
    `/api/pets?page=3&especie=gato`,
    `/home?page=2`,
    `/api/pets/${petId}`,
    `/`,
    `/api/pets?cidade=Recife`,
    `/home?uf=SP`,
  ];
  return [
    ...reads.map((p) => ({ method: "GET" as const, path: `/adopet${p}` })),
    {
      method: "POST" as const,
      path: "/adopet/api/messages",
      headers: { "content-type": "application/json" },
      body: messageBody,
    },
  ];
}

/** Puts `report` (which starts with `heading`) into docs/performance.md, replacing the section's last figures. */
export function writeSection(heading: string, report: string) {
  const docPath = path.join(ROOT, "docs/performance.md");
  let doc = fs.existsSync(docPath)
    ? fs.readFileSync(docPath, "utf8")
    : "# Performance\n\nFigures from `bench/`; tests check behaviour, not timings.\n\n";
  const start = doc.indexOf(heading);
  if (start >= 0) {
    const next = doc.indexOf("\n## ", start + heading.length);
    doc = doc.slice(0, start) + report + (next >= 0 ? doc.slice(next + 1) : "");
  } else {
    doc = doc.trimEnd() + "\n\n" + report;
  }
  fs.writeFileSync(docPath, doc);
}

/** Answers to the default questionnaire, as an adopter in the benches sends them. */
export const ANSWERS = {
  moradia: "Casa",
  imovel: "Próprio",
  permite_animais: true,
  telas: true,
  moradores: "Eu e minha esposa; nosso filho tem 7 anos.",
  outros_animais: "Uma gata castrada e vacinada.",
  animais_antes: "Sim, um cão que viveu 15 anos conosco.",
  horas_sozinho: "Quatro horas",
  viagens: "Minha mãe, que mora perto",
  motivo: "Queremos dar um lar e muito carinho a um companheiro.",
  acompanhamento: true,
};

/** The session cookie of a new session for `userId`, as the app's own cookie writes it. */
const sessionCookie = createCookie(SESSION_COOKIE);
export async function cookieFor(db: Parameters<typeof createSession>[0], userId: string): Promise<string> {
  const { token } = await createSession(db, userId);
  return (await sessionCookie.serialize(token)).split(";")[0]!;
}

/** `count` adopters, each with a session: their cookies, in the order they were made. */
export async function applicantCookies(db: Parameters<typeof createSession>[0], count: number): Promise<string[]> {
  const people = await db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, index) => ({
        email: `candidato-${index}@bench.exemplo`,
        nome: `Candidato ${index}`,
        passwordHash: "x",
      })),
    )
    .returning({ id: users.id });
  const cookies: string[] = [];
  for (const person of people) cookies.push(await cookieFor(db, person.id));
  return cookies;
}
