import { and, eq, inArray, or, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { organizationActivity, organizationInvitations, users } from "~/db/schema";
import type { ActivityKind } from "~/lib/organizations";

/**
 * Writes an organisation's activity log (issue 43): called by the services that make each
 * change, inside their transaction when they have one. Read by ./activity.server.ts.
 */

export type ActivityEntry = {
  organizationId: string;
  actorId: string;
  acao: ActivityKind;
  alvoId?: string | null;
  alvoNome?: string | null;
  detalhe?: string | null;
  /** The account `alvoNome` names, if it names a person. */
  alvoPessoaId?: string | null;
  /** The account `detalhe` names, if it names a person. */
  detalhePessoaId?: string | null;
};

/** Records what `actorId` did; their name is read now and kept. */
export async function recordActivity(db: Db, entry: ActivityEntry): Promise<void> {
  await db.insert(organizationActivity).values({
    organizationId: entry.organizationId,
    actorId: entry.actorId,
    actorNome: sql`coalesce((select ${users.nome} from ${users} where ${users.id} = ${entry.actorId}), '')`,
    acao: entry.acao,
    alvoId: entry.alvoId ?? null,
    alvoNome: entry.alvoNome?.slice(0, 80) ?? null,
    detalhe: entry.detalhe?.slice(0, 300) ?? null,
    alvoPessoaId: entry.alvoPessoaId ?? null,
    detalhePessoaId: entry.detalhePessoaId ?? null,
  });
}

/** How the log names a person whose account is gone. */
const REMOVED_PERSON = "Pessoa removida";

/**
 * Before an account goes (LGPD, issue 60): every log entry that names the person by their account
 * says "Pessoa removida" instead, as do the invitations sent to their e-mail, which are deleted.
 * What the team wrote (reasons, notes) stays: it is the organisation's record.
 */
export async function forgetPersonInActivity(db: Db, person: { id: string; email: string }): Promise<void> {
  await db
    .update(organizationActivity)
    .set({ actorNome: REMOVED_PERSON })
    .where(eq(organizationActivity.actorId, person.id));
  await db
    .update(organizationActivity)
    .set({ alvoNome: REMOVED_PERSON })
    .where(
      or(
        eq(organizationActivity.alvoPessoaId, person.id),
        // An invitation is logged with the e-mail it went to.
        and(
          inArray(organizationActivity.acao, ["membro_convidado", "convite_cancelado"]),
          sql`lower(${organizationActivity.alvoNome}) = ${person.email.trim().toLowerCase()}`,
        ),
      ),
    );
  await db
    .update(organizationActivity)
    .set({ detalhe: REMOVED_PERSON })
    .where(eq(organizationActivity.detalhePessoaId, person.id));
  await db
    .delete(organizationInvitations)
    .where(sql`lower(${organizationInvitations.email}) = ${person.email.trim().toLowerCase()}`);
}
