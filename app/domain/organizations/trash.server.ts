import { and, desc, eq, lt, sql } from "drizzle-orm";
import { rowsOf, type Db } from "~/db/client.server";
import { expenses, petHealthEntries, petHealthFiles, pets, trashFiles, trashItems, users } from "~/db/schema";
import { deriveFromRecord } from "~/domain/health/records.server";
import { publicDataChanged } from "~/domain/pets/public-reads.server";
import type { TrashKind } from "~/lib/trash";
import { fail, notFound, ok, type Result } from "~/services/outcome.server";
import { recordActivity } from "./activity-records.server";
import { requirePower } from "./membership.server";

/**
 * The organisation's `Lixeira` (issue 63): what its team deleted (./trash-records.server.ts puts
 * it there), listed for its administradores and equipe, restored by an administrador under the
 * record's own id, erased after 30 days.
 */

export type TrashItem = {
  id: string;
  tipo: TrashKind;
  registroId: string;
  resumo: string;
  apagadoPor: string | null;
  apagadoEm: Date;
  expiraEm: Date;
};

/** The items not yet expired, the last deleted first (at most 200: a month of a busy team's deletes). */
export async function listTrash(
  db: Db,
  userId: string,
  organizationId: string,
  now = new Date(),
): Promise<Result<TrashItem[]>> {
  const power = await requirePower(db, userId, organizationId, "cuidar");
  if (!power.ok) return power;
  const rows = await db
    .select({
      id: trashItems.id,
      tipo: trashItems.tipo,
      registroId: trashItems.registroId,
      resumo: trashItems.resumo,
      apagadoPor: users.nome,
      apagadoEm: trashItems.apagadoEm,
      expiraEm: trashItems.expiraEm,
    })
    .from(trashItems)
    .leftJoin(users, eq(users.id, trashItems.apagadoPor))
    .where(and(eq(trashItems.organizationId, organizationId), sql`${trashItems.expiraEm} > ${now.toISOString()}`))
    .orderBy(desc(trashItems.apagadoEm), desc(trashItems.id))
    .limit(200);
  return ok(rows);
}

/**
 * Brings an item back (administradores): the record under its own id, with its files, and its
 * animal's derived fields worked out again. A health entry whose animal is gone cannot come back.
 */
export async function restoreFromTrash(
  db: Db,
  userId: string,
  organizationId: string,
  itemId: string,
  now = new Date(),
): Promise<Result<{ tipo: TrashKind; registroId: string }>> {
  const power = await requirePower(db, userId, organizationId, "administrar");
  if (!power.ok) return power;
  const restored = await db.transaction(
    async (transaction): Promise<Result<{ tipo: TrashKind; registroId: string }>> => {
      const tx = transaction as unknown as Db;
      const [item] = await tx
        .select({ tipo: trashItems.tipo, registroId: trashItems.registroId, resumo: trashItems.resumo })
        .from(trashItems)
        .where(
          and(
            eq(trashItems.id, itemId),
            eq(trashItems.organizationId, organizationId),
            sql`${trashItems.expiraEm} > ${now.toISOString()}`,
          ),
        )
        .for("update");
      if (!item) return notFound("trash-item");
      const back = item.tipo === "despesa" ? await restoreExpense(tx, itemId) : await restoreHealthEntry(tx, itemId);
      if (!back.ok) return back;
      await tx.delete(trashItems).where(eq(trashItems.id, itemId));
      await recordActivity(tx, {
        organizationId,
        actorId: userId,
        acao: "item_restaurado",
        alvoId: item.registroId,
        detalhe: item.resumo,
      });
      return ok({ tipo: item.tipo, registroId: item.registroId });
    },
  );
  if (restored.ok && restored.value.tipo === "registro_de_saude") publicDataChanged(db);
  return restored;
}

/** The expense's row and receipt; its animal, if gone meanwhile, is no longer named. */
async function restoreExpense(tx: Db, itemId: string): Promise<Result> {
  const inserted = await tx.execute(sql`
    insert into ${expenses}
    select (jsonb_populate_record(null::expenses, item.dados || jsonb_build_object(
      'pet_id', (select p.id from ${pets} p where p.id = (item.dados->>'pet_id')::uuid)
    ))).*
    from ${trashItems} item where item.id = ${itemId}
    on conflict (id) do nothing
    returning id`);
  if (rowsOf(inserted).length === 0) return fail({ kind: "conflict", reason: "already-restored" });
  await tx.execute(sql`
    update ${expenses} set comprovante = item.arquivo
    from ${trashItems} item where item.id = ${itemId} and ${expenses.id} = item.registro_id`);
  return ok();
}

/** The entry and its files, under its animal's lock as any change to a record is written. */
async function restoreHealthEntry(tx: Db, itemId: string): Promise<Result> {
  const [item] = await tx
    .select({ petId: sql<string>`(${trashItems.dados}->>'pet_id')::uuid` })
    .from(trashItems)
    .where(eq(trashItems.id, itemId));
  const [pet] = await tx
    .select({ id: pets.id, status: pets.status })
    .from(pets)
    .where(eq(pets.id, item!.petId))
    .for("update");
  if (!pet || pet.status === "removido") return fail({ kind: "conflict", reason: "trash-pet-gone" });
  const inserted = await tx.execute(sql`
    insert into ${petHealthEntries}
    select (jsonb_populate_record(null::pet_health_entries, item.dados)).*
    from ${trashItems} item where item.id = ${itemId}
    on conflict (id) do nothing
    returning id`);
  if (rowsOf(inserted).length === 0) return fail({ kind: "conflict", reason: "already-restored" });
  await tx.execute(sql`
    insert into ${petHealthFiles} (entry_id, position, tipo, conteudo)
    select item.registro_id, file.position, file.tipo, file.conteudo
    from ${trashFiles} file join ${trashItems} item on item.id = file.item_id
    where file.item_id = ${itemId}`);
  await deriveFromRecord(tx, pet.id);
  return ok();
}

/** Erases what has been in a Lixeira for 30 days, files and all (purgeExpired). */
export async function forgetExpiredTrash(db: Db, now: Date): Promise<number> {
  const gone = await db.delete(trashItems).where(lt(trashItems.expiraEm, now)).returning({ id: trashItems.id });
  return gone.length;
}
