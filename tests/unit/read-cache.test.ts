import { describe, expect, it } from "vitest";
import { readCache } from "~/domain/pets/public-reads.server";
import { spreadTtl } from "~/services/admission.server";

/** A read that counts its calls and answers what `answer` holds at the moment it is made. */
function counted() {
  const state = { calls: 0, answer: "a", gate: Promise.resolve() };
  const load = async () => {
    state.calls += 1;
    const answer = state.answer;
    await state.gate;
    return answer;
  };
  return { state, load };
}

function testClock() {
  let time = 1_000_000;
  return { now: () => time, advance: (ms: number) => (time += ms) };
}

/**
 * A cache whose entries live the whole TTL, holding "a" for `k` (asked twice), at its time to
 * be read again (4 s on), with the next read held until `open()` and answering `next`.
 */
async function keptAndDue(next: string) {
  const clock = testClock();
  const cache = readCache({ ttlMs: 5_000, now: clock.now, random: () => 0.999_999 });
  const { state, load } = counted();
  await cache.read("k", load);
  await cache.read("k", load);
  clock.advance(4_000);
  let open!: () => void;
  state.gate = new Promise((resolve) => (open = resolve));
  state.answer = next;
  return { clock, cache, state, load, open };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("the public read cache's entries", () => {
  it("live between three quarters of the TTL and all of it", () => {
    expect(spreadTtl(5_000, () => 0)).toBe(3_750);
    expect(spreadTtl(5_000, () => 0.999_999)).toBe(5_000);
    const drawn = Array.from({ length: 200 }, () => spreadTtl(5_000));
    expect(Math.min(...drawn)).toBeGreaterThanOrEqual(3_750);
    expect(Math.max(...drawn)).toBeLessThanOrEqual(5_000);
    // Drawn for each entry: entries made together do not expire together.
    expect(new Set(drawn).size).toBeGreaterThan(50);
  });

  it("are kept from the second ask, and expire within the TTL", async () => {
    const clock = testClock();
    const cache = readCache({ ttlMs: 5_000, now: clock.now, random: () => 0.999_999 });
    const { state, load } = counted();
    await cache.read("k", load);
    await cache.read("k", load);
    expect(state.calls).toBe(2);
    state.answer = "b";
    expect(await cache.read("k", load)).toBe("a");
    expect(state.calls).toBe(2);
    // Nobody asked in the second half of its life: past the TTL, the next visitor waits for a new read.
    clock.advance(5_001);
    expect(await cache.read("k", load)).toBe("b");
    expect(state.calls).toBe(3);
  });

  it("are read again in the background when still asked for near their end, the visitors served meanwhile", async () => {
    const { clock, cache, state, load, open } = await keptAndDue("b");
    expect(state.calls).toBe(2);
    expect(await cache.read("k", load)).toBe("a");
    expect(state.calls).toBe(3);
    // One read again at a time; visitors keep getting the kept answer until it is in.
    expect(await cache.read("k", load)).toBe("a");
    expect(state.calls).toBe(3);
    open();
    await settle();
    expect(await cache.read("k", load)).toBe("b");
    // The new answer lives a whole life of its own from now.
    clock.advance(3_900);
    expect(await cache.read("k", load)).toBe("b");
    expect(state.calls).toBe(3);
    // Not asked for near its end: it expires, and the next visitor waits for a read.
    clock.advance(1_200);
    state.answer = "c";
    expect(await cache.read("k", load)).toBe("c");
    expect(state.calls).toBe(4);
  });

  it("make a visitor who comes once the entry expired wait for the read under way, not another", async () => {
    const { clock, cache, state, load, open } = await keptAndDue("b");
    expect(await cache.read("k", load)).toBe("a");
    expect(state.calls).toBe(3);
    // The database is slow: the entry expires while it is read again.
    clock.advance(1_500);
    const waiting = cache.read("k", load);
    expect(state.calls).toBe(3);
    open();
    expect(await waiting).toBe("b");
    // And the answer is kept.
    expect(await cache.read("k", load)).toBe("b");
    expect(state.calls).toBe(3);
  });

  it("do not take an answer read again before a write that cleared them", async () => {
    const { cache, state, load, open } = await keptAndDue("before the write");
    expect(await cache.read("k", load)).toBe("a");
    cache.clear();
    open();
    await settle();
    state.gate = Promise.resolve();
    state.answer = "after the write";
    expect(await cache.read("k", load)).toBe("after the write");
  });

  it("forget a read again that failed, and try once more at the next ask", async () => {
    const clock = testClock();
    const cache = readCache({ ttlMs: 5_000, now: clock.now, random: () => 0.999_999 });
    let fail = false;
    let calls = 0;
    const load = async () => {
      calls += 1;
      if (fail) throw new Error("banco fora do ar");
      return calls;
    };
    await cache.read("k", load);
    expect(await cache.read("k", load)).toBe(2);
    clock.advance(4_000);
    fail = true;
    expect(await cache.read("k", load)).toBe(2);
    await settle();
    fail = false;
    expect(await cache.read("k", load)).toBe(2);
    await settle();
    expect(calls).toBe(4);
    expect(await cache.read("k", load)).toBe(4);
  });
});
