import type { PixCode } from "~/domain/giving/pix.server";
import { formatReais } from "~/lib/pix";
import { PIX_MESSAGES, readGiftAmount } from "~/validation/pix";
import type { GiftCode } from "~/components/pix-gift";

/** The `valor` of a gift page's address: absent (no code yet), unreadable (its message), or in centavos. */
export function giftPageAmount(request: Request) {
  const raw = new URL(request.url).searchParams.get("valor");
  const centavos = readGiftAmount(raw);
  return {
    chosen: raw?.trim().slice(0, 12) ?? "",
    centavos: centavos ?? null,
    wanted: centavos !== null && centavos !== undefined,
    error: centavos === undefined ? PIX_MESSAGES.valor : null,
  };
}

/** A code as the page shows it. */
export const toGiftCode = (code: PixCode): GiftCode => ({
  brCode: code.brCode,
  qrSvg: code.qrSvg,
  valor: code.valorCentavos === null ? null : formatReais(code.valorCentavos),
  nomeRecebedor: code.nomeRecebedor,
  cidadeRecebedor: code.cidadeRecebedor,
});
