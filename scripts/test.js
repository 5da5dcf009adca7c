// npm test: each stage in turn, timed, stopping at the first that fails; a table of the times
// at the end. With STAGE_TIMES=file, each stage's time is also appended there (name, tab,
// seconds), for .ci/run's table of the whole run.
import "../server/node-version.js";
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";

/**
 * A stage runs its scripts in order; `together` ones run side by side (the type checker and the
 * linters each keep to one core), each one's output printed whole when it ends.
 */
const STAGES = [
  { name: "typecheck and lint", scripts: ["typegen"], together: ["typecheck:tsc", "lint"] },
  { name: "build", scripts: ["build"] },
  { name: "vitest", scripts: ["test:integration"] },
  { name: "e2e", scripts: ["test:e2e"] },
];

/** @type {{ name: string, seconds: number, status: number }[]} */
const times = [];
let status = 0;
for (const stage of STAGES) {
  const started = performance.now();
  status = await runStage(stage);
  const seconds = Math.round((performance.now() - started) / 1000);
  times.push({ name: stage.name, seconds, status });
  if (process.env.STAGE_TIMES) fs.appendFileSync(process.env.STAGE_TIMES, `${stage.name}\t${seconds}\n`);
  if (status !== 0) break;
}

console.log("\n| stage | time |\n|---|---|");
for (const stage of times)
  console.log(`| ${stage.name}${stage.status ? " (failed)" : ""} | ${minutes(stage.seconds)} |`);
process.exit(status);

/** @param {{ scripts: string[], together?: string[] }} stage */
async function runStage({ scripts, together = [] }) {
  for (const script of scripts) {
    const code = spawnSync("npm", ["run", script], { stdio: "inherit" }).status ?? 1;
    if (code !== 0) return code;
  }
  const codes = await Promise.all(together.map(runBuffered));
  return codes.find((code) => code !== 0) ?? 0;
}

/**
 * `npm run script` with its output held until it ends, so two at once do not interleave.
 * @param {string} script
 * @returns {Promise<number>}
 */
function runBuffered(script) {
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", script], { stdio: ["ignore", "pipe", "pipe"] });
    /** @type {Buffer[]} */
    const output = [];
    child.stdout.on("data", (chunk) => output.push(chunk));
    child.stderr.on("data", (chunk) => output.push(chunk));
    child.on("close", (code) => {
      process.stdout.write(Buffer.concat(output));
      resolve(code ?? 1);
    });
  });
}

/** @param {number} seconds */
function minutes(seconds) {
  return `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, "0")} s`;
}
