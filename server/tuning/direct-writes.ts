import type { RequestHandler, Response as ExpressResponse } from "express";
import { createReadableStreamFromReadable } from "@react-router/node";
import { matchPath, type ServerBuild } from "react-router";
import {
  isDataWithInit,
  plainRouteProblem,
  plainUrl,
  siblingProblem,
  type LoadContext,
  type RouteHandler,
} from "./direct-reads";

/**
 * The API's busiest write, `POST /api/pets/:id/candidaturas` (an adoption application, at a
 * campaign's peak), answered by its route's own action, called here, rather than through React
 * Router's request handler, which matches the path against the app's routes twice, runs its
 * data strategy and turns the answer into a Fetch Response streamed back. Measured on
 * PostgreSQL, that handling was about 0.7 of the 2.4 ms of the server's CPU a submit cost
 * (docs/performance.md).
 *
 * Unlike a read, a write cannot be handed on to React Router once its action ran: every
 * outcome is answered here as React Router answers it for a resource route. `data(value,
 * init)` as `Response.json` (its status and headers, `application/json`, the value as JSON);
 * a Response returned or thrown (a 401) as it is; anything else thrown goes on to the server's
 * last-resort error page. The action gets what React Router would give it: the method, the
 * headers and the body as a stream (the body's own limits apply as they read it), and a URL
 * without the Host header, which anyone may write (the action reads no origin from it).
 * Other methods, paths with escapes or dots, and `.data` go on to React Router.
 *
 * It relies on the route's id and action in the server build (a plain action, no middleware,
 * no route beside `api/pets/:id/candidaturas`) and on `data()`'s shape: checked at start
 * (`directWritesProblem`, which leaves the trick out with a warning) and by
 * tests/integration/runtime-tuning.test.ts; tests/server/direct-writes.test.ts compares the
 * answers with React Router's.
 */
const DIRECT_WRITE_ROUTE = "routes/api/pet-candidaturas";

/** Why the trick cannot apply to this build and this React Router, or undefined when it can. */
export function directWritesProblem(build: Pick<ServerBuild, "routes">): string | undefined {
  return (
    plainRouteProblem(build, DIRECT_WRITE_ROUTE, "action") ??
    siblingProblem(build, /^api\/pets\/[^/:*]+\/candidaturas$/, "api/pets/:id/candidaturas")
  );
}

export function directWrites(
  build: Pick<ServerBuild, "routes" | "basename">,
  loadContext: LoadContext,
): RequestHandler {
  const base = (build.basename ?? "/").replace(/\/$/, "");
  const route = build.routes[DIRECT_WRITE_ROUTE]!;
  const pattern = `${base}/${route.path}`;
  const action = route.module.action as RouteHandler;
  return (req, res, next) => {
    if (req.method !== "POST" || req.path.includes("%")) return next();
    const match = matchPath({ path: pattern, end: true }, req.path);
    if (!match) return next();
    const url = plainUrl(req);
    if (!url) return next();
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (Array.isArray(value)) for (const each of value) headers.append(name, each);
      else if (value !== undefined) headers.set(name, value);
    }
    const request = new Request(url, {
      method: "POST",
      headers,
      body: createReadableStreamFromReadable(req),
      duplex: "half",
    } as RequestInit);
    Promise.resolve()
      .then(() => action({ request, params: match.params, context: loadContext(req, res) }))
      .then(
        (result) => send(res, result),
        (thrown: unknown) => (thrown instanceof Response ? send(res, thrown) : Promise.reject(thrown)),
      )
      .catch(next);
  };
}

/** Writes the action's answer as React Router would for a resource route. */
async function send(res: ExpressResponse, result: unknown): Promise<void> {
  const response = isDataWithInit(result)
    ? Response.json(result.data, result.init ?? undefined)
    : result instanceof Response
      ? result
      : Response.json(result);
  const body = Buffer.from(await response.arrayBuffer());
  // The client went away meanwhile: nothing to write to.
  if (res.destroyed || res.writableEnded) return;
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers) res.append(name, value);
  res.end(body);
}
