/**
 * A reader of a Server-Sent Events stream over real HTTP (what a browser's EventSource
 * reads), for tests: the events as they arrive, and a wait for the next one of a name.
 */
type StreamEvent = { event: string; data: string };

export type EventStreamReader = {
  status: number;
  contentType: string | null;
  events: StreamEvent[];
  /** The first event named `name` after the `seen`-th event (resolves as soon as it arrives). */
  next(name: string, { timeoutMs, after }?: { timeoutMs?: number; after?: number }): Promise<StreamEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
};

export async function openEventStream(url: string, headers: Record<string, string> = {}): Promise<EventStreamReader> {
  const abort = new AbortController();
  const response = await fetch(url, { headers: { Accept: "text/event-stream", ...headers }, signal: abort.signal });
  const events: StreamEvent[] = [];
  const waiters = new Set<() => void>();
  const ended = (async () => {
    if (!response.body) return;
    const decoder = new TextDecoder();
    let buffer = "";
    try {
      for await (const chunk of response.body) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        let cut: number;
        while ((cut = buffer.indexOf("\n\n")) !== -1) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          let event = "message";
          const data: string[] = [];
          for (const line of block.split("\n")) {
            if (line.startsWith("event:")) event = line.slice(6).trim();
            else if (line.startsWith("data:")) data.push(line.slice(5).trimStart());
          }
          if (data.length > 0) events.push({ event, data: data.join("\n") });
          for (const wake of waiters) wake();
        }
      }
    } catch {
      // Closed by the test (abort) or cut by the server.
    }
    for (const wake of waiters) wake();
  })();
  let done = false;
  void ended.then(() => (done = true));
  return {
    status: response.status,
    contentType: response.headers.get("content-type"),
    events,
    ended,
    next(name, { timeoutMs = 2_000, after = 0 } = {}) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.slice(after).find((event) => event.event === name);
          if (found) {
            cleanup();
            resolve(found);
          } else if (done) {
            cleanup();
            reject(new Error(`o fluxo terminou sem o evento ${name}`));
          }
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`nenhum evento ${name} em ${timeoutMs} ms`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    close: () => abort.abort(),
  };
}
