import { and, desc, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { blocks, messages, users } from "~/db/schema";
import { phoneDigits } from "~/lib/phones";
import { partiesOf } from "./parties.server";
import { fail, notFound, ok, type Result } from "~/services/outcome.server";
import { keyedHash } from "~/services/signing.server";

/**
 * Blocking (issue 20): a person stops hearing from someone they talk to (an account) or from a
 * visitor who wrote without one (their phone). Nothing is deleted; new messages are refused
 * with a polite text, and unblocking undoes it.
 */

const phoneKey = (db: Db, phone: string) => keyedHash(db, "bloqueio", phoneDigits(phone));

/** Blocks the other party of one of the person's conversations. */
export async function blockInConversation(db: Db, userId: string, conversationId: string): Promise<Result> {
  const conversation = await partiesOf(db, userId, conversationId);
  if (!conversation) return notFound("conversation");
  const { otherId } = conversation;
  await db.insert(blocks).values({ blockerId: userId, blockedUserId: otherId }).onConflictDoNothing();
  return ok();
}

/** Blocks the phone a visitor typed in a message the person received. */
export async function blockVisitorPhone(db: Db, userId: string, messageId: string): Promise<Result> {
  const [message] = await db
    .select({ nome: messages.senderNome, telefone: messages.senderTelefone })
    .from(messages)
    .where(and(eq(messages.id, messageId), eq(messages.recipientId, userId), isNull(messages.senderId)))
    .limit(1);
  if (!message) return notFound("message");
  const digits = phoneDigits(message.telefone);
  await db
    .insert(blocks)
    .values({
      blockerId: userId,
      phoneKey: await phoneKey(db, message.telefone),
      descricao: `${message.nome}, telefone terminado em ${digits.slice(-4)}`.slice(0, 120),
    })
    .onConflictDoNothing();
  return ok();
}

/** Lifts one of the person's blocks; anyone else's is not found. */
export async function unblock(db: Db, userId: string, blockId: string): Promise<Result> {
  const removed = await db
    .delete(blocks)
    .where(and(eq(blocks.id, blockId), eq(blocks.blockerId, userId)))
    .returning({ id: blocks.id });
  return removed.length > 0 ? ok() : notFound("block");
}

/** Lifts the person's block of an account (from the conversation with it). */
export async function unblockInConversation(db: Db, userId: string, conversationId: string): Promise<Result> {
  const conversation = await partiesOf(db, userId, conversationId);
  if (!conversation) return notFound("conversation");
  const { otherId } = conversation;
  // Only the one who blocked lifts it: the blocked party finds nothing of theirs to lift.
  const removed = await db
    .delete(blocks)
    .where(and(eq(blocks.blockerId, userId), eq(blocks.blockedUserId, otherId)))
    .returning({ id: blocks.id });
  return removed.length > 0 ? ok() : notFound("block");
}

export type BlockEntry = { id: string; descricao: string; createdAt: Date };

/** Whom a person blocked, the latest first (the latest `limit`, or all with null): accounts by their name now, phones by their hint. */
export async function listBlocks(db: Db, userId: string, limit: number | null = 200): Promise<BlockEntry[]> {
  const query = db
    .select({ id: blocks.id, nome: users.nome, descricao: blocks.descricao, createdAt: blocks.createdAt })
    .from(blocks)
    .leftJoin(users, eq(users.id, blocks.blockedUserId))
    .where(eq(blocks.blockerId, userId))
    .orderBy(desc(blocks.createdAt))
    .$dynamic();
  const rows = await (limit === null ? query : query.limit(limit));
  return rows.map((row) => ({
    id: row.id,
    descricao: row.nome ?? row.descricao ?? "",
    createdAt: new Date(row.createdAt),
  }));
}

/** Whether either of two people blocked the other: who did, from `senderId`'s side. */
export async function blockBetween(db: Db, senderId: string, recipientId: string): Promise<"you" | "them" | null> {
  const [row] = await db
    .select({ side: blockSide(senderId, sql`"users"."id"`) })
    .from(users)
    .where(eq(users.id, recipientId));
  return row?.side ?? null;
}

/**
 * The same, as a column of a larger query: "you" when the sender blocked the recipient, "them"
 * when only the other way round, null when neither. `recipient` names a column of the larger
 * query with its table, written by hand (drizzle leaves the table out inside a select's sql).
 */
export function blockSide(senderId: string, recipient: SQL) {
  return sql<"you" | "them" | null>`(select case when bool_or(b.blocker_id = ${senderId}) then 'you' else 'them' end
    from blocks b
    where (b.blocker_id = ${senderId} and b.blocked_user_id = ${recipient})
      or (b.blocker_id = ${recipient} and b.blocked_user_id = ${senderId})
    having count(*) > 0)`;
}

/** A message between two people is refused when either blocked the other. */
export async function checkNotBlocked(db: Db, senderId: string, recipientId: string): Promise<Result> {
  return blockRefusal(await blockBetween(db, senderId, recipientId));
}

/** The refusal for a block found by `blockBetween` or `blockSide` (none for null). */
export function blockRefusal(side: "you" | "them" | null): Result {
  if (side === null) return ok();
  return fail({ kind: "forbidden", rule: side === "you" ? "blocked-by-you" : "blocked-by-recipient" });
}

/** A visitor's message is refused when its recipient blocked the phone it gives. */
export async function checkPhoneNotBlocked(db: Db, recipientId: string, phone: string): Promise<Result> {
  const [row] = await db
    .select({ id: blocks.id })
    .from(blocks)
    .where(and(eq(blocks.blockerId, recipientId), eq(blocks.phoneKey, await phoneKey(db, phone))))
    .limit(1);
  return row ? fail({ kind: "forbidden", rule: "blocked-by-recipient" }) : ok();
}

/** Which of these visitors' phones the person blocked (as typed, each as given). */
export async function blockedPhonesAmong(db: Db, blockerId: string, phones: string[]): Promise<Set<string>> {
  const distinct = [...new Set(phones)];
  if (distinct.length === 0) return new Set();
  const keyed = await Promise.all(distinct.map(async (phone) => [await phoneKey(db, phone), phone] as const));
  const rows = await db
    .select({ phoneKey: blocks.phoneKey })
    .from(blocks)
    .where(
      and(
        eq(blocks.blockerId, blockerId),
        inArray(
          blocks.phoneKey,
          keyed.map(([key]) => key),
        ),
      ),
    );
  const blockedKeys = new Set(rows.map((row) => row.phoneKey));
  return new Set(keyed.filter(([key]) => blockedKeys.has(key)).map(([, phone]) => phone));
}
