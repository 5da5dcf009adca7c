import { Hono } from "hono";
import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import type { AppLoadContext } from "react-router";
import { logError } from "~/lib/log.server";
import { apiError, methodNotAllowed } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";
import { SUBMISSION_KEY } from "~/lib/submission-keys";
import { submitOnce, type Submission } from "~/services/submission-keys.server";
import type { Endpoint } from "./endpoint";

/** Where the API lives. */
const API_BASE = "/adopet/api";

type NodeBindings = { incoming: IncomingMessage; outgoing: ServerResponse };

export type ApiWing = {
  /** Answers a request for a path the wing declares (the Fetch API, as Hono serves it). */
  fetch(request: Request, bindings: NodeBindings): Response | Promise<Response>;
  /** Whether `pathname` is an endpoint's path: the wing answers every method there (405 for the others). */
  owns(pathname: string): boolean;
  /** Paths other sites' pages may read (CORS), as the HTTP layer tests them. */
  crossOriginPaths: RegExp[];
  /** Paths whose anonymous GET answers the response cache may keep. */
  publicCachePaths: RegExp[];
  /** The body limit an endpoint declares for `method` on `pathname`, if it declares one. */
  bodyLimitFor(method: string, pathname: string): number | undefined;
};

/**
 * The JSON API's router (docs/decisions/0034-the-api-wing.md): Hono, fed the declarations.
 * For each endpoint, in this order: the session its access needs (401), its path parameters
 * (the resource's 404), then its handler; a Response thrown on the way is the answer. Every
 * other method on a declared path is answered 405 with the methods the declarations give.
 */
export function createApiWing(
  endpoints: readonly Endpoint[],
  context: (incoming: IncomingMessage, outgoing: ServerResponse) => AppLoadContext,
): ApiWing {
  const app = new Hono<{ Bindings: NodeBindings }>({ strict: false }).basePath(API_BASE);
  const declaredByPath = new Map<string, Endpoint[]>();
  for (const declared of endpoints) {
    const beside = declaredByPath.get(declared.path) ?? [];
    if (beside.some((other) => other.method === declared.method)) {
      throw new Error(`API: ${declared.method.toUpperCase()} ${declared.path} declarado duas vezes`);
    }
    declaredByPath.set(declared.path, [...beside, declared]);
  }
  for (const [path, declarations] of declaredByPath) {
    for (const declared of declarations) {
      app.on(declared.method.toUpperCase(), honoPath(path), (c) =>
        answer(
          declared,
          withNodeBody(c.req.raw, c.env.incoming),
          (name) => c.req.param(name),
          context(c.env.incoming, c.env.outgoing),
        ),
      );
    }
    // A path's 405 comes before the next path's methods: another method on a fixed name
    // (`PATCH /candidaturas/animais`) is refused there, not taken by a parameter beside it.
    const allowed = declarations.map((declared) => declared.method.toUpperCase()).join(", ");
    app.all(honoPath(path), () => withCharset(methodNotAllowed(allowed)));
  }
  // Hono tries a request's routes in the order they were added: a parameter declared before a
  // fixed name beside it (`/conversas/{id}` before `/conversas/eventos`) would take its requests.
  const paths = [...declaredByPath.keys()];
  paths.forEach((path, index) => {
    const shadowed = paths.slice(index + 1).find((later) => pathPattern(path).test(`${API_BASE}${later}`));
    if (shadowed) throw new Error(`API: ${path} declarado antes de ${shadowed}, que ele encobriria`);
  });
  const patterns = (keep: (declared: Endpoint) => boolean) =>
    [...new Set(endpoints.filter(keep).map((declared) => declared.path))].map(pathPattern);
  const owned = paths.map(pathPattern);
  const bodyLimits = endpoints.flatMap((declared) =>
    declared.bodyLimit === undefined
      ? []
      : [{ method: declared.method.toUpperCase(), pattern: pathPattern(declared.path), maxBytes: declared.bodyLimit }],
  );
  return {
    fetch: (request, bindings) => app.fetch(request, bindings),
    // Every request under /adopet asks: pages answer at the first test.
    owns: (pathname) => pathname.startsWith(`${API_BASE}/`) && owned.some((pattern) => pattern.test(pathname)),
    crossOriginPaths: patterns((declared) => declared.method === "get" && declared.crossOrigin === true),
    publicCachePaths: patterns((declared) => declared.method === "get" && declared.publicCache === true),
    bodyLimitFor: (method, pathname) =>
      bodyLimits.find((limit) => limit.method === method.toUpperCase() && limit.pattern.test(pathname))?.maxBytes,
  };
}

async function answer(
  declared: Endpoint,
  request: Request,
  param: (name: string) => string | undefined,
  context: AppLoadContext,
): Promise<Response> {
  try {
    const user = declared.access === "anyone" ? null : await requireApiUser(request, context.db);
    const params: Record<string, string> = {};
    for (const [name, parser] of Object.entries(declared.params ?? {})) {
      const value = parser.parse(param(name) ?? "");
      if (value === undefined) return parser.refused();
      params[name] = value;
    }
    const handle = async () =>
      withCharset(await declared.handle({ request, params, context, user } as Parameters<Endpoint["handle"]>[0]));
    const key = request.headers.get("idempotency-key");
    if (declared.method !== "post" || !user || key === null) return await handle();
    return await once(context, { userId: user.id, key, request: `POST ${new URL(request.url).pathname}` }, handle);
  } catch (thrown) {
    if (thrown instanceof Response) return withCharset(thrown);
    logError("Erro não tratado na API", thrown);
    return withCharset(apiError(500, "Não foi possível atender ao seu pedido. Tente novamente em instantes."));
  }
}

/** A signed-in POST with `Idempotency-Key`: made once per key, the same answer again after. */
async function once(context: AppLoadContext, submission: Submission, handle: () => Promise<Response>) {
  if (!SUBMISSION_KEY.test(submission.key)) {
    return withCharset(
      apiError(400, "O cabeçalho Idempotency-Key deve ter de 8 a 100 letras, números ou os sinais - _ . :"),
    );
  }
  const outcome = await submitOnce(context.db, submission, handle);
  switch (outcome.kind) {
    case "answered":
      return outcome.response;
    case "other-request":
      return withCharset(
        apiError(422, "Esta Idempotency-Key já foi usada em outro pedido: use uma chave nova para cada envio."),
      );
    case "still-working":
      return withCharset(
        apiError(
          409,
          "Um envio com esta Idempotency-Key ainda está em andamento. Tente de novo em instantes.",
          undefined,
          { "Retry-After": "1" },
        ),
      );
  }
}

/**
 * Text and JSON say their charset, as the API's answers always have (Express adds it):
 * `application/json; charset=utf-8`. Set on the answer's own headers, which keeps a light
 * Response light (server/tuning/api-listener.ts).
 */
function withCharset(response: Response): Response {
  const type = response.headers.get("content-type");
  if (type && /^(text\/[^;]+|application\/(?:json|javascript))$/i.test(type)) {
    response.headers.set("content-type", `${type}; charset=utf-8`);
  }
  return response;
}

/**
 * The request a handler reads, with its body streamed straight from Node's request: the
 * adapter's own body, a web stream around Node's web stream of the request, made a JSON
 * application's submit cost a tenth more on PostgreSQL (bench/compare.ts, bench/api-router.ts).
 */
function withNodeBody(request: Request, incoming: IncomingMessage): Request {
  if (request.method === "GET" || request.method === "HEAD" || !(incoming instanceof Readable)) return request;
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers)) {
    if (Array.isArray(value)) for (const each of value) headers.append(name, each);
    else if (value !== undefined) headers.set(name, value);
  }
  return new Request(request.url, {
    method: request.method,
    headers,
    body: createReadableStreamFromReadable(incoming),
    duplex: "half",
  } as RequestInit);
}

/** `/pets/{id}` as Hono writes it: `/pets/:id`. */
const honoPath = (path: string) => path.replace(/\{(\w+)\}/g, ":$1");

/** The full path's test: a parameter is one segment; a trailing slash is allowed. */
function pathPattern(path: string): RegExp {
  const escaped = path
    .split(/\{\w+\}/)
    .map((piece) => piece.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
    .join("[^/]+");
  return new RegExp(`^${API_BASE}${escaped}/?$`);
}
