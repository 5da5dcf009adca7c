import { LRUCache } from "lru-cache";
import type { Db } from "~/db/client.server";
import { secondAsk, spreadTtl } from "~/services/admission.server";

/**
 * A small in-process cache of what every visitor sees alike (feed pages, pet
 * pages), so a burst of visitors costs one query instead of one each
 * (docs/decisions/0008-public-read-cache.md).
 *
 * Writes made through this process clear it at once. Writes made by another
 * app server reach this one's visitors when the entry expires, after at most
 * PUBLIC_READ_TTL_MS. A read is kept from the second time its key is asked for
 * (admission.server.ts); from then on, concurrent misses of one key share a single query,
 * and a key still asked for in the last fifth of its entry's life is read again in the
 * background while its visitors get the kept answer, so they do not wait on the database.
 */
export const PUBLIC_READ_TTL_MS = 5_000;

type Entry = { value: Promise<unknown>; refreshAt: number };

export type ReadCache = {
  read<T>(key: string, load: () => Promise<T>): Promise<T>;
  clear(): void;
};

/**
 * The cache behind `cachedRead`: entries live at most `ttlMs` (each a little less, drawn by
 * spreadTtl, so that entries made together do not expire together); `now` is its clock.
 */
export function readCache({
  ttlMs,
  now = () => performance.now(),
  random = Math.random,
}: {
  ttlMs: number;
  now?: () => number;
  /** Draws each entry's life (spreadTtl). */
  random?: () => number;
}): ReadCache {
  // Expired entries are dropped on time (ttlAutopurge), not when they are next asked for
  // or pushed out: they would otherwise hold memory for nothing.
  const entries = new LRUCache<string, Entry>({
    max: 2_000,
    ttl: ttlMs,
    ttlAutopurge: true,
    ttlResolution: 0,
    perf: { now },
  });
  const askedBefore = secondAsk({ ttlMs, now });

  function keep(key: string, value: Promise<unknown>): Entry {
    const ttl = spreadTtl(ttlMs, random);
    const entry = { value, refreshAt: now() + 0.8 * ttl };
    entries.set(key, entry, { ttl });
    // A failure is not remembered: the next visitor asks the database again.
    value.catch(() => {
      if (entries.get(key) === entry) entries.delete(key);
    });
    return entry;
  }

  // Reads again in the background, by key: a visitor who comes once the entry has expired
  // waits for the one under way rather than start another.
  const rereads = new Map<string, Promise<unknown>>();
  // Bumped by clear(): an answer read before a write is not kept after it.
  let generation = 0;

  function refresh(key: string, load: () => Promise<unknown>) {
    const startedIn = generation;
    const value = load();
    rereads.set(key, value);
    const settled = () => rereads.get(key) === value && rereads.delete(key);
    value.then(
      () => {
        settled();
        if (generation === startedIn) keep(key, value);
      },
      // The kept answer stays; the next ask tries again.
      settled,
    );
  }

  return {
    read<T>(key: string, load: () => Promise<T>): Promise<T> {
      const hit = entries.get(key);
      if (hit) {
        if (now() >= hit.refreshAt && !rereads.has(key)) refresh(key, load);
        return hit.value as Promise<T>;
      }
      const reread = rereads.get(key);
      if (reread) return reread as Promise<T>;
      if (!askedBefore(key)) return load();
      return keep(key, load()).value as Promise<T>;
    },
    clear() {
      generation += 1;
      rereads.clear();
      // What was asked for stays known: a write changes the answers, not what is popular.
      entries.clear();
    },
  };
}

const caches = new WeakMap<Db, ReadCache>();

function cacheOf(db: Db): ReadCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = readCache({ ttlMs: PUBLIC_READ_TTL_MS });
    caches.set(db, cache);
  }
  return cache;
}

export function cachedRead<T>(db: Db, key: string, load: () => Promise<T>): Promise<T> {
  return cacheOf(db).read(key, load);
}

const listeners = new WeakMap<Db, Set<() => void>>();

/** Called by every write that changes what the public sees (pets, photos, caretakers' names). */
export function publicDataChanged(db: Db): void {
  caches.get(db)?.clear();
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
