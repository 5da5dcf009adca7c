import { isValidCnpj } from "@brazilian-utils/brazilian-utils/is-valid-cnpj";
import { isValidCpf } from "@brazilian-utils/brazilian-utils/is-valid-cpf";
import { formatCnpj } from "./organizations";

/**
 * Pix keys and static BR Codes (issue 46): the "Pix copia e cola" text and the QR code's content
 * that a bank's app reads to pay an organisation straight to its own account. The payload is
 * the Banco Central's (Manual de Padrões para Iniciação do Pix, EMV QRCPS-MPM): fields of an id,
 * a two-digit length and a value, closed by a CRC16 of everything before it.
 */

export type PixKeyType = "cpf" | "cnpj" | "email" | "telefone" | "aleatoria";

/** A random key (EVP) is a version-4 UUID the directory draws: never the nil or the all-`f` one. */
const EVP = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** A Brazilian mobile or landline in E.164: +55, a two-digit area code, 8 or 9 digits. */
const PHONE = /^\+55[1-9]\d(9\d{8}|[2-8]\d{7})$/;

/**
 * A key as the Pix directory stores it, with its type, or null: CPF and CNPJ as digits (checked),
 * an e-mail in lower case, a phone as +55 and digits, a random (EVP) key as a lower-case UUID.
 */
export function normalizePixKey(raw: string): { tipo: PixKeyType; chave: string } | null {
  const text = raw.trim();
  if (EVP.test(text.toLowerCase())) return { tipo: "aleatoria", chave: text.toLowerCase() };
  if (text.includes("@")) {
    const email = text.toLowerCase();
    return EMAIL.test(email) && email.length <= 77 ? { tipo: "email", chave: email } : null;
  }
  const digits = text.replace(/[\s().-]/g, "");
  if (digits.startsWith("+")) return PHONE.test(digits) ? { tipo: "telefone", chave: digits } : null;
  if (/^\d{11}$/.test(digits) && isValidCpf(digits)) return { tipo: "cpf", chave: digits };
  // CNPJs issued since July 2026 may have letters in their first 12 characters.
  const cnpj = digits.replace(/\//g, "").toUpperCase();
  if (/^[0-9A-Z]{12}\d{2}$/.test(cnpj) && isValidCnpj(cnpj, { version: 2 })) return { tipo: "cnpj", chave: cnpj };
  // A phone typed with its area code in brackets, without +55: (21) 98765-4321. Eleven bare
  // digits are a CPF: a phone key is written +55 and its number, as the Pix directory keeps it.
  if (text.startsWith("(") && PHONE.test(`+55${digits}`)) return { tipo: "telefone", chave: `+55${digits}` };
  return null;
}

/** CRC16/CCITT-FALSE (polynomial 0x1021, initial 0xFFFF), as four upper-case hex digits. */
export function crc16(payload: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(payload)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, "0");
}

/** One field: its id, its value's length in two digits, its value. */
function field(id: string, value: string): string {
  if (value.length > 99) throw new Error(`Pix: o campo ${id} passa de 99 caracteres`);
  return `${id}${String(value.length).padStart(2, "0")}${value}`;
}

/** The BR Code's limits for the receiver's name and city. */
export const PIX_NAME_MAX = 25;
export const PIX_CITY_MAX = 15;

/** Names and cities as every bank's app reads them: no accents, only the letters, digits and signs EMV allows. */
export function plainPixText(text: string, max: number): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .replace(/[^A-Za-z0-9 .,'/-]/g, "")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, max)
    .trim();
}

/** A gift's name in the payload: letters and digits only, up to 25 (the static code's `txid`); `***` names none. */
const TXID_PATTERN = /^([A-Za-z0-9]{1,25}|\*\*\*)$/;

type BrCodeInput = {
  /** A key as normalizePixKey gives it. */
  chave: string;
  /** Up to 25 characters; longer names are cut. */
  nomeRecebedor: string;
  /** Up to 15 characters. */
  cidadeRecebedor: string;
  /** In centavos; absent, the payer types the amount. */
  valorCentavos?: number;
  txid: string;
};

/** The static BR Code: what `Pix copia e cola` copies and the QR code holds. */
export function staticBrCode({ chave, nomeRecebedor, cidadeRecebedor, valorCentavos, txid }: BrCodeInput): string {
  if (!TXID_PATTERN.test(txid)) throw new Error("Pix: txid com caracteres fora de A-Z, a-z, 0-9, ou longo demais");
  const payload = [
    field("00", "01"),
    field("26", field("00", "br.gov.bcb.pix") + field("01", chave)),
    field("52", "0000"),
    field("53", "986"),
    ...(valorCentavos !== undefined ? [field("54", (valorCentavos / 100).toFixed(2))] : []),
    field("58", "BR"),
    field("59", plainPixText(nomeRecebedor, PIX_NAME_MAX)),
    field("60", plainPixText(cidadeRecebedor, PIX_CITY_MAX).toUpperCase()),
    field("62", field("05", txid)),
    "6304",
  ].join("");
  return payload + crc16(payload);
}

export const PIX_KEY_TYPE_LABEL: Record<PixKeyType, string> = {
  cpf: "CPF",
  cnpj: "CNPJ",
  email: "E-mail",
  telefone: "Celular",
  aleatoria: "Chave aleatória",
};

/** A stored key as people read it: a CPF, CNPJ or phone with its usual punctuation. */
export function formatPixKey(tipo: PixKeyType, chave: string): string {
  switch (tipo) {
    case "cpf":
      return chave.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, "$1.$2.$3-$4");
    case "cnpj":
      return formatCnpj(chave);
    case "telefone":
      return chave.replace(/^\+55(\d{2})(\d{4,5})(\d{4})$/, "+55 $1 $2-$3");
    default:
      return chave;
  }
}

/** An amount in centavos as Brazilians write it: 2500 is "R$ 25,00". */
export function formatReais(centavos: number): string {
  return `R$ ${new Intl.NumberFormat("pt-BR", { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(centavos / 100)}`;
}
