import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../support/app";

/**
 * A kept-alive connection idle longer than Node's default 5 s is still open: a client sending
 * on it then got ECONNRESET when the server closed it at the same instant.
 */
describe("kept-alive connections", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  const get = (agent: http.Agent) =>
    new Promise<{ status: number; reused: boolean }>((resolve, reject) => {
      const request = http.get(`${app.baseUrl}/healthz`, { agent }, (response) => {
        response.resume();
        response.on("end", () => resolve({ status: response.statusCode ?? 0, reused: request.reusedSocket }));
      });
      request.on("error", reject);
    });

  it("stay open past 5 s idle, so the next request reuses the connection", { timeout: 20_000 }, async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      expect(await get(agent)).toEqual({ status: 200, reused: false });
      await new Promise((resolve) => setTimeout(resolve, 6_000));
      expect(await get(agent)).toEqual({ status: 200, reused: true });
    } finally {
      agent.destroy();
    }
  });
});
