// The cold start, step by step: the built app started on a database as it is (and, for the
// first start, on an empty one), from the spawn to its first page. The steps are the server's
// own (the `startup` of the line it logs when it listens, server/startup-clock.ts); listening
// and the first page are timed from here. Used by bench/run.ts (`npm run bench`).
import fs from "node:fs";
import path from "node:path";
import { STARTUP_STEPS } from "../server/startup-clock";
import { startAdopetLogged, stop } from "./support";

export type ColdStart = {
  /** Each step's milliseconds, as the server timed them (the median of the rounds). */
  steps: Partial<Record<(typeof STARTUP_STEPS)[number], number>>;
  /** From the spawn until the server said it listened. */
  listenMs: number;
  /** From the spawn until the home page's HTML had arrived whole. */
  firstPageMs: number;
};

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** One start on `dataDir` (or PostgreSQL at `databaseUrl`), then a stop. */
async function startOnce(dataDir: string, databaseUrl: string | undefined, port: number): Promise<ColdStart> {
  const spawned = performance.now();
  const { child, output } = await startAdopetLogged(dataDir, databaseUrl, port);
  const listenMs = performance.now() - spawned;
  const response = await fetch(`http://127.0.0.1:${port}/adopet/home`);
  await response.text();
  const firstPageMs = performance.now() - spawned;
  await stop(child);
  if (!response.ok) throw new Error(`A primeira página respondeu ${response.status}.`);
  const line = output.split("\n").find((text) => text.includes("Adopet em"));
  const steps = (JSON.parse(line ?? "{}") as { startup?: ColdStart["steps"] }).startup;
  if (!steps) throw new Error(`O servidor não registrou as etapas do início:\n${output}`);
  return { steps, listenMs, firstPageMs };
}

/** The median of `rounds` starts on the database as it is. */
export async function measureColdStart(
  dataDir: string,
  databaseUrl: string | undefined,
  port: number,
  rounds = 5,
): Promise<ColdStart> {
  const runs: ColdStart[] = [];
  for (let round = 0; round < rounds; round += 1) runs.push(await startOnce(dataDir, databaseUrl, port));
  const steps: ColdStart["steps"] = {};
  for (const step of STARTUP_STEPS) {
    const values = runs.map((run) => run.steps[step]).filter((value) => value !== undefined);
    if (values.length > 0) steps[step] = median(values);
  }
  return {
    steps,
    listenMs: median(runs.map((run) => run.listenMs)),
    firstPageMs: median(runs.map((run) => run.firstPageMs)),
  };
}

/** The first start on an empty embedded database: the migrations and the demo data, once. */
export async function measureFirstStart(workDir: string, port: number): Promise<ColdStart> {
  const dataDir = path.join(workDir, "first-start");
  fs.rmSync(dataDir, { recursive: true, force: true });
  return startOnce(dataDir, undefined, port);
}

const STEP_NAMES: Record<(typeof STARTUP_STEPS)[number], string> = {
  process: "Node and server/main.js",
  bundle: "the server build loaded",
  database: "database opened",
  migrations: "migrations checked",
  demo: "demo data loaded",
  queue: "job queue and live channel",
  http: "HTTP server, until listening",
};

/** The figures side by side, a column each, as a Markdown table. */
export function coldStartTable(columns: { name: string; result: ColdStart }[]): string {
  const ms = (value: number | undefined) => (value === undefined ? "—" : String(Math.round(value)));
  const lines = [
    `| step (ms) | ${columns.map((column) => column.name).join(" | ")} |`,
    `|---|${columns.map(() => "---:").join("|")}|`,
    ...STARTUP_STEPS.filter((step) => columns.some((column) => column.result.steps[step] !== undefined)).map(
      (step) => `| ${STEP_NAMES[step]} | ${columns.map((column) => ms(column.result.steps[step])).join(" | ")} |`,
    ),
    `| **listening** (from the spawn) | ${columns.map((column) => `**${ms(column.result.listenMs)}**`).join(" | ")} |`,
    `| **first page** (from the spawn) | ${columns.map((column) => `**${ms(column.result.firstPageMs)}**`).join(" | ")} |`,
  ];
  return lines.join("\n");
}
