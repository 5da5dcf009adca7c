// A member's home, `Hoje`, at scale (issue 62): 1,000 organisations with 1,000 animals each, the
// panel's history (history.ts) and the team's work on top: doses due and late, animals needing a
// foster home, conversations waiting, applications assigned. The home of organisations drawn at
// random, read by the service one at a time, then through the API under load. Writes
// docs/performance.md.
//   DATABASE_URL=postgres://…/adopet_panel npm run bench:today   (PostgreSQL, 1,000,000 animals)
//   npm run bench:today                                           (PGlite, 100,000 animals)
// On PostgreSQL the database is kept (the panel's bench uses the same one): what is there is not
// seeded again. Options: TODAY_PETS, BENCH_SECONDS (10), BENCH_CONNECTIONS (10).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { count, sql } from "drizzle-orm";
import { rowsOf, type Database } from "~/db/client.server";
import { petHealthEntries } from "~/db/schema";
import { recalculateNextDoses } from "~/domain/health/records.server";
import { organizationToday } from "~/domain/organizations/today.server";
import { seededTeams, seedOrganizations, sequence } from "./history";
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
const PETS = Number(process.env.TODAY_PETS ?? (DATABASE_URL ? 1_000_000 : 100_000));
const ORGANIZATIONS = 1_000;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const work = fs.mkdtempSync(path.join(os.tmpdir(), "adopet-today-"));
const dataDir = path.join(work, "data");

const lines: string[] = [];
const log = (line: string) => {
  console.log(line);
  lines.push(line);
};

/** A deterministic sequence, so that two runs ask the same things. */
const random = sequence(62);

/**
 * What waits for a team, written by the database itself: a vaccine for one animal in five still
 * with its organisation, its next dose from 60 days ago to 60 days ahead; one in twenty needing a
 * foster home (a fifth of those urgently); a conversation for one application in three, the
 * adopter's message answered in half of them; one application in ten assigned to the administradora.
 */
async function seedTeamWork(db: Database["db"]) {
  await db.execute(sql`
    insert into pet_health_entries (pet_id, tipo, data, nome, proxima_dose, autor_papel)
    select id, 'vacina', current_date - 300, 'V10', current_date + (floor(random() * 121) - 60)::int, 'equipe'
    from pets where status = 'disponivel' and random() < 0.2`);
  await db.execute(sql`
    update pets set precisa_lar_temporario = true, lar_urgente = random() < 0.2
    where status = 'disponivel' and random() < 0.05`);
  await db.execute(sql`
    insert into conversations (pet_id, adopter_id, caretaker_id, organization_id, last_message_at)
    select pet_id, adopter_id, caretaker_id, organization_id, now() - random() * interval '30 days'
    from applications where random() < 0.33
    on conflict do nothing`);
  await db.execute(sql`
    insert into conversation_messages (conversation_id, author_id, texto, created_at)
    select id, adopter_id, 'Olá! Ele ainda está disponível?', last_message_at from conversations
    where last_message_at is not null and not exists (select 1 from conversation_messages m where m.conversation_id = conversations.id)`);
  await db.execute(sql`
    insert into conversation_messages (conversation_id, author_id, texto, created_at)
    select id, caretaker_id, 'Está sim!', last_message_at + interval '1 hour' from conversations
    where last_message_at is not null and random() < 0.5`);
  await db.execute(sql`update applications set assigned_to = caretaker_id where random() < 0.1`);
  // Each animal's next dose, from its record, as a change to the record writes it.
  await db.execute(
    sql`update pets set proxima_dose_a_recalcular = true where id in (select pet_id from pet_health_entries)`,
  );
  await recalculateNextDoses(db);
}

async function main() {
  log(
    `A member's home at scale: ${PETS} animals in ${ORGANIZATIONS} organisations, ${DATABASE_URL ? "PostgreSQL" : "PGlite"}`,
  );
  const database = await openDemoDatabase(dataDir, DATABASE_URL);
  const { db } = database;
  const seedSeconds = await seedOrganizations(db, PETS, ORGANIZATIONS, log);
  const [{ total: doses } = { total: 0 }] = await db.select({ total: count() }).from(petHealthEntries);
  if (doses < PETS / 20) {
    const started = performance.now();
    await seedTeamWork(db);
    log(`Wrote the team's work in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }
  await db.execute(sql`vacuum analyze`);
  const sizes = rowsOf<{ table: string; n: number }>(
    await db.execute(sql`
      select 'applications' as table, count(*)::int as n from applications
      union all select 'conversations', count(*)::int from conversations
      union all select 'conversation_messages', count(*)::int from conversation_messages
      union all select 'pet_health_entries', count(*)::int from pet_health_entries`),
  );
  log(sizes.map((row) => `${row.table}: ${row.n.toLocaleString("en")}`).join(", "));

  const teams = await seededTeams(db, PETS, ORGANIZATIONS);

  log(`${teams.length} organisations with their animals`);
  const pick = () => teams[Math.floor(random() * teams.length)]!;

  // 1. The service, one home at a time, nothing else running.
  const timed = async (runs: number) => {
    const timings: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      const team = pick();
      const started = performance.now();
      const today = await organizationToday(db, team.admin, team.id, new Date());
      timings.push(performance.now() - started);
      if (!today.ok) throw new Error(JSON.stringify(today.failure));
    }
    return { p50: percentile(timings, 50), p99: percentile(timings, 99), max: Math.max(...timings) };
  };
  await timed(50); // warm-up
  const service = await timed(500);
  log(
    `organizationToday, 500 organisations one after the other: p50 ${service.p50.toFixed(1)} ms, p99 ${service.p99.toFixed(1)} ms, max ${service.max.toFixed(1)} ms`,
  );

  // 2. Through the API: sessions of 200 administradoras, each asking for her own organisation's home.
  const asking: { path: string; cookie: string }[] = [];
  for (let index = 0; index < 200; index += 1) {
    const team = pick();
    asking.push({ path: `/adopet/api/organizacoes/${team.id}/hoje`, cookie: await cookieFor(db, team.admin) });
  }
  if (!DATABASE_URL) await database.close();
  const port = 3413;
  // The page alone: the jobs (the morning's summaries and reminders a start catches up on) run
  // in a worker in production at this size, and would measure the morning, not the page.
  const app = await startAdopet(dataDir, DATABASE_URL, port, { JOBS: "off" });
  const rows: LoadRow[] = [];
  for (const connections of [1, CONNECTIONS]) {
    rows.push(
      await measureLoad(
        `GET /api/organizacoes/:id/hoje, ${connections} connection${connections === 1 ? "" : "s"}`,
        {
          url: `http://127.0.0.1:${port}`,
          connections,
          requests: [
            {
              setupRequest: (request) => {
                const next = asking[Math.floor(random() * asking.length)]!;
                return { ...request, path: next.path, headers: { ...request.headers, cookie: next.cookie } };
              },
            },
          ],
        },
        { pids: [app.pid!], warmUp: 3, seconds: SECONDS, postgres: Boolean(DATABASE_URL) },
      ),
    );
    log(`${rows.at(-1)!.scenario}: ${rows.at(-1)!.rps} req/s, p50 ${rows.at(-1)!.p50} ms, p99 ${rows.at(-1)!.p99} ms`);
  }
  await stop(app);
  if (DATABASE_URL) await database.close();

  const kind = DATABASE_URL ? "PostgreSQL" : "PGlite";
  const cpu = os.cpus();
  const heading = `## A member's home, Hoje (${kind}, issue 62)`;
  writeSection(
    heading,
    [
      heading,
      "",
      `Run on ${new Date().toISOString().slice(0, 10)}: ${cpu.length} × ${cpu[0]?.model.split(" ").slice(0, 2).join(" ")}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}. ` +
        `${PETS.toLocaleString("en")} animals in ${ORGANIZATIONS.toLocaleString("en")} organisations, with the panel's history; ` +
        `${sizes.map((row) => `${row.n.toLocaleString("en")} ${row.table}`).join(", ")}. Command: \`` +
        (DATABASE_URL ? "DATABASE_URL=… npm run bench:today" : "npm run bench:today") +
        "`.",
      "",
      seedSeconds === null
        ? "The animals were seeded by an earlier run."
        : `Seeding the animals took ${Math.round(seedSeconds)} s.`,
      "",
      "The service (`organizationToday`, an administradora's: every block), organisations drawn at random, one after the other:",
      "",
      "| p50 ms | p99 ms | max ms |",
      "| -----: | -----: | -----: |",
      `| ${service.p50.toFixed(1)} | ${service.p99.toFixed(1)} | ${service.max.toFixed(1)} |`,
      "",
      `Through the API, ${SECONDS} s per scenario after a 3 s warm-up, each request an administradora's own organisation (200 sessions); with ${CONNECTIONS} connections the two cores, shared by the app, PostgreSQL and the load generator, are saturated, and the latency is mostly the queue:`,
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
