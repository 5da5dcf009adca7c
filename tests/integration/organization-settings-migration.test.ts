import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate } from "~/db/migrate.server";
import { createDatabaseBefore, queryRows, type TestDatabase } from "../support/database";

/**
 * Issue 43's settings migrations (0043–0045), on data written before them: the questionnaire, the termo
 * template and the follow-up days pass from each person to an organisation; adoptions and
 * termos name the organisation they were made for.
 */

const ANA = "00000000-0000-4000-8000-00000000000a";
const CARLA = "00000000-0000-4000-8000-00000000000c";
const YARA = "00000000-0000-4000-8000-00000000000e";
const ZECA = "00000000-0000-4000-8000-00000000000f";
const ANA_ORG = "00000000-0000-4000-8000-0000000000a0";
const CARLA_ORG = "00000000-0000-4000-8000-0000000000c0";

const questions = (text: string) => JSON.stringify([{ id: "p1", tipo: "texto", enunciado: text, obrigatoria: true }]);

describe("the organisations' settings migration", () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createDatabaseBefore("0043_organizacao_nos_ajustes");
  });
  afterAll(() => database.destroy());

  it("gives each organisation its owner's settings, or else a member's, and names it on adoptions and termos", async () => {
    // Ana and Carla publish, each in her own organisation; Yara publishes for both (she has none
    // of her own); Zeca belongs to none.
    await database.db.execute(sql`
      insert into users (id, email, nome, password_hash) values
        (${ANA}, 'ana@exemplo.com', 'Ana', 'x'), (${CARLA}, 'carla@exemplo.com', 'Carla', 'x'),
        (${YARA}, 'yara@exemplo.com', 'Yara', 'x'), (${ZECA}, 'zeca@exemplo.com', 'Zeca', 'x')`);
    await database.db.execute(sql`
      insert into organizations (id, nome, own_account_of) values (${ANA_ORG}, 'Ana', ${ANA}), (${CARLA_ORG}, 'Carla', ${CARLA})`);
    await database.db.execute(sql`
      insert into organization_members (organization_id, user_id, papel) values
        (${ANA_ORG}, ${ANA}, 'administrador'), (${CARLA_ORG}, ${CARLA}, 'administrador'),
        (${ANA_ORG}, ${YARA}, 'equipe'), (${CARLA_ORG}, ${YARA}, 'equipe')`);
    await database.db.execute(sql`
      insert into questionnaires (caretaker_id, perguntas) values
        (${ANA}, ${questions("Da Ana?")}::jsonb), (${YARA}, ${questions("Da Yara?")}::jsonb),
        (${ZECA}, ${questions("Do Zeca?")}::jsonb)`);
    await database.db.execute(sql`
      insert into termo_templates (caretaker_id, texto) values (${CARLA}, 'Termo da Carla'), (${YARA}, 'Termo da Yara')`);
    await database.db.execute(sql`
      insert into followup_settings (caretaker_id, checkin_dias) values (${ANA}, '{5}'), (${ZECA}, '{1,2}')`);
    // An adoption of Ana's animal through an application, and one of Carla's recorded without one.
    await database.db.execute(sql`
      insert into pets (caretaker_id, organization_id, nome, nome_busca, species, age_value, age_unit, age_days, porte, perfil, cidade, cidade_busca, uf) values
        (${ANA}, ${ANA_ORG}, 'Thor', 'thor', 'cao', 2, 'anos', 730, 'medio', 'Dócil', 'Niterói', 'niteroi', 'RJ'),
        (${CARLA}, ${CARLA_ORG}, 'Mel', 'mel', 'gato', 1, 'anos', 365, 'pequeno', 'Calma', 'Niterói', 'niteroi', 'RJ')`);
    await database.db.execute(sql`
      insert into applications (pet_id, adopter_id, caretaker_id, organization_id, status)
      select id, ${ZECA}, caretaker_id, organization_id, 'adotada' from pets where nome = 'Thor'`);
    await database.db.execute(sql`
      insert into termos (application_id, pet_id, adopter_id, caretaker_id, modelo, pet_nome, responsavel_nome)
      select id, pet_id, adopter_id, caretaker_id, 'Termo', 'Thor', 'Ana' from applications`);
    await database.db.execute(sql`
      insert into adoptions (application_id, pet_id, adopter_id, caretaker_id)
      select id, pet_id, adopter_id, caretaker_id from applications`);
    await database.db.execute(sql`
      insert into adoptions (pet_id, adopter_id, caretaker_id) select id, ${ZECA}, caretaker_id from pets where nome = 'Mel'`);

    await migrate(database.db);

    // Ana's organisation keeps her own questionnaire; Carla's, which had none, takes Yara's, who
    // published there; Zeca's, with no organisation to go to, is gone.
    const questionnaires = await queryRows<{ organization_id: string; enunciado: string }>(
      database,
      sql`select organization_id, perguntas->0->>'enunciado' as enunciado from questionnaires order by enunciado`,
    );
    expect(questionnaires).toEqual([
      { organization_id: ANA_ORG, enunciado: "Da Ana?" },
      { organization_id: CARLA_ORG, enunciado: "Da Yara?" },
    ]);
    const templates = await queryRows<{ organization_id: string; texto: string }>(
      database,
      sql`select organization_id, texto from termo_templates order by texto`,
    );
    expect(templates).toEqual([
      { organization_id: CARLA_ORG, texto: "Termo da Carla" },
      { organization_id: ANA_ORG, texto: "Termo da Yara" },
    ]);
    const days = await queryRows<{ organization_id: string; checkin_dias: number[] }>(
      database,
      sql`select organization_id, checkin_dias from followup_settings`,
    );
    expect(days).toEqual([{ organization_id: ANA_ORG, checkin_dias: [5] }]);
    const adoptions = await queryRows<{ nome: string; organization_id: string }>(
      database,
      sql`select p.nome, a.organization_id from adoptions a join pets p on p.id = a.pet_id order by p.nome`,
    );
    expect(adoptions).toEqual([
      { nome: "Mel", organization_id: CARLA_ORG },
      { nome: "Thor", organization_id: ANA_ORG },
    ]);
    const termos = await queryRows<{ organization_id: string }>(database, sql`select organization_id from termos`);
    expect(termos).toEqual([{ organization_id: ANA_ORG }]);
  });
});
