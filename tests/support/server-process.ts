import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { serverProcess } from "../../server/tuning/node-flags.js";
import { copyTemplate, createPostgresDatabase } from "./database";
import { dropDatabase } from "./postgres-admin";
import { scratchDir } from "./scratch";

export const ROOT = path.resolve(import.meta.dirname, "../..");

export type RunningServer = {
  child: ChildProcess;
  baseUrl: string;
  output: () => string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
};

/**
 * The built app (`npm run build` first) as a real process on a free port, its output collected;
 * with the process settings of production unless RUNTIME_TUNING is off (in `env` or this process's).
 */
function spawnServer(env: Record<string, string>, script = "server/main.js") {
  const tuned = serverProcess(env.RUNTIME_TUNING ?? process.env.RUNTIME_TUNING);
  const child = spawn(process.execPath, [...tuned.nodeFlags, path.join(ROOT, script)], {
    cwd: ROOT,
    // PostgreSQL only when `env` names a database: this process's DATABASE_URL is the server the
    // tests make their databases on, not one to share.
    env: {
      ...process.env,
      ...tuned.env,
      DATABASE_URL: "",
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: "0",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** Starts the app and waits until it listens. */
export async function startServer(env: Record<string, string>): Promise<RunningServer> {
  const { child, output, exited } = spawnServer(env);
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`O servidor não iniciou a tempo:\n${output()}`)), 60_000);
    const check = () => {
      const match = /Adopet em (http:\/\/[^/\s]+)\/adopet\//.exec(output());
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout!.on("data", check);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`O servidor terminou (código ${code}) antes de ouvir:\n${output()}`));
    });
  });
  return { child, baseUrl, output, exited };
}

/** `npm run worker`: the job queue alone, as a process, once it runs. */
export async function startWorker(env: Record<string, string>): Promise<Omit<RunningServer, "baseUrl">> {
  const { child, output, exited } = spawnServer(env, "server/worker.js");
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`A fila de tarefas não iniciou a tempo:\n${output()}`)), 60_000);
    child.stdout!.on("data", () => {
      if (output().includes("executando apenas a fila de tarefas")) {
        clearTimeout(timer);
        resolve();
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`A fila de tarefas terminou (código ${code}):\n${output()}`));
    });
  });
  return { child, output, exited };
}

/** Runs the app expecting it to refuse to start; resolves with its exit code and output. */
export async function runUntilExit(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const { output, exited } = spawnServer(env);
  const code = await exited;
  return { code, output: output() };
}

export type ServerDatabase = {
  /** The settings that point a server at it, the demo data loaded at its first start. */
  env: Record<string, string>;
  destroy(): Promise<void>;
};

/**
 * A new database for the servers a test starts: on the PostgreSQL server of DATABASE_URL
 * (npm run test:db), else embedded in a temporary directory. Never DATABASE_URL's own database,
 * which a server would otherwise inherit from this process and share with every other test.
 * It starts as a copy of the migrated template (a first start from nothing is what
 * tests/integration/migrations and the e2e suite's server go through).
 */
export async function serverDatabase(): Promise<ServerDatabase> {
  if (process.env.DATABASE_URL) {
    const url = await createPostgresDatabase(process.env.DATABASE_URL, { migrated: true });
    return {
      env: { DATABASE_URL: url, DEMO_DATA: "true" },
      destroy: () => dropDatabase(process.env.DATABASE_URL!, url),
    };
  }
  const tempDir = scratchDir("adopet-process-");
  copyTemplate(path.join(tempDir, "data"));
  return {
    env: { DATA_DIR: path.join(tempDir, "data"), DEMO_DATA: "true" },
    destroy: async () => fs.rmSync(tempDir, { recursive: true, force: true }),
  };
}

/**
 * The built app as a process for one test file, on a database of its own (`serverDatabase`):
 * started before the file's tests, killed and removed after them.
 */
export function useServerProcess(env: Record<string, string> = {}): { current: () => RunningServer } {
  let database: ServerDatabase | undefined;
  let server: RunningServer | undefined;
  beforeAll(async () => {
    database = await serverDatabase();
    server = await startServer({ ...database.env, ...env });
  });
  afterAll(async () => {
    if (server && server.child.exitCode === null) {
      server.child.kill("SIGKILL");
      await server.exited;
    }
    await database?.destroy();
  });
  return { current: () => server! };
}
