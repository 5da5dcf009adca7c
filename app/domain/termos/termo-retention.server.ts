import { and, desc, eq, isNull, lt, ne, or } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { termos } from "~/db/schema";
import type { ApplicationParty } from "~/lib/applications";
import type { Vault } from "~/services/vault.server";
import { type TermoRow, signaturesOf, termoColumns, toView } from "./termo-reads.server";
import { SIGNED_KEPT_YEARS, DAY_MS } from "./termos.server";

/** How long termos are kept (ten years once signed), and a person's own in their data export. */

/**
 * Forgets termos no longer needed: signed ones after ten years; cancelled ones after the
 * retention of closed applications; unsigned ones whose application was deleted (with an
 * account). Their signatures go with them.
 */
export async function forgetExpiredTermos(db: Db, now: Date, applicationRetentionDays = 180): Promise<number> {
  const signedBefore = new Date(now);
  signedBefore.setUTCFullYear(signedBefore.getUTCFullYear() - SIGNED_KEPT_YEARS);
  const cancelledBefore = new Date(now.getTime() - applicationRetentionDays * DAY_MS);
  const deleted = await db
    .delete(termos)
    .where(
      or(
        and(eq(termos.status, "assinado"), lt(termos.signedAt, signedBefore)),
        and(eq(termos.status, "cancelado"), lt(termos.cancelledAt, cancelledBefore)),
        and(ne(termos.status, "assinado"), isNull(termos.applicationId)),
      ),
    )
    .returning({ id: termos.id });
  return deleted.length;
}

/**
 * A person's termos for their data export. The adopter's, whole (their CPF and address are
 * theirs); the caretaker's, without the text and the adopter's data (in the adopter's export),
 * as applications received are exported.
 */
export async function termosForExport(db: Db, vault: Vault, userId: string) {
  const rows = (await db
    .select(termoColumns)
    .from(termos)
    .where(or(eq(termos.adopterId, userId), eq(termos.caretakerId, userId)))
    .orderBy(desc(termos.createdAt))) as TermoRow[];
  const views = [];
  for (const row of rows) {
    const party: ApplicationParty = row.adopterId === userId ? "adotante" : "responsavel";
    const view = toView(vault, row, party, await signaturesOf(db, row.id));
    const own = party === "adotante";
    views.push({
      id: view.id,
      papel: party,
      animal: view.petNome,
      status: view.status,
      codigo: view.codigo,
      emitido_em: view.createdAt.toISOString(),
      assinado_em: view.signedAt?.toISOString() ?? null,
      ...(own && { texto: view.texto, texto_sha256: view.textoSha256, adotante: view.adotante }),
      assinaturas: view.signatures
        .filter((signature) => own || signature.parte === "responsavel")
        .map((signature) => ({
          parte: signature.parte,
          nome: signature.nomeCompleto,
          assinado_em: signature.signedAt.toISOString(),
          ip: signature.ip,
          navegador: signature.userAgent,
          texto_sha256: signature.textoSha256,
        })),
    });
  }
  return views;
}
