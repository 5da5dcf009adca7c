import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { applications, conversations, organizationMembers, pets, users } from "~/db/schema";
import { recordActivity } from "./activity-records.server";
import { CARING_ROLES } from "./membership.server";

/**
 * Before an account is deleted (issue 43): the animals it published for an organisation that
 * still has someone to care for them pass to that member (an administrador first, the one who
 * joined earliest), with their applications and conversations, so the organisation keeps its
 * work rather than losing it with one person. An organisation the account was the last
 * administrador of makes that member its administrador. Each organisation's log says so.
 * An animal of an organisation with no one else goes with the account, as before.
 */
export async function handOverBeforeDeletion(tx: Db, userId: string): Promise<void> {
  const published = await tx
    .selectDistinct({ organizationId: pets.organizationId })
    .from(pets)
    .where(eq(pets.caretakerId, userId));
  const memberships = await tx
    .select({ organizationId: organizationMembers.organizationId, papel: organizationMembers.papel })
    .from(organizationMembers)
    .where(eq(organizationMembers.userId, userId));
  const organizationIds = new Set([...published, ...memberships].map((row) => row.organizationId));
  for (const organizationId of organizationIds) {
    const [successor] = await tx
      .select({ id: organizationMembers.userId, papel: organizationMembers.papel, nome: users.nome })
      .from(organizationMembers)
      .innerJoin(users, eq(users.id, organizationMembers.userId))
      .where(
        and(
          eq(organizationMembers.organizationId, organizationId),
          ne(organizationMembers.userId, userId),
          inArray(organizationMembers.papel, CARING_ROLES),
        ),
      )
      .orderBy(sql`${organizationMembers.papel} = 'administrador' desc`, asc(organizationMembers.createdAt))
      .limit(1)
      // The membership only: locking the member's account too could cross a deletion of theirs.
      .for("update", { of: organizationMembers });
    if (!successor) continue;
    const mine = (table: typeof pets | typeof applications | typeof conversations) =>
      and(eq(table.caretakerId, userId), eq(table.organizationId, organizationId));
    const moved = await tx.update(pets).set({ caretakerId: successor.id }).where(mine(pets)).returning({ id: pets.id });
    await tx.update(applications).set({ caretakerId: successor.id }).where(mine(applications));
    await tx.update(conversations).set({ caretakerId: successor.id }).where(mine(conversations));
    const wasAdmin = memberships.some((row) => row.organizationId === organizationId && row.papel === "administrador");
    const promoted = wasAdmin && successor.papel !== "administrador";
    if (promoted) {
      await tx
        .update(organizationMembers)
        .set({ papel: "administrador" })
        .where(
          and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.userId, successor.id)),
        );
    }
    if (moved.length === 0 && !promoted) continue;
    await recordActivity(tx, {
      organizationId,
      actorId: userId,
      acao: "conta_excluida",
      alvoId: successor.id,
      alvoNome: successor.nome,
      alvoPessoaId: successor.id,
      detalhe: [moved.length > 0 ? "animais" : null, promoted ? "administrador" : null].filter(Boolean).join(","),
    });
  }
}
