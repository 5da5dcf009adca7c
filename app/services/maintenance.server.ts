import type { Db } from "~/db/client.server";
import { inBackground } from "./background.server";
import { forgetUnusedLogins } from "./known-logins.server";
import { logError } from "./log.server";
import { deleteExpiredSessions } from "./sessions.server";

/** What has outlived its use: expired sessions, devices and addresses unused for 90 days. */
export async function purgeExpired(db: Db, now = new Date()): Promise<{ sessions: number; knownLogins: number }> {
  return { sessions: await deleteExpiredSessions(db, now), knownLogins: await forgetUnusedLogins(db, now) };
}

const PURGE_EVERY_MS = 60 * 60 * 1000;

/**
 * Purges at once, then every `everyMs`, in the background (a graceful stop waits for a purge
 * under way). Rate-limit counters purge themselves (rate-limiter-flexible). Returns the stop.
 */
export function schedulePurges(db: Db, { everyMs = PURGE_EVERY_MS, now = () => new Date() } = {}): () => void {
  const run = () =>
    inBackground(purgeExpired(db, now()).catch((error: unknown) => logError("Limpeza periódica não concluída", error)));
  run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
