import { and, desc, eq, isNotNull, lt, or } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { organizationActivity } from "~/db/schema";
import { parsePageCursor, writePageCursor, type PageCursor } from "~/lib/page-cursors";
import type { ActivityKind } from "~/lib/organizations";
import { ok, type Result } from "~/services/outcome.server";
import { requirePower } from "./membership.server";

/**
 * An organisation's activity log (issue 43), as its administradores read it, newest first; the
 * entries are written by the services that make each change (./activity-records.server.ts).
 */

const ACTIVITY_PAGE_SIZE = 50;
/** Kept two years, then forgotten. */
const ACTIVITY_KEPT_DAYS = 2 * 365;

export type ActivityRow = {
  id: string;
  actorId: string | null;
  actorNome: string;
  acao: ActivityKind;
  alvoId: string | null;
  alvoNome: string | null;
  detalhe: string | null;
  createdAt: Date;
};

const activityColumns = {
  id: organizationActivity.id,
  actorId: organizationActivity.actorId,
  actorNome: organizationActivity.actorNome,
  acao: organizationActivity.acao,
  alvoId: organizationActivity.alvoId,
  alvoNome: organizationActivity.alvoNome,
  detalhe: organizationActivity.detalhe,
  createdAt: organizationActivity.createdAt,
};

const toActivityRow = (row: Omit<ActivityRow, "acao"> & { acao: string }): ActivityRow => ({
  ...row,
  acao: row.acao as ActivityKind,
  createdAt: new Date(row.createdAt),
});

/** `antes` of the log: the entries before this one (app/lib/page-cursors.ts). */
export const parseActivityCursor = parsePageCursor;

/** What the log is narrowed to (issue 63): one kind, one person who acted. */
export type ActivityFilters = { acao?: ActivityKind; pessoa?: string };

const filtered = ({ acao, pessoa }: ActivityFilters) =>
  and(
    acao ? eq(organizationActivity.acao, acao) : undefined,
    pessoa ? eq(organizationActivity.actorId, pessoa) : undefined,
  );

/** A page of the log, for its administradores: entries before `before`, and the next page's cursor. */
export async function listActivity(
  db: Db,
  actorId: string,
  organizationId: string,
  before?: PageCursor,
  filters: ActivityFilters = {},
): Promise<Result<{ entries: ActivityRow[]; next: string | null }>> {
  const power = await requirePower(db, actorId, organizationId, "administrar");
  if (!power.ok) return power;
  const rows = await db
    .select(activityColumns)
    .from(organizationActivity)
    .where(
      and(
        eq(organizationActivity.organizationId, organizationId),
        filtered(filters),
        before
          ? or(
              lt(organizationActivity.createdAt, before.at),
              and(eq(organizationActivity.createdAt, before.at), lt(organizationActivity.id, before.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(organizationActivity.createdAt), desc(organizationActivity.id))
    .limit(ACTIVITY_PAGE_SIZE + 1);
  const more = rows.length > ACTIVITY_PAGE_SIZE;
  const entries = (more ? rows.slice(0, ACTIVITY_PAGE_SIZE) : rows).map(toActivityRow);
  const last = entries.at(-1);
  return ok({ entries, next: more && last ? writePageCursor({ at: last.createdAt, id: last.id }) : null });
}

/** The people who acted in the log, by name: the filter's choices (at most 200). */
export async function activityPeople(db: Db, organizationId: string): Promise<{ id: string; nome: string }[]> {
  const rows = await db
    .selectDistinctOn([organizationActivity.actorId], {
      id: organizationActivity.actorId,
      nome: organizationActivity.actorNome,
    })
    .from(organizationActivity)
    .where(and(eq(organizationActivity.organizationId, organizationId), isNotNull(organizationActivity.actorId)))
    .orderBy(organizationActivity.actorId, desc(organizationActivity.createdAt))
    .limit(200);
  return rows
    .flatMap((row) => (row.id ? [{ id: row.id, nome: row.nome }] : []))
    .sort((a, b) => a.nome.localeCompare(b.nome, "pt-BR"));
}

/** The whole log (two years), newest first, for its administradores: the organisation's export and the CSV. */
export async function activityForExport(
  db: Db,
  actorId: string,
  organizationId: string,
  filters: ActivityFilters = {},
): Promise<Result<ActivityRow[]>> {
  const power = await requirePower(db, actorId, organizationId, "administrar");
  if (!power.ok) return power;
  const rows = await db
    .select(activityColumns)
    .from(organizationActivity)
    .where(and(eq(organizationActivity.organizationId, organizationId), filtered(filters)))
    .orderBy(desc(organizationActivity.createdAt), desc(organizationActivity.id));
  return ok(rows.map(toActivityRow));
}

/** Entries older than two years are forgotten (the purge job). */
export async function forgetOldActivity(db: Db, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - ACTIVITY_KEPT_DAYS * 24 * 60 * 60 * 1000);
  const gone = await db
    .delete(organizationActivity)
    .where(lt(organizationActivity.createdAt, cutoff))
    .returning({ id: organizationActivity.id });
  return gone.length;
}
