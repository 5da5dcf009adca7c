/**
 * How long each step of starting took, in milliseconds, each from the end of the one before:
 * the log line that says the server listens carries them (`startup`), and `npm run bench`
 * prints them (bench/cold-start.ts). A step that did not happen (the demo data, loaded once)
 * is left out.
 */
export const STARTUP_STEPS = [
  // Node's own start and server/main.js, until server/web.js loads the app.
  "process",
  // The server build: this module graph and the pages' (virtual:react-router/server-build).
  "bundle",
  // Opening the database: the embedded engine's WebAssembly and files, or PostgreSQL's first connection.
  "database",
  "migrations",
  "demo",
  // The job queue (pg-boss) and the conversations' channel.
  "queue",
  // Limits, handlers and the HTTP server, until it listens.
  "http",
] as const;

type StartupStep = (typeof STARTUP_STEPS)[number];

export type StartupClock = {
  /** Ends `step` now. */
  lap(step: StartupStep): void;
  /** The steps timed so far, in order. */
  steps(): Partial<Record<StartupStep, number>>;
};

/** A clock whose first step ends `processMs` after the process started (performance.now() there). */
export function startupClock(processMs: number = performance.now()): StartupClock {
  const steps: Partial<Record<StartupStep, number>> = { process: Math.round(processMs) };
  let last = processMs;
  return {
    lap(step) {
      const now = performance.now();
      steps[step] = Math.round(now - last);
      last = now;
    },
    steps: () => Object.fromEntries(STARTUP_STEPS.filter((step) => step in steps).map((step) => [step, steps[step]])),
  };
}
