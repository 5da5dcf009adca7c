import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { petHealthEntries, petHealthFiles } from "~/db/schema";
import type { HealthFile } from "~/lib/health";
import { prepareDocuments, type PreparedDocument } from "~/services/documents.server";
import { notFound, ok, type Result } from "~/services/outcome.server";

/**
 * The files of health entries (issue 45): an exam's PDF is kept as sent (checked to be a PDF);
 * a photo of a card is re-encoded without its metadata. Read only by the record's readers.
 */

export type PreparedFile = PreparedDocument;

/** Each file checked by content, in order; the first refused one is `arquivos`'s failure, by position. */
export const prepareHealthFiles = (files: Buffer[], account: string) => prepareDocuments(files, account, "arquivos");

/** Stores an entry's files, in the entry's transaction. */
export async function saveHealthFiles(tx: Db, entryId: string, files: PreparedFile[]): Promise<void> {
  if (files.length === 0) return;
  await tx
    .insert(petHealthFiles)
    .values(files.map((file, position) => ({ entryId, position, tipo: file.tipo, conteudo: file.conteudo })));
}

/** The files of these entries, by entry, in order (ids and kinds only). */
export async function filesOf(db: Db, entryIds: string[]): Promise<Map<string, HealthFile[]>> {
  const byEntry = new Map<string, HealthFile[]>();
  if (entryIds.length === 0) return byEntry;
  const rows = await db
    .select({ id: petHealthFiles.id, entryId: petHealthFiles.entryId, tipo: petHealthFiles.tipo })
    .from(petHealthFiles)
    .where(inArray(petHealthFiles.entryId, entryIds))
    .orderBy(asc(petHealthFiles.entryId), asc(petHealthFiles.position));
  for (const row of rows) {
    byEntry.set(row.entryId, [
      ...(byEntry.get(row.entryId) ?? []),
      { id: row.id, tipo: row.tipo as HealthFile["tipo"] },
    ]);
  }
  return byEntry;
}

/** One file of the animal's record (its readers are checked by the caller, records.server's healthFile). */
export async function fileOfPet(db: Db, petId: string, fileId: string): Promise<Result<PreparedFile>> {
  const [file] = await db
    .select({ tipo: petHealthFiles.tipo, conteudo: petHealthFiles.conteudo })
    .from(petHealthFiles)
    .innerJoin(petHealthEntries, eq(petHealthEntries.id, petHealthFiles.entryId))
    .where(and(eq(petHealthFiles.id, fileId), eq(petHealthEntries.petId, petId)))
    .limit(1);
  return file ? ok({ ...file, tipo: file.tipo as HealthFile["tipo"] }) : notFound("health-entry");
}
