import { createHash } from "node:crypto";
import { and, eq, inArray, lt } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { knownLogins } from "~/db/schema";

/**
 * The devices (a cookie's random token) and addresses an account has logged in from. Only
 * their hashes are stored; they decide which login limit an attempt counts against
 * (./login.server.ts), never whether the password is right.
 */
export const KNOWN_LOGIN_TTL_MS = 90 * 24 * 60 * 60 * 1000;

export type LoginOrigin = { clientKey: string; deviceToken: string | null };

const hash = (text: string) => createHash("sha256").update(text).digest("hex");

/** The hashed keys of where an attempt comes from: its device, then its address. */
function keysOf(origin: LoginOrigin): string[] {
  return [
    ...(origin.deviceToken ? [hash(`dispositivo:${origin.deviceToken}`)] : []),
    hash(`endereco:${origin.clientKey}`),
  ];
}

/** The key by which the account knows this device or address, or null for a stranger. */
export async function knownKey(db: Db, userId: string, origin: LoginOrigin): Promise<string | null> {
  const keys = keysOf(origin);
  const rows = await db
    .select({ keyHash: knownLogins.keyHash })
    .from(knownLogins)
    .where(and(eq(knownLogins.userId, userId), inArray(knownLogins.keyHash, keys)));
  const found = new Set(rows.map((row) => row.keyHash));
  return keys.find((key) => found.has(key)) ?? null;
}

/** After a successful login: this device and address are the account's own from now on. */
export async function rememberLogin(db: Db, userId: string, origin: LoginOrigin, now = new Date()): Promise<void> {
  await db
    .insert(knownLogins)
    .values(keysOf(origin).map((keyHash) => ({ userId, keyHash, lastSeenAt: now })))
    .onConflictDoUpdate({ target: [knownLogins.userId, knownLogins.keyHash], set: { lastSeenAt: now } });
}

export async function forgetUnusedLogins(db: Db, now = new Date()): Promise<number> {
  const gone = await db
    .delete(knownLogins)
    .where(lt(knownLogins.lastSeenAt, new Date(now.getTime() - KNOWN_LOGIN_TTL_MS)))
    .returning({ userId: knownLogins.userId });
  return gone.length;
}
