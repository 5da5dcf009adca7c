import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPet, createUser } from "../support/factories";
import { pets } from "~/db/schema";
import { findPublicPet } from "~/domain/pets/pet-views.server";
import { listFeed } from "~/domain/pets/feed.server";
import { publicDataChanged } from "~/domain/pets/public-reads.server";
import { createTestDatabase, type TestDatabase } from "../support/database";

// What the cache holds is seen by writing behind its back, straight to the table: a kept
// read still shows the old name, a fresh one the new.
describe("the public read cache", () => {
  let database: TestDatabase;
  let petId: string;
  const rename = (nome: string) => database.db.update(pets).set({ nome }).where(eq(pets.id, petId));

  beforeAll(async () => {
    database = await createTestDatabase();
    const caretakerId = (await createUser(database.db, { email: "leituras@exemplo.com" })).id;
    petId = await createPet(database.db, { caretakerId, nome: "Antes" });
  });
  afterAll(async () => {
    await database.destroy();
  });

  it("keeps a read from the second time it is asked for, not the first", async () => {
    const names = async () => (await listFeed(database.db, { page: 1 })).items.map((pet) => pet.nome);
    expect(await names()).toEqual(["Antes"]);
    await rename("Depois");
    expect(await names()).toEqual(["Depois"]);
    await rename("Por fim");
    expect(await names()).toEqual(["Depois"]);
    // Another page of filters is a key of its own, asked for once so far.
    expect((await listFeed(database.db, { page: 1, especie: "cao" })).items.map((pet) => pet.nome)).toEqual([
      "Por fim",
    ]);
  });

  it("still knows what was asked for after a write clears the answers", async () => {
    await findPublicPet(database.db, petId);
    publicDataChanged(database.db);
    await rename("Primeiro");
    expect((await findPublicPet(database.db, petId))!.nome).toBe("Primeiro");
    await rename("Segundo");
    expect((await findPublicPet(database.db, petId))!.nome).toBe("Primeiro");
  });
});
