// Before and after, side by side: the built app of another checkout (BENCH_BASE, e.g. a git
// worktree of the last release, with `npm ci && npm run build` done there) against this one,
// on copies of one embedded database, in interleaved rounds so the machine's drift falls on
// both. Prints the median of each scenario and writes it to docs/performance.md.
//   git worktree add /tmp/adopet-base <commit> && (cd /tmp/adopet-base && npm ci && npm run build)
//   npm run build && BENCH_BASE=/tmp/adopet-base npx tsx bench/compare.ts
// On PostgreSQL: BENCH_DATABASE_URL=postgres://user:password@127.0.0.1:5432/postgres (a role that may
// create databases): the seeded database is copied, as a template, for every server started.
// Options: BENCH_ONLY (a pattern: only the scenarios it matches), BENCH_PETS (10000), BENCH_SECONDS per scenario (8), BENCH_ROUNDS (3), BENCH_CONNECTIONS (50).
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon, { type Options, type Result } from "autocannon";
import { eq } from "drizzle-orm";
import pg from "pg";
import { pets } from "~/db/schema";
import { readEnv } from "~/env.server";
import { prepareDatabase } from "~/setup.server";
import { serverProcess } from "../server/tuning/node-flags.js";
import { ANSWERS, applicantCookies, cpuMs, ROOT, rssKb, seedPets, track, writeSection } from "./support";

const BASE = process.env.BENCH_BASE;
const PETS = Number(process.env.BENCH_PETS ?? 10_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SETTLE_MS = 8_000;
const ADMIN_URL = process.env.BENCH_DATABASE_URL || undefined;
/** Adopters who apply during the load, a new adopter-and-pet pair each time (the limit is 20 an hour each). */
const APPLICANTS = 1_000;
const SEED_DATABASE = "adopet_compare_seed";
if (!BASE || !fs.existsSync(path.join(BASE, "build/server/index.js"))) {
  console.error("BENCH_BASE must name another checkout with its build (npm run build there).");
  process.exit(2);
}
const work = fs.mkdtempSync(path.join(os.tmpdir(), "adopet-compare-"));
const commit = (dir: string) =>
  execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: dir, encoding: "utf8" }).trim();
const targets = [
  { name: `antes (${commit(BASE)})`, dir: BASE },
  { name: `depois (${commit(ROOT)})`, dir: ROOT },
];

/** `name`'s address on the bench's PostgreSQL server. */
const databaseUrl = (name: string) => {
  const url = new URL(ADMIN_URL!);
  url.pathname = `/${name}`;
  return url.toString();
};

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The applicants' session cookies, made in the seeded database, and the pets they apply to. */
async function applicants(dataDir: string, url: string | undefined) {
  const env = readEnv({ DATA_DIR: dataDir, DATABASE_URL: url, DATA_ENCRYPTION_KEY: process.env.DATA_ENCRYPTION_KEY });
  const database = await prepareDatabase(env, () => undefined);
  const { db } = database;
  const cookies = await applicantCookies(db, APPLICANTS);
  const open = await db.select({ id: pets.id }).from(pets).where(eq(pets.status, "disponivel")).limit(2_000);
  await database.close();
  return { cookies, petIds: open.map((row) => row.id) };
}

function startServer(dir: string, dataDir: string, port: number, url: string | undefined): Promise<ChildProcess> {
  const tuned = serverProcess(undefined);
  return new Promise((resolve, reject) => {
    const child = track(
      spawn(process.execPath, [...tuned.nodeFlags, "server/main.js"], {
        cwd: dir,
        env: {
          ...process.env,
          ...tuned.env,
          NODE_ENV: "production",
          PORT: String(port),
          HOST: "127.0.0.1",
          DATA_DIR: dataDir,
          DATABASE_URL: url ?? "",
          MESSAGE_LIMIT_PER_HOUR: "100000000",
          MESSAGE_LIMIT_PER_RECIPIENT_PER_HOUR: "100000000",
        },
        // The log goes where a production log goes: a file, not a pipe this process must drain.
        stdio: ["ignore", fs.openSync(path.join(work, `${port}.log`), "a"), "inherit"],
      }),
    );
    const deadline = Date.now() + 120_000;
    const poll = async () => {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/adopet/healthz`)).ok) return resolve(child);
      } catch {
        // Not listening yet.
      }
      if (Date.now() > deadline) reject(new Error(`${dir} não iniciou`));
      else setTimeout(poll, 200);
    };
    child.once("exit", (code) => reject(new Error(`${dir} saiu (${code})`)));
    void poll();
  });
}

async function stop(child: ChildProcess) {
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

async function main() {
  const where = ADMIN_URL ? "PostgreSQL" : "PGlite";
  console.log(
    `Antes e depois (${where}): ${PETS} pets, ${CONNECTIONS} connections, ${SECONDS} s per scenario, ${ROUNDS} rounds`,
  );
  const seeded = path.join(work, "seeded");
  // Images and the key file live there on PostgreSQL too.
  fs.mkdirSync(seeded, { recursive: true });
  if (ADMIN_URL) {
    await admin(`drop database if exists ${SEED_DATABASE} with (force)`);
    await admin(`create database ${SEED_DATABASE}`);
  }
  const seedUrl = ADMIN_URL ? databaseUrl(SEED_DATABASE) : undefined;
  await seedPets(seeded, seedUrl, PETS);
  const { cookies, petIds } = await applicants(seeded, seedUrl);
  // Requests a second, and the server's CPU time a request (µs): the machine's drift moves the
  // first by a fifth from one run to the next, the second far less.
  const figures = new Map<string, Map<string, number[]>>();
  const cpuFigures = new Map<string, Map<string, number[]>>();
  const record = (into: typeof figures, scenario: string, target: string, value: number) => {
    const byTarget = into.get(scenario) ?? new Map<string, number[]>();
    into.set(scenario, byTarget);
    byTarget.set(target, [...(byTarget.get(target) ?? []), value]);
  };
  for (let round = 1; round <= ROUNDS; round += 1) {
    for (const target of round % 2 ? targets : [...targets].reverse()) {
      const dataDir = path.join(work, `data-${round}-${targets.indexOf(target)}`);
      fs.cpSync(seeded, dataDir, { recursive: true });
      const copy = `adopet_compare_${round}_${targets.indexOf(target)}`;
      if (ADMIN_URL) {
        await admin(`drop database if exists ${copy} with (force)`);
        await admin(`create database ${copy} template ${SEED_DATABASE}`);
      }
      const port = 3501;
      const server = await startServer(target.dir, dataDir, port, ADMIN_URL ? databaseUrl(copy) : undefined);
      // A first start does its own work after it listens (the job queue's schema, the purge at
      // start): let it end, or the first scenario measures it instead of the requests.
      await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
      const base = `http://127.0.0.1:${port}/adopet`;
      const pets = (await (await fetch(`${base}/api/pets?page=1`)).json()) as { pets: { id: string }[] };
      const petId = pets.pets[0]!.id;
      // An `adopet_` cookie makes an answer personal: the response cache lets it past.
      const pastCache = { cookie: "adopet_bench=1" };
      let submitted = 0;
      const application = JSON.stringify({ respostas: ANSWERS });
      const scenarios: [string, Options][] = [
        ["GET /api/pets?page=1", { url: `${base}/api/pets?page=1` }],
        ["GET /api/pets?page=1 (no cache)", { url: `${base}/api/pets?page=1`, headers: pastCache }],
        ["GET /api/pets/:id", { url: `${base}/api/pets/${petId}` }],
        ["GET /api/pets/:id (no cache)", { url: `${base}/api/pets/${petId}`, headers: pastCache }],
        [
          "POST /api/pets/:id/candidaturas",
          {
            url: base,
            requests: [
              {
                // Each request a new adopter-and-pet pair; an adopter's next one, 7 pets further.
                setupRequest: (request) => {
                  const index = submitted++;
                  const pet = petIds[((index % APPLICANTS) + 7 * Math.floor(index / APPLICANTS)) % petIds.length]!;
                  return {
                    ...request,
                    method: "POST",
                    path: `/adopet/api/pets/${pet}/candidaturas`,
                    headers: { "content-type": "application/json", cookie: cookies[index % APPLICANTS]! },
                    body: application,
                  };
                },
              },
            ],
          },
        ],
        ["GET /home", { url: `${base}/home` }],
        // Rendered every time: what the cards cost, past the response cache.
        ["GET /home (no cache)", { url: `${base}/home`, headers: pastCache }],
        ["GET /pets/:id", { url: `${base}/pets/${petId}` }],
        [
          "POST /api/messages",
          {
            url: `${base}/api/messages`,
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({
              petId,
              nome: "Carga",
              telefone: "21 98888-7777",
              nome__animal: "Rex",
              contato__texto: "Teste de carga",
            }),
          },
        ],
      ];
      const only = new RegExp(process.env.BENCH_ONLY ?? "");
      for (const [scenario, options] of scenarios.filter(([name]) => only.test(name))) {
        await autocannon({ ...options, connections: CONNECTIONS, duration: 2 });
        // The server's peak resident memory meanwhile, sampled every 100 ms (printed, not tabled).
        let peakKb = 0;
        const sampler = setInterval(() => (peakKb = Math.max(peakKb, rssKb(server.pid!))), 100);
        const cpuBefore = cpuMs(server.pid!);
        const result = (await autocannon({ ...options, connections: CONNECTIONS, duration: SECONDS })) as Result;
        const cpuPerRequestUs = Math.round(
          ((cpuMs(server.pid!) - cpuBefore) * 1000) / Math.max(1, result.requests.total),
        );
        clearInterval(sampler);
        const rps = Math.round(result.requests.average);
        record(figures, scenario, target.name, rps);
        record(cpuFigures, scenario, target.name, cpuPerRequestUs);
        console.log(
          `round ${round}  ${target.name.padEnd(20)} ${scenario.padEnd(24)} ${String(rps).padStart(7)} req/s  ${cpuPerRequestUs} µs CPU/request  p99 ${result.latency.p99} ms  non-2xx ${result.non2xx}  RSS ${Math.round(peakKb / 1024)} MB`,
        );
      }
      await stop(server);
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (ADMIN_URL) await admin(`drop database if exists ${copy} with (force)`);
    }
  }
  const heading = `## Before and after (bench/compare.ts, ${where})`;
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const table = (of: typeof figures) => {
    const rows = [
      `| Scenario | ${targets.map((target) => target.name).join(" | ")} | change |`,
      `| --- | ${targets.map(() => "---:").join(" | ")} | ---: |`,
    ];
    for (const [scenario, byTarget] of of) {
      const values = targets.map((target) => byTarget.get(target.name) ?? []);
      const [before, after] = values.map(median) as [number, number];
      rows.push(
        `| ${scenario} | ${values.map((runs) => `${median(runs)} (${runs.join(", ")})`).join(" | ")} | ${(((after - before) / before) * 100).toFixed(1)} % |`,
      );
    }
    return rows;
  };
  const lines = [
    heading,
    "",
    `${new Date().toISOString().slice(0, 10)}, ${where}, ${PETS} pets, ${CONNECTIONS} connections, ${SECONDS} s per scenario, median of ${ROUNDS} interleaved rounds (every run in brackets).`,
    "",
    "Requests a second:",
    "",
    ...table(figures),
    "",
    "The server's CPU time a request, in µs (its process's, as Linux counts it; PostgreSQL's not included):",
    "",
    ...table(cpuFigures),
  ];
  const report = lines.join("\n") + "\n";
  console.log(`\n${report}`);
  writeSection(heading, report);
  fs.rmSync(work, { recursive: true, force: true });
  if (ADMIN_URL) await admin(`drop database if exists ${SEED_DATABASE} with (force)`);
}

await main();
