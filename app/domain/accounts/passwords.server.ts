import os from "node:os";
import { hash, verify } from "@node-rs/argon2";
import pLimit from "p-limit";

// Argon2id (the library's default algorithm) with OWASP's recommended minimum
// cost: 19 MiB of memory, 2 iterations, 1 lane.
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

// One hash per core at a time: more would not finish sooner, and each holds its 19 MiB
// (a burst of logins otherwise takes the whole thread pool and its memory, and delays
// file and image work queued behind it).
const oneAtATimePerCore = pLimit(os.availableParallelism());

export function hashPassword(password: string): Promise<string> {
  return oneAtATimePerCore(() => hash(password, OPTIONS));
}

// Passwords set through a reset link take one of those places at a time, whatever their
// number: logins (and sign-ups) never queue behind a burst of them.
const oneResetAtATime = pLimit(1);

/** hashPassword for a password set through a reset link (anyone may ask, signed out). */
export function hashResetPassword(password: string): Promise<string> {
  return oneResetAtATime(() => hashPassword(password));
}

/**
 * The hashing places now: hashes running and waiting for a core, and reset hashes waiting for
 * their one place. What a burst of resets does to logins is read here, not from a clock.
 */
export function hashingQueues(): { hashing: number; waitingForACore: number; resetsWaiting: number } {
  return {
    hashing: oneAtATimePerCore.activeCount,
    waitingForACore: oneAtATimePerCore.pendingCount,
    resetsWaiting: oneResetAtATime.pendingCount,
  };
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await oneAtATimePerCore(() => verify(passwordHash, password));
  } catch {
    return false;
  }
}
