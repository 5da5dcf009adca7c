import { describe, it } from "vitest";

/** CI sets CI=true, and runs as root on a machine with PostgreSQL installed (.ci/run). */
const inCi = process.env.CI === "true";

/**
 * A suite that needs something of the machine. `skip`: it does not apply to this run
 * (it is for the other database), skipped anywhere. `missing`: what this machine lacks
 * for it (root, PostgreSQL's binaries, a mountable tmpfs), or undefined: skipped on a
 * developer's machine, but a failure naming what is missing in CI, which has it all,
 * so that CI never passes by skipping it.
 */
export function describeOnMachine(
  name: string,
  { skip = false, missing }: { skip?: boolean; missing?: string },
  body: () => void,
) {
  if (skip || !missing) return describe.skipIf(skip)(name, body);
  if (!inCi) return describe.skip(name, body);
  return describe(name, () => {
    it("has what it needs on the CI machine", () => {
      throw new Error(`CI=true, but this machine lacks ${missing}.`);
    });
  });
}
