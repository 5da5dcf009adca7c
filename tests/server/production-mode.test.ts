import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { Client } from "../support/app";
import { startServer, type RunningServer } from "../support/server-process";

/** The server as `npm run serve` starts it, without NODE_ENV, and cookies no page should trust. */
describe.skipIf(Boolean(process.env.DATABASE_URL))("a server started without NODE_ENV", () => {
  const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), "adopet-mode-"));
  let server: RunningServer | undefined;

  afterAll(async () => {
    if (server && server.child.exitCode === null) {
      server.child.kill("SIGKILL");
      await server.exited;
    }
    fs.rmSync(tempDir, { recursive: true, force: true });
  });

  it("runs React's production build", async () => {
    server = await startServer({
      NODE_ENV: "",
      DATA_DIR: path.join(tempDir, "data"),
      DEMO_DATA: "false",
      NODE_OPTIONS: `--import ${path.resolve(import.meta.dirname, "../support/report-react-build.js")}`,
    });
    expect((await fetch(`${server.baseUrl}/adopet/`)).status).toBe(200);
    expect(server.output()).toContain("react-dom-server: production");
    expect(server.output()).not.toContain("react-dom-server: development");
  });

  it("answers a notice cookie naming a built-in property as no notice at all (no 500)", async () => {
    for (const key of ["__proto__", "constructor", "toString", "hasOwnProperty", "valueOf"]) {
      const cookie = Buffer.from(JSON.stringify(key)).toString("base64");
      const client = new Client(`${server!.baseUrl}/adopet`);
      for (const page of ["/", "/home", "/login"]) {
        const response = await client.request("GET", page, undefined, { Cookie: `adopet_aviso=${cookie}` });
        expect(response.status, `${key} on ${page}`).toBe(200);
      }
    }
  });
});
