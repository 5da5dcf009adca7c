import type { PixCode, PixKey } from "~/domain/giving/pix.server";
import type { SponsorshipView } from "~/domain/giving/sponsorships.server";

export const toApiPixKey = (key: PixKey) => ({
  tipo: key.tipo,
  chave: key.chave,
  nome_recebedor: key.nomeRecebedor,
  cidade_recebedor: key.cidadeRecebedor,
  alterada_em: key.updatedAt.toISOString(),
});

export const toApiPixCode = (code: PixCode) => ({
  br_code: code.brCode,
  qr_svg: code.qrSvg,
  txid: code.txid,
  valor: code.valorCentavos === null ? null : (code.valorCentavos / 100).toFixed(2),
  nome_recebedor: code.nomeRecebedor,
  cidade_recebedor: code.cidadeRecebedor,
  organizacao: code.organizacao,
});

export const toApiSponsorship = (sponsorship: SponsorshipView) => ({
  id: sponsorship.id,
  pet: sponsorship.pet,
  organizacao: sponsorship.organizacao,
  valor_mensal: (sponsorship.valorMensalCentavos / 100).toFixed(2),
  valor_mensal_centavos: sponsorship.valorMensalCentavos,
  dia: sponsorship.dia,
  criado_em: sponsorship.createdAt.toISOString(),
  encerrado_em: sponsorship.endedAt?.toISOString() ?? null,
  motivo_fim: sponsorship.motivoFim,
  transferido_para: sponsorship.transferidoPara,
});
