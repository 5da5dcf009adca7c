import { and, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { applications, conversations, organizationMembers, users } from "~/db/schema";
import { ORGANIZATION_ROLE_LABEL, roleMay, type OrganizationRole } from "~/lib/organizations";
import { fail, notFound, ok, type Result } from "~/services/outcome.server";
import { requirePower, roleIn } from "./membership.server";
import { recordActivity } from "./activity-records.server";
import { endPlacementsLeft } from "~/domain/foster/placements.server";
import { cancelInvitationsSentBy } from "./invitations.server";

/**
 * Changing and ending memberships (issue 43): administradores change roles and remove
 * members; anyone leaves. An organisation always keeps an administrador: the last one can
 * neither leave nor lose the role. The administradores' rows are locked while this is checked,
 * so two administradores stepping down at once cannot leave none.
 */

async function lockedAdministrators(db: Db, organizationId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: organizationMembers.userId })
    .from(organizationMembers)
    .where(and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.papel, "administrador")))
    .orderBy(organizationMembers.userId)
    .for("update");
  return rows.map((row) => row.userId);
}

const lastAdministrator = () => fail({ kind: "conflict", reason: "last-administrator" });

async function nameOf(db: Db, userId: string): Promise<string | null> {
  const [row] = await db.select({ nome: users.nome }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.nome ?? null;
}

/** An administrador gives a member another role. */
export async function changeMemberRole(
  db: Db,
  actorId: string,
  organizationId: string,
  memberId: string,
  papel: OrganizationRole,
): Promise<Result> {
  const power = await requirePower(db, actorId, organizationId, "administrar");
  if (!power.ok) return power;
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    const administrators = await lockedAdministrators(txDb, organizationId);
    const current = await roleIn(txDb, memberId, organizationId);
    if (!current) return notFound("member");
    if (current === "administrador" && papel !== "administrador" && administrators.length === 1) {
      return lastAdministrator();
    }
    await tx
      .update(organizationMembers)
      .set({ papel })
      .where(and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.userId, memberId)));
    // A foster home no longer reads the team's applications and conversations.
    if (!roleMay(papel, "cuidar")) await giveBackAssignments(txDb, organizationId, memberId);
    await cancelInvitationsSentBy(txDb, organizationId, memberId, papel);
    if (papel !== current) {
      await recordActivity(txDb, {
        organizationId,
        actorId,
        acao: "papel_alterado",
        alvoId: memberId,
        alvoNome: await nameOf(txDb, memberId),
        detalhe: ORGANIZATION_ROLE_LABEL[papel].toLowerCase(),
      });
    }
    return ok();
  });
}

/**
 * What `memberId` answered for in the organisation (applications, conversations) goes back to the
 * whole team, unassigned (issue 60): nothing waits on someone who can no longer answer it.
 */
async function giveBackAssignments(db: Db, organizationId: string, memberId: string): Promise<void> {
  for (const table of [applications, conversations]) {
    await db
      .update(table)
      .set({ assignedTo: null })
      .where(and(eq(table.organizationId, organizationId), eq(table.assignedTo, memberId)));
  }
}

/** An administrador removes a member, or a member leaves (`memberId` is their own). */
export async function removeMember(db: Db, actorId: string, organizationId: string, memberId: string): Promise<Result> {
  if (actorId !== memberId) {
    const power = await requirePower(db, actorId, organizationId, "administrar");
    if (!power.ok) return power;
  }
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    const administrators = await lockedAdministrators(txDb, organizationId);
    const current = await roleIn(txDb, memberId, organizationId);
    if (!current) return notFound(actorId === memberId ? "organization" : "member");
    if (current === "administrador" && administrators.length === 1) return lastAdministrator();
    await tx
      .delete(organizationMembers)
      .where(and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.userId, memberId)));
    // A foster who leaves gives the organisation's animals back: the placements end today.
    await endPlacementsLeft(txDb, { fosterId: memberId, organizationId });
    await giveBackAssignments(txDb, organizationId, memberId);
    await cancelInvitationsSentBy(txDb, organizationId, memberId, null);
    await recordActivity(
      txDb,
      actorId === memberId
        ? { organizationId, actorId, acao: "membro_saiu" }
        : {
            organizationId,
            actorId,
            acao: "membro_removido",
            alvoId: memberId,
            alvoNome: await nameOf(txDb, memberId),
          },
    );
    return ok();
  });
}
