// Being found at scale (issue 23): the sitemap's plan, its first and last part, the pages part
// and the Atom feed, on a database of many pets, each timed several times (median and worst).
//   npm run bench:sitemap                                     (embedded database, 200,000 pets)
//   DATABASE_URL=postgres://…/adopet_sitemap npm run bench:sitemap   (PostgreSQL, 1,000,000 pets)
// Pets are written by SQL in batches (generate_series), not by the factories: the point is the
// number of rows the reads go through. Option: SITEMAP_PETS.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { count, sql } from "drizzle-orm";
import { pets, users } from "~/db/schema";
import { listNewPets, planSitemap, sitemapCaretakers, sitemapPets } from "~/domain/pets/syndication.server";
import { readEnv } from "~/env.server";
import { prepareDatabase } from "~/setup.server";

const DATABASE_URL = process.env.DATABASE_URL || undefined;
const PETS = Number(process.env.SITEMAP_PETS ?? (DATABASE_URL ? 1_000_000 : 200_000));
const BATCH = 50_000;
const ROUNDS = 5;

const work = fs.mkdtempSync(path.join(os.tmpdir(), "adopet-sitemap-"));
const env = readEnv({ DATA_DIR: path.join(work, "data"), DATABASE_URL, DEMO_DATA: "false" });
const database = await prepareDatabase(env, () => undefined);
const { db } = database;

const [existing] = await db.select({ total: count() }).from(pets);
if ((existing?.total ?? 0) < PETS) {
  const started = performance.now();
  // A caretaker per 15 pets, as the other benches seed; ids made from their number, so a pet
  // names its caretaker without a lookup.
  const caretakers = Math.ceil(PETS / 15);
  await db.execute(sql`
    insert into ${users} (id, email, nome, password_hash)
    select md5('bench-sitemap-' || n)::uuid, 'bench-sitemap-' || n || '@exemplo.com', 'Protetora', 'x'
    from generate_series(0, ${caretakers - 1}::int) as n
    on conflict do nothing`);
  for (let done = existing?.total ?? 0; done < PETS; done += BATCH) {
    const size = Math.min(BATCH, PETS - done);
    await db.execute(sql`
      insert into ${pets} (caretaker_id, nome, nome_busca, species, age_value, age_unit, porte, perfil, cidade, cidade_busca, uf, cidade_ibge, age_days, status, sexo, created_at)
      select md5('bench-sitemap-' || (n % ${caretakers}::int))::uuid,
        'Pet ' || n, 'pet ' || n, (array['cao','gato','outro']::species[])[1 + n % 3], 2, 'anos', 'medio',
        'Carinhoso', 'Niterói', 'niteroi', 'RJ', 3303302, 730,
        (case when n % 10 = 0 then 'adotado' else 'disponivel' end)::pet_status, 'macho',
        now() - (n || ' minutes')::interval
      from generate_series(${done + 1}::int, ${done + size}::int) as n`);
  }
  // As the app's own periodic analyze would (app/db/client.server.ts): plans read fresh statistics.
  await db.execute(sql`vacuum analyze`);
  console.log(`${PETS} pets escritos em ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
const [people] = await db.select({ total: count() }).from(users);
console.log(`Banco: ${DATABASE_URL ? "PostgreSQL" : "embutido (PGlite)"}; ${PETS} pets, ${people?.total} contas`);

async function time(label: string, run: () => Promise<number>) {
  const runs: number[] = [];
  let size = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const started = performance.now();
    size = await run();
    runs.push(performance.now() - started);
  }
  runs.sort((a, b) => a - b);
  console.log(
    `${label.padEnd(34)} mediana ${runs[Math.floor(ROUNDS / 2)]!.toFixed(0).padStart(6)} ms   pior ${runs.at(-1)!.toFixed(0).padStart(6)} ms   ${size} itens`,
  );
}

const plan = await planSitemap(db);
const parts = plan.kind === "index" ? plan.petParts : 1;
console.log(`Plano: ${plan.kind === "index" ? `índice de ${parts} partes de pets` : "um arquivo"}`);
await time("plano (contagens)", async () => ((await planSitemap(db)).kind === "index" ? 1 : 0));
await time("parte 1 dos pets", async () => (await sitemapPets(db, 1, parts)).length);
await time(`parte ${parts} dos pets`, async () => (await sitemapPets(db, parts, parts)).length);
const caretakerParts = plan.kind === "index" ? plan.caretakerParts : 1;
await time("parte 1 dos responsáveis", async () => (await sitemapCaretakers(db, 1, caretakerParts)).length);
await time("feed Atom (30 novos)", async () => (await listNewPets(db, {})).length);
await time("feed Atom de gatos em RJ", async () => (await listNewPets(db, { uf: "RJ", especie: "gato" })).length);

await database.close();
if (!DATABASE_URL) fs.rmSync(work, { recursive: true, force: true });
