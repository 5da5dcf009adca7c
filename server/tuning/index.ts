/**
 * The runtime tuning: every trick the server plays on its libraries and on its process to
 * serve more with less memory, in one place, behind one switch (RUNTIME_TUNING, on by
 * default; ADR 15). The rest of the server only asks this module:
 *
 * - the process settings (V8 flags, glibc's malloc threshold): `node-flags.js`, applied by
 *   `start.sh` (npm start, npm run serve) and by whatever starts the server in tests, the
 *   e2e suite and the benchmarks, unless RUNTIME_TUNING=off (ADR 10, 11);
 * - the HTTP server whose requests are born with Express's prototypes: `node-server.ts`
 *   (ADR 11);
 * - the embedded database's statement scheduler, a few statements per turn of the event
 *   loop: `embedded-database.ts` (ADR 10);
 * - the whole-response cache for anonymous visitors: `response-cache.ts` (ADR 8);
 * - the API wing's Node adapter (@hono/node-server) with its own light Request and Response in
 *   place of the global ones, so that an answer made with `Response.json` is written without a
 *   stream in between: `api-listener.ts` (ADR 34).
 *
 * Off, the server runs as its libraries ship: Node's plain HTTP server (Express swaps the
 * prototypes itself), PGlite unpatched, no response cache, the global Request and Response
 * left alone, node started without flags.
 * When a library no longer has the shape a patch relies on, the patch is left out with a
 * warning in the log rather than the start failing; tests/integration/runtime-tuning.test.ts
 * fails on such a library before it reaches production.
 */
import http from "node:http";
import type { PGlite } from "@electric-sql/pglite";
import type { Express, RequestHandler } from "express";
import { embeddedDatabaseProblem, fewStatementsPerTurn } from "./embedded-database";
import { apiListener, lightResponsesProblem, type FetchHandler, type NodeListener } from "./api-listener";
import { bornWithExpressPrototypes, nodeServerProblem } from "./node-server";
import { publicResponseCache, type PublicResponseCacheOptions } from "./response-cache";

export type RuntimeTuning = {
  /** The HTTP server for `app`. */
  nodeServer(app: Express): http.Server;
  /** What openDatabase does to a freshly opened PGlite instance (nothing when off). */
  tuneEmbeddedDatabase(client: PGlite): void;
  /**
   * The response cache, cleared whenever `onPublicChange` calls back (every public write of this
   * process), or none when off.
   */
  responseCache(
    options: PublicResponseCacheOptions & { onPublicChange(clear: () => void): void },
  ): RequestHandler | undefined;
  /** The API wing's Node listener: with the adapter's light Request and Response, or the global ones when off. */
  apiListener(fetch: FetchHandler): NodeListener;
};

export function runtimeTuning({ enabled, warn }: { enabled: boolean; warn: (message: string) => void }): RuntimeTuning {
  if (!enabled) {
    warn(
      "RUNTIME_TUNING=off: servidor sem os ajustes de desempenho (servidor HTTP do Node, banco embutido " +
        "sem escalonamento, sem cache de respostas, Request e Response globais na API; server/tuning/start.sh inicia o node sem as opções de " +
        "server/tuning/node-flags.js).",
    );
    return {
      nodeServer: (app) => http.createServer(app),
      tuneEmbeddedDatabase: () => undefined,
      responseCache: () => undefined,
      apiListener: (fetch) => apiListener(fetch, { lightResponses: false }),
    };
  }
  const leftOut = (what: string, problem: string) =>
    warn(`Ajuste de desempenho "${what}" desligado: ${problem}. Veja server/tuning e RUNTIME_TUNING.`);
  return {
    nodeServer(app) {
      const problem = nodeServerProblem(app);
      if (problem) {
        leftOut("requisições com os protótipos do Express", problem);
        return http.createServer(app);
      }
      const server = bornWithExpressPrototypes(app);
      // Node ignoring the server's options shows only when a request arrives.
      server.prependOnceListener("request", (req: http.IncomingMessage) => {
        if (Object.getPrototypeOf(req) !== app.request) {
          warn(
            'Ajuste de desempenho "requisições com os protótipos do Express" sem efeito: o Node não usa mais ' +
              "a opção IncomingMessage. Veja server/tuning e RUNTIME_TUNING.",
          );
        }
      });
      return server;
    },
    tuneEmbeddedDatabase(client) {
      const problem = embeddedDatabaseProblem(client);
      if (problem) leftOut("comandos do banco embutido por volta do laço de eventos", problem);
      else fewStatementsPerTurn(client);
    },
    responseCache({ onPublicChange, ...options }) {
      const cache = publicResponseCache(options);
      onPublicChange(() => cache.clear());
      return cache;
    },
    apiListener(fetch) {
      const listener = apiListener(fetch, { lightResponses: true });
      const problem = lightResponsesProblem();
      if (problem) leftOut("Request e Response leves na API", problem);
      return listener;
    },
  };
}
