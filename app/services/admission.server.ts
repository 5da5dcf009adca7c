import { LRUCache } from "lru-cache";

/**
 * Which answers a cache whose entries live `ttlMs` keeps: those whose key is asked for a
 * second time ("cache on second hit").
 *
 * Most keys asked for once in a few seconds are not asked for again before their answer
 * would expire: a crawler walking the feed's deep pages, a search engine visiting each pet,
 * one visitor's filters. Keeping those answers costs memory and saves no work (reading the
 * whole feed once, fifty pets a page, left about 14 MB of entries behind, and a heap grown
 * to hold them). A key asked for once is remembered, a few dozen bytes, not its answer;
 * from the second ask on, the answer is kept as before.
 *
 * A key is remembered for two of the cache's TTLs from its last miss: when a popular
 * answer expires, its key is still known and the next ask keeps it again at once.
 */
export function secondAsk({
  ttlMs,
  maxKeys = 5_000,
  now = () => performance.now(),
}: {
  ttlMs: number;
  maxKeys?: number;
  /** The clock (a test's own). */
  now?: () => number;
}) {
  const seen = new LRUCache<string, true>({ max: maxKeys, ttl: 2 * ttlMs, ttlResolution: 0, perf: { now } });
  /** True when `key` was asked for before, within the window; remembers this ask. */
  return (key: string): boolean => {
    const before = seen.has(key);
    seen.set(key, true);
    return before;
  };
}

/**
 * How long one entry of a cache whose entries live at most `ttlMs` is kept: drawn for each
 * entry between three quarters of it and all of it. Entries made together (a cache filled by
 * a burst of visitors, or again after a write cleared it) would otherwise expire together,
 * and every one of their visitors wait on the database at once: at 1,000,000 pets and 50
 * connections, 200 feed pages expiring in the same millisecond queued behind the ten
 * database connections and made the feed's p99 (docs/performance.md).
 */
export function spreadTtl(ttlMs: number, random: () => number = Math.random): number {
  return Math.round(ttlMs * (0.75 + 0.25 * random()));
}
