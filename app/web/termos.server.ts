import type { SignatureContext, TermoView } from "~/domain/termos/termos.server";
import { signedTermosOf } from "~/domain/termos/termos.server";
import type { Db } from "~/db/client.server";
import type { SignedTermoItem } from "~/components/signed-termos";
import { formatDateTime } from "~/lib/dates";
import type { Verification } from "~/domain/termos/termos.server";
import { formatCode } from "~/lib/termos";
import type { ApiTermo } from "~/openapi/responses";

/** The termo's PDF, for its two parties (the page's link and the API's). */
export const termoPdfPath = (applicationId: string) => `/adopet/api/candidaturas/${applicationId}/termo.pdf`;

/** A termo as the API shows it to its parties. */
export function toApiTermo(termo: TermoView): ApiTermo {
  return {
    id: termo.id,
    candidatura_id: termo.applicationId,
    status: termo.status,
    animal: termo.petNome,
    responsavel: termo.responsavelNome,
    prazo_castracao: termo.prazoCastracao,
    texto: termo.texto,
    texto_sha256: termo.textoSha256,
    adotante: termo.adotante && {
      nome_completo: termo.adotante.nomeCompleto,
      cpf: termo.adotante.cpf,
      endereco: termo.adotante.endereco,
      cep: termo.adotante.cep,
    },
    assinaturas: termo.signatures.map((signature) => ({
      parte: signature.parte,
      nome_completo: signature.nomeCompleto,
      assinado_em: signature.signedAt.toISOString(),
      ip: signature.ip,
      navegador: signature.userAgent,
      texto_sha256: signature.textoSha256,
    })),
    codigo: termo.codigo && formatCode(termo.codigo),
    pode_assinar: termo.podeAssinar,
    pdf: termo.status === "assinado" ? termoPdfPath(termo.applicationId) : null,
    emitido_em: termo.createdAt.toISOString(),
    assinado_em: termo.signedAt?.toISOString() ?? null,
  };
}

/** A verification's answer: names and dates only. */
export function toApiVerification(result: Verification) {
  if (!result.valido) return { valido: false };
  return {
    valido: true,
    codigo: formatCode(result.codigo),
    animal: result.animal,
    assinaturas: result.assinaturas.map((signature) => ({
      parte: signature.parte,
      nome: signature.nome,
      assinado_em: signature.assinado_em.toISOString(),
    })),
    assinado_em: result.assinado_em.toISOString(),
  };
}

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

/** A signed termo's PDF as downloaded: personal data (CPF, address), never cached. */
export function termoPdfResponse({ pdf, fileName }: { pdf: Buffer; fileName: string }): Response {
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Content-Length": String(pdf.length),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
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
