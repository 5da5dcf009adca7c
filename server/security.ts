import { randomBytes } from "node:crypto";
import type { RequestHandler } from "express";

/**
 * The Content-Security-Policy: our own origin only, and inline scripts only
 * with this response's nonce (React Router's hydration data). No inline styles,
 * no frames, no plugins, forms post only to us.
 */
function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self'",
    // blob: previews a chosen photo before upload.
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join("; ");
}

// 128 random bits per nonce, taken from a pool filled 256 nonces at a time: one call into
// the system's random source per request was 2 % of a cached page's cost.
const NONCE_BYTES = 16;
let noncePool = Buffer.alloc(0);
let poolOffset = 0;

function freshNonce(): string {
  if (poolOffset + NONCE_BYTES > noncePool.length) {
    noncePool = randomBytes(NONCE_BYTES * 256);
    poolOffset = 0;
  }
  poolOffset += NONCE_BYTES;
  return noncePool.toString("base64", poolOffset - NONCE_BYTES, poolOffset);
}

/** A fresh nonce per response (in res.locals.cspNonce) and, when enforced, the policy header. */
export function cspNonce({ enforce }: { enforce: boolean }): RequestHandler {
  return (_req, res, next) => {
    const nonce = freshNonce();
    res.locals.cspNonce = nonce;
    if (enforce) res.setHeader("Content-Security-Policy", contentSecurityPolicy(nonce));
    next();
  };
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses state-changing requests sent by a browser from another site (CSRF):
 * the Origin header, or Sec-Fetch-Site where Origin is absent, must be ours: the whole
 * origin (scheme, host and port) this request came to, or the site's public address
 * (behind a proxy that terminates HTTPS). Requests without either (scripts, partner
 * servers) carry no cookies a page could have forged, and go on.
 */
export function sameOriginPosts(publicUrl: () => string | undefined): RequestHandler {
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const origin = req.get("origin");
    const fetchSite = req.get("sec-fetch-site");
    let allowed = true;
    if (origin) {
      const ours = [`${req.protocol}://${req.host}`, publicUrl() && new URL(publicUrl()!).origin];
      allowed = origin !== "null" && ours.includes(origin.toLowerCase());
    } else if (fetchSite) {
      allowed = fetchSite === "same-origin" || fetchSite === "none";
    }
    if (allowed) return next();
    const message = "Pedido recusado: ele veio de outro site.";
    res.status(403);
    if (req.path.startsWith("/adopet/api/")) res.json({ message });
    else res.type("text/plain; charset=utf-8").send(message);
  };
}
