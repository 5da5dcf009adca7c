// One web process: load the app (the server build, or the sources through Vite in
// development), listen, and shut down gracefully on SIGTERM/SIGINT. Started by server/main.js,
// alone or as one of WEB_CONCURRENCY processes (server/cluster.js).
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
// Production unless told otherwise: React and other libraries choose their build by this
// variable when first loaded, and a server started without it ran React's development build.
if (!process.env.NODE_ENV) process.env.NODE_ENV = "production";
const development = process.env.NODE_ENV === "development";

async function load() {
  // Node's own start, until here, is the start's first step (server/startup-clock.ts).
  const loadingSinceMs = performance.now();
  if (!development) {
    const { createServer } = await import(path.join(root, "build/server/index.js"));
    return createServer({ clientDir: path.join(root, "build/client"), onLockCompromised, loadingSinceMs });
  }
  const vite = await import("vite");
  const devServer = await vite.createServer({ server: { middlewareMode: true }, appType: "custom" });
  const { createServer } = await devServer.ssrLoadModule("./server/app.ts");
  return createServer({
    loadBuild: () => devServer.ssrLoadModule("virtual:react-router/server-build"),
    before: [devServer.middlewares],
    onLockCompromised,
    loadingSinceMs,
  });
}

/** @param {Error} error */
function onLockCompromised(error) {
  console.error(`A trava do banco de dados embutido foi perdida (${error.message}). Encerrando.`);
  process.exit(1);
}

let started;
try {
  started = await load();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
const { env, database, server, jobs, log, startup } = started;

server.listen(env.port, env.host, () => {
  startup.lap("http");
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : env.port;
  log.info(
    { startup: startup.steps() },
    `Adopet em http://${env.host === "0.0.0.0" ? "localhost" : env.host}:${port}/adopet/`,
  );
});
server.on("error", async (/** @type {Error} */ error) => {
  log.error(`Não foi possível ouvir em ${env.host}:${env.port}: ${error.message}`);
  await jobs.stop();
  await database.close();
  process.exit(1);
});

let stopping = false;
/** @param {string} signal */
async function shutdown(signal) {
  if (stopping) return;
  stopping = true;
  log.info(`${signal} recebido: encerrando (aguardando as requisições em andamento).`);
  /** @type {(value?: unknown) => void} */
  let reachDeadline = () => undefined;
  const deadline = new Promise((resolve) => (reachDeadline = resolve));
  const forced = setTimeout(() => {
    log.error("Tempo de encerramento esgotado: fechando conexões restantes.");
    server.closeAllConnections();
    reachDeadline();
  }, env.shutdownTimeoutMs);
  forced.unref();
  // Stop accepting connections; in-flight requests finish, idle keep-alives close.
  await new Promise((resolve) => {
    server.close(() => resolve(undefined));
    server.closeIdleConnections();
  });
  // Then the jobs those requests queued (e-mail notices) run, and the running ones finish,
  // before the database closes; what the deadline cuts short stays queued for the next start.
  const jobsDeadline = Date.now() + env.shutdownTimeoutMs;
  await Promise.race([
    jobs
      .runDue(jobsDeadline)
      .then(() => jobs.stop(jobsDeadline))
      .catch((/** @type {Error} */ error) => log.error({ err: error }, "Fila de tarefas: encerramento incompleto")),
    deadline,
  ]);
  clearTimeout(forced);
  await database.close();
  log.info("Encerrado.");
  log.flush();
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
