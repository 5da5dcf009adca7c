import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { organizationActivity, users } from "~/db/schema";
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
  });
}
