import "react-router";
import { createRequestHandler } from "@react-router/express";
import type { ServerBuild } from "react-router";
import type { RequestHandler } from "express";
import type { Database } from "~/db/client.server";
import { prepareDatabase } from "~/db/setup.server";
import { readEnv, type Env } from "~/env.server";
import { createHttpApp } from "./http";

declare module "react-router" {
  interface AppLoadContext {
    db: Database["db"];
    /** The client's address (behind a proxy, as TRUST_PROXY allows), for rate limits. */
    clientIp: string;
  }
}

export type StartOptions = {
  /** Where the built client lives (production). */
  clientDir?: string;
  /** Loads the server build; Vite's dev server passes its own loader. */
  loadBuild?: () => Promise<ServerBuild>;
  before?: RequestHandler[];
  onLockCompromised?: (error: Error) => void;
};

/** Everything the process needs before it listens: settings, database, HTTP app. */
export async function createServer(options: StartOptions = {}): Promise<{
  env: Env;
  database: Database;
  app: ReturnType<typeof createHttpApp>;
}> {
  const env = readEnv();
  const database = await prepareDatabase(env, console.log, options.onLockCompromised);
  const build = options.loadBuild ?? (() => import("virtual:react-router/server-build") as Promise<ServerBuild>);
  const handler = createRequestHandler({
    build,
    mode: env.nodeEnv,
    getLoadContext: (req) => ({ db: database.db, clientIp: req.ip ?? "desconhecido" }),
  });
  const app = createHttpApp({
    db: database.db,
    handler,
    clientDir: options.clientDir,
    before: options.before,
    production: env.nodeEnv === "production",
  });
  return { env, database, app };
}
