// `npm run worker`: only the job queue, for deployments that run jobs apart from the web
// servers (those run with JOBS=off). On the embedded database the web server already runs
// the jobs: one process per data directory.
import "./node-version.js";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
if (!process.env.NODE_ENV) process.env.NODE_ENV = "production";

let started;
try {
  const { createWorker } = await import(path.join(root, "build/server/index.js"));
  started = await createWorker();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
const { env, database, jobs, log } = started;
log.info("Adopet: executando apenas a fila de tarefas.");

let stopping = false;
/** @param {string} signal */
async function shutdown(signal) {
  if (stopping) return;
  stopping = true;
  log.info(`${signal} recebido: encerrando (aguardando as tarefas em andamento).`);
  await jobs.stop(Date.now() + env.shutdownTimeoutMs).catch((/** @type {Error} */ error) => {
    log.error({ err: error }, "Fila de tarefas: encerramento incompleto");
  });
  await database.close();
  log.info("Encerrado.");
  log.flush();
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
