import type { RequestHandler, Response } from "express";
import { createHash } from "node:crypto";
import { LRUCache } from "lru-cache";
import { secondAsk, spreadTtl } from "~/services/admission.server";

/**
 * Micro-caching of the responses every visitor gets alike (the welcome page,
 * the feed, pet pages and the public pets API), for visitors without a session
 * or a pending notice: a burst of visitors costs one render and one query
 * (docs/decisions/0008-public-read-cache.md).
 *
 * A replayed answer without inline scripts (JSON, data requests) carries an ETag, so
 * a visitor who has it already gets a 304 without a body.
 *
 * Entries live for a few seconds (each between three quarters of the TTL and all of it, so
 * that answers kept together do not expire together) and are dropped whenever this process writes
 * something public; another app server's writes show within the TTL. Only a
 * 200 without Set-Cookie is kept, and only from the second time its address is
 * asked for (~/services/admission.server.ts). Visitors who ask while an answer is
 * being made wait for that one. A cached page gets this response's CSP nonce
 * in place of the one it was rendered with, so no nonce is ever sent twice.
 *
 * It relies on seeing a response's body as it is written (res.write, res.end: Express's
 * send and json, React Router's Express adapter) before compression, which Express runs
 * earlier and applies again to a replay (tests/integration/runtime-tuning.test.ts).
 */
const CACHEABLE_PAGES = [/^\/adopet\/$/, /^\/adopet\/home(?:\.data)?$/, /^\/adopet\/pets\/[0-9a-f-]{36}(?:\.data)?$/i];

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

/**
 * A stored answer. A page's body is kept in pieces split where its nonce was, so a replay
 * joins them around the new nonce without decoding the text; JSON is one piece.
 */
type Entry = {
  headers: Record<string, string | number | string[]>;
  pieces: Buffer[];
  size: number;
  etag: string | null;
};

type PublicResponseCache = RequestHandler & { clear(): void };

export type PublicResponseCacheOptions = {
  ttlMs: number;
  maxBytes?: number;
  /** The API's endpoints whose declarations say `publicCache` (app/api), besides the pages above. */
  apiPaths?: readonly RegExp[];
  /** Whether the request's cookies make its page one person's (the app's rule, ~/web/personal.server). */
  isPersonal(cookieHeader: string | undefined): boolean;
};

export function publicResponseCache({
  ttlMs,
  maxBytes = 8 * 1024 * 1024,
  apiPaths = [],
  isPersonal,
}: PublicResponseCacheOptions) {
  const cacheable = [...CACHEABLE_PAGES, ...apiPaths];
  const cache = new LRUCache<string, Entry>({
    ttl: ttlMs,
    // Dropped when they expire rather than when next asked for (see public-reads.server.ts).
    ttlAutopurge: true,
    maxSize: maxBytes,
    sizeCalculation: (entry) => Math.max(1, entry.size),
  });
  const askedBefore = secondAsk({ ttlMs });
  // Answers being made now, by the first visitor who asked for them.
  const pending = new Map<string, Promise<Entry | undefined>>();
  // Bumped by clear(): a response rendered before a write is not stored after it.
  let generation = 0;

  const middleware: RequestHandler = (req, res, next) => {
    if (req.method !== "GET" || isPersonal(req.headers.cookie)) return next();
    const [pathname] = req.originalUrl.split("?");
    if (!cacheable.some((pattern) => pattern.test(pathname!))) return next();
    const key = req.originalUrl;
    const nonce = String(res.locals.cspNonce ?? "");

    const replay = (entry: Entry) => {
      for (const [name, value] of Object.entries(entry.headers)) res.setHeader(name, value);
      res.setHeader("X-Cache", "HIT");
      if (entry.etag) {
        res.setHeader("ETag", entry.etag);
        // A phone that has this very answer already gets a 304 and no body.
        if (req.headers["if-none-match"]?.split(/\s*,\s*/).includes(entry.etag)) {
          res.status(304).end();
          return;
        }
      }
      res.status(200);
      if (entry.pieces.length === 1) {
        res.end(entry.pieces[0]);
        return;
      }
      // The pieces go out as they are, around this response's nonce: copying a page into one
      // new buffer per visitor made V8 collect its whole heap several times a second.
      const glue = Buffer.from(nonce);
      res.setHeader("Content-Length", entry.size + glue.length * (entry.pieces.length - 1));
      res.cork();
      entry.pieces.forEach((piece, index) => {
        if (index > 0) res.write(glue);
        res.write(piece);
      });
      // Uncorked before the end: on Node 24, a compressed replay ended while corked went out empty.
      res.uncork();
      res.end();
    };

    const hit = cache.get(key);
    if (hit) return replay(hit);
    // Visitors who ask while the same answer is being made wait for it rather than make it
    // again: when an entry expires or a write clears the cache, 50 visitors at once cost
    // one render, not 50 in a row on the one thread.
    const inFlight = pending.get(key);
    if (inFlight) {
      inFlight.then((entry) => (entry ? replay(entry) : next())).catch(next);
      return;
    }
    res.setHeader("X-Cache", "MISS");
    if (!askedBefore(key)) return next();

    let settle!: (entry: Entry | undefined) => void;
    const made = new Promise<Entry | undefined>((resolve) => (settle = resolve));
    pending.set(key, made);
    const done = (entry: Entry | undefined) => {
      if (pending.get(key) === made) pending.delete(key);
      settle(entry);
    };
    // An answer that is not kept (not a 200, a cookie, a write meanwhile, a visitor who left)
    // sends the waiting visitors on to make their own.
    res.once("close", () => done(undefined));
    capture(res, generation, (body) => {
      if (res.statusCode !== 200 || res.hasHeader("set-cookie")) return;
      const headers: Entry["headers"] = {};
      for (const [name, value] of Object.entries(res.getHeaders())) {
        if (value !== undefined && !NOT_REPLAYED.has(name)) headers[name] = value;
      }
      const pieces = nonce ? splitAt(body, nonce) : [body];
      const entry = {
        headers,
        pieces,
        size: pieces.reduce((sum, piece) => sum + piece.length, 0),
        etag: pieces.length === 1 ? etagOf(body) : null,
      };
      cache.set(key, entry, { ttl: spreadTtl(ttlMs) });
      done(entry);
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
      pending.clear();
    },
  }) as PublicResponseCache;
}

/**
 * A tag for answers without inline scripts (JSON, React Router's data requests). A page
 * with a nonce gets none: a 304 would make the browser show its stored page, whose
 * nonce no longer matches the new response's policy, and its scripts would not run.
 */
function etagOf(body: Buffer): string {
  return `"${createHash("sha1").update(body).digest("base64url")}"`;
}

/** `body` cut wherever `separator` appears (without it): one piece when it does not. */
function splitAt(body: Buffer, separator: string): Buffer[] {
  const pieces: Buffer[] = [];
  let from = 0;
  for (let at = body.indexOf(separator); at !== -1; at = body.indexOf(separator, from)) {
    pieces.push(body.subarray(from, at));
    from = at + Buffer.byteLength(separator);
  }
  pieces.push(body.subarray(from));
  return pieces;
}
