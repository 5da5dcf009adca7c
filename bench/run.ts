// The benchmark: Adopet (built, production) against the original product's backend
// (json-server 0.17) and a plain Node server returning our API page from memory (the
// ceiling), on the same 10,000 pets. Prints a table and writes docs/performance.md.
//   npm run bench                      (embedded database)
//   DATABASE_URL=postgres://… npm run bench
// Options: BENCH_PETS (10000), BENCH_SECONDS per scenario (10), BENCH_CONNECTIONS (50).
// The cold start is measured on both databases: on the embedded one always, on PostgreSQL with
// DATABASE_URL or BENCH_DATABASE_URL (a role that may create databases: it gets one of its own).
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import autocannon, { type Options, type Result } from "autocannon";
import { DEMO_CARETAKER } from "~/demo/seed.server";
import pg from "pg";
import { coldStartTable, measureColdStart, measureFirstStart, type ColdStart } from "./cold-start";
import { mixedRequests, ROOT, rssKb, seedPets, startAdopet, track, writeSection } from "./support";
import { measureUpload } from "./upload";

const PETS = Number(process.env.BENCH_PETS ?? 10_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DATABASE_URL = process.env.DATABASE_URL || undefined;
const work = fs.mkdtempSync(path.join(os.tmpdir(), "adopet-bench-"));

type Row = {
  name: string;
  target: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  rssMb: number;
};
const rows: Row[] = [];

function log(line: string) {
  console.log(line);
}

/** Peak resident memory of a process while `work` runs, sampled every 100 ms. */
async function withPeakRss<T>(pid: number, work: () => Promise<T>): Promise<[T, number]> {
  let peak = 0;
  const sample = () => {
    peak = Math.max(peak, rssKb(pid));
  };
  const timer = setInterval(sample, 100);
  try {
    const result = await work();
    sample();
    return [result, Math.round(peak / 1024)];
  } finally {
    clearInterval(timer);
  }
}

async function load(name: string, target: string, pid: number, options: Options) {
  // Warm-up, then the measured run.
  await autocannon({ ...options, connections: CONNECTIONS, duration: 2 });
  const [result, rssMb] = await withPeakRss(
    pid,
    () => autocannon({ ...options, connections: CONNECTIONS, duration: SECONDS }) as Promise<Result>,
  );
  const row: Row = {
    name,
    target,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    rssMb,
  };
  rows.push(row);
  log(
    `${target.padEnd(12)} ${name.padEnd(34)} ${String(row.rps).padStart(7)} req/s  p50 ${row.p50} ms  p99 ${row.p99} ms  errors ${row.errors}  non-2xx ${row.non2xx}  RSS ${rssMb} MB`,
  );
  return row;
}

/** `count` accounts signed up through the API, each with an address of its own. */
async function signUpPeople(base: string, count: number) {
  const people = Array.from({ length: count }, (_, index) => ({
    email: `carga-${index}@exemplo.com`,
    senha: "Carga@2024",
    address: `10.0.${index}.1`,
  }));
  for (const person of people) {
    const response = await fetch(`${base}/api/users`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": person.address },
      body: JSON.stringify({ email: person.email, nome: "Pessoa de Carga", senha: person.senha }),
    });
    if (response.status !== 201) throw new Error(`Cadastro de ${person.email}: ${response.status}`);
  }
  return people;
}

async function waitFor(url: string) {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if (
      await fetch(url)
        .then((response) => response.ok)
        .catch(() => false)
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} não respondeu.`);
}

/** The database named `name` on the server of the admin URL `adminUrl`, made anew. */
async function freshPostgresDatabase(adminUrl: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`drop database if exists ${name} with (force)`);
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The cold start on the embedded database (first and later starts) and on PostgreSQL, when there is one. */
async function coldStarts(dataDir: string, port: number): Promise<{ name: string; result: ColdStart }[]> {
  const embeddedDir = DATABASE_URL ? path.join(work, "embedded") : dataDir;
  if (DATABASE_URL) await seedPets(embeddedDir, undefined, PETS);
  const columns = [
    { name: "embedded, first start", result: await measureFirstStart(work, port) },
    { name: "embedded", result: await measureColdStart(embeddedDir, undefined, port) },
  ];
  const adminUrl = process.env.BENCH_DATABASE_URL;
  const postgresUrl =
    DATABASE_URL ?? (adminUrl ? await freshPostgresDatabase(adminUrl, "adopet_bench_cold_start") : undefined);
  if (!postgresUrl) {
    log("Cold start on PostgreSQL: not measured (give BENCH_DATABASE_URL).");
    return columns;
  }
  if (!DATABASE_URL) await seedPets(path.join(work, "postgres"), postgresUrl, PETS);
  columns.push({ name: "PostgreSQL", result: await measureColdStart(path.join(work, "postgres"), postgresUrl, port) });
  return columns;
}

async function main() {
  log(
    `Adopet benchmark: ${PETS} pets, ${CONNECTIONS} connections, ${SECONDS} s per scenario, ${DATABASE_URL ? "PostgreSQL" : "PGlite"}`,
  );

  // 1. Data: the demo seed, plus pets in bulk (seedManyPets).
  const dataDir = path.join(work, "data");
  const seededMs = await seedPets(dataDir, DATABASE_URL, PETS);
  log(`Seeded ${PETS} pets in ${(seededMs / 1000).toFixed(1)} s`);

  // 2. The cold start, on both databases.
  const port = 3401;
  const coldStart = await coldStarts(dataDir, port);
  log(`Cold start, step by step:\n${coldStartTable(coldStart)}`);

  // 3. Adopet, as in production.
  const app = await startAdopet(dataDir, DATABASE_URL, port);
  const base = `http://127.0.0.1:${port}/adopet`;
  const apiPage = await (await fetch(`${base}/api/pets?page=1`)).text();
  const allPets = [] as unknown[];
  for (let page = 1; ; page += 1) {
    const body = (await (await fetch(`${base}/api/pets?limit=50&page=${page}`)).json()) as {
      pets: unknown[];
      paginas: number;
    };
    allPets.push(...body.pets);
    if (page >= body.paginas) break;
  }
  const anyPet = (allPets[0] as { id: string }).id;
  const deepPage = Math.floor(PETS / 12 / 2);
  const messageBody = (texto: string) =>
    JSON.stringify({
      petId: anyPet,
      nome: "Carga",
      telefone: "21 98888-7777",
      nome__animal: "Rex",
      contato__texto: texto,
    });

  // 4. The others: json-server 0.17 with the same pets, and the in-memory ceiling.
  fs.writeFileSync(path.join(work, "db.json"), JSON.stringify({ pets: allPets }));
  const jsonServer = track(
    spawn(
      process.execPath,
      [
        path.join(ROOT, "node_modules/json-server/lib/cli/bin.js"),
        "--port",
        "3402",
        "--host",
        "127.0.0.1",
        "--quiet",
        path.join(work, "db.json"),
      ],
      { stdio: "ignore" },
    ),
  );
  await waitFor("http://127.0.0.1:3402/pets?_limit=1");
  const ceiling = http.createServer((_req, res) => {
    res.writeHead(200, { "Content-Type": "application/json; charset=utf-8" });
    res.end(apiPage);
  });
  await new Promise<void>((resolve) => ceiling.listen(3403, "127.0.0.1", resolve));

  // 5. The scenarios.
  const appPid = app.pid!;
  await load("GET /api/pets?page=1", "adopet", appPid, { url: `${base}/api/pets?page=1` });
  await load("GET /api/pets?cidade=Niterói&porte=medio", "adopet", appPid, {
    url: `${base}/api/pets?cidade=Niter%C3%B3i&porte=medio`,
  });
  await load("GET /home (page 1)", "adopet", appPid, { url: `${base}/home` });
  await load(`GET /home?page=${deepPage}`, "adopet", appPid, { url: `${base}/home?page=${deepPage}` });
  await load("GET /pets/:id", "adopet", appPid, { url: `${base}/pets/${anyPet}` });
  // Logins as people make them: each with their own account, from their own address (through
  // the proxy the app trusts on loopback). Fifty logins of one account from one address at
  // once would be a guessing attack, which the limits stop.
  const people = await signUpPeople(base, CONNECTIONS);
  let turn = 0;
  await load("POST /api/session (login)", "adopet", appPid, {
    url: base,
    requests: [
      {
        method: "POST",
        path: "/adopet/api/session",
        setupRequest: (request) => {
          const person = people[turn++ % people.length]!;
          return {
            ...request,
            headers: { "content-type": "application/json", "x-forwarded-for": person.address },
            body: JSON.stringify({ email: person.email, senha: person.senha }),
          };
        },
      },
    ],
  });
  await load("POST /api/messages", "adopet", appPid, {
    url: `${base}/api/messages`,
    method: "POST",
    headers: { "content-type": "application/json" },
    body: messageBody("Teste de carga"),
  });
  await load("mixed: 90 % reads, 10 % messages", "adopet", appPid, {
    url: base,
    requests: mixedRequests(anyPet, messageBody("Mista")),
  });
  const upload = await measureUpload(base, DEMO_CARETAKER);
  log(
    `upload: ${(upload.jpegBytes / 1e6).toFixed(1)} MB JPEG ${upload.width}×${upload.height} published in ${upload.uploadMs} ms; ` +
      `card variants ${Math.round(upload.card320Bytes / 1024)} KB (320 px) and ${Math.round(upload.card640Bytes / 1024)} KB (640 px); ` +
      `other requests' p99 ${upload.quietP99} ms alone, ${upload.busyP99} ms during the upload`,
  );
  {
    await load("GET /pets?_page=1&_limit=12", "json-server", jsonServer.pid!, {
      url: "http://127.0.0.1:3402/pets?_page=1&_limit=12",
    });
    await load("GET /pets (all, as the original did)", "json-server", jsonServer.pid!, {
      url: "http://127.0.0.1:3402/pets",
    });
  }
  await load("GET (our API page from memory)", "ceiling", process.pid, { url: "http://127.0.0.1:3403/" });

  // 6. Report.
  const byName = (target: string, name: string) => rows.find((row) => row.target === target && row.name === name);
  const json = byName("json-server", "GET /pets?_page=1&_limit=12");
  const roof = byName("ceiling", "GET (our API page from memory)");
  const ratio = (row: Row, other?: Row) => (other && other.rps > 0 ? `${(row.rps / other.rps).toFixed(2)}×` : "n/a");
  const logins = byName("adopet", "POST /api/session (login)");
  const table = [
    "| target | scenario | req/s | p50 ms | p99 ms | errors | non-2xx | peak RSS MB | vs json-server page | vs ceiling |",
    "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ...rows.map(
      (row) =>
        `| ${row.target} | ${row.name} | ${row.rps} | ${row.p50} | ${row.p99} | ${row.errors} | ${row.non2xx} | ${row.rssMb} | ${ratio(row, json)} | ${ratio(row, roof)} |`,
    ),
  ].join("\n");
  const cpu = os.cpus()[0]?.model ?? "unknown";
  const report = `## Server benchmark (${DATABASE_URL ? "PostgreSQL" : "PGlite"})

Run on ${new Date().toISOString().slice(0, 10)}: ${os.cpus().length} × ${cpu}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version},
${PETS} pets, ${CONNECTIONS} connections, ${SECONDS} s per scenario after a 2 s warm-up (autocannon).
Command: \`${DATABASE_URL ? "DATABASE_URL=… " : ""}npm run bench\`.
Load generator and servers share the machine's two cores, so compare ratios within one run.

${table}

Cold start (the median of five starts on the ${PETS} pets, each from the spawn to the home page; the steps as the server
timed them, server/startup-clock.ts; the first start is on an empty embedded database, with the migrations and the demo data):

${coldStartTable(coldStart)}

Logins: ${logins ? `${logins.rps} per second on ${os.cpus().length} cores, ${Math.round(logins.rps / os.cpus().length)} per core` : "n/a"} (Argon2id, 19 MiB, t=2: deliberate).

Upload: a ${(upload.jpegBytes / 1e6).toFixed(1)} MB JPEG of ${upload.width}×${upload.height} px was published (checked, resized to
four WebP variants, stored) in ${upload.uploadMs} ms. The card's variants weigh ${Math.round(upload.card320Bytes / 1024)} KB (320 px) and
${Math.round(upload.card640Bytes / 1024)} KB (640 px). Other visitors' requests (\`/healthz\`, 10 connections) had p99
${upload.quietP99} ms without the upload and ${upload.busyP99} ms during it (${upload.busyRps} req/s).
`;
  log("\n" + report);
  writeSection(`## Server benchmark (${DATABASE_URL ? "PostgreSQL" : "PGlite"})`, report);

  app.kill("SIGTERM");
  jsonServer.kill("SIGTERM");
  ceiling.close();
  await new Promise((resolve) => app.once("exit", resolve));
  fs.rmSync(work, { recursive: true, force: true });
}

await main();
