import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate, MIGRATIONS_DIR } from "~/db/migrate.server";
import { createTestDatabase, type TestDatabase } from "../support/database";

const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, "meta/_journal.json"), "utf8")) as {
  entries: { tag: string }[];
};

async function rows<T>(database: TestDatabase, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * An older migration's SQL writes applications and conversations as they were before each
 * belonged to an organisation (issue 43): the columns are made optional for it, then the later
 * migrations that fill them and make them required (0036, 0039) run, as they did on real data.
 */
async function asBeforeOrganisations(database: TestDatabase, write: () => Promise<void>) {
  await database.db.execute(sql`alter table applications alter column organization_id drop not null`);
  await database.db.execute(sql`alter table conversations alter column organization_id drop not null`);
  // Since 0059 a conversation is about a pet with its organisation, or a report: not yet then.
  await database.db.execute(sql`alter table conversations drop constraint conversations_subject_check`);
  await write();
  for (const file of ["0036_candidaturas_de_cada_organizacao.sql", "0039_conversas_de_cada_organizacao.sql"]) {
    for (const statement of statementsOf(file)) await database.db.execute(sql.raw(statement));
  }
  const subjectCheck = statementsOf("0059_conversas_sobre_anuncios.sql").find((statement) =>
    statement.includes("conversations_subject_check"),
  )!;
  await database.db.execute(sql.raw(subjectCheck));
}

const statementsOf = (file: string) =>
  fs.readFileSync(path.join(MIGRATIONS_DIR, file), "utf8").split("--> statement-breakpoint");

describe("migrations", () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase({ migrated: false });
  });
  afterAll(async () => {
    await database.destroy();
  });

  it("apply every generated migration to an empty database, then nothing the second time", async () => {
    const first = await migrate(database.db);
    expect(first.applied).toHaveLength(journal.entries.length);
    expect(first.alreadyApplied).toBe(0);

    const second = await migrate(database.db);
    expect(second.applied).toHaveLength(0);
    expect(second.alreadyApplied).toBe(journal.entries.length);

    const recorded = await rows<{ total: number }>(
      database,
      sql`select count(*)::int as total from drizzle.__drizzle_migrations`,
    );
    expect(recorded[0]!.total).toBe(journal.entries.length);
  });

  it("create the tables the app needs", async () => {
    const tables = await rows<{ table_name: string }>(
      database,
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    expect(tables.map((table) => table.table_name)).toEqual(
      expect.arrayContaining(["users", "sessions", "pets", "pet_photos", "images", "image_variants", "messages"]),
    );
  });

  it("keep e-mail addresses unique whatever their case", async () => {
    await database.db.execute(
      sql`insert into users (email, nome, password_hash) values ('Ana@Exemplo.com', 'Ana', 'x')`,
    );
    await expect(
      database.db.execute(sql`insert into users (email, nome, password_hash) values ('ana@exemplo.com', 'Ana', 'x')`),
    ).rejects.toThrow();
  });
});

describe("a failing migration", () => {
  let database: TestDatabase;
  let folder: string;

  beforeAll(async () => {
    database = await createTestDatabase({ migrated: false });
    folder = fs.mkdtempSync(path.join(os.tmpdir(), "adopet-migrations-"));
    fs.mkdirSync(path.join(folder, "meta"));
    fs.writeFileSync(
      path.join(folder, "meta/_journal.json"),
      JSON.stringify({
        version: "7",
        dialect: "postgresql",
        entries: [
          { idx: 0, version: "7", when: 1, tag: "0000_good", breakpoints: true },
          { idx: 1, version: "7", when: 2, tag: "0001_bad", breakpoints: true },
        ],
      }),
    );
    fs.writeFileSync(path.join(folder, "0000_good.sql"), "create table good (id int);");
    fs.writeFileSync(
      path.join(folder, "0001_bad.sql"),
      "create table half (id int);\n--> statement-breakpoint\ninsert into missing_table values (1);",
    );
  });
  afterAll(async () => {
    await database.destroy();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it("is rolled back whole, while the migrations before it stay applied", async () => {
    await expect(migrate(database.db, folder)).rejects.toThrow();
    const tables = await rows<{ table_name: string }>(
      database,
      sql`select table_name from information_schema.tables where table_schema = 'public'`,
    );
    const names = tables.map((table) => table.table_name);
    expect(names).toContain("good");
    expect(names).not.toContain("half");
    const recorded = await rows<{ total: number }>(
      database,
      sql`select count(*)::int as total from drizzle.__drizzle_migrations`,
    );
    expect(recorded[0]!.total).toBe(1);
  });
});

describe("the cities migration", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.destroy();
  });

  it("loads every IBGE municipality with its seat", async () => {
    const [counted] = await rows<{ total: number }>(database, sql`select count(*)::int as total from cities`);
    expect(counted!.total).toBe(5571);
    const [city] = await rows<{ nome: string; uf: string; nome_busca: string; latitude: number }>(
      database,
      sql`select nome, uf, nome_busca, latitude from cities where codigo = 3304904`,
    );
    expect(city).toEqual({ nome: "São Gonçalo", uf: "RJ", nome_busca: "sao goncalo", latitude: -22.8268 });
  });

  it("links pets and accounts typed before it where their city is one, and leaves the rest readable", async () => {
    await database.db.execute(sql`
      insert into users (id, email, nome, password_hash, cidade, uf) values
        ('00000000-0000-4000-8000-000000000001', 'a@exemplo.com', 'A', 'x', '  São  Gonçalo ', null),
        ('00000000-0000-4000-8000-000000000002', 'b@exemplo.com', 'B', 'x', 'Bom Jesus', null),
        ('00000000-0000-4000-8000-000000000003', 'c@exemplo.com', 'C', 'x', 'bom jesus', 'RS'),
        ('00000000-0000-4000-8000-000000000004', 'd@exemplo.com', 'D', 'x', 'Gotham', null)`);
    // Pets belong to an organisation (issue 43): each caretaker's own.
    await database.db.execute(
      sql`insert into organizations (nome, own_account_of) select nome, id from users where id not in (select own_account_of from organizations where own_account_of is not null)`,
    );
    await database.db.execute(sql`
      insert into pets (id, caretaker_id, organization_id, nome, nome_busca, species, age_value, age_unit, porte, perfil, cidade, cidade_busca, uf, age_days)
      values
        ('00000000-0000-4000-8000-0000000000a1', '00000000-0000-4000-8000-000000000001', (select id from organizations where own_account_of = '00000000-0000-4000-8000-000000000001'), 'Rex', 'rex', 'cao', 2, 'anos', 'medio', 'Dócil', 'niteroi', 'niteroi', 'RJ', 730),
        ('00000000-0000-4000-8000-0000000000a2', '00000000-0000-4000-8000-000000000001', (select id from organizations where own_account_of = '00000000-0000-4000-8000-000000000001'), 'Mia', 'mia', 'gato', 2, 'anos', 'medio', 'Dócil', 'Niterói', 'niteroi', 'SP', 730)`);
    const backfill = fs
      .readFileSync(path.join(MIGRATIONS_DIR, "0006_cities_data.sql"), "utf8")
      .split("--> statement-breakpoint")
      .filter((statement) => statement.trim().startsWith("UPDATE"));
    expect(backfill).toHaveLength(2);
    for (const statement of backfill) await database.db.execute(sql.raw(statement));

    const users = await rows<{ email: string; cidade: string; uf: string | null; cidade_ibge: number | null }>(
      database,
      sql`select email, cidade, uf, cidade_ibge from users order by email`,
    );
    expect(users).toEqual([
      { email: "a@exemplo.com", cidade: "São Gonçalo", uf: "RJ", cidade_ibge: 3304904 },
      { email: "b@exemplo.com", cidade: "Bom Jesus", uf: null, cidade_ibge: null },
      { email: "c@exemplo.com", cidade: "Bom Jesus", uf: "RS", cidade_ibge: 4302303 },
      { email: "d@exemplo.com", cidade: "Gotham", uf: null, cidade_ibge: null },
    ]);
    const pets = await rows<{ nome: string; cidade: string; cidade_ibge: number | null }>(
      database,
      sql`select nome, cidade, cidade_ibge from pets order by nome`,
    );
    expect(pets).toEqual([
      { nome: "Mia", cidade: "Niterói", cidade_ibge: null },
      { nome: "Rex", cidade: "Niterói", cidade_ibge: 3303302 },
    ]);
  });
});

describe("the conversations migration", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.destroy();
  });

  it("gives every application made before it one conversation per adopter and pet, and is safe to run again", async () => {
    await database.db.execute(sql`
      insert into users (id, email, nome, password_hash) values
        ('00000000-0000-4000-8000-000000000011', 'ong@exemplo.com', 'ONG', 'x'),
        ('00000000-0000-4000-8000-000000000012', 'ana@exemplo.com', 'Ana', 'x'),
        ('00000000-0000-4000-8000-000000000013', 'bia@exemplo.com', 'Bia', 'x')`);
    // Pets belong to an organisation (issue 43): each caretaker's own.
    await database.db.execute(
      sql`insert into organizations (nome, own_account_of) select nome, id from users where id not in (select own_account_of from organizations where own_account_of is not null)`,
    );
    await database.db.execute(sql`
      insert into pets (id, caretaker_id, organization_id, nome, nome_busca, species, age_value, age_unit, porte, perfil, cidade, cidade_busca, uf, age_days)
      values ('00000000-0000-4000-8000-0000000000b1', '00000000-0000-4000-8000-000000000011', (select id from organizations where own_account_of = '00000000-0000-4000-8000-000000000011'), 'Rex', 'rex', 'cao', 2, 'anos', 'medio', 'Dócil', 'Niterói', 'niteroi', 'RJ', 730)`);
    const backfill = fs
      .readFileSync(path.join(MIGRATIONS_DIR, "0018_conversations.sql"), "utf8")
      .split("--> statement-breakpoint")
      .filter((statement) => statement.includes("INSERT INTO"));
    expect(backfill).toHaveLength(1);
    await asBeforeOrganisations(database, async () => {
      // Ana applied twice (withdrew, then again), Bia once: two conversations.
      await database.db.execute(sql`
        insert into applications (pet_id, adopter_id, caretaker_id, status) values
          ('00000000-0000-4000-8000-0000000000b1', '00000000-0000-4000-8000-000000000012', '00000000-0000-4000-8000-000000000011', 'desistiu'),
          ('00000000-0000-4000-8000-0000000000b1', '00000000-0000-4000-8000-000000000012', '00000000-0000-4000-8000-000000000011', 'nova'),
          ('00000000-0000-4000-8000-0000000000b1', '00000000-0000-4000-8000-000000000013', '00000000-0000-4000-8000-000000000011', 'nova')`);
      for (let run = 0; run < 2; run += 1) await database.db.execute(sql.raw(backfill[0]!));
    });
    const talks = await rows<{ nome: string; caretaker_id: string; last_message_at: string | null }>(
      database,
      sql`select u.nome, c.caretaker_id, c.last_message_at from conversations c join users u on u.id = c.adopter_id order by u.nome`,
    );
    expect(talks).toEqual([
      { nome: "Ana", caretaker_id: "00000000-0000-4000-8000-000000000011", last_message_at: null },
      { nome: "Bia", caretaker_id: "00000000-0000-4000-8000-000000000011", last_message_at: null },
    ]);
    // Then 0039 gave each the organisation of its animal.
    const [orphans] = await rows<{ total: number }>(
      database,
      sql`select count(*)::int as total from conversations c join pets p on p.id = c.pet_id where c.organization_id is distinct from p.organization_id`,
    );
    expect(orphans!.total).toBe(0);
  });
});

describe("the migration of signed-in people's messages into conversations", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.destroy();
  });

  const ONG = "00000000-0000-4000-8000-000000000021";
  const ANA = "00000000-0000-4000-8000-000000000022";
  const BIA = "00000000-0000-4000-8000-000000000023";
  const PET = "00000000-0000-4000-8000-0000000000c1";
  const ANA_FIRST = "00000000-0000-4000-8000-0000000000d1";
  const ANA_SECOND = "00000000-0000-4000-8000-0000000000d2";
  const BIA_MESSAGE = "00000000-0000-4000-8000-0000000000d3";
  const VISITOR = "00000000-0000-4000-8000-0000000000d4";
  const OWN = "00000000-0000-4000-8000-0000000000d5";

  it("moves them, under their ids, into each sender's conversation about the pet; a visitor's stay; it is safe to run again", async () => {
    await database.db.execute(sql`
      insert into users (id, email, nome, password_hash) values
        (${ONG}, 'ong2@exemplo.com', 'ONG', 'x'), (${ANA}, 'ana2@exemplo.com', 'Ana', 'x'), (${BIA}, 'bia2@exemplo.com', 'Bia', 'x')`);
    // Pets belong to an organisation (issue 43): each caretaker's own.
    await database.db.execute(
      sql`insert into organizations (nome, own_account_of) select nome, id from users where id not in (select own_account_of from organizations where own_account_of is not null)`,
    );
    await database.db.execute(sql`
      insert into pets (id, caretaker_id, organization_id, nome, nome_busca, species, age_value, age_unit, porte, perfil, cidade, cidade_busca, uf, age_days)
      values (${PET}, ${ONG}, (select id from organizations where own_account_of = ${ONG}), 'Rex', 'rex', 'cao', 2, 'anos', 'medio', 'Dócil', 'Niterói', 'niteroi', 'RJ', 730)`);
    // Bia applied first: her conversation exists, with a message in it.
    const [bia] = await rows<{ id: string }>(
      database,
      sql`insert into conversations (pet_id, adopter_id, caretaker_id, organization_id, last_message_at)
        values (${PET}, ${BIA}, ${ONG}, (select organization_id from pets where id = ${PET}), '2026-01-05T10:00:00Z') returning id`,
    );
    await database.db.execute(sql`
      insert into conversation_messages (conversation_id, author_id, texto, created_at) values (${bia!.id}, ${ONG}, 'Oi, Bia!', '2026-01-05T10:00:00Z')`);
    await database.db.execute(sql`
      insert into messages (id, pet_id, recipient_id, sender_id, sender_nome, sender_telefone, nome_animal, texto, created_at, read_at, notified_at) values
        (${ANA_FIRST}, ${PET}, ${ONG}, ${ANA}, 'Ana', '(21) 99999-0001', 'Rex', 'Primeira da Ana', '2026-01-01T10:00:00Z', '2026-01-01T11:00:00Z', '2026-01-01T10:01:00Z'),
        (${ANA_SECOND}, ${PET}, ${ONG}, ${ANA}, 'Ana', '(21) 99999-0001', 'Rex', 'Segunda da Ana', '2026-01-02T10:00:00Z', null, null),
        (${BIA_MESSAGE}, ${PET}, ${ONG}, ${BIA}, 'Bia', '(21) 99999-0002', 'Rex', 'Da Bia, antes', '2026-01-03T10:00:00Z', null, '2026-01-03T10:01:00Z'),
        (${VISITOR}, ${PET}, ${ONG}, null, 'Caio', '(21) 99999-0003', 'Rex', 'Do visitante', '2026-01-04T10:00:00Z', null, null),
        (${OWN}, ${PET}, ${ONG}, ${ONG}, 'ONG', '(21) 99999-0004', 'Rex', 'Para mim mesma', '2026-01-04T11:00:00Z', null, null)`);
    await database.db.execute(sql`
      insert into reports (alvo_tipo, alvo_id, categoria, texto, reporter_key, client_key) values
        ('conversa', ${ANA_FIRST}, 'outro', 'Estranho', 'k', 'c'), ('conversa', ${VISITOR}, 'outro', 'Estranho', 'k2', 'c2')`);

    const backfill = fs
      .readFileSync(path.join(MIGRATIONS_DIR, "0020_conversations_safety.sql"), "utf8")
      .split("--> statement-breakpoint")
      .filter((statement) => /^\s*(--[^\n]*\n\s*)*(INSERT|UPDATE|DELETE)/.test(statement));
    expect(backfill).toHaveLength(5);
    await asBeforeOrganisations(database, async () => {
      for (let run = 0; run < 2; run += 1) {
        for (const statement of backfill) await database.db.execute(sql.raw(statement));
      }
    });

    const talks = await rows<{ nome: string; last_message_at: string; id: string }>(
      database,
      sql`select u.nome, c.last_message_at::text, c.id from conversations c join users u on u.id = c.adopter_id order by u.nome`,
    );
    expect(talks.map((talk) => [talk.nome, new Date(talk.last_message_at).toISOString()])).toEqual([
      ["Ana", "2026-01-02T10:00:00.000Z"],
      // Bia's conversation keeps its later activity.
      ["Bia", "2026-01-05T10:00:00.000Z"],
    ]);
    const said = await rows<{
      id: string;
      conversation_id: string;
      author_id: string;
      texto: string;
      read: boolean;
      notified: boolean;
    }>(
      database,
      sql`select id, conversation_id, author_id, texto, read_at is not null as read, notified_at is not null as notified
          from conversation_messages order by created_at`,
    );
    expect(said).toEqual([
      {
        id: ANA_FIRST,
        conversation_id: talks[0]!.id,
        author_id: ANA,
        texto: "Primeira da Ana",
        read: true,
        notified: true,
      },
      // Never e-mailed again for an old message.
      {
        id: ANA_SECOND,
        conversation_id: talks[0]!.id,
        author_id: ANA,
        texto: "Segunda da Ana",
        read: false,
        notified: true,
      },
      {
        id: BIA_MESSAGE,
        conversation_id: talks[1]!.id,
        author_id: BIA,
        texto: "Da Bia, antes",
        read: false,
        notified: true,
      },
      expect.objectContaining({ conversation_id: talks[1]!.id, texto: "Oi, Bia!" }),
    ]);
    // The visitor's and the one to oneself stay where they were.
    const left = await rows<{ id: string }>(database, sql`select id from messages order by created_at`);
    expect(left.map((row) => row.id)).toEqual([VISITOR, OWN]);
    // A report on a moved message names its conversation now; one on a visitor's message is unchanged.
    const reported = await rows<{ alvo_id: string }>(
      database,
      sql`select alvo_id from reports order by texto, alvo_id`,
    );
    expect(reported.map((row) => row.alvo_id).sort()).toEqual([talks[0]!.id, VISITOR].sort());
  });
});

describe("the migration that confirms existing accounts (issue 41)", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.destroy();
  });

  it("marks every account made before the rule confirmed, as of its creation, and leaves a confirmed one as it was", async () => {
    await database.db.execute(sql`
      insert into users (id, email, nome, password_hash, created_at, email_confirmed_at) values
        ('00000000-0000-4000-8000-000000000011', 'antiga@exemplo.com', 'Antiga', 'x', '2025-01-02T03:04:05Z', null),
        ('00000000-0000-4000-8000-000000000012', 'confirmada@exemplo.com', 'Confirmada', 'x', '2025-01-02T03:04:05Z', '2025-02-01T00:00:00Z')`);
    const statements = fs
      .readFileSync(path.join(MIGRATIONS_DIR, "0028_contas_antigas_confirmadas.sql"), "utf8")
      .split("--> statement-breakpoint");
    for (const statement of statements) await database.db.execute(sql.raw(statement));
    const accounts = await rows<{ email: string; confirmada: string }>(
      database,
      sql`select email, to_char(email_confirmed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS') as confirmada from users order by email`,
    );
    expect(accounts).toEqual([
      { email: "antiga@exemplo.com", confirmada: "2025-01-02T03:04:05" },
      { email: "confirmada@exemplo.com", confirmada: "2025-02-01T00:00:00" },
    ]);
  });
});
