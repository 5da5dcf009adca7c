import type { PixCode, PixKey } from "~/domain/giving/pix.server";

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
