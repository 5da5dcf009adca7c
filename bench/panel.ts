// The organisation's panel at scale (issue 43): 1,000 organisations with 1,000 animals each,
// published over two years, with a history of applications, answers, adoptions, returns and
// transfers; the panel of organisations drawn at random, read by the service one at a time, then
// through the API under load. Writes docs/performance.md.
//   DATABASE_URL=postgres://…/adopet_panel npm run bench:panel   (PostgreSQL, 1,000,000 animals)
//   npm run bench:panel                                           (PGlite, 100,000 animals)
// On PostgreSQL the database is kept: what is there is not seeded again. Options: PANEL_PETS,
// BENCH_SECONDS (10), BENCH_CONNECTIONS (10).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { rowsOf, type Database } from "~/db/client.server";
import { seededTeams, seedOrganizations, sequence } from "./history";
import { organizationPanel } from "~/domain/organizations/panel.server";
import { addMonths, monthOf } from "~/lib/panel";
import {
  cookieFor,
  measureLoad,
  openDemoDatabase,
  percentile,
  startAdopet,
  stop,
  writeSection,
  type LoadRow,
} from "./support";

const DATABASE_URL = process.env.DATABASE_URL || undefined;
const PETS = Number(process.env.PANEL_PETS ?? (DATABASE_URL ? 1_000_000 : 100_000));
const ORGANIZATIONS = 1_000;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const work = fs.mkdtempSync(path.join(os.tmpdir(), "adopet-panel-"));
const dataDir = path.join(work, "data");

const lines: string[] = [];
const log = (line: string) => {
  console.log(line);
  lines.push(line);
};

/** A deterministic sequence, so that two runs ask the same things. */
const random = sequence(43);

function openDatabase(): Promise<Database> {
  return openDemoDatabase(dataDir, DATABASE_URL);
}

async function main() {
  log(
    `The organisation's panel at scale: ${PETS} animals in ${ORGANIZATIONS} organisations, ${DATABASE_URL ? "PostgreSQL" : "PGlite"}`,
  );
  const database = await openDatabase();
  const { db } = database;
  const seedSeconds = await seedOrganizations(db, PETS, ORGANIZATIONS, log);
  await db.execute(sql`vacuum analyze`);
  const sizes = rowsOf<{ table: string; n: number }>(
    await db.execute(sql`
      select 'applications' as table, count(*)::int as n from applications
      union all select 'application_events', count(*)::int from application_events
      union all select 'adoptions', count(*)::int from adoptions
      union all select 'pet_transfers', count(*)::int from pet_transfers`),
  );
  log(sizes.map((row) => `${row.table}: ${row.n.toLocaleString("en")}`).join(", "));

  const teams = await seededTeams(db, PETS, ORGANIZATIONS);

  log(`${teams.length} organisations with their animals`);
  const pick = () => teams[Math.floor(random() * teams.length)]!;
  const ate = monthOf(new Date());

  // 1. The service, one panel at a time, nothing else running.
  const timed = async (months: number, runs: number) => {
    const timings: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      const team = pick();
      const started = performance.now();
      const panel = await organizationPanel(db, team.admin, team.id, { de: addMonths(ate, 1 - months), ate });
      timings.push(performance.now() - started);
      if (!panel.ok) throw new Error(JSON.stringify(panel.failure));
    }
    const figures = { p50: percentile(timings, 50), p99: percentile(timings, 99), max: Math.max(...timings) };
    log(
      `organizationPanel, ${months} months, ${runs} organisations one after the other: p50 ${figures.p50.toFixed(1)} ms, p99 ${figures.p99.toFixed(1)} ms, max ${figures.max.toFixed(1)} ms`,
    );
    return figures;
  };
  await timed(12, 50); // warm-up
  const service = [
    { months: 12, ...(await timed(12, 500)) },
    { months: 60, ...(await timed(60, 200)) },
  ];

  // 2. Through the API: sessions of 200 administradoras, each asking for her own organisation's panel.
  const asking: { path: string; cookie: string }[] = [];
  for (let index = 0; index < 200; index += 1) {
    const team = pick();
    asking.push({ path: `/adopet/api/organizacoes/${team.id}/painel`, cookie: await cookieFor(db, team.admin) });
  }
  if (!DATABASE_URL) await database.close();
  const port = 3412;
  const app = await startAdopet(dataDir, DATABASE_URL, port);
  const rows: LoadRow[] = [];
  const sixty = `?de=${addMonths(ate, -59)}&ate=${ate}`;
  // One member at a time (what opening the page costs), then many at once (what the server sustains).
  for (const [scenario, query, connections] of [
    ["GET /api/organizacoes/:id/painel (12 months), 1 connection", "", 1],
    ["GET /api/organizacoes/:id/painel?de=…&ate=… (60 months), 1 connection", sixty, 1],
    [`GET /api/organizacoes/:id/painel (12 months), ${CONNECTIONS} connections`, "", CONNECTIONS],
    [`GET /api/organizacoes/:id/painel?de=…&ate=… (60 months), ${CONNECTIONS} connections`, sixty, CONNECTIONS],
  ] as const) {
    rows.push(
      await measureLoad(
        scenario,
        {
          url: `http://127.0.0.1:${port}`,
          connections,
          requests: [
            {
              setupRequest: (request) => {
                const next = asking[Math.floor(random() * asking.length)]!;
                return {
                  ...request,
                  path: `${next.path}${query}`,
                  headers: { ...request.headers, cookie: next.cookie },
                };
              },
            },
          ],
        },
        { pids: [app.pid!], warmUp: 3, seconds: SECONDS, postgres: Boolean(DATABASE_URL) },
      ),
    );
  }
  await stop(app);
  if (DATABASE_URL) await database.close();

  const kind = DATABASE_URL ? "PostgreSQL" : "PGlite";
  const cpu = os.cpus();
  const heading = `## The organisation's panel (${kind}, issue 43)`;
  writeSection(
    heading,
    [
      heading,
      "",
      `Run on ${new Date().toISOString().slice(0, 10)}: ${cpu.length} × ${cpu[0]?.model.split(" ").slice(0, 2).join(" ")}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}. ` +
        `${PETS.toLocaleString("en")} animals in ${ORGANIZATIONS.toLocaleString("en")} organisations, published over two years; ` +
        `${sizes.map((row) => `${row.n.toLocaleString("en")} ${row.table}`).join(", ")}. Command: \`` +
        (DATABASE_URL ? "DATABASE_URL=… npm run bench:panel" : "npm run bench:panel") +
        "`.",
      "",
      seedSeconds === null
        ? "The animals were seeded by an earlier run."
        : `Seeding the animals took ${Math.round(seedSeconds)} s.`,
      "",
      "The service (`organizationPanel`: five queries), organisations drawn at random, one after the other:",
      "",
      "| months | p50 ms | p99 ms | max ms |",
      "| -----: | -----: | -----: | -----: |",
      ...service.map(
        (row) => `| ${row.months} | ${row.p50.toFixed(1)} | ${row.p99.toFixed(1)} | ${row.max.toFixed(1)} |`,
      ),
      "",
      `Through the API, ${SECONDS} s per scenario after a 3 s warm-up, each request an administradora's own organisation (200 sessions); with ${CONNECTIONS} connections the two cores are saturated, and the latency is mostly the queue:`,
      "",
      `| scenario | req/s | p50 ms | p99 ms | errors | app CPU ms per request |${DATABASE_URL ? " PostgreSQL CPU ms per request |" : ""}`,
      `| -------- | ----: | -----: | -----: | -----: | ----: |${DATABASE_URL ? " ----: |" : ""}`,
      ...rows.map(
        (row) =>
          `| ${row.scenario} | ${row.rps} | ${row.p50} | ${row.p99} | ${row.errors} | ${row.appCpu} |${DATABASE_URL ? ` ${row.databaseCpu} |` : ""}`,
      ),
      "",
    ].join("\n"),
  );
  console.log(`\nWritten to docs/performance.md (${heading}).`);
}

await main();
process.exit(0);
