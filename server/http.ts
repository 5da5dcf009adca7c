import type { RequestListener as NodeRequestListener } from "node:http";
import path from "node:path";
import compression from "compression";
import express, { type ErrorRequestHandler, type RequestHandler } from "express";
import expressStaticGzip from "express-static-gzip";
import helmet from "helmet";
import onHeaders from "on-headers";
import { isDatabaseReachable, type Db } from "~/db/client.server";
import type { DatabaseHealth } from "~/db/health.server";
import { randomUUID } from "node:crypto";
import { forLog, logError, requestLogger } from "~/lib/log.server";
import { cspNonce, embeddableResources, publicReadsCors, sameOriginPosts } from "./security";
import { bodyLimits, boundedBodies, type BodyLimitFor } from "./body-limits";

const BASE_PATH = "/adopet";

type RequestListener = (...args: Parameters<NodeRequestListener>) => Promise<void>;

export type HttpAppOptions = {
  /** A log line per request (REQUEST_LOG, on by default): it costs a share of the cached pages' throughput. */
  requestLines?: boolean;
  db: Db;
  /** The React Router request handler (pages, API, images). */
  handler: RequestHandler;
  /** The built client's directory (production); Vite serves assets in development. */
  clientDir?: string;
  /** Extra middleware placed before the pages (Vite's dev middleware). */
  before?: RequestHandler[];
  /** Production adds HSTS. */
  production?: boolean;
  /** Other origins pages may show images from: the map tiles' server, when configured. */
  imageOrigins?: string[];
  /** Express's "trust proxy" setting (which proxies may give the client's address). */
  trustProxy?: string;
  /** While the database is down, pages and API answer 503 at once. */
  health?: DatabaseHealth;
  /** Micro-cache of the responses every visitor gets alike (production; server/tuning). */
  publicCache?: RequestHandler;
  /** The JSON API (app/api): every request for a path it declares, before React Router. */
  api?: { owns(pathname: string): boolean; crossOriginPaths: RegExp[]; listener: RequestListener };
  /** The site's public address (PUBLIC_URL or its default), once known. */
  publicUrl?: () => string | undefined;
  /** The most bytes each route's requests may send (./body-limits.ts); a form of fields only's, without. */
  bodyLimitFor?: BodyLimitFor;
};

/**
 * The Express host around React Router: headers, compression, redirects into
 * the base path, static files, the health check, and a last-resort error page.
 */
export function createHttpApp({
  db,
  handler,
  clientDir,
  before = [],
  production = false,
  imageOrigins = [],
  trustProxy = "false",
  health,
  publicCache,
  api,
  publicUrl = () => undefined,
  requestLines = false,
  bodyLimitFor = bodyLimits({ pages: [], pageLimits: {} }),
}: HttpAppOptions) {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", trustProxyValue(trustProxy));
  if (requestLines) app.use(requestLog());

  app.use(
    helmet({
      // A nonce-based policy for React Router's inline scripts comes with its own change.
      contentSecurityPolicy: false,
      frameguard: { action: "deny" },
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      strictTransportSecurity: production ? undefined : false,
    }),
  );
  // Before anything reads a body: no route and no content type may take more than its route accepts.
  app.use(boundedBodies(bodyLimitFor));
  // A nonce for every response; the policy is enforced in production (Vite's dev server injects inline code).
  app.use(cspNonce({ enforce: production, imageOrigins }));
  // Event streams go out as they are written: compressing would hold events back in its buffer.
  app.use(
    compression({
      filter: (req, res) =>
        !String(res.getHeader("Content-Type") ?? "").startsWith("text/event-stream") && compression.filter(req, res),
    }),
  );
  app.use(sameOriginPosts(publicUrl));
  app.use(publicReadsCors(api?.crossOriginPaths ?? []));
  app.use(embeddableResources());

  // "/" and "/adopet" lead into the app. Checked by hand: Express matches
  // "/adopet" and "/adopet/" alike, which would loop.
  app.use((req, res, next) => {
    const [pathname, query] = splitUrl(req.url);
    if (req.method === "GET" || req.method === "HEAD") {
      if (pathname === "/" || pathname === BASE_PATH) {
        res.redirect(301, `${BASE_PATH}/${query}`);
        return;
      }
    }
    // Nothing lives outside the base path: answered here, it never reaches React Router, which
    // treats a URL outside its basename as an error.
    if (!pathname.startsWith(`${BASE_PATH}/`)) {
      res
        .status(404)
        .type("html")
        .send(
          `<!doctype html><html lang="pt-BR"><meta charset="utf-8"><title>Página não encontrada | Adopet</title>` +
            `<h1>Página não encontrada</h1><p><a href="${BASE_PATH}/">Ir para o Adopet</a></p></html>`,
        );
      return;
    }
    next();
  });

  app.get(`${BASE_PATH}/healthz`, async (_req, res) => {
    const reachable = await isDatabaseReachable(db);
    res.set("Cache-Control", "no-store");
    res
      .status(reachable ? 200 : 503)
      .json(reachable ? { status: "ok" } : { status: "indisponível", mensagem: "Banco de dados inacessível." });
  });

  for (const middleware of before) app.use(middleware);

  if (clientDir) {
    // Hashed file names: safe to cache for a year. The build wrote each script and
    // stylesheet compressed at the strongest settings (.br, .gz); the one the browser
    // accepts is sent as it is, with no compression work per request.
    app.use(
      `${BASE_PATH}/assets`,
      expressStaticGzip(path.join(clientDir, "assets"), {
        enableBrotli: true,
        orderPreference: ["br", "gz"],
        serveStatic: { immutable: true, maxAge: "1y", index: false },
      }),
    );
    // Only paths that name a file (favicon.png, robots.txt): pages, API and React Router's data
    // requests (/adopet/home.data, at every navigation in the browser) skip the disk lookup.
    const publicFiles = express.static(clientDir, { maxAge: "1h", index: false, redirect: false });
    const namesFile = (pathname: string) => /\.[a-z0-9]+$/i.test(pathname) && !pathname.endsWith(".data");
    app.use(BASE_PATH, (req, res, next) => (namesFile(req.path) ? publicFiles(req, res, next) : next()));
  }

  if (health) app.use(unavailableWhileDown(health));
  if (publicCache) app.use(publicCache);
  if (api) {
    app.use((req, res, next) => {
      if (!api.owns(req.path)) return next();
      api.listener(req, res).catch(next);
    });
  }
  app.use(handler);
  app.use(lastResortErrorPage);
  return app;
}

/**
 * One log line per request: its id (the client's `X-Request-Id` when it is a plain token,
 * otherwise a new one, echoed in the answer), method, path (no query string: filters and
 * addresses may hold what people typed), status and duration. No header, cookie or body.
 */
function requestLog(): RequestHandler {
  return (req, res, next) => {
    const started = performance.now();
    const given = req.headers["x-request-id"];
    const id = typeof given === "string" && /^[\w.:-]{1,64}$/.test(given) ? given : randomUUID();
    res.setHeader("X-Request-Id", id);
    res.once("finish", () => {
      const status = res.statusCode;
      requestLogger[status >= 500 ? "error" : "info"](
        {
          req: { id, method: req.method, path: forLog(withoutSecrets(req.originalUrl.split("?")[0]!)) },
          res: { status },
          responseTime: Math.round(performance.now() - started),
        },
        "requisição",
      );
    });
    next();
  };
}

/**
 * A path without the secret it may carry: an invitation's link (`/convites/<token>`, its page
 * and the API's) is a key to answer it, so the log names the page and not the key.
 */
function withoutSecrets(path: string): string {
  return path.replace(/\/convites\/[^/]+/, "/convites/:token");
}

/** "true"/"false", a hop count, or Express's list of addresses and names ("loopback, 10.0.0.0/8"). */
function trustProxyValue(value: string): boolean | number | string {
  if (value === "true" || value === "false") return value === "true";
  return /^\d+$/.test(value) ? Number(value) : value;
}

const UNAVAILABLE = "O serviço está temporariamente indisponível. Tente novamente em instantes.";

/**
 * While the database is down: 503 at once, in Portuguese (JSON for the API),
 * and a request that failed because the database went down mid-way says 503
 * rather than 500. Recovery needs no restart: the health probe notices.
 */
function unavailableWhileDown(health: DatabaseHealth): RequestHandler {
  return (req, res, next) => {
    onHeaders(res, () => {
      if (res.statusCode === 500 && health.down) res.statusCode = 503;
    });
    if (!health.down) return next();
    res.status(503).set({ "Retry-After": "5", "Cache-Control": "no-store" });
    if (req.path.startsWith(`${BASE_PATH}/api/`)) {
      res.json({ message: UNAVAILABLE });
      return;
    }
    res
      .type("html")
      .send(
        `<!doctype html><html lang="pt-BR"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
          `<title>Indisponível | Adopet</title><h1>Voltamos em instantes</h1><p>${UNAVAILABLE}</p></html>`,
      );
  };
}

function splitUrl(url: string): [string, string] {
  const index = url.indexOf("?");
  return index === -1 ? [url, ""] : [url.slice(0, index), url.slice(index)];
}

const lastResortErrorPage: ErrorRequestHandler = (error: { status?: number; type?: string }, _req, res, next) => {
  logError("Erro não tratado", error);
  if (res.headersSent) {
    next(error);
    return;
  }
  const status = typeof error.status === "number" && error.status >= 400 && error.status < 600 ? error.status : 500;
  res
    .status(status)
    .type("html")
    .send(
      `<!doctype html><html lang="pt-BR"><meta charset="utf-8"><title>Erro | Adopet</title>` +
        `<h1>Algo deu errado</h1><p>Não foi possível atender ao seu pedido. Tente novamente em instantes.</p>` +
        `<p><a href="${BASE_PATH}/">Voltar ao início</a></p></html>`,
    );
};
