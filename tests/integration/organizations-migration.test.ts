import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate } from "~/db/migrate.server";
import { createDatabaseBefore, queryRows, type TestDatabase } from "../support/database";

/**
 * Issue 43's migration, on data written before it: the migrations up to organisations' tables
 * (0030) first, then a caretaker, an ONG and an adopter as they were, then the rest.
 */

const BEFORE = "0031_organizacoes_de_quem_publica";

describe("the organisations migration", () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createDatabaseBefore(BEFORE);
  });
  afterAll(() => database.destroy());

  it("gives everyone who published, and every ONG, an organisation of their own with nothing lost", async () => {
    await database.db.execute(sql`
      insert into users (id, email, nome, password_hash, cidade, uf, perfil_sobre) values
        ('00000000-0000-4000-8000-000000000001', 'protetora@exemplo.com', 'Ana Protetora', 'x', 'Niterói', 'RJ', 'Resgato gatos'),
        ('00000000-0000-4000-8000-000000000003', 'adotante@exemplo.com', 'Beto Adotante', 'x', null, null, null)
    `);
    await database.db.execute(sql`
      insert into users (id, email, nome, password_hash, tipo, cnpj, nome_publico, verified_at) values
        ('00000000-0000-4000-8000-000000000002', 'ong@exemplo.com', 'Carla', 'x', 'ong', '11222333000181', 'ONG Patas', now()),
        ('00000000-0000-4000-8000-000000000004', 'nova@exemplo.com', 'Dora', 'x', 'ong', '11444777000161', 'ONG Nova', null)
    `);
    await database.db.execute(sql`
      insert into pets (caretaker_id, nome, nome_busca, species, age_value, age_unit, age_days, porte, perfil, cidade, cidade_busca, uf) values
        ('00000000-0000-4000-8000-000000000001', 'Thor', 'thor', 'cao', 2, 'anos', 730, 'medio', 'Dócil', 'Niterói', 'niteroi', 'RJ'),
        ('00000000-0000-4000-8000-000000000001', 'Mel', 'mel', 'gato', 1, 'anos', 365, 'pequeno', 'Calma', 'Niterói', 'niteroi', 'RJ'),
        ('00000000-0000-4000-8000-000000000002', 'Bolt', 'bolt', 'cao', 3, 'anos', 1095, 'grande', 'Ativo', 'Rio de Janeiro', 'rio de janeiro', 'RJ')
    `);
    await database.db.execute(sql`
      insert into applications (pet_id, adopter_id, caretaker_id)
      select id, '00000000-0000-4000-8000-000000000003', caretaker_id from pets where nome = 'Bolt'
    `);
    await migrate(database.db);

    const organizations = await queryRows<{
      nome: string;
      cnpj: string | null;
      cidade: string | null;
      sobre: string | null;
      verificada: boolean;
      own_account_of: string;
      members: string;
      pets: number;
    }>(
      database,
      sql`select o.nome, o.cnpj, o.cidade, o.sobre, o.verified_at is not null as verificada, o.own_account_of,
            (select string_agg(m.user_id::text || ':' || m.papel, ',') from organization_members m where m.organization_id = o.id) as members,
            (select count(*)::int from pets p where p.organization_id = o.id) as pets
          from organizations o order by o.nome`,
    );
    expect(organizations).toEqual([
      {
        nome: "Ana Protetora",
        cnpj: null,
        cidade: "Niterói",
        sobre: "Resgato gatos",
        verificada: false,
        own_account_of: "00000000-0000-4000-8000-000000000001",
        members: "00000000-0000-4000-8000-000000000001:administrador",
        pets: 2,
      },
      {
        nome: "ONG Nova",
        cnpj: "11444777000161",
        cidade: null,
        sobre: null,
        verificada: false,
        own_account_of: "00000000-0000-4000-8000-000000000004",
        members: "00000000-0000-4000-8000-000000000004:administrador",
        pets: 0,
      },
      {
        nome: "ONG Patas",
        cnpj: "11222333000181",
        cidade: null,
        sobre: null,
        verificada: true,
        own_account_of: "00000000-0000-4000-8000-000000000002",
        members: "00000000-0000-4000-8000-000000000002:administrador",
        pets: 1,
      },
    ]);
    // The adopter, who never published, has none; and no pet is left without one.
    const [orphans] = await queryRows<{ total: number }>(
      database,
      sql`select count(*)::int as total from pets where organization_id is null`,
    );
    expect(orphans!.total).toBe(0);
    // Applications follow their animal: the ONG's team reads them from now on.
    const applications = await queryRows<{ organizacao: string }>(
      database,
      sql`select o.nome as organizacao from applications a join organizations o on o.id = a.organization_id`,
    );
    expect(applications).toEqual([{ organizacao: "ONG Patas" }]);
  });
});
