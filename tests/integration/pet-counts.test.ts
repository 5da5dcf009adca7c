import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPet, createUser } from "../support/factories";
import { seedManyPets } from "~/demo/seed.server";
import { deleteAccount } from "~/domain/accounts/privacy.server";
import { removePet, updatePet } from "~/domain/pets/pets.server";
import { listFeed } from "~/domain/pets/feed.server";
import { AGE_GROUPS } from "~/lib/pets";
import { startJobQueue, type JobQueue } from "~/jobs/queue.server";
import { createTestDatabase, type TestDatabase } from "../support/database";

/**
 * The counts table (pet_counts, kept by triggers) against the pets themselves, after every
 * kind of write: publishing one and many, editing, adoption, removal, an account's deletion.
 */
let database: TestDatabase;

function rows(result: unknown) {
  return (result as { rows: Record<string, unknown>[] }).rows;
}

/** The cells as the triggers keep them, and as counting the pets gives them (empty cells aside). */
async function cells() {
  const kept = rows(
    await database.db.execute(
      sql`select species, porte, idade, sexo, castrado, uf, n from pet_counts where n <> 0 order by 1, 2, 3, 4, 5, 6`,
    ),
  );
  const counted = rows(
    await database.db.execute(sql`
      select species, porte, pet_age_group(age_days) as idade, coalesce(sexo::text, '-') as sexo,
        coalesce(castrado::text, '-') as castrado, uf, count(*)::int as n
      from pets where status = 'disponivel' group by 1, 2, 3, 4, 5, 6 order by 1, 2, 3, 4, 5, 6`),
  );
  return { kept: kept.map((row) => ({ ...row, n: Number(row.n) })), counted };
}

let queue: JobQueue;

beforeAll(async () => {
  database = await createTestDatabase();
  // Deleting an account may queue e-mails (a reserved animal's waiting list): stored, not run.
  queue = await startJobQueue(database, [], { work: false });
});
afterAll(async () => {
  await queue?.stop();
  await database?.destroy();
});

describe("the counts of available pets", () => {
  it("group ages as AGE_GROUPS does, at every boundary", async () => {
    for (const [key, group] of Object.entries(AGE_GROUPS)) {
      for (const days of [group.min, Math.min(group.max, 100_000)]) {
        const [row] = rows(await database.db.execute(sql`select pet_age_group(${days}::int) as idade`));
        expect(row!.idade, `${days} dias`).toBe(key);
      }
    }
  });

  it("follow every write, and answer the feed's plain filters exactly", async () => {
    const ana = await createUser(database.db, { email: "ana.contagem@exemplo.com" });
    const bia = await createUser(database.db, { email: "bia.contagem@exemplo.com" });
    const first = await createPet(database.db, { caretakerId: ana.id, nome: "Um", especie: "gato", sexo: "femea" });
    const second = await createPet(database.db, {
      caretakerId: ana.id,
      nome: "Dois",
      porte: "grande",
      castrado: "sim",
    });
    await createPet(database.db, { caretakerId: bia.id, nome: "Três", uf: "SP", cidade: "Campinas" });
    await seedManyPets(database.db, 300, { perCaretaker: 100 });
    let state = await cells();
    expect(state.kept).toEqual(state.counted);

    // Edits that move a pet between cells, an adoption, a removal, a deleted account.
    expect((await updatePet(database.db, ana.id, first, { especie: "cao", idade: 9, idade__unidade: "anos" })).ok).toBe(
      true,
    );
    expect((await updatePet(database.db, ana.id, second, { status: "adotado" })).ok).toBe(true);
    expect((await removePet(database.db, ana.id, first)).ok).toBe(true);
    expect((await deleteAccount(database.db, queue, bia.id)).ok).toBe(true);
    state = await cells();
    expect(state.kept).toEqual(state.counted);

    // The feed's totals from the cells equal counting the pets.
    for (const filters of [
      {},
      { especie: "gato" },
      { especie: "cao", porte: "grande" },
      { idade: "filhote", sexo: "femea" },
      { uf: "SP", castrado: "sim" },
    ] as const) {
      const feed = await listFeed(database.db, { page: 1, ...filters });
      const where = Object.entries(filters).map(([key, value]) => {
        const column = {
          especie: "species",
          porte: "porte",
          idade: "pet_age_group(age_days)",
          sexo: "sexo::text",
          castrado: "castrado::text",
          uf: "uf",
        }[key]!;
        return sql`${sql.raw(column)} = ${value}`;
      });
      const [row] = rows(
        await database.db.execute(
          sql`select count(*)::int as n from pets where status = 'disponivel' ${where.length ? sql`and ${sql.join(where, sql` and `)}` : sql``}`,
        ),
      );
      expect(feed.total, JSON.stringify(filters)).toBe(row!.n);
      expect(feed.totalLimitado).toBeUndefined();
    }
  });
});
