// The finding features at scale (issue 18): the feed, its filters, text search and distance
// search under load on a large data set; one new pet matched against every saved alert; a
// daily digest running while visitors read the feed. Writes docs/performance.md.
//   npm run bench:scale                                   (embedded database, 100,000 pets)
//   DATABASE_URL=postgres://…/adopet_scale npm run bench:scale   (PostgreSQL, 1,000,000 pets)
// On PostgreSQL the database is kept: pets already there are not seeded again, and the alerts
// are made afresh. Options: SCALE_PETS, SCALE_ALERTS (100000), BENCH_SECONDS (10),
// BENCH_CONNECTIONS (50).
import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type autocannon from "autocannon";
import { count, desc, sql } from "drizzle-orm";
import { alerts, pets, users } from "~/db/schema";
import type { Database } from "~/db/client.server";
import { seedManyPets } from "~/demo/seed.server";
import { alertsMatchingPet, insertAlertsInBulk, queueDigest, ALERT_SEND_JOB } from "~/domain/alerts/alerts.server";
import { listCities } from "~/domain/places/cities.server";
import { startJobQueue } from "~/jobs/queue.server";
import type { SavedSearch } from "~/lib/alerts";
import { RADII_KM } from "~/lib/pets";
import { startSmtpPeer } from "../tests/support/smtp-peer";
import { measureLoad, openDemoDatabase, percentile, startAdopet, stop, writeSection, type LoadRow } from "./support";

const DATABASE_URL = process.env.DATABASE_URL || undefined;
const PETS = Number(process.env.SCALE_PETS ?? (DATABASE_URL ? 1_000_000 : 100_000));
const ALERTS = Number(process.env.SCALE_ALERTS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const work = fs.mkdtempSync(path.join(os.tmpdir(), "adopet-scale-"));
const dataDir = path.join(work, "data");

const WORDS = ["brincalhao", "carinhosa", "tranquila", "resgatado", "abrigo", "passear", "esperto", "companheiro"];
const lines: string[] = [];
const log = (line: string) => {
  console.log(line);
  lines.push(line);
};

/** A deterministic sequence, so that two runs ask the same things. */
function generator(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}
const random = generator(42);
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

function openDatabase(): Promise<Database> {
  return openDemoDatabase(dataDir, DATABASE_URL);
}

const rows: LoadRow[] = [];

/**
 * 50 connections for SECONDS, each request a URL from `next`. Two caches of 5 s answer an
 * address asked for again (ADR 8), which at these rates is nearly every one of a few hundred:
 * unless `cached`, requests carry a cookie of the app's (`adopet_…`), which the response cache
 * leaves to the server. The query cache behind the feed still answers.
 */
async function load(
  scenario: string,
  app: ChildProcess,
  base: string,
  next: () => string,
  { cached = false } = {},
): Promise<LoadRow> {
  const options = {
    url: base,
    connections: CONNECTIONS,
    ...(!cached && { headers: { cookie: "adopet_bench=1" } }),
    requests: [{ setupRequest: (request: autocannon.Request) => ({ ...request, path: next() }) }],
  };
  const row = await measureLoad(scenario, options, {
    pids: [app.pid!],
    warmUp: 5,
    seconds: SECONDS,
    postgres: Boolean(DATABASE_URL),
  });
  rows.push(row);
  return row;
}

async function main() {
  log(
    `Adopet at scale: ${PETS} pets, ${ALERTS} alerts, ${CONNECTIONS} connections, ${DATABASE_URL ? "PostgreSQL" : "PGlite"}`,
  );

  // 1. Pets: seeded up to PETS (kept between runs on PostgreSQL).
  const database = await openDatabase();
  const [{ total: present } = { total: 0 }] = await database.db.select({ total: count() }).from(pets);
  let seedSeconds: number | null = null;
  if (present < PETS) {
    const started = performance.now();
    await seedManyPets(database.db, PETS - present, {
      onProgress: (done) => done % 100_000 === 0 && console.log(`  ${done} animais…`),
    });
    seedSeconds = (performance.now() - started) / 1000;
    log(`Seeded ${PETS - present} pets in ${seedSeconds.toFixed(0)} s`);
  }
  // As autovacuum leaves a table that has settled: statistics, and the visibility map that
  // lets counts read the indexes alone.
  await database.db.execute(sql`vacuum analyze`);

  // 2. Alerts, afresh: a thousand people with a hundred each, searches as people make them.
  await database.db.delete(alerts);
  await database.db.delete(users).where(sql`${users.email} like 'alerta-%@exemplo.com'`);
  const people = await database.db
    .insert(users)
    .values(
      Array.from({ length: Math.ceil(ALERTS / 100) }, (_, index) => ({
        email: `alerta-${index}@exemplo.com`,
        nome: `Pessoa ${index}`,
        passwordHash: "x",
      })),
    )
    .returning({ id: users.id });
  const cities = await listCities(database.db);
  const capitals = cities.filter((city) => city.capital);
  // News for the digest: the pets of the last day and a half are new to every alert.
  const [recent] = await database.db
    .select({ at: pets.createdAt })
    .from(pets)
    .orderBy(desc(pets.createdAt))
    .offset(2_000)
    .limit(1);
  const started = performance.now();
  for (let done = 0; done < ALERTS; done += 1_000) {
    const batch = [];
    for (let index = done; index < Math.min(ALERTS, done + 1_000); index += 1) {
      const search: SavedSearch = {};
      if (random() < 0.7) search.especie = pick(["cao", "gato"] as const);
      if (random() < 0.3) search.porte = pick(["pequeno", "medio", "medio_grande", "grande"] as const);
      if (random() < 0.2) search.sexo = pick(["macho", "femea"] as const);
      if (random() < 0.2) search.idade = pick(["filhote", "jovem", "adulto", "idoso"] as const);
      if (random() < 0.1) search.castrado = "sim";
      if (random() < 0.1) search.convive_com = ["criancas"];
      if (random() < 0.2) search.q = pick(WORDS);
      if (random() < 0.6) {
        search.perto = String((random() < 0.5 ? pick(capitals) : pick(cities)).codigo);
        search.raio = pick(RADII_KM);
      } else if (random() < 0.5) search.uf = pick(capitals).uf;
      batch.push({
        userId: people[index % people.length]!.id,
        search,
        frequencia: "diaria" as const,
        notifiedUntil: recent?.at,
      });
    }
    await insertAlertsInBulk(database.db, batch);
  }
  log(`Made ${ALERTS} alerts in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  // 3. One new pet against every alert: the newest pets, each matched on its own.
  const newest = await database.db.select({ id: pets.id }).from(pets).orderBy(desc(pets.createdAt)).limit(60);
  const timings: number[] = [];
  let matched = 0;
  for (const [index, pet] of newest.entries()) {
    const t0 = performance.now();
    const found = await alertsMatchingPet(database.db, pet.id);
    if (index >= 10) {
      timings.push(performance.now() - t0);
      matched += found.length;
    }
  }
  const matching = {
    p50: percentile(timings, 50),
    p99: percentile(timings, 99),
    max: Math.max(...timings),
    average: matched / timings.length,
  };
  log(
    `Matching one new pet against ${ALERTS} alerts (50 pets): p50 ${matching.p50.toFixed(1)} ms, p99 ${matching.p99.toFixed(1)} ms, max ${matching.max.toFixed(1)} ms; ${matching.average.toFixed(0)} alerts matched a pet on average`,
  );
  // The embedded database is one process's: close it for the app.
  if (!DATABASE_URL) await database.close();

  // 4. The app, with a mail server that takes every e-mail.
  const smtp = await startSmtpPeer();
  process.env.SMTP_URL = smtp.url;
  process.env.PUBLIC_URL = "https://adote.exemplo.org";
  const port = 3411;
  const app = await startAdopet(dataDir, DATABASE_URL, port);
  const base = `http://127.0.0.1:${port}`;
  const capitalCodes = capitals.map((city) => city.codigo);
  const species = ["cao", "gato"];
  const sizes = ["pequeno", "medio", "medio_grande", "grande"];
  const ages = ["filhote", "jovem", "adulto", "idoso"];

  const feed = () => `/adopet/api/pets?page=${1 + Math.floor(random() * 200)}`;
  await load("feed: /api/pets?page=1…200", app, base, feed);
  await load("feed, the public read cache on", app, base, feed, { cached: true });
  await load("filters: species, size, age, sex (pages 1–5)", app, base, () => {
    const params = new URLSearchParams({ especie: pick(species), porte: pick(sizes), idade: pick(ages) });
    if (random() < 0.5) params.set("sexo", pick(["macho", "femea"]));
    params.set("page", String(1 + Math.floor(random() * 5)));
    return `/adopet/api/pets?${params}`;
  });
  await load(
    "text: q=word (pages 1–3)",
    app,
    base,
    () => `/adopet/api/pets?q=${pick(WORDS)}&page=${1 + Math.floor(random() * 3)}`,
  );
  await load(
    "distance: perto=capital, raio 10–200 (pages 1–3)",
    app,
    base,
    () => `/adopet/api/pets?perto=${pick(capitalCodes)}&raio=${pick(RADII_KM)}&page=${1 + Math.floor(random() * 3)}`,
  );

  // 5. The daily digest while visitors read the feed (PostgreSQL: queued from here, sent by the app's worker).
  let digest: { queued: number; seconds: number; sent: number; jobsDone: number; idle: number } | null = null;
  if (DATABASE_URL) {
    const queue = await startJobQueue(database, [], { work: false });
    const t0 = performance.now();
    const queued = await queueDigest(database.db, queue, new Date());
    const queuedIn = (performance.now() - t0) / 1000;
    log(`Digest: ${queued} e-mail jobs queued in ${queuedIn.toFixed(1)} s`);
    const mailBefore = smtp.received.length;
    const pending = async () =>
      Number(
        (
          (await database.db.execute(
            sql`select count(*) as n from pgboss.job where name = ${ALERT_SEND_JOB} and state in ('created', 'retry', 'active')`,
          )) as unknown as { rows: { n: string }[] }
        ).rows[0]!.n,
      );
    const before = await pending();
    const during = await load("feed during the digest", app, base, feed);
    const after = await pending();
    digest = {
      queued,
      seconds: SECONDS + 5,
      sent: smtp.received.length - mailBefore,
      jobsDone: before - after,
      idle: 0,
    };
    log(
      `Digest under load: ${digest.jobsDone} alerts handled and ${digest.sent} e-mails sent in ${digest.seconds} s (feed p99 ${during.p99} ms)`,
    );
    // The same, with no visitors: how fast the worker goes alone.
    await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
    digest.idle = after - (await pending());
    log(`Digest alone: ${digest.idle} alerts handled in ${SECONDS} s`);
    await queue.stop();
    await database.db.execute(sql`delete from pgboss.job where name = ${ALERT_SEND_JOB}`);
    await database.close();
  }
  await stop(app);
  await smtp.close();

  writeReport({ seedSeconds, matching, digest });
  fs.rmSync(work, { recursive: true, force: true });
}

function writeReport({
  seedSeconds,
  matching,
  digest,
}: {
  seedSeconds: number | null;
  matching: { p50: number; p99: number; max: number; average: number };
  digest: { queued: number; seconds: number; sent: number; jobsDone: number; idle: number } | null;
}) {
  const processes = Number(process.env.WEB_CONCURRENCY || 1);
  const kind = DATABASE_URL ? `PostgreSQL${processes > 1 ? `, ${processes} web processes` : ""}` : "PGlite";
  const cpu = os.cpus();
  const report = [
    `## At scale (${kind}, issue 18)`,
    "",
    `Run on ${new Date().toISOString().slice(0, 10)}: ${cpu.length} × ${cpu[0]?.model.split(" ").slice(0, 2).join(" ")}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version},`,
    `${PETS.toLocaleString("en")} pets (three in ten in a state capital, the rest anywhere in Brazil), ${ALERTS.toLocaleString("en")} saved alerts,`,
    `${CONNECTIONS} connections, ${SECONDS} s per scenario after a 5 s warm-up; pages and filters drawn at random`,
    "each with a cookie of the app's that the response cache leaves to the server (except on the line that says it is on); the query cache behind the feed still answers an address asked for again within 5 s. Command: `" +
      (DATABASE_URL
        ? `${processes > 1 ? `WEB_CONCURRENCY=${processes} ` : ""}DATABASE_URL=… npm run bench:scale`
        : "npm run bench:scale") +
      "`. Load generator (autocannon, in the bench's process), app and database share the two cores. CPU per request: what the app's process" +
      (DATABASE_URL ? " and every PostgreSQL process" : "") +
      " and autocannon used during the scenario, divided by the requests served (the digest's e-mails count in on its line).",
    "",
    seedSeconds === null
      ? "The pets were seeded by an earlier run."
      : `Seeding the pets (\`npm run seed\`'s code) took ${Math.round(seedSeconds)} s.`,
    "",
    `| scenario | req/s | p50 ms | p99 ms | errors | app CPU ms per request |${DATABASE_URL ? " PostgreSQL CPU ms per request |" : ""} autocannon CPU ms per request |`,
    `| -------- | ----: | -----: | -----: | -----: | ----: |${DATABASE_URL ? " ----: |" : ""} ----: |`,
    ...rows.map(
      (row) =>
        `| ${row.scenario} | ${row.rps} | ${row.p50} | ${row.p99} | ${row.errors} | ${row.appCpu} |${DATABASE_URL ? ` ${row.databaseCpu} |` : ""} ${row.loadCpu} |`,
    ),
    "",
    `Matching one new pet against ${ALERTS.toLocaleString("en")} alerts (one query, \`alertsMatchingPet\`), 50 pets one after the other with nothing else running:`,
    `p50 ${matching.p50.toFixed(1)} ms, p99 ${matching.p99.toFixed(1)} ms, max ${matching.max.toFixed(1)} ms; a pet matched ${matching.average.toFixed(0)} alerts on average.`,
    "",
    digest
      ? `Daily digest: ${digest.queued.toLocaleString("en")} e-mail jobs queued (a statement per thousand); during the ${digest.seconds} s of "feed during the digest" the app's worker handled ${digest.jobsDone} alerts and sent ${digest.sent} e-mails (four at a time), beside the visitors; with no visitors it handled ${digest.idle} in ${SECONDS} s.`
      : "Daily digest under load: not measured on the embedded database, which one process holds (the bench cannot queue the digest while the app runs).",
    "",
  ].join("\n");
  writeSection(`## At scale (${kind}, issue 18)`, report);
  console.log(`\nWritten to docs/performance.md (## At scale (${kind}, issue 18)).`);
}

await main();
process.exit(0);
