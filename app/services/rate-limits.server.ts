import { inArray, like, lt, or } from "drizzle-orm";
import { RateLimiterDrizzle, RateLimiterRes } from "rate-limiter-flexible";
import type { Db } from "~/db/client.server";
import { rateLimits } from "~/db/schema";
import { fail, ok, type LimitName, type RateLimited, type Result } from "~/services/outcome.server";

/**
 * Rate limits with counters in the database (rate-limiter-flexible's Drizzle
 * store), so they hold across every app server. Their names are part of the outcome
 * vocabulary (`LimitName`), which the pages' and the API's adapters word.
 */

const MINUTE = 60;
const HOUR = 60 * MINUTE;

const POLICIES: Record<LimitName, { points: number; duration: number }> = {
  // Failed logins (docs/decisions/0012-login-limits-without-lockout.md): per account from the
  // devices and addresses it has never logged in from, per client address, and apart from
  // both, per account on each device or address it knows, so guessing elsewhere never locks
  // the owner out of their own.
  "login-account": { points: 10, duration: 15 * MINUTE },
  "login-client": { points: 30, duration: 15 * MINUTE },
  "login-known": { points: 10, duration: 15 * MINUTE },
  // Wrong current passwords in a signed-in session (password change, account deletion), per session.
  "password-check": { points: 10, duration: 15 * MINUTE },
  // New accounts per client address: room for an adoption fair on one Wi-Fi, not for a script.
  "signup-client": { points: 20, duration: HOUR },
  // Pets published, and photos uploaded (pets and profile), per account.
  "publish-account": { points: 30, duration: HOUR },
  "upload-account": { points: 100, duration: HOUR },
  // Hearts: a person browsing marks many, a script marking thousands is stopped.
  "favorite-account": { points: 300, duration: HOUR },
  // Alerts created (each can send e-mail), per account.
  "alert-account": { points: 30, duration: HOUR },
  // Organisations made on purpose (a person's own is made once, when they first publish).
  "organization-account": { points: 10, duration: HOUR },
  // Invitations e-mailed, per administrador.
  "invitation-account": { points: 30, duration: HOUR },
  // Changes of the Pix key (issue 46), per administrador: each one e-mails every administrador.
  "pix-account": { points: 10, duration: HOUR },
  // Sponsorships begun (issue 46), per account: each e-mails a code now and every month.
  "sponsorship-account": { points: 10, duration: HOUR },
  // An organisation's accounts (issue 46), per account: gifts and expenses typed in, statements imported.
  "ledger-account": { points: 300, duration: HOUR },
  // Statement lines imported, per organisation (issue 60): a file of 5,000 lines is not one act.
  "statement-lines-organization": { points: 20_000, duration: HOUR },
  // Lost and found reports (issue 47), per account: each e-mails the authors of its matches.
  "lost-found-account": { points: 10, duration: HOUR },
  // An emergency's animals a shelter registers (issue 47), per account: up to 10 a request.
  "lost-found-shelter": { points: 60, duration: HOUR },
  // Searches of an emergency's animals by a photo, per client: a family tries a few photos, each read by sharp.
  "lost-found-search-client": { points: 30, duration: HOUR },
  // Offers of a foster home saved (issue 44), per account: a person edits theirs now and then.
  "foster-account": { points: 30, duration: HOUR },
  // Searches of foster offers (issue 60), per account: a team looks a few times a day, not 60 a second.
  "foster-search-account": { points: 60, duration: HOUR },
  // News of a fostered animal (issue 44), per author: each published one e-mails its favouriters.
  "news-account": { points: 20, duration: HOUR },
  // Health entries (issue 45), per author: a vet visit for a whole litter, several times an hour.
  "health-account": { points: 120, duration: HOUR },
  // Transfers asked, per administrador: an ONG hands over a few animals, not a shelter an hour.
  "transfer-account": { points: 30, duration: HOUR },
  // Each application e-mails a caretaker: a person applies to a few animals, not dozens an hour.
  "application-account": { points: 20, duration: HOUR },
  // Messages in conversations, per author: a lively exchange, not a flood.
  "conversation-account": { points: 120, duration: HOUR },
  // Links to set a new password: per client (someone trying many addresses), per account (a
  // mailbox flooded by someone else's clicks).
  "reset-client": { points: 10, duration: HOUR },
  "reset-account": { points: 3, duration: HOUR },
  // New passwords set through a link, per client, every attempt counting: a person uses a link
  // or two, while a script sending made-up links is stopped (each one costs a database lookup).
  "reset-use-client": { points: 20, duration: HOUR },
  // Links to confirm the e-mail sent again from the profile, per account (someone's mailbox flooded).
  "confirmation-account": { points: 3, duration: HOUR },
  // Denúncias, per client: a person reports a few things, a script flooding the queue is stopped.
  "report-client": { points: 10, duration: HOUR },
  // Contact messages: per sender (spam) and per caretaker (a flood aimed at one person).
  "message-client": { points: 10, duration: HOUR },
  "message-recipient": { points: 60, duration: HOUR },
};

const limiters = new WeakMap<Db, Map<LimitName, RateLimiterDrizzle>>();

type Settings = { policies: Record<LimitName, { points: number; duration: number }>; enabled: boolean };

/**
 * Each app's settings, by its database: two apps in one process (tests start several) keep
 * each its own, rather than the last one started setting them for all.
 */
const settingsOf = new WeakMap<Db, Settings>();
const settings = (db: Db): Settings => settingsOf.get(db) ?? { policies: POLICIES, enabled: true };

/** The settings from the environment of the app on `db`; call before its first request. */
export function configureLimits(
  db: Db,
  limits: {
    messagesPerClientPerHour: number;
    messagesPerRecipientPerHour: number;
    signupsPerClientPerHour: number;
    reportsPerClientPerHour?: number;
    /** False only for tests that must reach the code behind every limit (scripts/sqlmap.sh). */
    enabled?: boolean;
  },
) {
  const policies = { ...POLICIES };
  policies["message-client"] = { ...POLICIES["message-client"], points: limits.messagesPerClientPerHour };
  policies["message-recipient"] = { ...POLICIES["message-recipient"], points: limits.messagesPerRecipientPerHour };
  policies["signup-client"] = { ...POLICIES["signup-client"], points: limits.signupsPerClientPerHour };
  policies["report-client"] = { ...POLICIES["report-client"], points: limits.reportsPerClientPerHour ?? 10 };
  settingsOf.set(db, { policies, enabled: limits.enabled ?? true });
  // Limiters made before hold the old numbers.
  limiters.delete(db);
}

function limiter(db: Db, name: LimitName): RateLimiterDrizzle {
  let byName = limiters.get(db);
  if (!byName) {
    byName = new Map();
    limiters.set(db, byName);
  }
  let found = byName.get(name);
  if (!found) {
    found = new RateLimiterDrizzle({
      storeClient: db,
      schema: rateLimits,
      keyPrefix: name,
      ...settings(db).policies[name],
      // Left to itself, each limiter deletes expired counters every 5 minutes, for ever, through
      // the handle it was made with: a transaction's (a write that takes an allowance inside one,
      // as the demo's seed does) fails once it is closed, or on PostgreSQL runs on a connection
      // back in the pool. The hourly purge forgets them instead (forgetExpiredCounters).
      clearExpiredByTimeout: false,
    });
    byName.set(name, found);
  }
  return found;
}

/**
 * Uses one of `key`'s allowance, in one atomic step (an upsert): requests sent at the same
 * moment never get past the limit together, as they could between a separate check and
 * count. Past the limit, the rate-limited failure, with when to try again.
 */
export async function takeAllowance(
  db: Db,
  name: LimitName,
  key: string,
  points = 1,
): Promise<Result<void, RateLimited>> {
  if (!settings(db).enabled) return ok();
  try {
    await limiter(db, name).consume(key, points);
    return ok();
  } catch (error) {
    if (!(error instanceof RateLimiterRes)) throw error;
    const retryAfterSeconds = Math.max(1, Math.ceil(error.msBeforeNext / 1000));
    return fail({ kind: "rate-limited", limit: name, retryAfterSeconds });
  }
}

/**
 * Deletes the counters keyed by a person (their e-mail, id, or sessions), when their account
 * goes (LGPD). Counters keyed by a client address belong to no account, and expire.
 */
export async function forgetPersonalCounters(
  db: Db,
  person: { userId: string; email: string; sessionKeys: string[] },
): Promise<void> {
  // rate-limiter-flexible's keys: the limit's name, a colon, the key.
  const keys = [
    `login-account:${person.email.toLowerCase()}`,
    ...(
      [
        "publish-account",
        "upload-account",
        "message-recipient",
        "favorite-account",
        "alert-account",
        "organization-account",
        "invitation-account",
        "pix-account",
        "sponsorship-account",
        "ledger-account",
        "lost-found-account",
        "lost-found-shelter",
        "transfer-account",
        "foster-account",
        "foster-search-account",
        "news-account",
        "health-account",
        "application-account",
        "conversation-account",
        "reset-account",
      ] satisfies LimitName[]
    ).map((name) => `${name}:${person.userId}`),
    ...person.sessionKeys.map((key) => `password-check:${key}` satisfies `${LimitName}:${string}`),
  ];
  await db
    .delete(rateLimits)
    .where(or(inArray(rateLimits.key, keys), like(rateLimits.key, `login-known:${person.userId}:%`)));
}

/** Gives back one use taken by takeAllowance (an attempt that turned out to be fine). */
export async function giveBack(db: Db, name: LimitName, key: string): Promise<void> {
  if (settings(db).enabled) await limiter(db, name).reward(key, 1);
}

export async function resetLimit(db: Db, name: LimitName, key: string): Promise<void> {
  if (settings(db).enabled) await limiter(db, name).delete(key);
}

/** Deletes the counters whose window ended (they count nothing more); the hourly purge's. */
export async function forgetExpiredCounters(db: Db, now: Date): Promise<number> {
  const gone = await db.delete(rateLimits).where(lt(rateLimits.expire, now)).returning({ key: rateLimits.key });
  return gone.length;
}
