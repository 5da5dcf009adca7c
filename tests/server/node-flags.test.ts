import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { NODE_FLAGS, SERVER_COMMAND } from "../../server/node-flags.js";
import { ROOT } from "../support/server-process";

// The tests, the e2e suite and the benchmarks start the server with NODE_FLAGS and MALLOC_ENV;
// an operator starts it with npm start or npm run serve, which must use the very same settings.
describe("the server's process settings", () => {
  const scripts = (
    JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as {
      scripts: Record<string, string>;
    }
  ).scripts;

  it.each(["start", "serve"])("npm run %s starts the server with them", (name) => {
    expect([SERVER_COMMAND, `npm run build && ${SERVER_COMMAND}`]).toContain(scripts[name]);
  });

  it("caps the heap without starving it", () => {
    const oldSpace = Number(
      /^--max-old-space-size=(\d+)$/.exec(NODE_FLAGS.find((flag) => flag.startsWith("--max-old")) ?? "")?.[1],
    );
    expect(oldSpace).toBeGreaterThanOrEqual(128);
  });
});
