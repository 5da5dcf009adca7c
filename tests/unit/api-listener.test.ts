import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { apiListener } from "../../server/tuning/api-listener";

/**
 * An early answer kept for a client still sending (CI's body-limits failure): the API adapter's
 * own drain cut the connection 500 ms after the answer, and the reset lost the answer a busy
 * client had not read yet. The adapter's timers run on a clock the test moves; the bytes go over
 * a real socket.
 */

afterEach(() => {
  vi.useRealTimers();
});

async function answerAfterTheDrainWouldCut(): Promise<{ text: string; refused: string | null }> {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  const listener = apiListener(() => new Response("sem sessão", { status: 401 }), { lightResponses: false });
  let answered!: () => void;
  const finished = new Promise<void>((resolve) => (answered = resolve));
  const server = http.createServer((request, response) => {
    response.once("finish", answered);
    void listener(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const socket = net.connect((server.address() as AddressInfo).port, "127.0.0.1");
  try {
    await new Promise((resolve) => socket.once("connect", resolve));
    const chunk = (size: number) => `${size.toString(16)}\r\n${"a".repeat(size)}\r\n`;
    // The client reads nothing while it sends, as one whose process is busy.
    socket.pause();
    socket.write(
      "DELETE /adopet/api/users/1 HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n" +
        `Transfer-Encoding: chunked\r\n\r\n${chunk(1000)}`,
    );
    await finished;
    // Past the adapter's 500 ms: its drain, if on, cuts the connection now.
    await vi.advanceTimersByTimeAsync(1000);
    // The rest of the body, then the answer read: both with no reset.
    let refused: Error | null = null;
    socket.on("error", (error) => (refused = error));
    for (let part = 0; part < 20; part++) socket.write(chunk(16_000));
    await new Promise<void>((resolve) => socket.write("0\r\n\r\n", () => resolve()));
    const text = await new Promise<string>((resolve) => {
      let read = "";
      socket.setEncoding("latin1");
      socket.on("data", (data: string) => {
        read += data;
        if (read.includes("sem sessão")) resolve(read);
      });
      socket.on("close", () => resolve(read));
      socket.resume();
    });
    return { text, refused: (refused as Error | null)?.message ?? null };
  } finally {
    socket.destroy();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

describe("the API listener", () => {
  it("keeps an early answer for a client that reads it only after the adapter's drain would have cut it", async () => {
    const { text, refused } = await answerAfterTheDrainWouldCut();
    expect(refused).toBeNull();
    expect(text).toMatch(/^HTTP\/1\.1 401 /);
  });
});
