import { expect } from "vitest";
import { serverDatabase, startServer, type RunningServer } from "./server-process";

/**
 * For the tricks of server/tuning that answer a request past React Router: their answers must be
 * React Router's. One database (the demo data) is served with RUNTIME_TUNING=off (every request
 * through React Router), then with it on, and the two runs' answers are given for comparing.
 */
export type Answer = { status: number; headers: Record<string, string>; body: string; encoding: string | null };

// Headers of one response only (its time, id and nonce), and whether it was compressed (the
// body is compared decoded): React Router streams its answer, so compression cannot see that a
// small one is under its threshold, and compresses it all the same. Which shows the answer came
// from the trick.
const OWN_HEADERS = new Set(["date", "x-request-id", "content-security-policy", "content-encoding"]);

export async function answerOf(response: Response): Promise<Answer> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (!OWN_HEADERS.has(name)) headers[name] = value;
  });
  const encoding = response.headers.get("content-encoding");
  return { status: response.status, headers, body: await response.text(), encoding };
}

/** What `run` answers on each server, the tuning off then on, and the tuned server's output. */
export async function offAndOn<T>(
  run: (server: RunningServer, tuning: "off" | "on") => Promise<T>,
): Promise<{ plain: T; tuned: T; tunedOutput: string }> {
  const database = await serverDatabase();
  const env = { ...database.env, REQUEST_LOG: "off" };
  try {
    const first = await startServer({ ...env, RUNTIME_TUNING: "off" });
    const plain = await run(first, "off").finally(() => stop(first));
    const second = await startServer({ ...env, RUNTIME_TUNING: "on" });
    const tuned = await run(second, "on").finally(() => stop(second));
    return { plain, tuned, tunedOutput: second.output() };
  } finally {
    await database.destroy();
  }
}

async function stop(server: RunningServer) {
  server.child.kill("SIGTERM");
  await server.exited;
}

/** The tuned server ran with the trick: the tuning on, nothing left out for the build or a library's shape. */
export function ranTuned(output: string): boolean {
  return !output.includes("RUNTIME_TUNING=off") && !output.includes("desligado");
}

/** Each of the tuned server's answers is the plain one's, compression aside; `labels` name them in a failure. */
export function expectSameAnswers(labels: string[], plain: Answer[], tuned: Answer[]) {
  expect(tuned).toHaveLength(plain.length);
  for (const [index, label] of labels.entries()) {
    const { encoding: _plainEncoding, ...plainAnswer } = plain[index]!;
    const { encoding: _tunedEncoding, ...tunedAnswer } = tuned[index]!;
    expect({ label, ...tunedAnswer }).toEqual({ label, ...plainAnswer });
  }
}
