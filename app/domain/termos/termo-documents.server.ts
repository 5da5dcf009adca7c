import { and, desc, eq, inArray, or } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { termos } from "~/db/schema";
import type { ApplicationParty } from "~/lib/applications";
import { notFound, ok, type Result } from "~/services/outcome.server";
import type { Vault } from "~/services/vault.server";
import { recordActivity } from "~/domain/organizations/activity-records.server";
import { organizationsCaredForBy } from "~/domain/organizations/membership.server";
import { applicationParty, signaturesOf, termoOfApplication } from "./termo-reads.server";
import { sha256 } from "./termos.server";
import { downloadName } from "~/lib/file-names";

/** A signed termo's PDF, and verifying one: by its code, or by the file someone was given. */

/** The signed termo's PDF, for its two parties. */
export async function termoPdf(
  db: Db,
  vault: Vault,
  readerId: string,
  applicationId: string,
): Promise<Result<{ pdf: Buffer; fileName: string }>> {
  const found = await termoOfApplication(db, readerId, applicationId);
  if (!found) {
    return (await applicationParty(db, readerId, applicationId)) ? notFound("termo") : notFound("application");
  }
  return signedPdf(db, vault, found.row.id, readerId);
}

/**
 * A signed termo's PDF, by its id, as the file its party downloads. It holds the adopter's CPF
 * and address: a download by the organisation's team goes in its log (issue 63).
 */
async function signedPdf(
  db: Db,
  vault: Vault,
  termoId: string,
  readerId: string,
): Promise<Result<{ pdf: Buffer; fileName: string }>> {
  const [row] = await db
    .select({
      pdf: termos.pdf,
      status: termos.status,
      petNome: termos.petNome,
      adopterId: termos.adopterId,
      organizationId: termos.organizationId,
    })
    .from(termos)
    .where(eq(termos.id, termoId));
  if (!row?.pdf || row.status !== "assinado") return notFound("termo");
  if (row.adopterId !== readerId && row.organizationId) {
    await recordActivity(db, {
      organizationId: row.organizationId,
      actorId: readerId,
      acao: "dados_pessoais_baixados",
      alvoNome: row.petNome,
      detalhe: `o termo de adoção assinado de ${row.petNome}, com os dados de quem adotou`,
    });
  }
  return ok({ pdf: vault.open(row.pdf), fileName: downloadName("termo-de-adocao", row.petNome, "pdf") });
}

/**
 * Whether `userId` is a party to the termo: its adopter, or a member who takes care of the
 * animals of the organisation it was made for (issue 43). Read afresh each time.
 */
const partyTo = (db: Db, userId: string) =>
  or(eq(termos.adopterId, userId), inArray(termos.organizationId, organizationsCaredForBy(db, userId)));

/**
 * The signed termos a person is party to, newest first: theirs to download even when the
 * application is gone (the other party deleted their account, which takes the application).
 */
export async function signedTermosOf(db: Db, userId: string) {
  return db
    .select({ id: termos.id, petNome: termos.petNome, codigo: termos.codigo, signedAt: termos.signedAt })
    .from(termos)
    .where(and(eq(termos.status, "assinado"), partyTo(db, userId)))
    .orderBy(desc(termos.signedAt));
}

/** A signed termo's PDF by its id, for its two parties only (404 for anyone else). */
export async function signedTermoPdf(
  db: Db,
  vault: Vault,
  readerId: string,
  termoId: string,
): Promise<Result<{ pdf: Buffer; fileName: string }>> {
  const [party] = await db
    .select({ id: termos.id })
    .from(termos)
    .where(and(eq(termos.id, termoId), partyTo(db, readerId)));
  if (!party) return notFound("termo");
  return signedPdf(db, vault, termoId, readerId);
}

export type Verification =
  | { valido: false }
  | {
      valido: true;
      codigo: string;
      animal: string;
      assinaturas: { parte: ApplicationParty; nome: string; assinado_em: Date }[];
      assinado_em: Date;
    };

async function verification(db: Db, where: ReturnType<typeof eq>): Promise<Verification> {
  const [row] = await db
    .select({ id: termos.id, codigo: termos.codigo, petNome: termos.petNome, signedAt: termos.signedAt })
    .from(termos)
    .where(and(where, eq(termos.status, "assinado")))
    .limit(1);
  if (!row?.codigo || !row.signedAt) return { valido: false };
  const signatures = await signaturesOf(db, row.id);
  return {
    valido: true,
    codigo: row.codigo,
    animal: row.petNome,
    // Names only: the rest of the evidence is the parties'.
    assinaturas: signatures.map((signature) => ({
      parte: signature.parte,
      nome: signature.nomeCompleto,
      assinado_em: signature.signedAt,
    })),
    assinado_em: new Date(row.signedAt),
  };
}

/** Whether a code (normalised: normalizeCode) is a termo signed here. */
export function verifyCode(db: Db, codigo: string): Promise<Verification> {
  return verification(db, eq(termos.codigo, codigo));
}

/** Whether these bytes are, to the byte, the PDF of a termo signed here. */
export function verifyPdf(db: Db, pdf: Buffer): Promise<Verification> {
  return verification(db, eq(termos.pdfSha256, sha256(pdf)));
}
