import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MALLOC_ENV, NODE_FLAGS, SERVER_COMMAND } from "../../server/tuning/node-flags.js";
import { ROOT } from "../support/server-process";

// The tests, the e2e suite and the benchmarks start the server with NODE_FLAGS and MALLOC_ENV;
// an operator starts it with npm start or npm run serve (server/tuning/start.sh), or with the
// command line docs/runtime-tuning.md gives, which must use the very same settings.
describe("the server's process settings", () => {
  const scripts = (
    JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as {
      scripts: Record<string, string>;
    }
  ).scripts;

  // start.sh with a `node` of our own first on the PATH, which reports how it was started.
  let fakeBin: string;
  beforeAll(() => {
    fakeBin = fs.mkdtempSync(path.join(os.tmpdir(), "adopet-fake-node-"));
    fs.writeFileSync(
      path.join(fakeBin, "node"),
      `#!/bin/sh\nprintf '%s\\n' "MALLOC_MMAP_THRESHOLD_=\${MALLOC_MMAP_THRESHOLD_:-}" "$@"\n`,
      { mode: 0o755 },
    );
  });
  afterAll(() => fs.rmSync(fakeBin, { recursive: true, force: true }));
  const launch = (runtimeTuning?: string, entry?: string) => {
    const env: NodeJS.ProcessEnv = { ...process.env, PATH: `${fakeBin}:${process.env.PATH}` };
    delete env.MALLOC_MMAP_THRESHOLD_;
    if (runtimeTuning === undefined) delete env.RUNTIME_TUNING;
    else env.RUNTIME_TUNING = runtimeTuning;
    const [malloc, ...args] = execFileSync("sh", ["server/tuning/start.sh", ...(entry ? [entry] : [])], {
      cwd: ROOT,
      env,
      encoding: "utf8",
    })
      .trim()
      .split("\n");
    return { malloc, args: args.map((arg) => (arg.endsWith(".js") ? path.resolve(ROOT, arg) : arg)) };
  };
  const main = path.join(ROOT, "server/main.js");

  it.each(["start", "serve"])("npm run %s starts the server through server/tuning/start.sh", (name) => {
    expect(["sh server/tuning/start.sh", "npm run build && sh server/tuning/start.sh"]).toContain(scripts[name]);
  });

  it.each([undefined, "on"])("start.sh starts node with them (RUNTIME_TUNING=%s)", (runtimeTuning) => {
    expect(launch(runtimeTuning)).toEqual({
      malloc: `MALLOC_MMAP_THRESHOLD_=${MALLOC_ENV.MALLOC_MMAP_THRESHOLD_}`,
      args: [...NODE_FLAGS, main],
    });
  });

  it("npm run worker starts the job queue alone with them, through start.sh too", () => {
    expect(scripts.worker).toBe("sh server/tuning/start.sh worker");
    expect(launch(undefined, "worker").args).toEqual([...NODE_FLAGS, path.join(ROOT, "server/worker.js")]);
  });

  it("start.sh starts node without them when RUNTIME_TUNING=off", () => {
    expect(launch("off")).toEqual({ malloc: "MALLOC_MMAP_THRESHOLD_=", args: [main] });
  });

  it("docs/runtime-tuning.md gives the same command line for starting the server some other way", () => {
    const guide = fs.readFileSync(path.join(ROOT, "docs/runtime-tuning.md"), "utf8");
    expect(guide).toContain(`\`${SERVER_COMMAND}\``);
  });

  /** The number a `--name=N` flag sets. */
  const flagValue = (name: string) =>
    Number(NODE_FLAGS.find((flag) => flag.startsWith(`--${name}=`))?.slice(name.length + 3) ?? Number.NaN);

  it("caps the heap without starving it", () => {
    expect(flagValue("max-old-space-size")).toBeGreaterThanOrEqual(128);
  });

  // This Node must still know every flag (an unknown one stops it: "bad option") and honour them.
  it("are known to this Node and take effect", () => {
    const report = execFileSync(
      process.execPath,
      [
        ...NODE_FLAGS,
        "-e",
        `const v8 = require("node:v8");
         console.log(JSON.stringify({
           heapLimitMb: v8.getHeapStatistics().heap_size_limit / 2 ** 20,
           gc: typeof globalThis.gc,
           glibc: process.report.getReport().header.glibcVersionRuntime ?? null,
         }));`,
      ],
      { env: { ...process.env, ...MALLOC_ENV }, encoding: "utf8" },
    );
    const { heapLimitMb, gc, glibc } = JSON.parse(report) as { heapLimitMb: number; gc: string; glibc: string | null };
    // The old generation's ceiling plus three semi-spaces: both size flags took.
    expect(heapLimitMb).toBe(flagValue("max-old-space-size") + 3 * flagValue("max-semi-space-size"));
    expect(gc).toBe("function");
    // MALLOC_MMAP_THRESHOLD_ is glibc's; other C libraries ignore it (ADR 10).
    expect(glibc).toMatch(/^\d+\.\d+/);
  });
});
