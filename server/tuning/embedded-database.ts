import type { PGlite } from "@electric-sql/pglite";
import pLimit from "p-limit";

/**
 * PGlite runs each statement synchronously on this thread and hands its lock to the next
 * waiter in a microtask, so the statements queued by every request in flight ran back to
 * back while no connection was accepted and no request was read: under a burst of
 * messages, visitors arriving then waited seconds (up to 10, so some gave up) for their
 * first byte. Statements (a transaction counts as one) now run a few per turn of the
 * event loop, in arrival order, so I/O gets in between (ADR 10). Four per turn measured
 * best among 1, 2, 4 and 16 (docs/performance.md): fewer starve the database's own work
 * when cheap cached pages fill each turn, more bring the waits back.
 */
const STATEMENTS_PER_TURN = 4;

/**
 * The methods replaced on the PGlite instance. It relies on Drizzle sending every statement
 * through them, and on PGlite running a transaction's own statements (`tx.query`,
 * `tx.exec`) without going back through them: otherwise a transaction would wait for
 * itself (tests/integration/runtime-tuning.test.ts checks both).
 */
const SCHEDULED = ["query", "exec", "transaction"] as const;

/** Runs the instance's statements a few per turn of the event loop, in arrival order. */
export function fewStatementsPerTurn(client: PGlite): void {
  const oneAtATime = pLimit(1);
  const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
  let ranThisTurn = STATEMENTS_PER_TURN;
  for (const method of SCHEDULED) {
    const original = client[method].bind(client) as (...args: unknown[]) => Promise<unknown>;
    Object.assign(client, {
      [method]: (...args: unknown[]) =>
        oneAtATime(async () => {
          if (ranThisTurn >= STATEMENTS_PER_TURN) {
            await nextTurn();
            ranThisTurn = 0;
          }
          ranThisTurn += 1;
          return original(...args);
        }),
    });
  }
}

/** Why the scheduler cannot wrap this PGlite instance, or undefined when it can. */
export function embeddedDatabaseProblem(client: PGlite): string | undefined {
  const missing = SCHEDULED.filter((method) => typeof client[method] !== "function");
  return missing.length > 0 ? `o PGlite não tem mais ${missing.map((name) => `${name}()`).join(", ")}` : undefined;
}
