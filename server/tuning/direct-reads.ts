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
 * Only what these loaders need and give: the URL (they read no header, cookie or body), and
 * `data(value, init)` answered as React Router answers it (`Response.json`: the init's status
 * and headers, `application/json`, the value as JSON). Anything else (a thrown error or
 * Response, a Response returned, a path with escapes, any other method) goes on to React
 * Router, which runs the loader again and answers as always: a read can be asked twice.
 *
 * It relies on the routes' ids and loaders in the server build, on `data()` giving
 * `{type: "DataWithResponseInit", data, init}`, and on `matchPath`
 * (tests/integration/runtime-tuning.test.ts checks each; tests/server/direct-reads.test.ts
 * compares the answers with React Router's).
 */
export const DIRECT_READ_ROUTES = ["routes/api/pets", "routes/api/pet"] as const;

type LoadContext = (req: ExpressRequest, res: ExpressResponse) => AppLoadContext;
type Loader = (args: {
  request: Request;
  params: Record<string, string | undefined>;
  context: AppLoadContext;
}) => unknown;
type DataWithInit = { type: "DataWithResponseInit"; data: unknown; init: ResponseInit | null };

/** Why the trick cannot apply to this build and this React Router, or undefined when it can. */
export function directReadsProblem(build: Pick<ServerBuild, "routes" | "basename">): string | undefined {
  if (!isDataWithInit(data({}, { status: 200 }))) return "data() do React Router mudou de forma";
  for (const id of DIRECT_READ_ROUTES) {
    const route = build.routes[id];
    if (typeof route?.module.loader !== "function" || typeof route.path !== "string") {
      return `a rota ${id} não existe ou não tem loader`;
    }
    if (route.parentId !== "root") return `a rota ${id} tem rotas-pai`;
  }
  return undefined;
}

export function directReads(build: Pick<ServerBuild, "routes" | "basename">, loadContext: LoadContext): RequestHandler {
  const base = (build.basename ?? "/").replace(/\/$/, "");
  const routes = DIRECT_READ_ROUTES.map((id) => {
    const route = build.routes[id]!;
    return { pattern: `${base}/${route.path}`, loader: route.module.loader as Loader };
  });
  // A cheap test first: every other request (pages, files, writes) goes straight on.
  const prefix = commonPrefix(routes.map((route) => route.pattern.split(":")[0]!));
  return (req, res, next) => {
    if (req.method !== "GET" || !req.path.startsWith(prefix) || req.path.includes("%")) return next();
    for (const route of routes) {
      const match = matchPath({ path: route.pattern, end: true }, req.path);
      if (match) {
        answer(route.loader, match.params, req, res, loadContext).then((answered) => answered || next(), next);
        return;
      }
    }
    next();
  };
}

/** Runs the loader and writes its `data()`; false, writing nothing, for anything else. */
async function answer(
  loader: Loader,
  params: Record<string, string | undefined>,
  req: ExpressRequest,
  res: ExpressResponse,
  loadContext: LoadContext,
): Promise<boolean> {
  let result: unknown;
  try {
    // The URL as React Router's Express adapter makes it.
    const request = new Request(`${req.protocol}://${req.host ?? "localhost"}${req.originalUrl}`);
    result = await loader({ request, params, context: loadContext(req, res) });
  } catch {
    return false;
  }
  if (!isDataWithInit(result)) return false;
  const body = JSON.stringify(result.data);
  if (body === undefined) return false;
  const init = result.init ?? {};
  res.status(init.status ?? 200);
  if (init.statusText) res.statusMessage = init.statusText;
  const headers = new Headers(init.headers);
  if (!headers.has("content-type")) headers.set("content-type", "application/json");
  headers.forEach((value, name) => res.append(name, value));
  res.end(body);
  return true;
}

function isDataWithInit(value: unknown): value is DataWithInit {
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
