/**
 * Runs tasks `concurrency` at a time, taking turns between keys (accounts): each key's tasks
 * run in the order they came, and the next task is always the oldest waiting one of the key
 * served least recently. One key with many tasks waiting delays another key's task by at most
 * one task per key ahead of it in the rotation, never by its whole backlog (a plain FIFO would).
 */
export function fairQueue(concurrency = 1) {
  type Key = { waiting: (() => void)[]; running: number; servedAt: number };
  // Only keys with a task waiting or running: a key that goes idle is forgotten.
  const keys = new Map<string, Key>();
  let running = 0;
  let turn = 0;

  function next() {
    while (running < concurrency) {
      // The least recently served key with a task waiting; on a tie, the one that came first.
      let chosen: Key | undefined;
      for (const key of keys.values()) {
        if (key.waiting.length > 0 && (!chosen || key.servedAt < chosen.servedAt)) chosen = key;
      }
      if (!chosen) return;
      chosen.servedAt = ++turn;
      chosen.running += 1;
      running += 1;
      chosen.waiting.shift()!();
    }
  }

  return function run<T>(name: string, task: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      let key = keys.get(name);
      if (!key) {
        // Never served, or idle since: it comes before every key served already.
        key = { waiting: [], running: 0, servedAt: 0 };
        keys.set(name, key);
      }
      const owner = key;
      owner.waiting.push(() => {
        void Promise.resolve()
          .then(task)
          .then(resolve, reject)
          .finally(() => {
            owner.running -= 1;
            running -= 1;
            if (owner.running === 0 && owner.waiting.length === 0) keys.delete(name);
            next();
          });
      });
      next();
    });
  };
}
