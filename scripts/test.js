// npm test: each stage in turn, timed, stopping at the first that fails; a table of the times
// at the end. With STAGE_TIMES=file, each stage's time is also appended there (name, tab,
// seconds), for .ci/run's table of the whole run.
import { spawnSync } from "node:child_process";
import fs from "node:fs";

const STAGES = [
  { name: "typecheck", script: "typecheck" },
  { name: "lint", script: "lint" },
  { name: "build", script: "build" },
  { name: "vitest", script: "test:integration" },
  { name: "e2e", script: "test:e2e" },
];

/** @type {{ name: string, seconds: number, status: number }[]} */
const times = [];
let status = 0;
for (const { name, script } of STAGES) {
  const started = performance.now();
  status = spawnSync("npm", ["run", script], { stdio: "inherit" }).status ?? 1;
  const seconds = Math.round((performance.now() - started) / 1000);
  times.push({ name, seconds, status });
  if (process.env.STAGE_TIMES) fs.appendFileSync(process.env.STAGE_TIMES, `${name}\t${seconds}\n`);
  if (status !== 0) break;
}

console.log("\n| stage | time |\n|---|---|");
for (const stage of times)
  console.log(`| ${stage.name}${stage.status ? " (failed)" : ""} | ${minutes(stage.seconds)} |`);
process.exit(status);

/** @param {number} seconds */
function minutes(seconds) {
  return `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, "0")} s`;
}
