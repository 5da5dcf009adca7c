import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import "react-router";
import { createRequestHandler } from "@react-router/express";
import type { AppLoadContext, ServerBuild } from "react-router";
import type { Request, RequestHandler, Response } from "express";
import type { Database } from "~/db/client.server";
import { prepareDatabase } from "~/setup.server";
import { defaultPublicUrl } from "~/lib/public-url";
import { createMailer, type Mailer } from "~/services/mail.server";
import { startJobQueue, type JobQueue } from "~/jobs/queue.server";
import type { Jobs } from "~/services/jobs.server";
import { appJobs } from "~/jobs/definitions.server";
import { PURGE_JOB } from "~/jobs/maintenance.server";
import { configureLimits } from "~/services/rate-limits.server";
import { clientKeyOf } from "~/services/client-address.server";
import { logError, logger, useReadableLog } from "~/lib/log.server";
import type { Logger } from "pino";
import { readEnv, type Env } from "~/env.server";
import { openVault, type Vault } from "~/services/vault.server";
import { createHttpApp } from "./http";
import { bodyLimits, pageRoutesOf } from "./body-limits";
import { PAGE_BODY_LIMITS } from "~/route-body-limits";
import { CONVERSATION_CHANNEL, ConversationHub } from "~/domain/conversations/live.server";
import { runtimeTuning } from "./tuning";
import { onPublicDataChanged, PUBLIC_READ_TTL_MS } from "~/domain/pets/public-reads.server";
import { isPersonalRequest } from "~/web/personal.server";
import { apiWing } from "~/api/index.server";
import { startupClock, type StartupClock } from "./startup-clock";

declare module "react-router" {
  interface AppLoadContext {
    db: Database["db"];
    /** The client's address (behind a proxy, as TRUST_PROXY allows), as a termo's signature records it. */
    clientIp: string;
    /**
     * Who the client is for every limit per client and for moderation (clientKeyOf): the
     * address, or an IPv6 address's /64.
     */
    clientKey: string;
    /** The job queue, to send work that happens after the answer (e-mail notices). */
    jobs: Jobs;
    /** This response's Content-Security-Policy nonce, for the inline scripts of the document. */
    cspNonce: string;
    /**
     * The site's origin (PUBLIC_URL, or http://HOST:PORT), for every absolute URL the app
     * writes: links in e-mails, canonical and Open Graph addresses. Never taken from a
     * request, whose Host header anyone can forge.
     */
    publicUrl: string;
    /** What the privacy page says of this installation: its contact, and how long answers are kept. */
    privacy: { contact: string | undefined; applicationRetentionDays: number };
    /** The map tiles' template and credit (MAP_TILES_URL), when the operator configured a server. */
    mapTiles: { url: string; attribution: string } | undefined;
    /** Distinct people whose reports hide a listing until an operator looks (REPORTS_TO_HIDE). */
    moderation: { reportsToHide: number; reporterMinAgeDays: number };
    /** This server's open event streams of conversations, fed by every server's messages. */
    conversations: ConversationHub;
    /** Seals and opens personal data kept encrypted (the termo's CPF, address and PDF). */
    vault: Vault;
  }
}

export type StartOptions = {
  /** Where the built client lives (production). */
  clientDir?: string;
  /** Loads the server build; Vite's dev server passes its own loader. */
  loadBuild?: () => Promise<ServerBuild>;
  before?: RequestHandler[];
  onLockCompromised?: (error: Error) => void;
  /** When the process began loading the app (performance.now() in server/web.js): the start's first step. */
  loadingSinceMs?: number;
};

/** How long an idle kept-alive connection stays open (see createServer). */
const KEEP_ALIVE_MS = 65_000;

/** Everything the process needs before it listens: settings, database, HTTP server. */
export async function createServer(options: StartOptions = {}): Promise<{
  env: Env;
  database: Database;
  server: Server;
  /** The job queue; its workers start once the server listens (unless JOBS=off). */
  jobs: JobQueue;
  /** The process's log (server/web.js writes its own events there). */
  log: Logger;
  /** How long each step of starting took (logged with the line that says the server listens). */
  startup: StartupClock;
}> {
  const startup = startupClock(options.loadingSinceMs);
  const env = readEnv();
  if (env.nodeEnv === "development") await useReadableLog();
  const tuning = runtimeTuning({ enabled: env.runtimeTuning, warn: (message) => logger.warn(message) });
  // Before the database: a missing key stops the start, not a signature later.
  const vault = openVault({ key: env.dataEncryptionKey, dataDir: env.dataDir, embedded: !env.databaseUrl });
  // The built app, loaded once and before the database (a broken build opens nothing). Given a
  // function, React Router derives its routes again for every request, for Vite's reloads in
  // development: 5% of the server's time under the applications bench.
  const build = options.loadBuild ?? ((await import("virtual:react-router/server-build")) as unknown as ServerBuild);
  startup.lap("bundle");
  const database = await prepareDatabase(env, (line) => logger.info(line), {
    onLockCompromised: options.onLockCompromised,
    tuneEmbedded: tuning.tuneEmbeddedDatabase,
    lap: startup.lap,
  });
  configureLimits(database.db, {
    messagesPerClientPerHour: env.messageLimitPerHour,
    messagesPerRecipientPerHour: env.messageLimitPerRecipientPerHour,
    signupsPerClientPerHour: env.signupLimitPerHour,
    reportsPerClientPerHour: env.reportLimitPerHour,
    enabled: env.rateLimits,
  });
  if (!env.rateLimits) logger.warn("ATENÇÃO: RATE_LIMITS=off, nenhum limite de tentativas vale. Só para testes.");
  const mailer = createMailer({ smtpUrl: env.smtpUrl, from: env.mailFrom });
  let publicUrl = env.publicUrl ?? defaultPublicUrl(env.host, env.port);
  const jobs = await startQueue(database, env, mailer, () => publicUrl);
  const conversations = new ConversationHub(env.liveHeartbeatMs);
  await database.listen(CONVERSATION_CHANNEL, conversations.dispatch, conversations.resync);
  startup.lap("queue");
  const loadContext = (req: Request, res: Response): AppLoadContext => ({
    db: database.db,
    clientIp: req.ip ?? "desconhecido",
    clientKey: clientKeyOf(req.ip ?? "desconhecido"),
    jobs,
    cspNonce: String(res.locals.cspNonce ?? ""),
    publicUrl,
    privacy: { contact: env.privacyContact, applicationRetentionDays: env.applicationRetentionDays },
    mapTiles: env.mapTiles && { url: env.mapTiles.url, attribution: env.mapTiles.attribution },
    moderation: { reportsToHide: env.reportsToHide, reporterMinAgeDays: env.reporterMinAgeDays },
    conversations,
    vault,
  });
  const handler = createRequestHandler({ build, mode: env.nodeEnv, getLoadContext: loadContext });
  // The JSON API, served before React Router (its requests are Express's, made by server/tuning).
  const api = apiWing((incoming, outgoing) => loadContext(incoming as Request, outgoing as Response));
  const app = createHttpApp({
    db: database.db,
    handler,
    clientDir: options.clientDir,
    before: options.before,
    production: env.nodeEnv === "production",
    imageOrigins: env.mapTiles ? [env.mapTiles.origin] : [],
    trustProxy: env.trustProxy,
    health: database.health,
    publicCache:
      env.nodeEnv === "production"
        ? tuning.responseCache({
            ttlMs: PUBLIC_READ_TTL_MS,
            apiPaths: api.publicCachePaths,
            isPersonal: isPersonalRequest,
            onPublicChange: (clear) => onPublicDataChanged(database.db, clear),
          })
        : undefined,
    api: { ...api, listener: tuning.apiListener(api.fetch) },
    publicUrl: () => publicUrl,
    requestLines: env.requestLog,
    bodyLimitFor: bodyLimits({
      // In development, the routes as the server started (a new page's limit waits for a restart).
      pages: pageRoutesOf((typeof build === "function" ? await build() : build).routes),
      pageLimits: PAGE_BODY_LIMITS,
      api: api.bodyLimitFor,
    }),
  });
  const server = tuning.nodeServer(app);
  // A client (a proxy, a browser, a test runner) may send on a kept-alive connection at the very
  // moment Node's 5 s default closes it, and gets ECONNRESET. Idle connections stay open longer
  // than the usual clients' and proxies' own idle limits (60 s), so the client always closes first.
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;
  server.once("listening", () => {
    // PORT=0 picks a free port: only now is the address known.
    if (!env.publicUrl) publicUrl = defaultPublicUrl(env.host, (server.address() as AddressInfo).port);
    afterFirstAnswer(server, () => {
      // Once, now: what starting left behind is freed rather than at a full collection that may
      // not come for a long while under load (server/tuning/node-flags.js exposes gc).
      globalThis.gc?.();
      // Jobs waiting from before (a crash, a mail outage) run now, with the links' address known.
      jobs.startWorkers().catch((error: unknown) => logError("Fila de tarefas: trabalhadores não iniciados", error));
    });
  });
  return { env, database, server, jobs, log: logger, startup };
}

/** How long a server that nobody asks anything waits before the work `afterFirstAnswer` holds back. */
const FIRST_ANSWER_WAIT_MS = 1_000;

/**
 * Runs `work` once the server's first response has gone (or FIRST_ANSWER_WAIT_MS after it
 * listens, if no request comes): the job workers' first rounds (the cron's catch-up, the queue's
 * upkeep, jobs left from before) and a full collection held up the first page by 300 ms, the
 * workers contending with it for the embedded database's one connection (docs/performance.md).
 */
function afterFirstAnswer(server: Server, work: () => void) {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    server.off("request", onRequest);
    // Not for a server already closing (its first answer's connection cut by the shutdown).
    if (server.listening) work();
  };
  const onRequest = (_request: unknown, response: NodeJS.EventEmitter) => response.once("close", run);
  const timer = setTimeout(run, FIRST_ANSWER_WAIT_MS);
  server.on("request", onRequest);
  server.once("close", run);
}

/**
 * Only the job queue, for `npm run worker` (deployments that run jobs apart from the web
 * servers, which then run with JOBS=off). Links in e-mails need PUBLIC_URL.
 */
export async function createWorker(): Promise<{ env: Env; database: Database; jobs: JobQueue; log: Logger }> {
  const env = readEnv();
  if (env.nodeEnv === "development") await useReadableLog();
  const database = await prepareDatabase(env, (line) => logger.info(line));
  const mailer = createMailer({ smtpUrl: env.smtpUrl, from: env.mailFrom });
  const publicUrl = env.publicUrl ?? defaultPublicUrl(env.host, env.port);
  const jobs = await startQueue(database, { ...env, jobs: true }, mailer, () => publicUrl);
  await jobs.startWorkers();
  return { env, database, jobs, log: logger };
}

async function startQueue(database: Database, env: Env, mailer: Mailer, publicUrl: () => string) {
  try {
    // The jobs that send others are handed this queue once it has started.
    const jobs: JobQueue = await startJobQueue(
      database,
      appJobs({
        db: database.db,
        mailer,
        publicUrl,
        jobs: () => jobs,
        applicationRetentionDays: env.applicationRetentionDays,
        privacyContact: env.privacyContact,
      }),
      {
        work: env.jobs,
      },
    );
    // A purge at every start, besides the hourly one: a server that never stays up an hour still purges.
    if (env.jobs) await jobs.send(PURGE_JOB, {}, { singletonKey: "at-start" });
    return jobs;
  } catch (error) {
    await database.close();
    throw error;
  }
}
