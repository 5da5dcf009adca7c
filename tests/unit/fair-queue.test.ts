import { describe, expect, it } from "vitest";
import { fairQueue } from "~/lib/fair-queue";

/** A task that records when it starts and finishes only when the test opens it. */
function gated(log: string[], name: string) {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const task = async () => {
    log.push(name);
    await gate;
    return name;
  };
  return { task, open };
}

/** Lets every settled promise's callbacks run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

/** Queues `jobs` ([account, name]) at once; each runs instantly; the order they ran in. */
async function orderOf(jobs: [string, string][], concurrency = 1) {
  const run = fairQueue(concurrency);
  const log: string[] = [];
  await Promise.all(
    jobs.map(([account, name]) =>
      run(account, async () => {
        log.push(name);
        await settle();
      }),
    ),
  );
  return log;
}

describe("the fair queue", () => {
  it("lets an account that queues one job run it second, not behind another account's three", async () => {
    expect(
      await orderOf([
        ["A", "a1"],
        ["A", "a2"],
        ["A", "a3"],
        ["B", "b1"],
      ]),
    ).toEqual(["a1", "b1", "a2", "a3"]);
  });

  it("serves the accounts round-robin, each account's jobs in the order they came", async () => {
    expect(
      await orderOf([
        ["A", "a1"],
        ["A", "a2"],
        ["A", "a3"],
        ["B", "b1"],
        ["B", "b2"],
        ["C", "c1"],
      ]),
    ).toEqual(["a1", "b1", "c1", "a2", "b2", "a3"]);
  });

  it("runs one job at a time, the next only when the last one finishes", async () => {
    const run = fairQueue(1);
    const log: string[] = [];
    const first = gated(log, "a1");
    const second = gated(log, "b1");
    const done = [run("A", first.task), run("B", second.task)];
    await settle();
    expect(log).toEqual(["a1"]);
    first.open();
    await settle();
    expect(log).toEqual(["a1", "b1"]);
    second.open();
    expect(await Promise.all(done)).toEqual(["a1", "b1"]);
  });

  it("puts an account that comes back after its job ended behind none of the others' backlog", async () => {
    const run = fairQueue(1);
    const log: string[] = [];
    const a1 = gated(log, "a1");
    const b = [1, 2, 3].map((index) => gated(log, `b${index}`));
    const running = [run("A", a1.task), ...b.map((job) => run("B", job.task))];
    await settle();
    a1.open();
    await settle();
    // A sends its next photo while B's first runs: it goes next, before B's two others.
    const a2 = gated(log, "a2");
    running.push(run("A", a2.task));
    b[0]!.open();
    await settle();
    a2.open();
    b[1]!.open();
    b[2]!.open();
    await Promise.all(running);
    expect(log).toEqual(["a1", "b1", "a2", "b2", "b3"]);
  });

  it("passes on a job's failure to its caller alone, and goes on with the next", async () => {
    const run = fairQueue(1);
    const failed = run("A", () => Promise.reject(new Error("imagem inválida")));
    const next = run("B", () => Promise.resolve("ok"));
    await expect(failed).rejects.toThrow("imagem inválida");
    expect(await next).toBe("ok");
  });

  it("runs as many jobs at once as asked, still taking turns", async () => {
    expect(
      await orderOf(
        [
          ["A", "a1"],
          ["A", "a2"],
          ["A", "a3"],
          ["A", "a4"],
          ["B", "b1"],
        ],
        2,
      ),
    ).toEqual(["a1", "a2", "b1", "a3", "a4"]);
  });
});
