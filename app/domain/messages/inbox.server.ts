import { eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { users } from "~/db/schema";

/** What the header says of a person's inbox: unread messages, and whether there is anything in it. */
export type InboxState = { unread: number; inbox: boolean };

/** The person's conversations with messages, each side by its own index. */
const conversationsOf = (userId: string) => sql`(
  select id from conversations where adopter_id = ${userId} and last_message_at is not null
  union all
  select id from conversations where caretaker_id = ${userId} and last_message_at is not null
)`;

/**
 * The header's inbox, in one query on every page: visitors' messages to the person and what the
 * other party wrote in their conversations (issue 20), unread; and whether there is either (the
 * header then leads to the inbox rather than to the contact form).
 */
export async function inboxState(db: Db, userId: string): Promise<InboxState> {
  const [row] = await db
    .select({
      unread: sql<number>`(
        (select count(*) from messages where recipient_id = ${userId} and sender_id is null and read_at is null)
        + (select count(*) from conversation_messages m
           where m.conversation_id in ${conversationsOf(userId)} and m.read_at is null and m.author_id is distinct from ${userId})
      )::int`,
      inbox: sql<boolean>`(
        exists (select 1 from messages where recipient_id = ${userId} and sender_id is null)
        or exists ${conversationsOf(userId)}
      )`,
    })
    .from(users)
    .where(eq(users.id, userId));
  return { unread: Number(row?.unread ?? 0), inbox: Boolean(row?.inbox) };
}
