/**
 * Work that goes on after a response has gone (e-mail notices), kept track of so that a
 * graceful stop lets it finish before the database closes instead of failing half-way.
 */
const running = new Set<Promise<unknown>>();

/** Runs `work` in the background; it must handle its own errors. */
export function inBackground(work: Promise<unknown>): void {
  running.add(work);
  void work.finally(() => running.delete(work));
}

/** Resolves once no background work is left (work started meanwhile included). */
export async function backgroundSettled(): Promise<void> {
  while (running.size > 0) await Promise.allSettled([...running]);
}
