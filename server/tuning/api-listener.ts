import type { IncomingMessage, ServerResponse } from "node:http";
import { getRequestListener } from "@hono/node-server";

/**
 * The API wing answers Node's requests through @hono/node-server. Its Request is made lazily
 * from Node's request. With `lightResponses` (its default, which we keep behind RUNTIME_TUNING
 * since it replaces the process's global Request and Response), a Response built from a string
 * or bytes (`Response.json`) is written straight to the socket, not read back from a stream:
 * about a quarter more requests a second for a small JSON read, a half more for a JSON write
 * (bench/api-router.ts; ADR 34). React Router's own Requests and Responses work the same with
 * either: the adapter's classes pass `instanceof` for the global ones.
 */
export type FetchHandler = (
  request: Request,
  bindings: { incoming: IncomingMessage; outgoing: ServerResponse },
) => Response | Promise<Response>;
export type NodeListener = (incoming: IncomingMessage, outgoing: ServerResponse) => Promise<void>;

const GLOBAL_RESPONSE = globalThis.Response;

export function apiListener(fetch: FetchHandler, { lightResponses }: { lightResponses: boolean }): NodeListener {
  return getRequestListener(fetch as Parameters<typeof getRequestListener>[0], {
    overrideGlobalObjects: lightResponses,
    // Our body readers read what they need, and the HTTP layer (server/body-limits.ts) drains what
    // an early answer leaves, for 5 s. The adapter's own drain cuts the connection 500 ms after the
    // answer: a client still sending then, on a busy machine, got a reset and lost its answer.
    autoCleanupIncoming: false,
  }) as NodeListener;
}

/** Why the light Response is not in place after `apiListener` made it so, or undefined. */
export function lightResponsesProblem(): string | undefined {
  if (globalThis.Response === GLOBAL_RESPONSE) return "o @hono/node-server não troca mais o Response global";
  const made = Response.json({});
  if (!(made instanceof GLOBAL_RESPONSE)) return "o Response do @hono/node-server não passa mais por Response";
  return undefined;
}
