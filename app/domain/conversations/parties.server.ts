import { and, eq, or } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { conversations } from "~/db/schema";

/** A conversation's two parties, and the other one from the reader's side. */
export type Parties = { adopterId: string; caretakerId: string; otherId: string };

/** Whether `userId` is one of a conversation's two parties (a condition on `conversations`). */
export const isParty = (userId: string) =>
  or(eq(conversations.adopterId, userId), eq(conversations.caretakerId, userId));

/** The parties of one of the person's conversations; someone else's, or none, is null. */
export async function partiesOf(db: Db, userId: string, conversationId: string): Promise<Parties | null> {
  const [row] = await db
    .select({ adopterId: conversations.adopterId, caretakerId: conversations.caretakerId })
    .from(conversations)
    .where(and(eq(conversations.id, conversationId), isParty(userId)))
    .limit(1);
  if (!row) return null;
  return { ...row, otherId: row.adopterId === userId ? row.caretakerId : row.adopterId };
}
