import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { attemptLogin } from "~/domain/accounts/login.server";
import { resetPassword } from "~/domain/accounts/password-reset.server";
import { hashPassword } from "~/domain/accounts/passwords.server";
import { createTestDatabase, type TestDatabase } from "../support/database";

/**
 * A made-up reset link costs no password hashing (issue 41, item 8): the link is looked up
 * first. Seen from the hashing queue: with it full of logins' hashes, a made-up link is answered
 * at once, where hashing its password would have waited behind them all.
 */
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.destroy();
});

describe("a new password through a made-up link", () => {
  it("is refused without waiting for a place to hash it", async () => {
    let loginsDone = 0;
    const logins = Array.from({ length: 8 }, (_, index) =>
      hashPassword(`Login@${index}00`).then(() => (loginsDone += 1)),
    );
    const answer = await resetPassword(
      database.db,
      { token: randomBytes(32).toString("base64url"), senha: "Nova@2026" },
      "203.0.113.5",
    );
    const doneThen = loginsDone;
    expect(answer).toEqual({ ok: false, failure: { kind: "invalid", field: "token", reason: "reset-token" } });
    // Hashed, it would have come after the eight (or six of them, two at a time): it came before most.
    expect(doneThen).toBeLessThanOrEqual(2);
    await Promise.all(logins);
  });
});

describe("a login at an e-mail no account has (issue 60)", () => {
  it("waits for a place to hash, as a wrong password does: its answer tells nothing by its time", async () => {
    let loginsDone = 0;
    const logins = Array.from({ length: 8 }, (_, index) =>
      hashPassword(`Login@${index}00`).then(() => (loginsDone += 1)),
    );
    const answer = await attemptLogin(
      database.db,
      { clientKey: "203.0.113.6", deviceToken: null },
      { email: "ninguem@exemplo.com", senha: "Qualquer@1" },
    );
    const doneThen = loginsDone;
    expect(answer).toEqual({ ok: false, failure: { kind: "invalid", field: "email", reason: "unknown-email" } });
    // It queued behind the eight (two at a time): most of them were done before it was answered.
    expect(doneThen).toBeGreaterThanOrEqual(6);
    await Promise.all(logins);
  });
});
