// The history of a large organisation set, for the benches that read it (panel.ts, today.ts).
import { count, sql } from "drizzle-orm";
import { rowsOf, type Database } from "~/db/client.server";
import { applications, pets } from "~/db/schema";
import { seedManyPets } from "~/demo/seed.server";

/**
 * The history the panel reads, written by the database itself: publication dates over two years;
 * one application in three animals, by 10,000 adopters, in every status; the team's first answer
 * within three days for all but the new ones; adoptions (and returns) for those that got there;
 * 5,000 animals transferred to the next organisation.
 */
async function seedHistory(db: Database["db"]) {
  await db.execute(sql`update pets set created_at = now() - random() * interval '730 days'`);
  await db.execute(sql`
    insert into users (email, nome, password_hash)
    select 'painel-adotante-' || g || '@bench.exemplo', 'Adotante ' || g, 'x' from generate_series(0, 9999) g`);
  await db.execute(sql`
    with adopters as (
      select id, row_number() over (order by id) - 1 as k from users where email like 'painel-adotante-%'
    ), chosen as (
      select p.id, p.caretaker_id, p.organization_id, p.created_at, row_number() over (order by p.id) as n
      from pets p where random() < 0.33
    )
    insert into applications (pet_id, adopter_id, caretaker_id, organization_id, status, created_at, updated_at)
    select c.id, a.id, c.caretaker_id, c.organization_id,
      (enum_range(null::application_status))[1 + floor(random() * 10)::int],
      least(now(), c.created_at + random() * interval '60 days'), now()
    from chosen c join adopters a on a.k = c.n % 10000`);
  await db.execute(sql`
    insert into application_events (application_id, status, actor, created_at)
    select id, 'nova', 'adotante', created_at from applications`);
  await db.execute(sql`
    insert into application_events (application_id, status, actor, created_at)
    select id, 'em_analise', 'responsavel', least(now(), created_at + random() * interval '72 hours')
    from applications where status <> 'nova'`);
  await db.execute(sql`
    insert into adoptions (application_id, pet_id, adopter_id, caretaker_id, organization_id, adopted_at, devolvida_em)
    select id, pet_id, adopter_id, caretaker_id, organization_id, least(now(), created_at + random() * interval '30 days'),
      case when status = 'devolvida' then least(now(), created_at + interval '30 days' + random() * interval '60 days') end
    from applications where status in ('adotada', 'devolvida')`);
  await db.execute(sql`
    with numbered as (
      select id, row_number() over (order by id) as n, count(*) over () as total from organizations
    ), moved as (
      select p.id as pet_id, p.organization_id as from_id, next.id as to_id
      from pets p
      join numbered here on here.id = p.organization_id
      join numbered next on next.n = here.n % here.total + 1
      where p.status = 'disponivel' and p.reserved_at is null
      order by p.id limit 5000
    ), written as (
      insert into pet_transfers (pet_id, from_organization_id, to_organization_id, status, created_at, decided_at)
      select pet_id, from_id, to_id, 'aceita', now() - interval '200 days' + random() * interval '190 days', now()
      from moved
      returning pet_id, to_organization_id, created_at
    )
    update pets set organization_id = written.to_organization_id from written where pets.id = written.pet_id`);
  await db.execute(sql`update pet_transfers set decided_at = created_at + interval '2 days' where status = 'aceita'`);
}

/**
 * `animals` animals in `organizations` organisations, with their history, unless the database has
 * them already (a kept PostgreSQL database); says what it wrote through `log`. The seconds the
 * animals took, or null when an earlier run seeded them.
 */
export async function seedOrganizations(
  db: Database["db"],
  animals: number,
  organizations: number,
  log: (line: string) => void,
): Promise<number | null> {
  const [{ total: present } = { total: 0 }] = await db.select({ total: count() }).from(pets);
  let seedSeconds: number | null = null;
  if (present < animals) {
    const started = performance.now();
    await seedManyPets(db, animals - present, {
      perCaretaker: animals / organizations,
      onProgress: (done) => done % 100_000 === 0 && console.log(`  ${done} animais…`),
    });
    seedSeconds = (performance.now() - started) / 1000;
    log(`Seeded ${animals - present} animals in ${seedSeconds.toFixed(0)} s`);
  }
  const [{ total: applied } = { total: 0 }] = await db.select({ total: count() }).from(applications);
  if (applied < animals / 10) {
    const started = performance.now();
    await seedHistory(db);
    log(`Wrote the history in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }
  return seedSeconds;
}

/** The organisations with the most animals (the seed's), each with its administradora. */
export async function seededTeams(db: Database["db"], animals: number, organizations: number) {
  return rowsOf<{ id: string; admin: string }>(
    await db.execute(sql`
      select o.id, o.own_account_of as admin from organizations o
      where o.own_account_of is not null
        and (select count(*) from pets p where p.organization_id = o.id) >= ${Math.floor(animals / organizations / 2)}`),
  );
}

/** A deterministic sequence in [0, 1), so that two runs ask the same things. */
export function sequence(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}
