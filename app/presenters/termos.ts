import type { TermoView } from "~/domain/termos/termo-reads.server";
import type { Verification } from "~/domain/termos/termo-documents.server";
import { formatCode } from "~/lib/termos";
import type { ApiTermo } from "~/openapi/responses";

/** Termos in the API's shape, and a termo's verification. */

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
