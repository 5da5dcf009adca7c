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
 * - the API's public reads answered by their loaders, past React Router's request handling:
 *   `direct-reads.ts` (ADR 30);
 * - the API's busiest write (an adoption application) answered by its action, past React
 *   Router's request handling: `direct-writes.ts` (ADR 30).
 *
 * Off, the server runs as its libraries ship: Node's plain HTTP server (Express swaps the
 * prototypes itself), PGlite unpatched, no response cache, every request through React Router,
 * node started without flags.
 * When a library no longer has the shape a patch relies on, the patch is left out with a
 * warning in the log rather than the start failing; tests/integration/runtime-tuning.test.ts
 * fails on such a library before it reaches production.
 */
import http from "node:http";
import type { PGlite } from "@electric-sql/pglite";
import type { Request, Response, Express, RequestHandler } from "express";
import type { AppLoadContext, ServerBuild } from "react-router";
import type { Db } from "~/db/client.server";
import { onPublicDataChanged, PUBLIC_READ_TTL_MS } from "~/domain/pets/public-reads.server";
import { embeddedDatabaseProblem, fewStatementsPerTurn } from "./embedded-database";
import { directReads, directReadsProblem } from "./direct-reads";
import { directWrites, directWritesProblem } from "./direct-writes";
import { bornWithExpressPrototypes, nodeServerProblem } from "./node-server";
import { publicResponseCache } from "./response-cache";

export type RuntimeTuning = {
  /** The HTTP server for `app`. */
  nodeServer(app: Express): http.Server;
  /** What openDatabase does to a freshly opened PGlite instance (nothing when off). */
  tuneEmbeddedDatabase(client: PGlite): void;
  /** The response cache, cleared by every public write of this process, or none when off. */
  responseCache(db: Db): RequestHandler | undefined;
  /** The API's public reads answered by their loaders, or none when off (or when the build or React Router has changed). */
  directReads(
    build: ServerBuild,
    loadContext: (req: Request, res: Response) => AppLoadContext,
  ): RequestHandler | undefined;
  /** The API's busiest write answered by its action, or none when off (or when the build or React Router has changed). */
  directWrites(
    build: ServerBuild,
    loadContext: (req: Request, res: Response) => AppLoadContext,
  ): RequestHandler | undefined;
};

export function runtimeTuning({ enabled, warn }: { enabled: boolean; warn: (message: string) => void }): RuntimeTuning {
  if (!enabled) {
    warn(
      "RUNTIME_TUNING=off: servidor sem os ajustes de desempenho (servidor HTTP do Node, banco embutido " +
        "sem escalonamento, sem cache de respostas, toda requisição pelo React Router; server/tuning/start.sh inicia o node sem as opções de " +
        "server/tuning/node-flags.js).",
    );
    return {
      nodeServer: (app) => http.createServer(app),
      tuneEmbeddedDatabase: () => undefined,
      responseCache: () => undefined,
      directReads: () => undefined,
      directWrites: () => undefined,
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
    responseCache(db) {
      const cache = publicResponseCache({ ttlMs: PUBLIC_READ_TTL_MS });
      onPublicDataChanged(db, () => cache.clear());
      return cache;
    },
    directReads(build, loadContext) {
      const problem = directReadsProblem(build);
      if (!problem) return directReads(build, loadContext);
      leftOut("leituras públicas da API pelos loaders", problem);
      return undefined;
    },
    directWrites(build, loadContext) {
      const problem = directWritesProblem(build);
      if (!problem) return directWrites(build, loadContext);
      leftOut("candidaturas da API pela action", problem);
      return undefined;
    },
  };
}
