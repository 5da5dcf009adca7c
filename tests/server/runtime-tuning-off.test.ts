import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { runUntilExit, useServerProcess } from "../support/server-process";

// The switch that turns the runtime tuning off in production without a release (ADR 15):
// the built server, started as start.sh starts it with RUNTIME_TUNING=off, works as the
// libraries ship.
describe("the server with RUNTIME_TUNING=off", () => {
  const running = useServerProcess({ RUNTIME_TUNING: "off", DEMO_DATA: "true" });
  const get = (path: string) => fetch(`${running.current().baseUrl}/adopet${path}`);

  it("says so in its log, and runs without the process settings", () => {
    expect(running.current().output()).toContain("RUNTIME_TUNING=off");
    const commandLine = fs.readFileSync(`/proc/${running.current().child.pid}/cmdline`, "utf8").split("\0");
    expect(commandLine.filter((arg) => arg.startsWith("--"))).toEqual([]);
  });

  it("serves pages and the API, each answer made afresh: no response cache", async () => {
    for (let time = 0; time < 3; time += 1) {
      const home = await get("/home");
      expect(home.status).toBe(200);
      expect(await home.text()).toContain("Dunga");
      expect(home.headers.get("x-cache")).toBeNull();

      const api = await get("/api/pets");
      expect(api.status).toBe(200);
      const body = (await api.json()) as { pets?: unknown[] } | unknown[];
      expect(JSON.stringify(body)).toContain("Dunga");
      expect(api.headers.get("x-cache")).toBeNull();
    }
    expect((await get("/healthz")).status).toBe(200);
  });
});

describe("RUNTIME_TUNING with a value the server does not know", () => {
  it("stops the start with a message naming it", async () => {
    const { code, output } = await runUntilExit({ RUNTIME_TUNING: "desligado", DATA_DIR: "/nonexistent/adopet" });
    expect(code).toBe(1);
    expect(output).toContain("RUNTIME_TUNING deve ser on ou off");
  });
});
