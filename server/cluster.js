// WEB_CONCURRENCY web processes on one machine (node:cluster), each a whole server, sharing
// the port. A server answers its requests on one thread: on a machine with more cores than
// one, one process per core serves more, and at 50 connections each process's event loop
// goes round half as many of them between two answers (docs/performance.md, ADR 26). Only on
// PostgreSQL: the embedded database is one process's (ADR 2). The job queue runs in the first
// process only; the others send jobs and leave them to it, as web servers at JOBS=off do.
import path from "node:path";
import { fileURLToPath } from "node:url";

const MAX_PROCESSES = 64;

/**
 * How many web processes the environment asks for, or why it cannot have them.
 * @param {NodeJS.ProcessEnv} env
 * @returns {{ count: number } | { error: string }}
 */
export function webProcesses(env) {
  const given = env.WEB_CONCURRENCY;
  if (given === undefined || given === "") return { count: 1 };
  const count = /^\d+$/.test(given) ? Number(given) : NaN;
  if (!(count >= 1 && count <= MAX_PROCESSES)) {
    return {
      error: `Configuração inválida:\n  WEB_CONCURRENCY: deve ser um número inteiro de processos web, de 1 a ${MAX_PROCESSES}`,
    };
  }
  if (count > 1 && !env.DATABASE_URL) {
    return {
      error:
        "Configuração inválida:\n  WEB_CONCURRENCY: acima de 1 exige DATABASE_URL (PostgreSQL); o banco de dados embutido só pode ser aberto por um processo",
    };
  }
  if (count > 1 && env.NODE_ENV === "development") {
    return {
      error: "Configuração inválida:\n  WEB_CONCURRENCY: em desenvolvimento (npm run dev) o servidor é um só processo",
    };
  }
  return { count };
}

/**
 * A line of the process's log, in the shape of the web processes' own (pino's JSON).
 * @param {"info" | "error"} level
 * @param {string} msg
 */
function log(level, msg) {
  const line = JSON.stringify({ level, time: new Date().toISOString(), msg });
  (level === "info" ? process.stdout : process.stderr).write(`${line}\n`);
}

/**
 * Starts `count` web processes and keeps them running: one that ends is started again, unless
 * it ended before it could listen (a configuration or database problem that a new one would
 * only repeat: then all stop, and this process exits 1). SIGTERM or SIGINT is passed to each,
 * which shuts down gracefully; this process exits once they all have.
 * @param {number} count
 * @returns {Promise<void>}
 */
export async function runPrimary(count) {
  // Loaded only here: with node:cluster loaded in a single server's process, signed-in API
  // requests cost about 40% more CPU (submits 3.4 → 5.1–5.5 ms, side by side; cause not found).
  const { default: cluster } = await import("node:cluster");
  // Each process runs the web server itself, not this starter.
  cluster.setupPrimary({ exec: path.join(path.dirname(fileURLToPath(import.meta.url)), "web.js") });
  /** @type {Map<number, number>} worker id → its place (0 runs the job queue) */
  const places = new Map();
  /** @type {Set<number>} worker ids that listened */
  const listened = new Set();
  let stopping = false;
  let exitCode = 0;

  /** @param {number} place */
  const start = (place) => {
    const worker = cluster.fork(place === 0 ? {} : { JOBS: "off" });
    places.set(worker.id, place);
    worker.once("listening", () => listened.add(worker.id));
  };

  /** @param {NodeJS.Signals} signal */
  const stop = (signal) => {
    if (stopping) return;
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    // Each process has its own deadline (SHUTDOWN_TIMEOUT_MS); this one is a last resort.
    const deadline = 2 * Number(process.env.SHUTDOWN_TIMEOUT_MS || 10_000) + 5_000;
    setTimeout(() => {
      log("error", "Processos web não encerraram a tempo: finalizando-os.");
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGKILL");
      process.exit(1);
    }, deadline).unref();
    if (places.size === 0) process.exit(exitCode);
  };

  cluster.on("exit", (worker, code, signal) => {
    const place = places.get(worker.id) ?? 0;
    places.delete(worker.id);
    if (stopping) {
      if (code) exitCode = code;
      if (places.size === 0) process.exit(exitCode);
      return;
    }
    if (!listened.has(worker.id)) {
      log("error", `O processo web ${place + 1} terminou antes de ouvir (${signal ?? `código ${code}`}): encerrando.`);
      exitCode = 1;
      stop("SIGTERM");
      return;
    }
    log("error", `O processo web ${place + 1} terminou (${signal ?? `código ${code}`}): iniciando outro.`);
    start(place);
  });

  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
  log("info", `Iniciando ${count} processos web (WEB_CONCURRENCY).`);
  for (let place = 0; place < count; place += 1) start(place);
}
