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
export function secondAsk({ ttlMs, maxKeys = 5_000 }: { ttlMs: number; maxKeys?: number }) {
  const seen = new LRUCache<string, true>({ max: maxKeys, ttl: 2 * ttlMs });
  /** True when `key` was asked for before, within the window; remembers this ask. */
  return (key: string): boolean => {
    const before = seen.has(key);
    seen.set(key, true);
    return before;
  };
}
