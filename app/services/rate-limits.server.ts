import { RateLimiterDrizzle, RateLimiterRes } from "rate-limiter-flexible";
import type { Db } from "~/db/client.server";
import { rateLimits } from "~/db/schema";

/**
 * Rate limits with counters in the database (rate-limiter-flexible's Drizzle
 * store), so they hold across every app server.
 */
export type LimitName = "login-account" | "login-client" | "message-client" | "message-recipient";

const POLICIES: Record<LimitName, { points: number; duration: number }> = {
  // Failed logins: per account (guessing one person's password) and per client (trying many).
  "login-account": { points: 10, duration: 15 * 60 },
  "login-client": { points: 30, duration: 15 * 60 },
  // Contact messages: per sender (spam) and per caretaker (a flood aimed at one person).
  "message-client": { points: 10, duration: 60 * 60 },
  "message-recipient": { points: 60, duration: 60 * 60 },
};

/** Settings from the environment; call before the first request. */
export function configureLimits(limits: { messagesPerClientPerHour: number; messagesPerRecipientPerHour: number }) {
  POLICIES["message-client"] = { ...POLICIES["message-client"], points: limits.messagesPerClientPerHour };
  POLICIES["message-recipient"] = { ...POLICIES["message-recipient"], points: limits.messagesPerRecipientPerHour };
}

const limiters = new WeakMap<Db, Map<LimitName, RateLimiterDrizzle>>();

function limiter(db: Db, name: LimitName): RateLimiterDrizzle {
  let byName = limiters.get(db);
  if (!byName) {
    byName = new Map();
    limiters.set(db, byName);
  }
  let found = byName.get(name);
  if (!found) {
    found = new RateLimiterDrizzle({ storeClient: db, schema: rateLimits, keyPrefix: name, ...POLICIES[name] });
    byName.set(name, found);
  }
  return found;
}

export type LimitState = { limited: false } | { limited: true; retryAfterSeconds: number };

/**
 * Uses one of `key`'s allowance and says whether it was there, in one atomic step (an
 * upsert): requests sent at the same moment never get past the limit together, as they
 * could between a separate check and count.
 */
export async function takeAllowance(db: Db, name: LimitName, key: string): Promise<LimitState> {
  try {
    await limiter(db, name).consume(key);
    return { limited: false };
  } catch (error) {
    if (!(error instanceof RateLimiterRes)) throw error;
    return { limited: true, retryAfterSeconds: Math.max(1, Math.ceil(error.msBeforeNext / 1000)) };
  }
}

/** Gives back one use taken by takeAllowance (an attempt that turned out to be fine). */
export async function giveBack(db: Db, name: LimitName, key: string): Promise<void> {
  await limiter(db, name).reward(key, 1);
}

export async function resetLimit(db: Db, name: LimitName, key: string): Promise<void> {
  await limiter(db, name).delete(key);
}

/** "Tente novamente em N minutos", for messages. */
export function retryText(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  return minutes <= 1 ? "Tente novamente em 1 minuto." : `Tente novamente em ${minutes} minutos.`;
}
