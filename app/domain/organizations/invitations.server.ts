import { createHash, randomBytes } from "node:crypto";
import { and, asc, eq, gt, isNull, lt, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "~/db/client.server";
import { organizationInvitations, organizationMembers, organizations, users } from "~/db/schema";
import { OrganizationInvitationEmail, organizationInvitationSubject } from "~/emails/organization-invitation.server";
import { renderEmail } from "~/emails/render.server";
import { ORGANIZATION_ROLE_LABEL, type OrganizationRole } from "~/lib/organizations";
import type { Jobs } from "~/services/jobs.server";
import { composeAndSendOnce, type Mailer } from "~/services/mail.server";
import { fail, forbidden, invalid, notFound, ok, type Result } from "~/services/outcome.server";
import { takeAllowance } from "~/services/rate-limits.server";
import { activeOfferHolder } from "~/domain/foster/offers.server";
import { requirePower } from "./membership.server";
import { recordActivity } from "./activity-records.server";

/**
 * Invitations to an organisation (issue 43): an administrador invites by e-mail; the link is
 * valid for 7 days and used once; only the account of that e-mail accepts it, anyone holding
 * the link may decline it. The team may also invite a person who offered a foster home
 * (issue 44) without learning their e-mail: only that account accepts.
 */

export const INVITATION_DAYS = 7;
export const ORGANIZATION_INVITATION_JOB = "organization-invitation";

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
const mailKey = (invitationId: string) => `convite.${invitationId}`;
const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Whether an invitation's sender still holds a role that could send it (issue 60): an
 * administrador, or for a foster home invited from its offer, the equipe too. An invitation
 * outlives no sender who was demoted, removed or deleted.
 */
const senderHoldsRole = sql<boolean>`exists (
  select 1 from ${organizationMembers}
  where ${organizationMembers.organizationId} = ${organizationInvitations.organizationId}
    and ${organizationMembers.userId} = ${organizationInvitations.invitedBy}
    and (${organizationMembers.papel} = 'administrador'
      or (${organizationInvitations.userId} is not null and ${organizationMembers.papel} = 'equipe')))`;

/** An invitation that may still be answered at `now`: unanswered, not cancelled, within its days, its sender's. */
const stillValid = (now: Date) =>
  and(
    isNull(organizationInvitations.acceptedAt),
    isNull(organizationInvitations.declinedAt),
    isNull(organizationInvitations.cancelledAt),
    gt(organizationInvitations.expiresAt, now),
    senderHoldsRole,
  );

/**
 * An administrador invites `email` as `papel`: a few dozen an hour per account, since each
 * sends an e-mail. A pending invitation of the same e-mail is replaced (its link stops
 * working). Returns the invitation's id.
 */
export async function inviteMember(
  db: Db,
  jobs: Jobs,
  actorId: string,
  organizationId: string,
  input: { email: string; papel: OrganizationRole },
  now = new Date(),
): Promise<Result<string>> {
  const power = await requirePower(db, actorId, organizationId, "administrar");
  if (!power.ok) return power;
  const [member] = await db
    .select({ id: users.id })
    .from(organizationMembers)
    .innerJoin(users, eq(users.id, organizationMembers.userId))
    .where(
      and(
        eq(organizationMembers.organizationId, organizationId),
        sql`lower(${users.email}) = ${input.email.trim().toLowerCase()}`,
      ),
    )
    .limit(1);
  if (member) return fail({ kind: "conflict", reason: "already-member", field: "email" });
  const allowed = await takeAllowance(db, "invitation-account", actorId);
  if (!allowed.ok) return allowed;
  const email = input.email.trim();
  const id = await replaceInvitation(db, jobs, {
    organizationId,
    actorId,
    invited: { email, userId: null },
    pending: sql`lower(${organizationInvitations.email}) = ${email.toLowerCase()}`,
    papel: input.papel,
    alvoNome: email,
    now,
  });
  return ok(id);
}

/**
 * In one transaction: the pending invitation of the same person is replaced, the new one made
 * (valid INVITATION_DAYS), its e-mail queued, the activity recorded. Returns its id.
 */
async function replaceInvitation(
  db: Db,
  jobs: Jobs,
  {
    organizationId,
    actorId,
    invited,
    pending,
    papel,
    alvoNome,
    now,
  }: {
    organizationId: string;
    actorId: string;
    invited: { email: string; userId: string | null };
    /** Which pending invitations are the same person's. */
    pending: SQL;
    papel: OrganizationRole;
    alvoNome: string;
    now: Date;
  },
): Promise<string> {
  const id = await db.transaction(async (tx) => {
    await tx
      .delete(organizationInvitations)
      .where(
        and(
          eq(organizationInvitations.organizationId, organizationId),
          pending,
          isNull(organizationInvitations.acceptedAt),
          isNull(organizationInvitations.declinedAt),
        ),
      );
    const [made] = await tx
      .insert(organizationInvitations)
      .values({
        organizationId,
        ...invited,
        papel,
        invitedBy: actorId,
        expiresAt: new Date(now.getTime() + INVITATION_DAYS * 24 * 60 * 60 * 1000),
      })
      .returning({ id: organizationInvitations.id });
    await jobs.send(ORGANIZATION_INVITATION_JOB, { invitationId: made!.id }, { tx: tx as unknown as Db });
    await recordActivity(tx as unknown as Db, {
      organizationId,
      actorId,
      acao: "membro_convidado",
      alvoNome,
      // A foster home invited from its offer is an account; an e-mail is forgotten by its text.
      alvoPessoaId: invited.userId,
      detalhe: ORGANIZATION_ROLE_LABEL[papel].toLowerCase(),
    });
    return made!.id;
  });
  jobs.wake(ORGANIZATION_INVITATION_JOB);
  return id;
}

/**
 * The team (administradores and equipe) invites the person behind an offer of a foster home
 * to join as `lar_temporario`: an offer active now (not paused, not past its last day, of an
 * account not suspended). The link goes to the account's e-mail, which the team never reads;
 * only that account accepts. A pending invitation of the same person is replaced.
 */
export async function inviteFoster(
  db: Db,
  jobs: Jobs,
  actorId: string,
  organizationId: string,
  offerId: string,
  now = new Date(),
): Promise<Result<string>> {
  const power = await requirePower(db, actorId, organizationId, "cuidar");
  if (!power.ok) return power;
  const person = await activeOfferHolder(db, offerId, now);
  if (!person) return notFound("foster-offer");
  const [member] = await db
    .select({ userId: organizationMembers.userId })
    .from(organizationMembers)
    .where(and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.userId, person.id)))
    .limit(1);
  if (member) return fail({ kind: "conflict", reason: "already-member", field: "lar_id" });
  const allowed = await takeAllowance(db, "invitation-account", actorId);
  if (!allowed.ok) return allowed;
  const id = await replaceInvitation(db, jobs, {
    organizationId,
    actorId,
    invited: { email: person.email, userId: person.id },
    pending: eq(organizationInvitations.userId, person.id),
    papel: "lar_temporario",
    alvoNome: person.firstName,
    now,
  });
  return ok(id);
}

/**
 * The job `ORGANIZATION_INVITATION_JOB`: makes the link's token, keeps its hash, e-mails the
 * link once; nothing for an invitation replaced, answered or expired meanwhile.
 */
export async function sendOrganizationInvitation(
  db: Db,
  mailer: Mailer,
  invitationId: string,
  publicUrl: string,
  now = new Date(),
): Promise<void> {
  await composeAndSendOnce(db, mailer, mailKey(invitationId), async () => {
    const [row] = await db
      .select({
        email: organizationInvitations.email,
        papel: organizationInvitations.papel,
        organizacao: organizations.nome,
        verificada: sql<boolean>`${organizations.verifiedAt} is not null`,
        convidadoPor: users.nome,
      })
      .from(organizationInvitations)
      .innerJoin(organizations, eq(organizations.id, organizationInvitations.organizationId))
      .leftJoin(users, eq(users.id, organizationInvitations.invitedBy))
      .where(and(eq(organizationInvitations.id, invitationId), stillValid(now)));
    if (!row) return null;
    const token = randomBytes(32).toString("base64url");
    await db
      .update(organizationInvitations)
      .set({ tokenHash: hashToken(token) })
      .where(eq(organizationInvitations.id, invitationId));
    const content = await renderEmail(
      OrganizationInvitationEmail({
        organizacao: row.organizacao,
        verificada: row.verificada,
        convidadoPor: row.convidadoPor,
        papel: ORGANIZATION_ROLE_LABEL[row.papel].toLowerCase(),
        url: `${publicUrl}/adopet/convites/${token}`,
      }),
    );
    return { to: row.email, subject: organizationInvitationSubject(row.organizacao), ...content };
  });
}

/** Whether `token` has the shape of a link's token (32 random bytes, base64url). */
export function looksLikeInvitationToken(token: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(token);
}

export type InvitationView = {
  id: string;
  organizationId: string;
  /** The account invited from its offer of a foster home; null for an invitation by e-mail. */
  userId: string | null;
  organizacao: string;
  /** Whether an operator checked the organisation: the invited person is told either way. */
  verificada: boolean;
  papel: OrganizationRole;
  email: string;
  convidadoPor: string | null;
  status: "pendente" | "aceito" | "recusado" | "expirado" | "cancelado";
};

/** The invitation of a link, whatever became of it; null for a link that is no invitation's. */
export async function findInvitation(db: Db, token: string, now = new Date()): Promise<InvitationView | null> {
  if (!looksLikeInvitationToken(token)) return null;
  const [row] = await db
    .select({
      id: organizationInvitations.id,
      organizationId: organizationInvitations.organizationId,
      userId: organizationInvitations.userId,
      organizacao: organizations.nome,
      verificada: sql<boolean>`${organizations.verifiedAt} is not null`,
      papel: organizationInvitations.papel,
      email: organizationInvitations.email,
      convidadoPor: users.nome,
      expiresAt: organizationInvitations.expiresAt,
      acceptedAt: organizationInvitations.acceptedAt,
      declinedAt: organizationInvitations.declinedAt,
      cancelledAt: organizationInvitations.cancelledAt,
      senderHoldsRole,
    })
    .from(organizationInvitations)
    .innerJoin(organizations, eq(organizations.id, organizationInvitations.organizationId))
    .leftJoin(users, eq(users.id, organizationInvitations.invitedBy))
    .where(eq(organizationInvitations.tokenHash, hashToken(token)))
    .limit(1);
  if (!row) return null;
  const { expiresAt, acceptedAt, declinedAt, cancelledAt, senderHoldsRole: live, ...view } = row;
  const status = acceptedAt
    ? "aceito"
    : declinedAt
      ? "recusado"
      : cancelledAt || !live
        ? "cancelado"
        : expiresAt <= now
          ? "expirado"
          : "pendente";
  return { ...view, status };
}

/** "m…@exemplo.com": enough for the invited person to know which account, not the whole address. */
function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  return at < 1 ? "…" : `${email[0]}…${email.slice(at)}`;
}

/**
 * Who opens an invitation's link, and the e-mail they may read: the whole address only to its
 * own account; anyone else holding the link sees a hint of it.
 */
export function invitationSeenBy(invitation: InvitationView, viewer: { email: string } | null) {
  const own = viewer !== null && sameEmail(viewer.email, invitation.email);
  return {
    viewer: viewer === null ? ("visitante" as const) : own ? ("convidado" as const) : ("outra-conta" as const),
    email: own ? invitation.email : maskEmail(invitation.email),
  };
}

/**
 * The signed-in person accepts: once, within its 7 days, from the account of the e-mail it was
 * sent to (or, invited from an offer, the account that made it). Returns the organisation and
 * the role now theirs.
 */
export async function acceptInvitation(
  db: Db,
  userId: string,
  token: string,
  now = new Date(),
): Promise<Result<{ organizationId: string; papel: OrganizationRole }>> {
  const invitation = await findInvitation(db, token, now);
  if (!invitation) return notFound("invitation");
  if (invitation.status !== "pendente") return invalid("token", "invitation-token");
  const [account] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  const theirs = invitation.userId
    ? invitation.userId === userId
    : account && sameEmail(account.email, invitation.email);
  if (!account || !theirs) return forbidden("invitation-other-account");
  return db.transaction(async (tx) => {
    // Used once: only the request that marks it accepted adds the member.
    const [taken] = await tx
      .update(organizationInvitations)
      .set({ acceptedAt: now })
      .where(and(eq(organizationInvitations.id, invitation.id), stillValid(now)))
      .returning({ id: organizationInvitations.id });
    if (!taken) return invalid("token", "invitation-token");
    const [joined] = await tx
      .insert(organizationMembers)
      // A new administrador waits 72 hours before the changes a takeover needs (issue 60).
      .values({
        organizationId: invitation.organizationId,
        userId,
        papel: invitation.papel,
        adminSince: invitation.papel === "administrador" ? now : null,
      })
      .onConflictDoNothing()
      .returning({ userId: organizationMembers.userId });
    if (joined) {
      await recordActivity(tx as unknown as Db, {
        organizationId: invitation.organizationId,
        actorId: userId,
        acao: "membro_entrou",
        detalhe: ORGANIZATION_ROLE_LABEL[invitation.papel].toLowerCase(),
      });
    }
    return ok({ organizationId: invitation.organizationId, papel: invitation.papel });
  });
}

/** Declines a pending invitation: anyone holding the link (it reached the invited e-mail). */
export async function declineInvitation(db: Db, token: string, now = new Date()): Promise<Result> {
  const invitation = await findInvitation(db, token, now);
  if (!invitation) return notFound("invitation");
  if (invitation.status !== "pendente") return invalid("token", "invitation-token");
  await db
    .update(organizationInvitations)
    .set({ declinedAt: now })
    .where(and(eq(organizationInvitations.id, invitation.id), isNull(organizationInvitations.acceptedAt)));
  return ok();
}

/**
 * `convidado`: the e-mail invited, or for a person invited from an offer of a foster home, the
 * first name only (their e-mail is not the team's to read).
 */
export type PendingInvitation = {
  id: string;
  convidado: string;
  papel: OrganizationRole;
  convidadoPor: string | null;
  criadoEm: Date;
  expiraEm: Date;
};

const invitee = alias(users, "invitee");

/** The invitations still waiting for an answer, for the organisation's administradores. */
export async function listPendingInvitations(
  db: Db,
  actorId: string,
  organizationId: string,
  now = new Date(),
): Promise<Result<PendingInvitation[]>> {
  const power = await requirePower(db, actorId, organizationId, "administrar");
  if (!power.ok) return power;
  const rows = await db
    .select({
      id: organizationInvitations.id,
      convidado: sql<string>`coalesce(split_part(${invitee.nome}, ' ', 1), ${organizationInvitations.email})`,
      papel: organizationInvitations.papel,
      convidadoPor: users.nome,
      criadoEm: organizationInvitations.createdAt,
      expiraEm: organizationInvitations.expiresAt,
    })
    .from(organizationInvitations)
    .leftJoin(invitee, eq(invitee.id, organizationInvitations.userId))
    .leftJoin(users, eq(users.id, organizationInvitations.invitedBy))
    .where(and(eq(organizationInvitations.organizationId, organizationId), stillValid(now)))
    .orderBy(asc(organizationInvitations.createdAt));
  return ok(rows);
}

/**
 * An administrador cancels an invitation still waiting (issue 60): its link stops working at
 * once. Not found for an invitation of another organisation, or one already answered.
 */
export async function cancelInvitation(
  db: Db,
  actorId: string,
  organizationId: string,
  invitationId: string,
  now = new Date(),
): Promise<Result> {
  const power = await requirePower(db, actorId, organizationId, "administrar");
  if (!power.ok) return power;
  return db.transaction(async (tx) => {
    const [cancelled] = await tx
      .update(organizationInvitations)
      .set({ cancelledAt: now })
      .where(
        and(
          eq(organizationInvitations.id, invitationId),
          eq(organizationInvitations.organizationId, organizationId),
          isNull(organizationInvitations.acceptedAt),
          isNull(organizationInvitations.declinedAt),
          isNull(organizationInvitations.cancelledAt),
        ),
      )
      .returning({ email: organizationInvitations.email, userId: organizationInvitations.userId });
    if (!cancelled) return notFound("invitation");
    const [person] = cancelled.userId
      ? await tx.select({ nome: users.nome }).from(users).where(eq(users.id, cancelled.userId))
      : [];
    await recordActivity(tx as unknown as Db, {
      organizationId,
      actorId,
      acao: "convite_cancelado",
      // A foster invited from an offer is named by first name: their e-mail is not the team's.
      alvoNome: person ? person.nome.split(" ")[0]! : cancelled.email,
      alvoPessoaId: cancelled.userId,
    });
    return ok();
  });
}

/**
 * When `memberId` loses a role (issue 60), the invitations they sent that their new role could
 * not send die with it, for good: `papel` null (removed) ends them all; the equipe keeps only
 * the foster homes it invited from their offers.
 */
export async function cancelInvitationsSentBy(
  db: Db,
  organizationId: string,
  memberId: string,
  papel: OrganizationRole | null,
  now = new Date(),
): Promise<void> {
  if (papel === "administrador") return;
  await db
    .update(organizationInvitations)
    .set({ cancelledAt: now })
    .where(
      and(
        eq(organizationInvitations.organizationId, organizationId),
        eq(organizationInvitations.invitedBy, memberId),
        isNull(organizationInvitations.acceptedAt),
        isNull(organizationInvitations.declinedAt),
        isNull(organizationInvitations.cancelledAt),
        papel === "equipe" ? isNull(organizationInvitations.userId) : undefined,
      ),
    );
}

/** Invitations (with the e-mail they were sent to) are kept for 30 days after they expire, then forgotten. */
const INVITATIONS_KEPT_DAYS = 30;

export async function forgetOldInvitations(db: Db, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - INVITATIONS_KEPT_DAYS * 24 * 60 * 60 * 1000);
  const gone = await db
    .delete(organizationInvitations)
    .where(lt(organizationInvitations.expiresAt, cutoff))
    .returning({ id: organizationInvitations.id });
  return gone.length;
}
