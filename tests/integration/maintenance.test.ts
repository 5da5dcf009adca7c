import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "~/demo/factories.server";
import { knownLogins, sessions } from "~/db/schema";
import { rememberLogin } from "~/services/known-logins.server";
import { purgeExpired, schedulePurges } from "~/services/maintenance.server";
import { createTestDatabase, type TestDatabase } from "../support/database";

const DAY = 24 * 60 * 60 * 1000;

describe("the periodic purge", () => {
  let database: TestDatabase;
  let userId: string;
  const now = new Date("2026-11-23T12:00:00Z");

  beforeAll(async () => {
    database = await createTestDatabase();
    userId = (await createUser(database.db, { email: "limpeza@exemplo.com" })).id;
  });
  afterAll(async () => {
    await database.destroy();
  });

  async function seed() {
    await database.db.delete(sessions);
    await database.db.delete(knownLogins);
    await database.db.insert(sessions).values([
      { tokenHash: "a".repeat(64), userId, expiresAt: new Date(now.getTime() - 1000) },
      { tokenHash: "b".repeat(64), userId, expiresAt: new Date(now.getTime() + DAY) },
    ]);
    await rememberLogin(
      database.db,
      userId,
      { clientKey: "198.51.100.1", deviceToken: null },
      new Date(now.getTime() - 91 * DAY),
    );
    await rememberLogin(
      database.db,
      userId,
      { clientKey: "198.51.100.2", deviceToken: null },
      new Date(now.getTime() - 89 * DAY),
    );
  }

  it("deletes sessions past their expiry and devices or addresses unused for 90 days, by the clock it is given", async () => {
    await seed();
    expect(await purgeExpired(database.db, now)).toEqual({ sessions: 1, knownLogins: 1 });
    const left = await database.db.select({ tokenHash: sessions.tokenHash }).from(sessions);
    expect(left.map((row) => row.tokenHash)).toEqual(["b".repeat(64)]);
    expect(await database.db.select().from(knownLogins)).toHaveLength(1);
    // A day later, the remaining session has expired too.
    expect(await purgeExpired(database.db, new Date(now.getTime() + 2 * DAY))).toEqual({ sessions: 1, knownLogins: 1 });
  });

  it("runs at once and then on its schedule", async () => {
    await seed();
    let clock = now;
    const stop = schedulePurges(database.db, { everyMs: 50, now: () => clock });
    try {
      await expect.poll(async () => (await database.db.select().from(sessions)).length).toBe(1);
      clock = new Date(now.getTime() + 2 * DAY);
      await expect.poll(async () => (await database.db.select().from(sessions)).length).toBe(0);
    } finally {
      stop();
    }
  });
});
