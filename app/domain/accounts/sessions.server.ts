import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull, lt, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { sessions, users } from "~/db/schema";

/** How long a session lasts without use; each use within the last half extends it. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const SESSION_COOKIE = "adopet_sessao";

function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Starts a session; the raw token goes only to the browser's cookie. */
export async function createSession(db: Db, userId: string): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  await db.insert(sessions).values({ tokenHash: hashToken(token), userId, expiresAt });
  return { token, expiresAt };
}

export type SessionUser = {
  id: string;
  email: string;
  nome: string;
  photoId: string | null;
  /** Moderates the site (`npm run operador`). */
  operador: boolean;
  /** Names this session (its token's hash) for per-session limits. */
  sessionKey: string;
};

/**
 * The lookup behind every signed-in request, built once per database rather than for each
 * request. Unnamed here: whether PostgreSQL keeps it parsed is the pool's choice (ADR 27).
 */
function prepareSessionLookup(db: Db) {
  return (
    db
      .select({
        id: users.id,
        email: users.email,
        nome: users.nome,
        photoId: users.photoId,
        operador: users.operador,
        expiresAt: sessions.expiresAt,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      // A suspended account's sessions end when it is suspended; this holds in between.
      .where(
        and(
          eq(sessions.tokenHash, sql.placeholder("tokenHash")),
          gt(sessions.expiresAt, sql.placeholder("now")),
          isNull(users.suspendedAt),
        ),
      )
      .limit(1)
      .prepare("")
  );
}
const sessionLookups = new WeakMap<Db, ReturnType<typeof prepareSessionLookup>>();

/** The user a token belongs to, or null for an unknown or expired one. */
export async function findSessionUser(db: Db, token: string | undefined | null): Promise<SessionUser | null> {
  if (!token || token.length > 100) return null;
  const tokenHash = hashToken(token);
  const now = new Date();
  let lookup = sessionLookups.get(db);
  if (!lookup) sessionLookups.set(db, (lookup = prepareSessionLookup(db)));
  // A placeholder's value reaches the driver as given: the time as text, read as the column's type.
  const [row] = await lookup.execute({ tokenHash, now: now.toISOString() });
  if (!row) return null;
  // Sliding expiry, written at most once per half-life to keep reads cheap.
  if (row.expiresAt.getTime() - now.getTime() < SESSION_TTL_MS / 2) {
    await db
      .update(sessions)
      .set({ expiresAt: new Date(now.getTime() + SESSION_TTL_MS), lastSeenAt: now })
      .where(eq(sessions.tokenHash, tokenHash));
  }
  const { expiresAt: _expiresAt, ...user } = row;
  return { ...user, sessionKey: tokenHash };
}

export async function destroySession(db: Db, token: string | undefined | null): Promise<void> {
  if (!token || token.length > 100) return;
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}

export async function deleteExpiredSessions(db: Db, now = new Date()): Promise<number> {
  const gone = await db.delete(sessions).where(lt(sessions.expiresAt, now)).returning({ userId: sessions.userId });
  return gone.length;
}
