import { afterAll, beforeAll, expect, it } from "vitest";
import { describeOnMachine } from "../support/environment";
import { until } from "../support/poll";
import { privatePostgresMissing, PrivatePostgres } from "../support/private-postgres";
import { startServer, type RunningServer } from "../support/server-process";
import { conversationThrough, eventsOf } from "../support/conversations";

/** PostgreSQL restarts under load: clean 503s while it is down, and recovery without restarting the app. */
// It brings its own server, so it runs once (in the embedded-database pass).
describeOnMachine(
  "PostgreSQL restarting under the app",
  { skip: Boolean(process.env.DATABASE_URL), missing: privatePostgresMissing },
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

    it("answers 503 in Portuguese while the database is down, and recovers by itself within seconds", async () => {
      const base = `${server.baseUrl}/adopet`;
      expect((await fetch(`${base}/api/pets`)).status).toBe(200);

      // Load all along, a page and the API in turn: every answer is kept with the time its
      // request was sent, and every request that got no answer at all is counted.
      const answers: { status: number; sentAt: number }[] = [];
      const unanswered: string[] = [];
      let running = true;
      const load = (async () => {
        for (let index = 0; running; index += 1) {
          const sentAt = Date.now();
          try {
            const response = await fetch(`${base}/${index % 2 ? "home" : "api/pets"}`);
            await response.arrayBuffer();
            answers.push({ status: response.status, sentAt });
          } catch (error) {
            unanswered.push(String((error as Error).cause ?? error));
          }
        }
      })();
      let recoveredAt = Infinity;
      try {
        const count = (status: number, since = 0) =>
          answers.filter((answer) => answer.status === status && answer.sentAt >= since).length;
        await until("the load to be answered", () => count(200) >= 4);

        postgres.stop();
        const api = await until(
          "a 503 from the API once PostgreSQL is down",
          async () => {
            const response = await fetch(`${base}/api/pets`);
            return response.status === 503 ? response : void (await response.arrayBuffer());
          },
          { timeoutMs: 5_000 },
        );
        expect(await api.json()).toEqual({
          message: "O serviço está temporariamente indisponível. Tente novamente em instantes.",
        });
        const page = await fetch(`${base}/home`);
        expect(page.status).toBe(503);
        expect(await page.text()).toContain("Voltamos em instantes");
        expect((await fetch(`${base}/healthz`)).status).toBe(503);
        await until("the load to meet the outage", () => count(503) >= 2, { timeoutMs: 5_000 });

        postgres.start();
        const restartedAt = Date.now();
        // The health probe asks every half second: back within seconds, without restarting the app.
        await until(
          "the API to answer 200 again",
          async () => {
            const response = await fetch(`${base}/api/pets`);
            await response.arrayBuffer();
            return response.status === 200;
          },
          { timeoutMs: 5_000, intervalMs: 100 },
        );
        recoveredAt = Date.now();
        expect(recoveredAt - restartedAt).toBeLessThan(5_000);
        // From then on every request succeeds: no relapse into 503 on a stale connection.
        await until("answers to requests sent after the recovery", () => count(200, recoveredAt) >= 6);
      } finally {
        running = false;
        await load;
      }

      expect(unanswered).toEqual([]);
      // Nothing but successes and clean refusals: never a 500.
      expect(answers.filter((answer) => answer.status !== 200 && answer.status !== 503)).toEqual([]);
      expect(answers.filter((answer) => answer.sentAt >= recoveredAt && answer.status !== 200)).toEqual([]);
      expect((await fetch(`${base}/home`)).status).toBe(200);
      expect(server.child.exitCode).toBeNull();
    });
    // The app outlives the restart with its streams open: a pool connection lost in the middle of
    // a transaction once ended the process, and the reader heard nothing more (app/db/client.server.ts).
    it("keeps conversations live across the restart: a reader still connected hears what is written after it", async () => {
      const base = `${server.baseUrl}/adopet`;
      const { adopter, caretaker, conversationId } = await conversationThrough(base, postgres.url);
      const reader = await eventsOf(base, caretaker);
      try {
        await reader.next("pronto");
        postgres.stop();
        postgres.start();
        // Until its LISTEN connection is back (0.5 s after, doubling), the reader is told to read
        // again; from then on, each message is announced.
        const event = await until(
          "a message written after the restart, announced",
          async () => {
            const after = reader.events.length;
            // Answered or not is the first test's concern (every request answered, never a 500):
            // here a request the restart cut short is simply sent again.
            const answer = await adopter
              .post(`/api/conversas/${conversationId}/mensagens`, { texto: "Voltei" })
              .catch(() => undefined);
            if (answer?.status !== 201) return undefined;
            const heard = await reader.next("mensagem", { timeoutMs: 1_000, after }).catch(() => undefined);
            return heard && JSON.parse(heard.data).mensagem_id === answer.json.id ? heard : undefined;
          },
          { timeoutMs: 15_000, intervalMs: 100 },
        );
        expect(reader.events.filter((received) => received.event === "pronto").length).toBeGreaterThanOrEqual(2);
        expect(event.event).toBe("mensagem");
      } finally {
        reader.close();
      }
    });
  },
);
