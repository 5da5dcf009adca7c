import { sql } from "drizzle-orm";
import { rowsOf, type Db } from "~/db/client.server";
import { expenses, petHealthEntries, petHealthFiles, trashFiles, trashItems } from "~/db/schema";
import { TRASH_DAYS, type TrashKind } from "~/lib/trash";

/**
 * Puts a record in its organisation's `Lixeira` (issue 63), in the caller's transaction, just
 * before the caller deletes it: its row as JSON (to_jsonb, read and written by the database, the
 * files' bytes never passing through here) and its files. Read and restored by ./trash.server.ts.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

type Trashed = {
  organizationId: string;
  actorId: string;
  registroId: string;
  resumo: string;
  now: Date;
};

function trashColumns(tipo: TrashKind, { organizationId, actorId, registroId, resumo, now }: Trashed) {
  return sql`${organizationId}::uuid, ${tipo}, ${registroId}::uuid, ${resumo.slice(0, 300)}, ${actorId}::uuid,
    ${now.toISOString()}::timestamptz, ${new Date(now.getTime() + TRASH_DAYS * DAY_MS).toISOString()}::timestamptz`;
}

const INTO = sql`(organization_id, tipo, registro_id, resumo, apagado_por, apagado_em, expira_em, dados, arquivo)`;

/** An expense, its receipt kept apart from its row. Returns the item's id, or null when there is no such expense. */
export async function trashExpense(tx: Db, trashed: Trashed): Promise<string | null> {
  const result = await tx.execute(sql`
    insert into ${trashItems} ${INTO}
    select ${trashColumns("despesa", trashed)}, to_jsonb(${expenses}) - 'comprovante', ${expenses.comprovante}
    from ${expenses}
    where ${expenses.id} = ${trashed.registroId} and ${expenses.organizationId} = ${trashed.organizationId}
    returning id`);
  return rowsOf<{ id: string }>(result)[0]?.id ?? null;
}

/** A health entry, with its files. Returns the item's id, or null when there is no such entry. */
export async function trashHealthEntry(tx: Db, trashed: Trashed): Promise<string | null> {
  const result = await tx.execute(sql`
    insert into ${trashItems} ${INTO}
    select ${trashColumns("registro_de_saude", trashed)}, to_jsonb(${petHealthEntries}), null
    from ${petHealthEntries}
    where ${petHealthEntries.id} = ${trashed.registroId}
    returning id`);
  const id = rowsOf<{ id: string }>(result)[0]?.id ?? null;
  if (id) {
    await tx.execute(sql`
      insert into ${trashFiles} (item_id, position, tipo, conteudo)
      select ${id}::uuid, ${petHealthFiles.position}, ${petHealthFiles.tipo}, ${petHealthFiles.conteudo}
      from ${petHealthFiles} where ${petHealthFiles.entryId} = ${trashed.registroId}`);
  }
  return id;
}
