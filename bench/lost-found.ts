// Lost and found at scale (issue 47): 100,000 open reports across Brazil; matching a new report
// against them, and the public list with its filters, each timed many times. Writes
// docs/performance.md.
//   DATABASE_URL=postgres://…/adopet_lost_found npm run bench:lost-found   (PostgreSQL)
//   npm run bench:lost-found                                               (embedded database)
// On PostgreSQL the reports are kept between runs. Options: LOST_FOUND_REPORTS (100000), RUNS (300).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { count, sql } from "drizzle-orm";
import { images, lostFoundPhotos, lostFoundReports, users } from "~/db/schema";
import { candidatesFor, type Comparable } from "~/domain/lost-found/matching.server";
import { listReports } from "~/domain/lost-found/reports.server";
import { listCities } from "~/domain/places/cities.server";
import { addDays, dayInBrasilia } from "~/lib/dates";
import { COLORS, type Color } from "~/lib/lost-found";
import type { ReportQuery } from "~/validation/lost-found";
import { openDemoDatabase, percentile, writeSection } from "./support";

const DATABASE_URL = process.env.DATABASE_URL || undefined;
const REPORTS = Number(process.env.LOST_FOUND_REPORTS ?? 100_000);
const RUNS = Number(process.env.RUNS ?? 300);
const work = fs.mkdtempSync(path.join(os.tmpdir(), "adopet-lost-found-"));

/**
 * A deterministic sequence (mulberry32), so that two runs ask the same things. A plain linear
 * congruential one repeats its patterns every few draws: each city would get three colours.
 */
function generator(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296;
  };
}
const random = generator(47);
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
const SPECIES = ["cao", "cao", "gato", "gato", "outro"] as const;
const SIZES = ["pequeno", "medio", "medio_grande", "grande"] as const;
const hash = () => Array.from({ length: 16 }, () => Math.floor(random() * 16).toString(16)).join("") as string;
const colours = (): Color[] => {
  const chosen = new Set<Color>([pick(COLORS)]);
  if (random() < 0.5) chosen.add(pick(COLORS));
  return [...chosen];
};

async function time<T>(runs: number, next: () => Promise<T>): Promise<number[]> {
  const times: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    await next();
    times.push(performance.now() - started);
  }
  return times;
}

const row = (name: string, times: number[]) =>
  `| ${name} | ${percentile(times, 50).toFixed(1)} | ${percentile(times, 99).toFixed(1)} | ${Math.max(...times).toFixed(1)} |`;

async function main() {
  const database = await openDemoDatabase(path.join(work, "data"), DATABASE_URL);
  const { db } = database;
  const cities = await listCities(db);
  const capitals = cities.filter((city) => city.capital);
  // Where people are: two reports in five in a capital, the rest anywhere.
  const somewhere = () => (random() < 0.4 ? pick(capitals) : pick(cities));
  const today = dayInBrasilia(new Date());

  const [{ total: present } = { total: 0 }] = await db.select({ total: count() }).from(lostFoundReports);
  if (present < REPORTS) {
    const [author] = await db.select({ id: users.id }).from(users).limit(1);
    const [image] = await db.select({ id: images.id }).from(images).limit(1);
    const started = performance.now();
    for (let done = present; done < REPORTS; done += 2_000) {
      const batch = Array.from({ length: Math.min(2_000, REPORTS - done) }, () => {
        const city = somewhere();
        const age = Math.floor(random() * 80);
        return {
          authorId: author!.id,
          tipo: random() < 0.55 ? ("perdido" as const) : ("encontrado" as const),
          especie: pick(SPECIES),
          porte: pick(SIZES),
          sexo: random() < 0.3 ? null : pick(["macho", "femea"] as const),
          cores: colours(),
          data: addDays(today, -age),
          cidadeIbge: city.codigo,
          latitude: city.latitude + (random() - 0.5) * 0.08,
          longitude: city.longitude + (random() - 0.5) * 0.08,
          expiraEm: new Date(Date.now() + (90 - age) * 86_400_000),
        };
      });
      const made = await db.insert(lostFoundReports).values(batch).returning({ id: lostFoundReports.id });
      await db
        .insert(lostFoundPhotos)
        .values(made.map(({ id }) => ({ reportId: id, position: 0, imageId: image!.id, hash: hash() })));
    }
    console.log(`Seeded ${REPORTS - present} reports in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    await db.execute(sql`vacuum analyze`);
  }

  // A new report, as people send them: matched against every open one of the other kind.
  const newReport = (): Comparable => {
    const city = somewhere();
    return {
      id: "00000000-0000-4000-8000-000000000000",
      tipo: random() < 0.5 ? "perdido" : "encontrado",
      especie: pick(SPECIES),
      porte: pick(SIZES),
      sexo: random() < 0.3 ? null : pick(["macho", "femea"] as const),
      cores: colours(),
      data: addDays(today, -Math.floor(random() * 5)),
      latitude: city.latitude,
      longitude: city.longitude,
      hashes: [hash()],
    };
  };
  const inCity = (city: { latitude: number; longitude: number }): Comparable => ({
    ...newReport(),
    especie: "cao",
    latitude: city.latitude,
    longitude: city.longitude,
  });
  const now = new Date();
  const matchAnywhere = await time(RUNS, () => candidatesFor(db, now, newReport()));
  const matchCapital = await time(RUNS, () => candidatesFor(db, now, inCity(pick(capitals))));
  const saoPaulo = capitals.find((city) => city.nome === "São Paulo")!;
  const candidates = (await candidatesFor(db, now, inCity(saoPaulo))).length;

  const list = (query: ReportQuery) => () => listReports(db, query, now);
  const listAll = await time(RUNS, list({}));
  const listKind = await time(RUNS, () => list({ tipo: pick(["perdido", "encontrado"] as const) })());
  const listNear = await time(RUNS, () => list({ perto: String(pick(capitals).codigo), raio: 30 })());
  const listFiltered = await time(RUNS, () =>
    list({
      tipo: "perdido",
      especie: pick(["cao", "gato"] as const),
      perto: String(somewhere().codigo),
      raio: 50,
      desde: addDays(today, -30),
    })(),
  );
  await database.close();

  const report = [
    "## Lost and found at scale",
    "",
    `\`npm run bench:lost-found\`: ${REPORTS.toLocaleString("en")} open reports on ${DATABASE_URL ? "PostgreSQL" : "PGlite"} (two in five in a capital, the rest anywhere in Brazil; each with a photo's hash), each figure ${RUNS} calls in a row, in milliseconds. A dog's report in São Paulo has ${candidates} candidates that fit.`,
    "",
    "| What | p50 | p99 | max |",
    "| --- | ---: | ---: | ---: |",
    row("Matching a new report, anywhere", matchAnywhere),
    row("Matching a new dog's report, in a capital", matchCapital),
    row("The list, no filter", listAll),
    row("The list, `tipo`", listKind),
    row("The list, `perto` a capital within 30 km", listNear),
    row("The list, `tipo`, `especie`, `perto` (50 km) and `desde`", listFiltered),
    "",
  ].join("\n");
  console.log(report);
  writeSection("## Lost and found at scale", report);
}

await main();
fs.rmSync(work, { recursive: true, force: true });
