import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import { isRouteErrorResponse, ServerRouter, type AppLoadContext, type EntryContext } from "react-router";
import { NonceContext } from "./lib/nonce";
import { logError } from "~/lib/log.server";
import { mustKeepPrivate, PRIVATE_NO_STORE } from "~/web/personal.server";

/**
 * React Router's default Node entry, plus the Content-Security-Policy nonce
 * (made per response by the Express host) on every inline script it renders.
 */
export const streamTimeout = 5_000;

/** Errors of loaders and actions, logged safely (React Router's default prints them raw). */
export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  // A 4xx React Router answers by itself (no route, no action for the method) is no error of ours.
  if (isRouteErrorResponse(error) && error.status < 500) return;
  logError("Erro ao atender a requisição", error);
}

/** A page's data (client navigations) is as personal as the page. */
export function handleDataRequest(response: Response, { request }: { request: Request }): Response {
  if (!mustKeepPrivate(request, response.headers)) return response;
  // A copy: a response's headers may be immutable (Response.redirect).
  const headers = new Headers(response.headers);
  headers.set("Cache-Control", PRIVATE_NO_STORE);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (mustKeepPrivate(request, responseHeaders)) responseHeaders.set("Cache-Control", PRIVATE_NO_STORE);
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.cspNonce || undefined;

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers (link previews) get the whole page at once.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) logError("Erro ao desenhar a página", error);
        },
      },
    );
  });
}
