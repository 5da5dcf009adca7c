import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { appKeys } from "~/db/schema";

/**
 * Signed tokens for links that act without a login (an e-mail's unsubscribe link): the value,
 * a dot and an HMAC-SHA256 of it under a key the app keeps in its database (one for every app
 * server, made on first use). `purpose` is signed too, so a token made for one kind of link
 * never works for another.
 */
const KEY_NAME = "links";
const keys = new WeakMap<Db, Promise<Buffer>>();

function signingKey(db: Db): Promise<Buffer> {
  let key = keys.get(db);
  if (!key) {
    key = loadKey(db);
    keys.set(db, key);
    key.catch(() => keys.delete(db));
  }
  return key;
}

async function loadKey(db: Db): Promise<Buffer> {
  // Two servers starting together both try; the first row wins and both read it back.
  await db
    .insert(appKeys)
    .values({ name: KEY_NAME, key: randomBytes(32) })
    .onConflictDoNothing();
  const [row] = await db.select({ key: appKeys.key }).from(appKeys).where(eq(appKeys.name, KEY_NAME));
  return Buffer.from(row!.key);
}

function mac(key: Buffer, purpose: string, value: string): Buffer {
  return createHmac("sha256", key).update(`${purpose}\n${value}`).digest();
}

/** `value` (no dots in it) and its signature, safe in a URL. */
export async function signToken(db: Db, purpose: string, value: string): Promise<string> {
  return `${value}.${mac(await signingKey(db), purpose, value).toString("base64url")}`;
}

/** The value a token carries, if it was signed here for this purpose; null otherwise. */
export async function verifyToken(db: Db, purpose: string, token: string): Promise<string | null> {
  const match = /^([A-Za-z0-9-]{1,64})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const [, value, signature] = match as unknown as [string, string, string];
  const expected = mac(await signingKey(db), purpose, value);
  const given = Buffer.from(signature, "base64url");
  return given.length === expected.length && timingSafeEqual(given, expected) ? value : null;
}

/**
 * A keyed hash of `value` (hex): the same value gives the same hash on every app server, and
 * nobody without the key can tell which value it was (a client's address, say).
 */
export async function keyedHash(db: Db, purpose: string, value: string): Promise<string> {
  return mac(await signingKey(db), purpose, value).toString("hex");
}
