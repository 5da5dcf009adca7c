import type { RequestHandler, Response } from "express";
import { createHash } from "node:crypto";
import { LRUCache } from "lru-cache";

/**
 * Micro-caching of the responses every visitor gets alike (the welcome page,
 * the feed, pet pages and the public pets API), for visitors without a session
 * or a pending notice: a burst of visitors costs one render and one query
 * (docs/decisions/0008-public-read-cache.md).
 *
 * A replayed answer without inline scripts (JSON, data requests) carries an ETag, so
 * a visitor who has it already gets a 304 without a body.
 *
 * Entries live for a few seconds and are dropped whenever this process writes
 * something public; another app server's writes show within the TTL. Only a
 * 200 without Set-Cookie is kept. A cached page gets this response's CSP nonce
 * in place of the one it was rendered with, so no nonce is ever sent twice.
 */
const CACHEABLE = [
  /^\/adopet\/$/,
  /^\/adopet\/home(?:\.data)?$/,
  /^\/adopet\/pets\/[0-9a-f-]{36}(?:\.data)?$/i,
  /^\/adopet\/api\/pets(?:\/[0-9a-f-]{36})?$/i,
];

// Cookies that make a response personal: the session and the one-time notice.
const PERSONAL_COOKIE = /(?:^|;\s*)adopet_/;
// Headers that belong to one response only, or to its compression (applied again on replay).
const NOT_REPLAYED = new Set([
  "content-security-policy",
  "set-cookie",
  "date",
  "connection",
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "x-cache",
]);

type Entry = { headers: Record<string, string | number | string[]>; body: Buffer; nonce: string; etag: string | null };

export type PublicResponseCache = RequestHandler & { clear(): void };

export function publicResponseCache({ ttlMs, maxBytes = 32 * 1024 * 1024 }: { ttlMs: number; maxBytes?: number }) {
  const cache = new LRUCache<string, Entry>({
    ttl: ttlMs,
    // Dropped when they expire rather than when next asked for (see public-reads.server.ts).
    ttlAutopurge: true,
    maxSize: maxBytes,
    sizeCalculation: (entry) => Math.max(1, entry.body.length),
  });
  // Bumped by clear(): a response rendered before a write is not stored after it.
  let generation = 0;

  const middleware: RequestHandler = (req, res, next) => {
    if (req.method !== "GET" || PERSONAL_COOKIE.test(req.headers.cookie ?? "")) return next();
    const [pathname] = req.originalUrl.split("?");
    if (!CACHEABLE.some((pattern) => pattern.test(pathname!))) return next();
    const key = req.originalUrl;
    const nonce = String(res.locals.cspNonce ?? "");

    const hit = cache.get(key);
    if (hit) {
      for (const [name, value] of Object.entries(hit.headers)) res.setHeader(name, value);
      res.setHeader("X-Cache", "HIT");
      if (hit.etag) {
        res.setHeader("ETag", hit.etag);
        // A phone that has this very answer already gets a 304 and no body.
        if (req.headers["if-none-match"]?.split(/\s*,\s*/).includes(hit.etag)) {
          res.status(304).end();
          return;
        }
      }
      res.status(200);
      res.end(hit.nonce && nonce ? replaceAll(hit.body, hit.nonce, nonce) : hit.body);
      return;
    }
    res.setHeader("X-Cache", "MISS");
    capture(res, generation, (body) => {
      if (res.statusCode !== 200 || res.hasHeader("set-cookie")) return;
      const headers: Entry["headers"] = {};
      for (const [name, value] of Object.entries(res.getHeaders())) {
        if (value !== undefined && !NOT_REPLAYED.has(name)) headers[name] = value;
      }
      cache.set(key, { headers, body, nonce, etag: etagOf(body, nonce) });
    });
    next();
  };

  function capture(res: Response, startedAt: number, store: (body: Buffer) => void) {
    const chunks: Buffer[] = [];
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    const keep = (chunk: unknown, encoding?: unknown) => {
      if (chunk === undefined || chunk === null || typeof chunk === "function") return;
      chunks.push(
        Buffer.isBuffer(chunk)
          ? chunk
          : typeof chunk === "string"
            ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8")
            : Buffer.from(chunk as Uint8Array),
      );
    };
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      keep(chunk, rest[0]);
      return write(chunk, ...rest);
    }) as Response["write"];
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      keep(chunk, rest[0]);
      if (generation === startedAt) store(Buffer.concat(chunks));
      return end(chunk, ...rest);
    }) as Response["end"];
  }

  return Object.assign(middleware, {
    clear() {
      generation += 1;
      cache.clear();
    },
  }) as PublicResponseCache;
}

/**
 * A tag for answers without inline scripts (JSON, React Router's data requests). A page
 * with a nonce gets none: a 304 would make the browser show its stored page, whose
 * nonce no longer matches the new response's policy, and its scripts would not run.
 */
function etagOf(body: Buffer, nonce: string): string | null {
  if (nonce && body.includes(nonce)) return null;
  return `"${createHash("sha1").update(body).digest("base64url")}"`;
}

function replaceAll(body: Buffer, from: string, to: string): Buffer {
  return Buffer.from(body.toString("utf8").split(from).join(to), "utf8");
}
