import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { canRunPrivatePostgres, PrivatePostgres } from "../support/private-postgres";
import { startServer, type RunningServer } from "../support/server-process";

/** PostgreSQL restarts under load: clean 503s while it is down, and recovery without restarting the app. */
// It brings its own server, so it runs once (in the embedded-database pass).
describe.skipIf(!canRunPrivatePostgres || Boolean(process.env.DATABASE_URL))(
  "PostgreSQL restarting under the app",
  () => {
    let postgres: PrivatePostgres;
    let server: RunningServer;

    beforeAll(async () => {
      postgres = new PrivatePostgres().init();
      postgres.start();
      server = await startServer({ DATABASE_URL: postgres.url, DEMO_DATA: "true" });
    });
    afterAll(async () => {
      if (server && server.child.exitCode === null) {
        server.child.kill("SIGTERM");
        await server.exited;
      }
      postgres?.destroy();
    });

    it("answers 503 in Portuguese while the database is down, and recovers by itself", async () => {
      const base = `${server.baseUrl}/adopet`;
      expect((await fetch(`${base}/api/pets`)).status).toBe(200);

      // Load while the server stops.
      let running = true;
      const statuses: number[] = [];
      const load = (async () => {
        while (running) {
          const response = await fetch(`${base}/${statuses.length % 2 ? "home" : "api/pets"}`).catch(() => null);
          if (response) statuses.push(response.status);
        }
      })();
      await new Promise((resolve) => setTimeout(resolve, 300));
      postgres.stop();
      await new Promise((resolve) => setTimeout(resolve, 1_500));

      const api = await fetch(`${base}/api/pets`);
      expect(api.status).toBe(503);
      expect(await api.json()).toEqual({
        message: "O serviço está temporariamente indisponível. Tente novamente em instantes.",
      });
      const page = await fetch(`${base}/home`);
      expect(page.status).toBe(503);
      expect(await page.text()).toContain("Voltamos em instantes");
      expect((await fetch(`${base}/healthz`)).status).toBe(503);

      postgres.start();
      const deadline = Date.now() + 10_000;
      let recovered = 0;
      while (Date.now() < deadline && recovered !== 200) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        recovered = (await fetch(`${base}/api/pets`)).status;
      }
      running = false;
      await load;
      expect(recovered).toBe(200);
      expect((await fetch(`${base}/home`)).status).toBe(200);
      // Nothing but successes and clean refusals: never a 500.
      expect(statuses.filter((status) => status !== 200 && status !== 503)).toEqual([]);
      expect(server.child.exitCode).toBeNull();
    });
  },
);
