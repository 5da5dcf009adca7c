import type { Server } from "node:http";
import "react-router";
import { createRequestHandler } from "@react-router/express";
import type { ServerBuild } from "react-router";
import type { RequestHandler } from "express";
import type { Database } from "~/db/client.server";
import { prepareDatabase } from "~/db/setup.server";
import { createMailer, type Mailer } from "~/services/mail.server";
import { backgroundSettled, inBackground } from "~/services/background.server";
import { sendPendingNotices } from "~/services/messages.server";
import { configureLimits } from "~/services/rate-limits.server";
import { readEnv, type Env } from "~/env.server";
import { onPublicDataChanged, PUBLIC_READ_TTL_MS } from "~/services/public-reads.server";
import { createHttpApp, createNodeServer } from "./http";
import { publicResponseCache } from "./public-cache";

declare module "react-router" {
  interface AppLoadContext {
    db: Database["db"];
    /** The client's address (behind a proxy, as TRUST_PROXY allows), for rate limits. */
    clientIp: string;
    mailer: Mailer;
    /** This response's Content-Security-Policy nonce, for the inline scripts of the document. */
    cspNonce: string;
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

/** Everything the process needs before it listens: settings, database, HTTP server. */
export async function createServer(options: StartOptions = {}): Promise<{
  env: Env;
  database: Database;
  server: Server;
  /** Resolves once the work that follows responses (e-mail notices) is done. */
  backgroundSettled: () => Promise<void>;
}> {
  const env = readEnv();
  const database = await prepareDatabase(env, console.log, options.onLockCompromised);
  configureLimits({
    messagesPerClientPerHour: env.messageLimitPerHour,
    messagesPerRecipientPerHour: env.messageLimitPerRecipientPerHour,
  });
  const mailer = createMailer({ smtpUrl: env.smtpUrl, from: env.mailFrom });
  // Notices interrupted by a crash or a mail outage go out now, without delaying the start.
  const inboxUrl = env.publicUrl ? `${env.publicUrl}/adopet/mensagens` : undefined;
  inBackground(
    sendPendingNotices(database.db, mailer, inboxUrl).catch((error: Error) =>
      console.error("Avisos por email pendentes não enviados:", error.message),
    ),
  );
  const build = options.loadBuild ?? (() => import("virtual:react-router/server-build") as Promise<ServerBuild>);
  const handler = createRequestHandler({
    build,
    mode: env.nodeEnv,
    getLoadContext: (req, res) => ({
      db: database.db,
      clientIp: req.ip ?? "desconhecido",
      mailer,
      cspNonce: String(res.locals.cspNonce ?? ""),
    }),
  });
  const app = createHttpApp({
    db: database.db,
    handler,
    clientDir: options.clientDir,
    before: options.before,
    production: env.nodeEnv === "production",
    trustProxy: env.trustProxy,
    health: database.health,
    publicCache: env.nodeEnv === "production" ? sharedPublicCache(database.db) : undefined,
  });
  return { env, database, server: createNodeServer(app), backgroundSettled };
}

/** The whole-response cache, cleared by every public write of this process. */
function sharedPublicCache(db: Database["db"]) {
  const cache = publicResponseCache({ ttlMs: PUBLIC_READ_TTL_MS });
  onPublicDataChanged(db, () => cache.clear());
  return cache;
}
