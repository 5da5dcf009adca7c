import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import { data, matchPath, type AppLoadContext, type ServerBuild } from "react-router";

/**
 * The API's public reads (`GET /api/pets`, `GET /api/pets/:id`) answered by their route's own
 * loader, called here, rather than through React Router's request handler. For each request
 * the handler makes a Fetch Request (headers copied, an AbortController), matches the path
 * against the app's 83 routes twice, turns the loader's `data()` into a Fetch Response and
 * streams it back: past the response cache, two thirds of the feed's cost. Called directly,
 * the same loader answered 2.8 times the requests a second (docs/performance.md).
 *
 * Only what these loaders need and give: the path and query (they read no header, cookie or
 * body), and `data(value, init)` answered as React Router answers it (`Response.json`: the
 * init's status and headers, `application/json`, the value as JSON). Anything else (a thrown
 * error or Response, a Response returned, a path with escapes or dots, `.data`, any other
 * method) goes on to React Router, which runs the loader again and answers as always: a read
 * can be asked twice.
 *
 * It relies on the routes' ids and loaders in the server build (plain loaders, no middleware,
 * no route beside `api/pets/:id`), on `data()` giving `{type: "DataWithResponseInit", data,
 * init}`, and on `matchPath`: checked at start (`directReadsProblem`, which leaves the trick
 * out with a warning) and by tests/integration/runtime-tuning.test.ts;
 * tests/server/direct-reads.test.ts compares the answers with React Router's.
 */
const DIRECT_READ_ROUTES = ["routes/api/pets", "routes/api/pet"] as const;

export type LoadContext = (req: ExpressRequest, res: ExpressResponse) => AppLoadContext;
/** A route's loader or action, as the server build holds it. */
export type RouteHandler = (args: {
  request: Request;
  params: Record<string, string | undefined>;
  context: AppLoadContext;
}) => unknown;
type DataWithInit = { type: "DataWithResponseInit"; data: unknown; init: ResponseInit | null };

/** Why the trick cannot apply to this build and this React Router, or undefined when it can. */
export function directReadsProblem(build: Pick<ServerBuild, "routes" | "basename">): string | undefined {
  for (const id of DIRECT_READ_ROUTES) {
    const problem = plainRouteProblem(build, id, "loader");
    if (problem) return problem;
  }
  // A route beside `api/pets/:id` with a fixed name (api/pets/destaques) would rank before it in
  // React Router; matched here, `:id` would take it.
  return siblingProblem(build, /^api\/pets\/[^/:*]+$/, "api/pets/:id");
}

/**
 * Why route `id` is not one React Router would only call `handler` of (then answer as
 * `data()` says): missing, nested, a page, with middleware, matched by case; or undefined.
 * Also when React Router's `data()` or the root's middleware would make a direct call differ.
 */
export function plainRouteProblem(
  build: Pick<ServerBuild, "routes">,
  id: string,
  handler: "loader" | "action",
): string | undefined {
  if (!isDataWithInit(data({}, { status: 200 }))) return "data() do React Router mudou de forma";
  // React Router's middleware would run around the handler: called directly, it would not.
  const root = build.routes.root?.module as Record<string, unknown> | undefined;
  if (root?.middleware || root?.unstable_middleware) return "a rota raiz tem middleware";
  const route = build.routes[id];
  const module = route?.module as Record<string, unknown> | undefined;
  if (typeof module?.[handler] !== "function" || typeof route?.path !== "string") {
    return `a rota ${id} não existe ou não tem ${handler}`;
  }
  if (route.parentId !== "root") return `a rota ${id} tem rotas-pai`;
  // A page (React Router would render a document) or a route with middleware: not a plain handler.
  if (module.default || module.ErrorBoundary || module.middleware || module.unstable_middleware) {
    return `a rota ${id} não é só um ${handler}`;
  }
  if (route.caseSensitive) return `a rota ${id} diferencia maiúsculas`;
  return undefined;
}

/** A route whose path `pattern` matches (a fixed name where `of` has a parameter) would rank before `of`. */
export function siblingProblem(build: Pick<ServerBuild, "routes">, pattern: RegExp, of: string): string | undefined {
  const sibling = Object.values(build.routes).find((route) => route && pattern.test(route.path ?? ""));
  return sibling ? `a rota ${sibling.id} fica ao lado de ${of}` : undefined;
}

export function directReads(build: Pick<ServerBuild, "routes" | "basename">, loadContext: LoadContext): RequestHandler {
  const base = (build.basename ?? "/").replace(/\/$/, "");
  const routes = DIRECT_READ_ROUTES.map((id) => {
    const route = build.routes[id]!;
    return { pattern: `${base}/${route.path}`, loader: route.module.loader as RouteHandler };
  });
  // A cheap test first: every other request (pages, files, writes) goes straight on.
  const prefix = commonPrefix(routes.map((route) => route.pattern.split(":")[0]!));
  return (req, res, next) => {
    if (req.method !== "GET" || !req.path.startsWith(prefix) || req.path.includes("%")) return next();
    const url = plainUrl(req);
    if (!url) return next();
    for (const route of routes) {
      const match = matchPath({ path: route.pattern, end: true }, url.pathname);
      if (match) {
        answer(route.loader, match.params, url, req, res, loadContext).then((answered) => answered || next(), next);
        return;
      }
    }
    next();
  };
}

/** Runs the loader and writes its `data()`; false, writing nothing, for anything else. */
async function answer(
  loader: RouteHandler,
  params: Record<string, string | undefined>,
  url: URL,
  req: ExpressRequest,
  res: ExpressResponse,
  loadContext: LoadContext,
): Promise<boolean> {
  let status: number;
  let headers: Headers;
  let body: string | undefined;
  let statusText: string | undefined;
  try {
    const result = await loader({ request: new Request(url), params, context: loadContext(req, res) });
    if (!isDataWithInit(result)) return false;
    // All of it checked before the response is touched: what Response.json would refuse goes to React Router.
    const init = result.init ?? {};
    status = init.status ?? 200;
    statusText = init.statusText;
    headers = new Headers(init.headers);
    body = JSON.stringify(result.data);
    if (body === undefined || !Number.isInteger(status) || status < 200 || status > 599) return false;
  } catch {
    return false;
  }
  res.status(status);
  if (statusText) res.statusMessage = statusText;
  if (!headers.has("content-type")) headers.set("content-type", "application/json");
  headers.forEach((value, name) => res.append(name, value));
  res.end(body);
  return true;
}

/**
 * The request's URL without the Host header, which anyone may write (the handlers called
 * directly read only the path and the query); undefined for a path React Router reads otherwise
 * than Express: with dots it resolves, or ending in `.data` (its own data requests).
 */
export function plainUrl(req: ExpressRequest): URL | undefined {
  let url: URL;
  try {
    url = new URL(`http://localhost${req.originalUrl}`);
  } catch {
    return undefined;
  }
  return url.pathname !== req.path || url.pathname.endsWith(".data") ? undefined : url;
}

export function isDataWithInit(value: unknown): value is DataWithInit {
  return (
    typeof value === "object" &&
    value !== null &&
    (value as { type?: unknown }).type === "DataWithResponseInit" &&
    "data" in value &&
    "init" in value
  );
}

function commonPrefix(paths: string[]): string {
  return paths.reduce((prefix, path) => {
    let length = 0;
    while (length < prefix.length && prefix[length] === path[length]) length += 1;
    return prefix.slice(0, length);
  });
}
