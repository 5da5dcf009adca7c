import { randomBytes } from "node:crypto";
import type { RequestHandler } from "express";

/**
 * The Content-Security-Policy: our own origin only, and inline scripts only
 * with this response's nonce (React Router's hydration data). No inline styles,
 * no frames, no plugins, forms post only to us.
 */
function contentSecurityPolicy(nonce: string, imageOrigins: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self'",
    // blob: previews a chosen photo before upload; a configured map's tiles come from their server.
    `img-src 'self' data: blob:${imageOrigins}`,
    "font-src 'self'",
    "connect-src 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join("; ");
}

/** The widget (issue 23): the one page other sites may frame; no inline script, no form. */
const WIDGET_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "form-action 'none'",
  "frame-ancestors *",
  "base-uri 'none'",
  "object-src 'none'",
].join("; ");

/** Paths of the widget's page: `/adopet/widget/<caretaker id>` (id characters only: no `%2e%2e`). */
const isWidgetPath = (path: string) => /^\/adopet\/widget\/[0-9a-zA-Z-]{1,64}$/.test(path);

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
export function cspNonce({
  enforce,
  imageOrigins = [],
}: {
  enforce: boolean;
  imageOrigins?: string[];
}): RequestHandler {
  const origins = imageOrigins.map((origin) => ` ${origin}`).join("");
  return (req, res, next) => {
    const nonce = freshNonce();
    res.locals.cspNonce = nonce;
    if (isWidgetPath(req.path)) {
      // Framed by partner sites: their page decides, and helmet's X-Frame-Options would refuse.
      res.removeHeader("X-Frame-Options");
      res.setHeader("Content-Security-Policy", WIDGET_POLICY);
    } else if (enforce) {
      res.setHeader("Content-Security-Policy", contentSecurityPolicy(nonce, origins));
    }
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

/**
 * CORS for the public GET endpoints only (the API's declarations say which: `crossOrigin`): any origin may read them, never with credentials
 * (a browser does not send cookies to `*`, so a caretaker's own view never leaks); a
 * preflight is answered for GET alone. Every other path and method gets no CORS header, so a
 * browser keeps other sites from reading it.
 */
export function publicReadsCors(crossOriginPaths: readonly RegExp[]): RequestHandler {
  return (req, res, next) => {
    if (!crossOriginPaths.some((pattern) => pattern.test(req.path))) return next();
    if (req.method === "GET" || req.method === "HEAD") {
      res.setHeader("Access-Control-Allow-Origin", "*");
      return next();
    }
    if (req.method === "OPTIONS" && req.get("origin")) {
      res.setHeader("Access-Control-Allow-Origin", "*");
      res.setHeader("Access-Control-Allow-Methods", "GET, HEAD");
      res.setHeader("Access-Control-Max-Age", "86400");
      res.status(204).end();
      return;
    }
    next();
  };
}

/**
 * What partner sites embed from their own pages (issue 23): the widget's script and the pets'
 * photos (which the public API links to). Helmet's Cross-Origin-Resource-Policy
 * (`same-origin`) would have the browser refuse them there.
 */
export function embeddableResources(): RequestHandler {
  return (req, res, next) => {
    if (req.path === "/adopet/widget.js" || req.path.startsWith("/adopet/imagens/")) {
      res.setHeader("Cross-Origin-Resource-Policy", "cross-origin");
    }
    next();
  };
}
