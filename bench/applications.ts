// Adoption applications (issue 19): a caretaker with 5,000 applications reads the pipeline page,
// and adopters submit applications at 20 connections. Writes docs/performance.md.
//   npm run bench:applications                                  (embedded database)
//   DATABASE_URL=postgres://…/adopet_bench npm run bench:applications   (PostgreSQL; emptied first)
// Options: BENCH_APPLICATIONS (5000), BENCH_SECONDS (10), BENCH_CONNECTIONS (20).
import { randomBytes } from "node:crypto";
import { createVault } from "~/services/vault.server";
import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type autocannon from "autocannon";
import { count, desc, eq, sql } from "drizzle-orm";
import { applicationEvents, applications, pets, users } from "~/db/schema";
import { seedDemoData, seedManyPets } from "~/demo/seed.server";
import { readEnv } from "~/env.server";
import { DEFAULT_QUESTIONS, type ApplicationStatus } from "~/lib/applications";
import { prepareDatabase } from "~/setup.server";
import { startSmtpPeer } from "../tests/support/smtp-peer";
import {
  ANSWERS,
  applicantCookies as applicantCookiesOf,
  cookieFor,
  measureLoad,
  startAdopet,
  startWorker,
  stop,
  writeSection,
  type LoadRow,
} from "./support";

const DATABASE_URL = process.env.DATABASE_URL || undefined;
const APPLICATIONS = Number(process.env.BENCH_APPLICATIONS ?? 5_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
/** Adopters who submit during the load: each applies to a few pets (the account limit is 20 an hour: 40,000 in all). */
const APPLICANTS = 2_000;
const work = fs.mkdtempSync(path.join(os.tmpdir(), "adopet-applications-"));
const dataDir = path.join(work, "data");
const lines: string[] = [];
const log = (line: string) => {
  console.log(line);
  lines.push(line);
};

/**
 * A server just started does its own work for a few seconds (the job queue's schema and upkeep,
 * the purge and the follow-up sweep run once): measured, it doubled the pipeline page's p99.
 */
const settle = () => new Promise((resolve) => setTimeout(resolve, 8_000));

const rows: LoadRow[] = [];

/** Load from `options` on the app's processes `servers` (their CPU is counted). */
async function load(scenario: string, options: autocannon.Options, servers: ChildProcess[]): Promise<LoadRow> {
  const row = await measureLoad(scenario, options, {
    pids: servers.map((server) => server.pid!),
    warmUp: 2,
    seconds: SECONDS,
    postgres: Boolean(DATABASE_URL),
  });
  rows.push(row);
  return row;
}

async function main() {
  const processes = Number(process.env.WEB_CONCURRENCY || 1);
  const kind = DATABASE_URL ? `PostgreSQL${processes > 1 ? `, ${processes} web processes` : ""}` : "PGlite";
  log(`Adopet applications: ${APPLICATIONS} for one caretaker, ${CONNECTIONS} connections, ${kind}`);
  const env = readEnv({ DATA_DIR: dataDir, DATABASE_URL, DEMO_DATA: "false" });
  const database = await prepareDatabase(env, () => undefined);
  const { db } = database;
  if (DATABASE_URL) {
    await db.execute(sql`truncate users, pets, images cascade`);
    // The e-mails a previous run left queued would be worked (for applications gone) during this one's load.
    await db.execute(sql`do $$ begin
      if to_regclass('pgboss.job') is not null then truncate pgboss.job; end if;
    end $$`);
  }
  await seedDemoData(db, { vault: createVault(randomBytes(32)), publicUrl: "http://127.0.0.1" });
  // Two caretakers of 1,000 pets each: one receives the 5,000, the other the new ones.
  await seedManyPets(db, 2_000, { perCaretaker: 1_000 });
  const caretakers = await db
    .select({ id: pets.caretakerId, total: count() })
    .from(pets)
    .groupBy(pets.caretakerId)
    .orderBy(desc(count()))
    .limit(2);
  const [busy, other] = caretakers.map((row) => row.id) as [string, string];
  const busyPets = (await db.select({ id: pets.id }).from(pets).where(eq(pets.caretakerId, busy))).map((p) => p.id);
  const [{ organizationId } = { organizationId: "" }] = await db
    .select({ organizationId: pets.organizationId })
    .from(pets)
    .where(eq(pets.id, busyPets[0]!));
  const otherPets = (await db.select({ id: pets.id }).from(pets).where(eq(pets.caretakerId, other))).map((p) => p.id);

  // The 5,000: an adopter each, statuses as a busy ONG's pipeline has them.
  const started = performance.now();
  const statuses: ApplicationStatus[] = [
    ...Array<ApplicationStatus>(30).fill("nova"),
    ...Array<ApplicationStatus>(30).fill("em_analise"),
    ...Array<ApplicationStatus>(15).fill("entrevista"),
    ...Array<ApplicationStatus>(5).fill("visita"),
    ...Array<ApplicationStatus>(15).fill("recusada"),
    ...Array<ApplicationStatus>(5).fill("desistiu"),
  ];
  for (let done = 0; done < APPLICATIONS; done += 1_000) {
    const size = Math.min(1_000, APPLICATIONS - done);
    const adopters = await db
      .insert(users)
      .values(
        Array.from({ length: size }, (_, index) => ({
          email: `adotante-${done + index}@bench.exemplo`,
          nome: `Pessoa ${done + index}`,
          passwordHash: "x",
          cidade: "Niterói",
          uf: "RJ",
        })),
      )
      .returning({ id: users.id });
    const made = await db
      .insert(applications)
      .values(
        adopters.map((adopter, index) => ({
          petId: busyPets[(done + index) % busyPets.length]!,
          adopterId: adopter.id,
          caretakerId: busy,
          organizationId,
          status: statuses[(done + index) % statuses.length]!,
          perguntas: DEFAULT_QUESTIONS,
          respostas: ANSWERS,
          createdAt: new Date(Date.now() - (APPLICATIONS - done - index) * 60_000),
        })),
      )
      .returning({ id: applications.id });
    await db
      .insert(applicationEvents)
      .values(made.map((row) => ({ applicationId: row.id, status: "nova" as const, actor: "adotante" as const })));
  }
  log(`Made ${APPLICATIONS} applications in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  // The people of the load: the caretaker, and adopters who apply.
  const caretakerCookie = await cookieFor(db, busy);
  const applicantCookies = await applicantCookiesOf(db, APPLICANTS);
  await db.execute(sql`vacuum analyze`);
  // The embedded database is one process's: close it for the app.
  await database.close();

  const smtp = await startSmtpPeer();
  process.env.SMTP_URL = smtp.url;
  process.env.PUBLIC_URL = "https://adote.exemplo.org";
  const port = 3412;
  const app = await startAdopet(dataDir, DATABASE_URL, port);
  await settle();
  const url = `http://127.0.0.1:${port}`;

  const pipeline = [
    "",
    "?status=nova",
    `?pet=${busyPets[0]}`,
    "?animal=bo",
    "?status=em_analise&pagina=3",
    "?pagina=20",
  ];
  let next = 0;
  const pipelinePage = (connections: number): autocannon.Options => ({
    url,
    connections,
    headers: { cookie: caretakerCookie },
    requests: [
      {
        setupRequest: (request) => ({
          ...request,
          path: `/adopet/candidaturas/recebidas${pipeline[next++ % pipeline.length]}`,
        }),
      },
    ],
  });
  // The caretaker reading their pipeline (the page's own time), then a team of 20 at once.
  await load("pipeline page, 1 connection (6 filters and pages)", pipelinePage(1), [app]);
  await load(`pipeline page, ${CONNECTIONS} connections`, pipelinePage(CONNECTIONS), [app]);
  await load(
    "pipeline as JSON: GET /api/candidaturas",
    {
      url,
      connections: CONNECTIONS,
      headers: { cookie: caretakerCookie },
      requests: [{ path: "/adopet/api/candidaturas?status=nova" }],
    },
    [app],
  );
  // Each request a new adopter-and-pet pair, round the adopters first (a few each: the limit is 20 an hour).
  let sent = 0;
  const body = JSON.stringify({ respostas: ANSWERS });
  const submitting: autocannon.Options = {
    url,
    connections: CONNECTIONS,
    requests: [
      {
        setupRequest: (request) => {
          const index = sent++;
          // Consecutive requests go to different pets; an adopter's next one, 7 pets further.
          const pet = otherPets[((index % APPLICANTS) + 7 * Math.floor(index / APPLICANTS)) % otherPets.length]!;
          return {
            ...request,
            method: "POST",
            path: `/adopet/api/pets/${pet}/candidaturas`,
            headers: { "content-type": "application/json", cookie: applicantCookies[index % APPLICANTS]! },
            body,
          };
        },
      },
    ],
  };
  await load("submitting: POST /api/pets/:id/candidaturas", submitting, [app]);
  await stop(app);
  if (DATABASE_URL) {
    // As a deployment on PostgreSQL may run them: web servers with JOBS=off, the e-mails in `npm run worker`.
    const web = await startAdopet(dataDir, DATABASE_URL, port, { JOBS: "off" });
    const worker = await startWorker(DATABASE_URL, dataDir);
    await settle();
    await load("submitting, the e-mails in `npm run worker`", submitting, [web, worker]);
    await stop(web);
    await stop(worker);
  }
  await smtp.close();
  log(`${sent} applications submitted; ${smtp.received.length} e-mails reached the mail server.`);

  const table = [
    `| Scenario | req/s | p50 (ms) | p99 (ms) | errors | app CPU per request (ms)${DATABASE_URL ? " | PostgreSQL CPU per request (ms)" : ""} | autocannon CPU per request (ms) |`,
    `| --- | --- | --- | --- | --- | --- |${DATABASE_URL ? " --- |" : ""} --- |`,
    ...rows.map(
      (row) =>
        `| ${row.scenario} | ${row.rps} | ${row.p50} | ${row.p99} | ${row.errors} | ${row.appCpu} |${DATABASE_URL ? ` ${row.databaseCpu} |` : ""} ${row.loadCpu} |`,
    ),
  ].join("\n");
  writeSection(
    `## Applications (${kind})`,
    `## Applications (${kind})

\`npm run bench:applications\`${DATABASE_URL ? ` with DATABASE_URL${processes > 1 ? ` and WEB_CONCURRENCY=${processes}` : ""}` : ""}, ${new Date().toISOString().slice(0, 10)}, on this 2-core machine: a caretaker with ${APPLICATIONS} applications (1,000 pets) reads the pipeline; adopters submit applications (answers to the default questionnaire, the e-mail to the caretaker written with the application, in the same statement, to the job outbox, and sent by the app's own job queue meanwhile${DATABASE_URL ? "; then again with the web server at JOBS=off and the e-mails sent by `npm run worker`, a process of its own" : ""}). ${CONNECTIONS} connections unless said, ${SECONDS} s a scenario after 2 s of warm-up (autocannon, in the same process as nothing else). CPU per request: what the app's processes (the web server, and \`npm run worker\` where it runs) used during the scenario${DATABASE_URL ? ", and every PostgreSQL process" : ""}, divided by the requests served; the e-mails sent meanwhile count in.

${table}

${lines.filter((line) => line.startsWith("Made") || line.includes("submitted")).join("\n\n")}
`,
  );
  fs.rmSync(work, { recursive: true, force: true });
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
