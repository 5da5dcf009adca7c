import { randomBytes } from "node:crypto";
import { createCookie, data, redirect, type AppLoadContext } from "react-router";
import type { Db } from "~/db/client.server";
import { pathWithinApp, safeReturnPath } from "~/lib/return-to";
import { KNOWN_LOGIN_TTL_MS } from "~/domain/accounts/known-logins.server";
import type { UserRow } from "~/domain/accounts/accounts.server";
import { attemptLogin } from "~/domain/accounts/login.server";
import { ok, type Result } from "~/services/outcome.server";
import {
  createSession,
  destroySession,
  findSessionUser,
  SESSION_COOKIE,
  SESSION_TTL_MS,
  type SessionUser,
} from "~/domain/accounts/sessions.server";

/**
 * The session cookie: httpOnly, SameSite=Lax, scoped to the app, and Secure whenever the
 * site's address (PUBLIC_URL) is https or the request came over HTTPS; a plain-HTTP install
 * on a local network still works.
 */
const sessionCookie = createCookie(SESSION_COOKIE, {
  httpOnly: true,
  sameSite: "lax",
  path: "/adopet",
});

/** What decides the cookies' Secure flag: the request, and the site's configured address. */
type CookieContext = Pick<AppLoadContext, "db" | "publicUrl">;

// Behind a proxy that TRUST_PROXY does not name, the request looks like plain HTTP: the
// configured address still says the site is HTTPS.
const isHttps = (request: Request, publicUrl: string) =>
  publicUrl.startsWith("https:") || new URL(request.url).protocol === "https:";

async function readToken(request: Request): Promise<string | null> {
  const value: unknown = await sessionCookie.parse(request.headers.get("Cookie"));
  return typeof value === "string" ? value : null;
}

// Loaders of one request share the answer (root and page both ask).
const userOfRequest = new WeakMap<Request, Promise<SessionUser | null>>();

export function getUser(request: Request, db: Db): Promise<SessionUser | null> {
  let found = userOfRequest.get(request);
  if (!found) {
    found = readToken(request).then((token) => findSessionUser(db, token));
    userOfRequest.set(request, found);
  }
  return found;
}

/**
 * Whether this request's session still belongs to `userId`, read again from the database (not
 * the answer getUser keeps for the request): for a request that lasts, such as an event stream.
 * False once the session is ended (logout, a password change), expired, or its account suspended.
 */
export async function sessionStillOpen(request: Request, db: Db, userId: string): Promise<boolean> {
  const user = await findSessionUser(db, await readToken(request));
  return user?.id === userId;
}

/** The signed-in user, or a redirect to login, and back to this page afterwards. */
export async function requireUser(request: Request, db: Db): Promise<SessionUser> {
  const user = await getUser(request, db);
  if (!user) throw redirect(loginPath(request));
  return user;
}

const BASENAME = "/adopet";

/** The login page, with the way back to the page this request was for. */
function loginPath(request: Request): string {
  const back = safeReturnPath(pathWithinApp(request.url, BASENAME));
  return back && back !== "/" ? `/login?voltar=${encodeURIComponent(back)}` : "/login";
}

/**
 * The operators' guard: the signed-in operator, or a 404 for everyone else (signed in or not),
 * as if the page did not exist.
 */
export async function requireOperator(request: Request, db: Db): Promise<SessionUser> {
  const user = await getUser(request, db);
  if (!user?.operador) throw data("Página não encontrada.", { status: 404 });
  return user;
}

/** The API's guard: the signed-in user, or a 401 in the API's words. */
export async function requireApiUser(request: Request, db: Db): Promise<SessionUser> {
  const user = await getUser(request, db);
  if (!user) {
    throw Response.json(
      { message: "Faça login para continuar." },
      { status: 401, headers: { "Cache-Control": "no-store" } },
    );
  }
  return user;
}

/** Starts a new session (never reusing one sent by the browser) and returns its Set-Cookie header. */
export async function startSession(
  request: Request,
  { db, publicUrl }: CookieContext,
  userId: string,
): Promise<string> {
  const previous = await readToken(request);
  if (previous) await destroySession(db, previous);
  const { token } = await createSession(db, userId);
  return sessionCookie.serialize(token, { maxAge: SESSION_TTL_MS / 1000, secure: isHttps(request, publicUrl) });
}

/** Ends the session on the server and returns the Set-Cookie header that clears it. */
export async function endSession(request: Request, { db, publicUrl }: CookieContext): Promise<string> {
  await destroySession(db, await readToken(request));
  return sessionCookie.serialize("", { maxAge: 0, secure: isHttps(request, publicUrl) });
}

/**
 * The device cookie: a random token naming this browser, so failed logins from elsewhere
 * never lock its owner out (ADR 0012). It says nothing by itself and opens no session.
 * Not an `adopet_` cookie: it makes no page personal (server/tuning/response-cache.ts).
 */
const deviceCookie = createCookie("dispositivo_adopet", { httpOnly: true, sameSite: "lax", path: "/adopet" });

async function readDeviceToken(request: Request): Promise<string | null> {
  const value: unknown = await deviceCookie.parse(request.headers.get("Cookie"));
  return typeof value === "string" && /^[A-Za-z0-9_-]{43}$/.test(value) ? value : null;
}

/**
 * A login attempt from this request (page or API): on success, the account and the headers
 * that start the session and keep (or give) this browser its device cookie.
 */
export async function signIn(
  request: Request,
  context: AppLoadContext,
  credentials: { email: string; senha: string },
): Promise<Result<{ user: UserRow; headers: Headers }>> {
  const deviceToken = (await readDeviceToken(request)) ?? randomBytes(32).toString("base64url");
  const result = await attemptLogin(context.db, { clientKey: context.clientKey, deviceToken }, credentials);
  if (!result.ok) return result;
  const headers = new Headers();
  headers.append("Set-Cookie", await startSession(request, context, result.value.id));
  headers.append(
    "Set-Cookie",
    await deviceCookie.serialize(deviceToken, {
      maxAge: KNOWN_LOGIN_TTL_MS / 1000,
      secure: isHttps(request, context.publicUrl),
    }),
  );
  return ok({ user: result.value, headers });
}
