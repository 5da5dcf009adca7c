import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    // Creating a PGlite database takes seconds; the server tests start processes.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // The apps the tests start write no line per request (tests/server/logs.test.ts turns them on).
    env: { REQUEST_LOG: "off" },
    projects: [
      {
        extends: true,
        test: { name: "unit", include: ["tests/unit/**/*.test.ts"] },
      },
      {
        // Everything that talks to a database: PGlite by default, PostgreSQL with DATABASE_URL.
        extends: true,
        test: { name: "db", include: ["tests/integration/**/*.test.ts"] },
      },
      {
        // Starts the built server (npm run build first) as a real process.
        extends: true,
        test: { name: "server", include: ["tests/server/**/*.test.ts"] },
      },
    ],
  },
});
