import type { IncomingMessage } from "node:http";
import type { RequestHandler } from "express";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { bodyTooLarge, formMaxBytes } from "~/web/body.server";

/**
 * Every request body is bounded here, before any parser, to what its route accepts: a body
 * declared larger is answered 413 before any reader sees it, and one sent without a length
 * fails its readers once it passes the bound. Each parser keeps its own, finer limits (a photo's
 * 5 MB, a JSON body's 8 KB); this bound is what no route and no content type can pass, so a
 * parser that falls back to reading a body whole (one did, for a media type in capitals)
 * cannot take the heap.
 *
 * The routes that take files say how much where they are declared: an API endpoint in its
 * declaration (`bodyLimit`, app/api), a page in the table beside the routes
 * (app/route-body-limits.ts).
 */

/** Multipart framing (boundaries, part headers) beyond the bytes the form parser counts. */
const FRAMING = 64 * 1024;

/** Any form or JSON body with no file: the fields of the largest form (a questionnaire's answers). */
const FIELDS_ONLY = formMaxBytes(0);

const BASE_PATH = "/adopet";

/** A page route as app/routes.ts declares it (a tree), and as the build's manifest holds it (flat). */
export type PageRoute = { path?: string; index?: boolean; caseSensitive?: boolean; children?: PageRoute[] };

/** The build's routes as the tree app/routes.ts declares. */
export function pageRoutesOf(manifest: ServerBuild["routes"]): PageRoute[] {
  const entries = Object.values(manifest).filter((entry) => entry !== undefined);
  const childrenOf = (parentId: string | undefined): PageRoute[] =>
    entries
      .filter((entry) => entry.parentId === parentId)
      .map((entry) => ({ ...entry, children: childrenOf(entry.id) }));
  return childrenOf(undefined);
}

/** The tree as React Router matches a path against it. */
function routeObjects(routes: PageRoute[]): RouteObject[] {
  return routes.map(({ path, index, caseSensitive, children = [] }) =>
    index ? { path, index, caseSensitive } : { path, caseSensitive, children: routeObjects(children) },
  );
}

/** The most bytes a request may send, by its method and path. */
export type BodyLimitFor = (method: string, pathname: string) => number;

export function bodyLimits({
  pages,
  pageLimits,
  api,
}: {
  /** The pages' routes, matched as React Router matches them. */
  pages: PageRoute[];
  /** A page's limit by its route's path (app/route-body-limits.ts). */
  pageLimits: Readonly<Record<string, number>>;
  /** The API's: what the endpoint for `method` on `pathname` declares, if anything. */
  api?: (method: string, pathname: string) => number | undefined;
}): BodyLimitFor {
  const routes = routeObjects(pages);
  const pageLimit = (pathname: string) => {
    // React Router's data requests add `.data` to the page's path.
    const matches = matchRoutes(routes, pathname.replace(/\.data$/, ""), BASE_PATH);
    const path = matches?.at(-1)?.route.path;
    return path === undefined ? undefined : pageLimits[path];
  };
  return (method, pathname) => (api?.(method, pathname) ?? pageLimit(pathname) ?? FIELDS_ONLY) + FRAMING;
}

export function boundedBodies(limitFor: BodyLimitFor): RequestHandler {
  return (req, res, next) => {
    const declared = req.headers["content-length"];
    const chunked = req.headers["transfer-encoding"] !== undefined;
    if (!chunked && (declared === undefined || Number(declared) === 0)) return next();
    // Only for a body: matching a page's route ranks them all, each time (a GET paid it, a third of
    // the cached pages' throughput).
    const limit = limitFor(req.method, req.path);
    // A route may answer before its body is read whole: a parser refusing at its own limit, an
    // early 4xx. The rest is dropped then, or the connection would stay paused on it and the
    // client's next request on that connection would wait until it was cut.
    res.once("finish", () => dropTheRest(req));
    if (declared !== undefined && Number(declared) > limit) {
      tooLarge(req.path, res);
      return;
    }
    if (chunked) countAsRead(req, limit);
    next();
  };
}

/**
 * A body without a declared length (chunked) is counted as its reader takes it: past `limit`,
 * the reader fails with the 413 that its route answers. The count starts only when something
 * reads: a body nobody reads is left for Node to discard as usual.
 */
function countAsRead(req: IncomingMessage, limit: number) {
  let seen = 0;
  const count = (chunk: Buffer) => {
    seen += chunk.byteLength;
    if (seen <= limit) return;
    req.off("data", count);
    // Once this chunk has reached every reader, and the rest reaches none: Node's web stream of a
    // request (the API wing's, Readable.toWeb) throws, uncaught, on data after its error.
    process.nextTick(() => {
      req.removeAllListeners("data");
      // With no reader listening for errors there is nothing to fail (emitting would throw).
      if (req.listenerCount("error") > 0) req.emit("error", bodyTooLarge());
      req.resume();
    });
  };
  const startCounting = (event: string | symbol) => {
    if (event !== "data") return;
    req.off("newListener", startCounting);
    req.on("data", count);
  };
  req.on("newListener", startCounting);
}

/** How long a client may go on sending a refused body once it has its answer. */
const LINGER_MS = 5_000;

/**
 * Once the answer is out, what is left of the body is read and dropped, never kept, as Node
 * does for a body no one read: a reader that stopped (it paused, and nobody will resume it)
 * is let go. Closing with bytes unread would reset the connection, and the client could lose
 * the answer; a client still sending LINGER_MS after its answer is cut off.
 */
function dropTheRest(req: IncomingMessage) {
  if (req.readableEnded) return;
  req.removeAllListeners("data");
  req.resume();
  if (req.complete) return;
  const cut = setTimeout(() => req.socket.destroy(), LINGER_MS);
  cut.unref();
  req.socket.once("close", () => clearTimeout(cut));
  req.once("end", () => clearTimeout(cut));
}

function tooLarge(path: string, res: Parameters<RequestHandler>[1]) {
  const { message } = bodyTooLarge();
  res.status(413).set("Cache-Control", "no-store");
  if (path.toLowerCase().startsWith(`${BASE_PATH}/api/`)) {
    res.json({ message });
    return;
  }
  res
    .type("html")
    .send(
      `<!doctype html><html lang="pt-BR"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
        `<title>Dados grandes demais | Adopet</title><h1>Não foi possível enviar</h1><p>${message}</p>` +
        `<p><a href="${BASE_PATH}/">Voltar ao início</a></p></html>`,
    );
}
