import { and, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import {
  applications,
  conversations,
  formerAdministrators,
  organizationMembers,
  organizations,
  users,
} from "~/db/schema";
import { AdministratorRemovedEmail, administratorRemovedSubject } from "~/emails/administrator-removed.server";
import { renderEmail } from "~/emails/render.server";
import type { Jobs } from "~/services/jobs.server";
import { sendMailOnce, type Mailer } from "~/services/mail.server";
import { ORGANIZATION_ROLE_LABEL, roleMay, type OrganizationRole } from "~/lib/organizations";
import { fail, notFound, ok, type Result } from "~/services/outcome.server";
import { requirePower, requireSettledAdministrator, roleIn } from "./membership.server";
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
  jobs: Jobs,
  actorId: string,
  organizationId: string,
  memberId: string,
  papel: OrganizationRole,
  now = new Date(),
): Promise<Result> {
  // Another member's role, not one's own: a takeover's first step (issue 60).
  const power =
    actorId === memberId
      ? await requirePower(db, actorId, organizationId, "administrar")
      : await requireSettledAdministrator(db, actorId, organizationId, now);
  if (!power.ok) return power;
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    const administrators = await lockedAdministrators(txDb, organizationId);
    const current = await roleIn(txDb, memberId, organizationId);
    if (!current) return notFound("member");
    if (current === "administrador" && papel !== "administrador" && administrators.length === 1) {
      return lastAdministrator();
    }
    if (papel === current) return ok();
    await tx
      .update(organizationMembers)
      // Made administrador now: 72 hours before the changes a takeover needs.
      .set({ papel, adminSince: papel === "administrador" ? now : null, adminTrustedAt: null })
      .where(and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.userId, memberId)));
    // A foster home no longer reads the team's applications and conversations.
    if (!roleMay(papel, "cuidar")) await giveBackAssignments(txDb, organizationId, memberId);
    await cancelInvitationsSentBy(txDb, organizationId, memberId, papel);
    if (current === "administrador")
      await leftAdministration(txDb, jobs, { organizationId, memberId, actorId, papel, now });
    await recordActivity(txDb, {
      organizationId,
      actorId,
      acao: "papel_alterado",
      alvoId: memberId,
      alvoNome: await nameOf(txDb, memberId),
      alvoPessoaId: memberId,
      detalhe: ORGANIZATION_ROLE_LABEL[papel].toLowerCase(),
    });
    return ok();
  });
}

/** E-mailed to an administrador whom another took out of the administration (issue 60). */
export const ADMINISTRATOR_REMOVED_JOB = "administrator-removed";

export type AdministratorRemoved = {
  organizationId: string;
  memberId: string;
  actorId: string;
  /** Their new role, or null when removed. */
  papel: OrganizationRole | null;
  em: string;
};

/**
 * `memberId` is no longer an administrador: kept as a former one (the Pix key's changes reach
 * them for 30 days) and, when another did it, told by e-mail.
 */
async function leftAdministration(
  db: Db,
  jobs: Jobs,
  change: { organizationId: string; memberId: string; actorId: string; papel: OrganizationRole | null; now: Date },
): Promise<void> {
  const { organizationId, memberId, actorId, papel, now } = change;
  await db
    .insert(formerAdministrators)
    .values({ organizationId, userId: memberId, endedAt: now })
    .onConflictDoUpdate({
      target: [formerAdministrators.organizationId, formerAdministrators.userId],
      set: { endedAt: now },
    });
  if (actorId === memberId) return;
  const notice: AdministratorRemoved = { organizationId, memberId, actorId, papel, em: now.toISOString() };
  await jobs.send(ADMINISTRATOR_REMOVED_JOB, notice, { tx: db });
}

/** The job `ADMINISTRATOR_REMOVED_JOB`: the e-mail, once. */
export async function sendAdministratorRemoved(
  db: Db,
  mailer: Mailer,
  notice: AdministratorRemoved,
  publicUrl: string,
): Promise<void> {
  const [organization] = await db
    .select({ nome: organizations.nome })
    .from(organizations)
    .where(eq(organizations.id, notice.organizationId));
  const [member] = await db.select({ email: users.email }).from(users).where(eq(users.id, notice.memberId));
  if (!organization || !member) return;
  const por = (await nameOf(db, notice.actorId)) ?? "Um administrador";
  const content = await renderEmail(
    AdministratorRemovedEmail({
      organizacao: organization.nome,
      por,
      em: new Date(notice.em),
      novoPapel: notice.papel ? ORGANIZATION_ROLE_LABEL[notice.papel].toLowerCase() : null,
      url: `${publicUrl}/adopet/perfil`,
    }),
  );
  await sendMailOnce(db, mailer, {
    to: member.email,
    subject: administratorRemovedSubject(organization.nome),
    ...content,
    idempotencyKey: `administrador-removido.${notice.organizationId}.${notice.memberId}.${notice.em}`,
  });
}

/**
 * A settled administrador lets a new one through before the 72 hours (issue 60): the founder who
 * invited a trusted co-founder need not wait. Recorded in the log.
 */
export async function trustNewAdministrator(
  db: Db,
  actorId: string,
  organizationId: string,
  memberId: string,
  now = new Date(),
): Promise<Result> {
  const power = await requireSettledAdministrator(db, actorId, organizationId, now);
  if (!power.ok) return power;
  const [trusted] = await db
    .update(organizationMembers)
    .set({ adminTrustedAt: now })
    .where(
      and(
        eq(organizationMembers.organizationId, organizationId),
        eq(organizationMembers.userId, memberId),
        eq(organizationMembers.papel, "administrador"),
      ),
    )
    .returning({ userId: organizationMembers.userId });
  if (!trusted) return notFound("member");
  await recordActivity(db, {
    organizationId,
    actorId,
    acao: "administrador_liberado",
    alvoId: memberId,
    alvoNome: await nameOf(db, memberId),
    alvoPessoaId: memberId,
  });
  return ok();
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
export async function removeMember(
  db: Db,
  jobs: Jobs,
  actorId: string,
  organizationId: string,
  memberId: string,
  now = new Date(),
): Promise<Result> {
  if (actorId !== memberId) {
    const power = await requireSettledAdministrator(db, actorId, organizationId, now);
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
    if (current === "administrador") {
      await leftAdministration(txDb, jobs, { organizationId, memberId, actorId, papel: null, now });
    }
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
            alvoPessoaId: memberId,
          },
    );
    return ok();
  });
}
