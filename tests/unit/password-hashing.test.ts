import os from "node:os";
import { setImmediate as nextTurn } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { hashingQueues, hashPassword, hashResetPassword, verifyPassword } from "~/domain/accounts/passwords.server";

/**
 * Passwords set through reset links (anyone may send them, signed out) take one hashing place
 * at a time (issue 41, item 8): a login asked for behind a burst of them is not queued behind
 * the burst. Read from the queues, not from which hash ends first (a loaded runner reorders those).
 */
describe("password hashing", () => {
  it("a login does not wait behind a burst of reset hashes", async () => {
    const burst = Array.from({ length: 8 }, (_, index) => hashResetPassword(`Reset@${index}00`));
    await nextTurn();
    // One reset hashes; the other seven wait in their own queue, none for a core.
    expect(hashingQueues()).toEqual({ hashing: 1, waitingForACore: 0, resetsWaiting: 7 });

    const login = hashPassword("Login@123");
    await nextTurn();
    // The login takes a core's place at once beside that reset (or, on one core, is next).
    const cores = os.availableParallelism();
    expect(hashingQueues()).toEqual(
      cores > 1
        ? { hashing: 2, waitingForACore: 0, resetsWaiting: 7 }
        : { hashing: 1, waitingForACore: 1, resetsWaiting: 7 },
    );

    const hashes = await Promise.all(burst);
    expect(await verifyPassword(await login, "Login@123")).toBe(true);
    expect(await verifyPassword(hashes[3]!, "Reset@300")).toBe(true);
    expect(hashingQueues()).toEqual({ hashing: 0, waitingForACore: 0, resetsWaiting: 0 });
  });
});
