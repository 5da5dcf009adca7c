import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { submitOnce } from "~/services/submission-keys.server";
import { createUser } from "../support/factories";
import { createTestDatabase, type TestDatabase } from "../support/database";

/**
 * A submission made once per key (issue 63), on the database the run names: two requests with
 * one key at the same time (the second arrives while the first is still working) make one thing
 * and get one answer; a refused one keeps nothing; a key is its first request's only.
 */

let database: TestDatabase;
let userId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  userId = (await createUser(database.db, { email: "chaves@exemplo.com" })).id;
});
afterAll(async () => {
  await database.destroy();
});

/** A piece of work that waits for the test to let it finish, and counts its runs. */
function heldWork(answer: () => Response) {
  let runs = 0;
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let started!: () => void;
  const running = new Promise<void>((resolve) => (started = resolve));
  return {
    work: async () => {
      runs++;
      started();
      await released;
      return answer();
    },
    running,
    release,
    runs: () => runs,
  };
}

describe("a submission made once", () => {
  it("makes one thing for two requests at once with one key, and gives the second the first's answer", async () => {
    const submission = { userId, key: "dupla-1234", request: "POST /adopet/api/pets/1/saude" };
    const held = heldWork(() => Response.json({ id: "registro-1" }, { status: 201, headers: { Location: "/x/1" } }));
    const first = submitOnce(database.db, submission, held.work);
    await held.running;
    // The second arrives while the first is working: it waits, and does nothing itself.
    const second = submitOnce(database.db, submission, held.work);
    held.release();
    const [a, b] = await Promise.all([first, second]);
    expect(held.runs()).toBe(1);
    if (a.kind !== "answered" || b.kind !== "answered") throw new Error("sem resposta");
    expect([a.replayed, b.replayed]).toEqual([false, true]);
    const replayed = b.response as Response;
    expect(replayed.status).toBe(201);
    expect(replayed.headers.get("location")).toBe("/x/1");
    expect(replayed.headers.get("idempotent-replayed")).toBe("true");
    expect(await replayed.json()).toEqual({ id: "registro-1" });
    // Later, the same: a retry after a lost answer.
    const later = await submitOnce(database.db, submission, held.work);
    expect(later.kind === "answered" && later.replayed).toBe(true);
    expect(held.runs()).toBe(1);
  });

  it("keeps nothing of a refused request: the corrected one with the same key is made", async () => {
    const submission = { userId, key: "corrige-1234", request: "POST /adopet/formulario" };
    let runs = 0;
    const refused = await submitOnce(database.db, submission, async () => {
      runs++;
      return Response.json({ message: "Informe o nome." }, { status: 400 });
    });
    expect(refused.kind === "answered" && (refused.response as Response).status).toBe(400);
    // A page's refusal is its own data, not a Response: nothing kept either.
    await submitOnce(database.db, submission, async () => ({ status: "error" }));
    const made = await submitOnce(database.db, submission, async () => {
      runs++;
      return new Response(null, { status: 302, headers: { Location: "/feito" } });
    });
    expect(made.kind === "answered" && made.replayed).toBe(false);
    expect(runs).toBe(2);
    // A thrown error frees the key too.
    const other = { ...submission, key: "lanca-12345" };
    await expect(
      submitOnce(database.db, other, async () => {
        throw new Error("falhou");
      }),
    ).rejects.toThrow("falhou");
    const again = await submitOnce(database.db, other, async () => new Response("ok", { status: 201 }));
    expect(again.kind === "answered" && again.replayed).toBe(false);
  });

  it("answers a key used for another request as such, and frees a key whose first request died", async () => {
    const submission = { userId, key: "outro-12345", request: "POST /adopet/api/a" };
    await submitOnce(database.db, submission, async () => new Response("a", { status: 201 }));
    expect(
      (await submitOnce(database.db, { ...submission, request: "POST /adopet/api/b" }, async () => null)).kind,
    ).toBe("other-request");
    // A first request still working six minutes on (its server died): the next one takes the key.
    const dead = { ...submission, key: "morto-12345" };
    const held = heldWork(() => new Response("nunca", { status: 201 }));
    const abandoned = submitOnce(database.db, dead, held.work);
    await held.running;
    const sixMinutesOn = () => new Date(Date.now() + 6 * 60 * 1000);
    const taken = await submitOnce(database.db, dead, async () => new Response("agora", { status: 201 }), sixMinutesOn);
    expect(taken.kind === "answered" && (await (taken.response as Response).text())).toBe("agora");
    held.release();
    await abandoned;
  });
});
