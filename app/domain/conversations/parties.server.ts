import { and, eq, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db } from "~/db/client.server";
import { conversationMessages, conversations } from "~/db/schema";
import { organizationsCaredForBy } from "~/domain/organizations/membership.server";

/**
 * A conversation's two sides (issue 43): its adopter, and the team of the organisation that owns
 * its animal (its administradores and equipe, whoever of them writes). A foster home, a removed
 * member and anyone else is on neither, and finds nothing. About a lost and found report (issue
 * 47), the sides are the person who wrote to its author, and the author.
 */

export type ConversationSide = "adotante" | "responsavel";

/**
 * One of the person's conversations, with the side they are on. `otherId`, from their side: the
 * adopter for the team, the animal's caretaker (who published it) for the adopter: blocks are
 * between those two people.
 */
export type Parties = {
  adopterId: string;
  caretakerId: string;
  /** Null about a report. */
  organizationId: string | null;
  assignedTo: string | null;
  side: ConversationSide;
  otherId: string;
};

/** Whether `userId` is on one of a conversation's two sides (a condition on `conversations`). */
export const isParty = (db: Db, userId: string) =>
  or(
    eq(conversations.adopterId, userId),
    inArray(conversations.organizationId, organizationsCaredForBy(db, userId)),
    // A pet's publisher answers as one of its team (and not once out of it); a report's author, alone.
    and(isNull(conversations.organizationId), eq(conversations.caretakerId, userId)),
  );

/**
 * Whether a message by `author` is the adopter's. A message with no author left is the team's:
 * a member's account went, and the adopter's going takes the whole conversation.
 */
export const byAdopter = (adopterId: string | AnyPgColumn, author: AnyPgColumn | SQL = conversationMessages.authorId) =>
  sql<boolean>`(${author} is not distinct from ${adopterId})`;

/** Whether a message by `author` is from the other side than `userId`'s (the adopter's, or the team's). */
export const fromOtherSide = (userId: string, author: AnyPgColumn | SQL) =>
  sql<boolean>`(${byAdopter(conversations.adopterId, author)} <> (${conversations.adopterId} = ${userId}))`;

/** The parties of one of the person's conversations; someone else's, or none, is null. */
export async function partiesOf(db: Db, userId: string, conversationId: string): Promise<Parties | null> {
  const [row] = await db
    .select({
      adopterId: conversations.adopterId,
      caretakerId: conversations.caretakerId,
      organizationId: conversations.organizationId,
      assignedTo: conversations.assignedTo,
    })
    .from(conversations)
    .where(and(eq(conversations.id, conversationId), isParty(db, userId)))
    .limit(1);
  if (!row) return null;
  const side: ConversationSide = row.adopterId === userId ? "adotante" : "responsavel";
  return { ...row, side, otherId: side === "adotante" ? row.caretakerId : row.adopterId };
}
