import { and, eq, isNull, lt } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { submissionKeys } from "~/db/schema";

/**
 * A submission made once (issue 63). A form carries a key of its own (`chave`, new each time the
 * form is shown) and an API client may send `Idempotency-Key`: the first request with a key does
 * the work and its answer is kept; the same key again, at once (a double tap) or later (a retry
 * after a lost answer), gets that answer without doing anything. A request that arrives while the
 * first is still working waits for its answer. A refused request (4xx) keeps nothing: the person
 * corrects the form and sends it again with the same key.
 */

/** How long a key is remembered. */
const KEPT_MS = 24 * 60 * 60 * 1000;
/** A first request still "working" after this long died with its server: the key is free again. */
const ABANDONED_MS = 5 * 60 * 1000;
/** How long a request waits for the first one with its key to answer, and how often it looks. */
const WAIT_MS = 15_000;
const LOOK_EVERY_MS = 50;
/** Answers kept whole up to this size (an API's JSON); a larger one is not kept (its key is freed). */
const KEPT_BODY_CHARS = 256 * 1024;
/** The headers an answer is given again with: where a redirect goes, the notice it sets, its type. */
const KEPT_HEADERS = ["content-type", "location", "set-cookie", "x-remix-redirect", "x-remix-status"];

type Stored = { status: number; headers: [string, string][]; body: string };

export type SubmissionOutcome<T> =
  | { kind: "answered"; response: T | Response; replayed: boolean }
  /** The key was first used for another request. */
  | { kind: "other-request" }
  /** The first request with the key is still working after the wait. */
  | { kind: "still-working" };

export type Submission = { userId: string; key: string; request: string };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `work` once for the author's key: its answer when it is the first (kept if it succeeded),
 * else the first one's. Only a Response of 2xx or 3xx is kept (a page's refusal is its own data).
 */
export async function submitOnce<T>(
  db: Db,
  submission: Submission,
  work: () => Promise<T>,
  now: () => Date = () => new Date(),
): Promise<SubmissionOutcome<T>> {
  const { userId, key } = submission;
  // What the key was sent to, as the column holds it (a page's address may be long).
  const request = submission.request.slice(0, 300);
  const mine = and(eq(submissionKeys.userId, userId), eq(submissionKeys.chave, key));
  const deadline = now().getTime() + WAIT_MS;
  for (;;) {
    const [taken] = await db
      .insert(submissionKeys)
      .values({ userId, chave: key, pedido: request, createdAt: now() })
      .onConflictDoNothing()
      .returning({ chave: submissionKeys.chave });
    if (taken) return { kind: "answered", response: await doAndKeep(db, mine, work), replayed: false };
    const [first] = await db
      .select({ pedido: submissionKeys.pedido, resposta: submissionKeys.resposta, createdAt: submissionKeys.createdAt })
      .from(submissionKeys)
      .where(mine)
      .limit(1);
    // Gone between the two statements (refused, or forgotten): try to take it again.
    if (!first) continue;
    if (first.pedido !== request) return { kind: "other-request" };
    if (first.resposta) return { kind: "answered", response: replay(first.resposta), replayed: true };
    if (now().getTime() - first.createdAt.getTime() > ABANDONED_MS) {
      await db.delete(submissionKeys).where(and(mine, isNull(submissionKeys.resposta)));
      continue;
    }
    if (now().getTime() >= deadline) return { kind: "still-working" };
    await sleep(LOOK_EVERY_MS);
  }
}

async function doAndKeep<T>(db: Db, mine: ReturnType<typeof and>, work: () => Promise<T>): Promise<T> {
  let response: T;
  try {
    response = await work();
  } catch (thrown) {
    // A page may throw its answer (a redirect, a 404): kept as if returned; anything else frees the key.
    await keep(db, mine, thrown instanceof Response ? thrown : null);
    throw thrown;
  }
  await keep(db, mine, response instanceof Response ? response : null);
  return response;
}

async function keep(db: Db, mine: ReturnType<typeof and>, response: Response | null) {
  const stored = response && (await storable(response));
  if (stored) await db.update(submissionKeys).set({ resposta: stored }).where(mine);
  else await db.delete(submissionKeys).where(mine);
}

/** The answer as kept, if it is one to keep: a success or a redirect, of a size to keep. */
async function storable(response: Response): Promise<Stored | null> {
  if (response.status < 200 || response.status >= 400) return null;
  const body = response.body ? await response.clone().text() : "";
  if (body.length > KEPT_BODY_CHARS) return null;
  const headers: [string, string][] = [];
  for (const name of KEPT_HEADERS) {
    if (name === "set-cookie") for (const cookie of response.headers.getSetCookie()) headers.push([name, cookie]);
    else {
      const value = response.headers.get(name);
      if (value !== null) headers.push([name, value]);
    }
  }
  return { status: response.status, headers, body };
}

function replay({ status, headers, body }: Stored): Response {
  const answer = new Headers({ "Idempotent-Replayed": "true" });
  for (const [name, value] of headers) answer.append(name, value);
  return new Response(status === 204 || status === 304 || body === "" ? null : body, { status, headers: answer });
}

/** Forgets the keys older than a day (purgeExpired). */
export async function forgetOldSubmissionKeys(db: Db, now: Date): Promise<number> {
  const gone = await db
    .delete(submissionKeys)
    .where(lt(submissionKeys.createdAt, new Date(now.getTime() - KEPT_MS)))
    .returning({ chave: submissionKeys.chave });
  return gone.length;
}
