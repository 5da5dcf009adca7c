import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { serverProcess } from "./server/tuning/node-flags.js";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./tests/support/chromium";
import { scratchDir } from "./tests/support/scratch";

const PORT = Number(process.env.E2E_PORT ?? 3210);
// A fresh embedded database with the demo data for every run (workers inherit
// the variable, so only the main process creates a directory, and removes it when the run ends:
// in /dev/shm it is memory).
if (!process.env.ADOPET_E2E_DIR) {
  const created = scratchDir("adopet-e2e-");
  process.env.ADOPET_E2E_DIR = created;
  process.once("exit", () => fs.rmSync(created, { recursive: true, force: true }));
}
const dataDir = process.env.ADOPET_E2E_DIR;
// The run's operator (tests/support/e2e-operator.ts makes it before the server starts): no demo
// account is one. Its password is drawn once here; the workers read both from their environment.
process.env.ADOPET_E2E_OPERATOR_EMAIL ??= "moderacao-e2e@exemplo.com";
process.env.ADOPET_E2E_OPERATOR_SENHA ??= `Op@${randomBytes(12).toString("hex")}`;
/** Where the suite's mail server writes what the app sends (tests/support/mail-catcher.ts). */
const MAIL_DIR = path.join(dataDir, "mail");
const SMTP_PORT = PORT + 1;
/** The suite's map tiles (tests/support/tile-server.ts), as an operator's MAP_TILES_URL would name. */
const TILE_PORT = PORT + 2;
// Started as in production; RUNTIME_TUNING=off runs the suite against the untuned server.
const tuned = serverProcess(process.env.RUNTIME_TUNING);

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  // No retries: a test that passes only the second time is a bug to fix, not a green run.
  retries: 0,
  forbidOnly: !!process.env.CI,
  expect: { timeout: 10_000 },
  reporter: "list",
  // A test walks whole journeys (two or three people, e-mails, axe passes) with two workers and
  // the server on two cores. CI's runners are up to three times slower than a developer's machine:
  // a journey of 23 s here passed 60 s there. Each wait is still 10 s, so a hang is still caught.
  timeout: 120_000,
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: "pt-BR",
    // A trace records every action's screenshots and DOM: a fifth of the suite's time. CI keeps no
    // file to open it from (a failure there is read from its output, and rerun here with traces).
    trace: process.env.CI ? "off" : "retain-on-failure",
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
  webServer: [
    {
      command: "npx tsx tests/support/mail-catcher.ts",
      port: SMTP_PORT,
      reuseExistingServer: false,
      env: { SMTP_PORT: String(SMTP_PORT), MAIL_DIR },
    },
    {
      command: "npx tsx tests/support/tile-server.ts",
      port: TILE_PORT,
      reuseExistingServer: false,
      env: { TILE_PORT: String(TILE_PORT) },
    },
    {
      // The database, its demo data and the run's operator first, then the server on it.
      command: ["npx tsx tests/support/e2e-operator.ts &&", "node", ...tuned.nodeFlags, "server/main.js"].join(" "),
      url: `http://127.0.0.1:${PORT}/adopet/healthz`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        ...tuned.env,
        NODE_ENV: "production",
        HOST: "127.0.0.1",
        PORT: String(PORT),
        DATA_DIR: path.join(dataDir, "data"),
        DATABASE_URL: "",
        DEMO_DATA: "true",
        ADOPET_E2E_OPERATOR_EMAIL: process.env.ADOPET_E2E_OPERATOR_EMAIL,
        ADOPET_E2E_OPERATOR_SENHA: process.env.ADOPET_E2E_OPERATOR_SENHA,
        // Every test writes from the same address; the limit itself is tested in the integration suite.
        MESSAGE_LIMIT_PER_HOUR: "1000",
        SIGNUP_LIMIT_PER_HOUR: "1000",
        REPORT_LIMIT_PER_HOUR: "1000",
        // As behind a proxy: a test may speak for people at other addresses (distinct reporters).
        TRUST_PROXY: "loopback",
        // Reporters' accounts are made by the tests: their reports count at once (the week is tested in tests/server).
        REPORTER_MIN_AGE_DAYS: "0",
        // E-mail goes out for real, to the suite's own mail server.
        SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
        // Lost and found's maps draw real tiles from the suite's own server.
        MAP_TILES_URL: `http://127.0.0.1:${TILE_PORT}/tiles/{z}/{x}/{y}.png`,
        MAP_TILES_ATTRIBUTION: "Mapa de teste",
      },
    },
  ],
});
