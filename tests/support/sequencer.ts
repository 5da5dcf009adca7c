import fs from "node:fs";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/** A file that starts the app as its own process (tests/support/server-process.ts). */
const STARTS_PROCESSES = /\b(startServer|startWorker|useServerProcess|runUntilExit)\(/;

/**
 * Vitest's order (each project in turn), with the files that start real processes first in their
 * project. Each boots the built server one or more times and runs for half a minute or more; run
 * last, as a fresh clone's first run orders them, one core waited alone for the longest of them.
 */
export class ProcessesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const projects = [...new Set(sorted.map((file) => file.project.name))];
    return projects.flatMap((project) => {
      const own = sorted.filter((file) => file.project.name === project);
      const starts = own.filter((file) => STARTS_PROCESSES.test(fs.readFileSync(file.moduleId, "utf8")));
      return [...starts, ...own.filter((file) => !starts.includes(file))];
    });
  }
}
