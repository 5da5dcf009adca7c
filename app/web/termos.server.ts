import { signedTermosOf } from "~/domain/termos/termo-documents.server";
import type { SignatureContext } from "~/domain/termos/termo-signatures.server";
import type { Db } from "~/db/client.server";
import type { SignedTermoItem } from "~/components/signed-termos";
import { formatDateTime } from "~/lib/dates";
import { formatCode } from "~/lib/termos";

/** Who signs, from where and with what (the signature's evidence), as a request tells it. */
export function signatureContext(
  request: Request,
  context: { clientIp: string; publicUrl: string },
  userId: string,
  applicationId: string,
): SignatureContext {
  return {
    userId,
    applicationId,
    ip: context.clientIp,
    userAgent: request.headers.get("User-Agent") ?? "",
    publicUrl: context.publicUrl,
  };
}

/** The signed termos a person is party to, as their pages list them. */
export async function signedTermosOnPage(db: Db, userId: string): Promise<SignedTermoItem[]> {
  const rows = await signedTermosOf(db, userId);
  return rows.map((row) => ({
    id: row.id,
    petNome: row.petNome,
    codigo: row.codigo ? formatCode(row.codigo) : null,
    assinadoEm: row.signedAt ? formatDateTime(new Date(row.signedAt)) : null,
  }));
}
