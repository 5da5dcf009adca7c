import { LRUCache } from "lru-cache";
import type { Db } from "~/db/client.server";
import { secondAsk } from "~/services/admission.server";

/**
 * A small in-process cache of what every visitor sees alike (feed pages, pet
 * pages), so a burst of visitors costs one query instead of one each
 * (docs/decisions/0008-public-read-cache.md).
 *
 * Writes made through this process clear it at once. Writes made by another
 * app server reach this one's visitors when the entry expires, after at most
 * PUBLIC_READ_TTL_MS. A read is kept from the second time its key is asked for
 * (admission.server.ts); from then on, concurrent misses of one key share a single query.
 */
export const PUBLIC_READ_TTL_MS = 5_000;

type Cache = {
  entries: LRUCache<string, { value: Promise<unknown> }>;
  askedBefore: (key: string) => boolean;
};
const caches = new WeakMap<Db, Cache>();

function cacheOf(db: Db): Cache {
  let cache = caches.get(db);
  if (!cache) {
    cache = {
      // Expired entries are dropped on time (ttlAutopurge), not when they are next asked for
      // or pushed out: they would otherwise hold memory for nothing.
      entries: new LRUCache({ max: 2_000, ttl: PUBLIC_READ_TTL_MS, ttlAutopurge: true }),
      askedBefore: secondAsk({ ttlMs: PUBLIC_READ_TTL_MS }),
    };
    caches.set(db, cache);
  }
  return cache;
}

export function cachedRead<T>(db: Db, key: string, load: () => Promise<T>): Promise<T> {
  const { entries: cache, askedBefore } = cacheOf(db);
  const hit = cache.get(key);
  if (hit) return hit.value as Promise<T>;
  if (!askedBefore(key)) return load();
  const value = load();
  cache.set(key, { value });
  // A failure is not remembered: the next visitor asks the database again.
  value.catch(() => {
    if (cache.get(key)?.value === value) cache.delete(key);
  });
  return value;
}

const listeners = new WeakMap<Db, Set<() => void>>();

/** Called by every write that changes what the public sees (pets, photos, caretakers' names). */
export function publicDataChanged(db: Db): void {
  // What was asked for stays known: a write changes the answers, not what is popular.
  caches.get(db)?.entries.clear();
  for (const listener of listeners.get(db) ?? []) listener();
}

/** Lets a cache of whole responses (server/tuning/response-cache.ts) be cleared with this one. */
export function onPublicDataChanged(db: Db, listener: () => void): void {
  let set = listeners.get(db);
  if (!set) {
    set = new Set();
    listeners.set(db, set);
  }
  set.add(listener);
}
