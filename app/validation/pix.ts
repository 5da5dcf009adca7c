import { z } from "zod";
import { normalizePixKey, PIX_NAME_MAX, PIX_CITY_MAX, plainPixText } from "~/lib/pix";
import { linkTokenField, requiredText } from "./fields";

/** An organisation's Pix key and a gift's amount (issue 46), as forms and the API send them. */
export const PIX_MESSAGES = {
  chaveRequired: "Informe a chave Pix.",
  chave:
    "Chave Pix inválida: use um CPF ou CNPJ válido, um e-mail, um celular com DDD (como +55 21 98765-4321) ou uma chave aleatória.",
  nomeRequired: "Informe o nome de quem recebe, como aparece no banco.",
  nome: `O nome de quem recebe deve ter de 2 a ${PIX_NAME_MAX} caracteres, com ao menos 2 letras.`,
  cidadeRequired: "Informe a cidade de quem recebe.",
  cidade: `A cidade de quem recebe deve ter de 2 a ${PIX_CITY_MAX} caracteres, com ao menos 2 letras.`,
  valor: "Informe um valor entre R$ 1,00 e R$ 100.000,00, como 25,00.",
  semChave: "Esta organização ainda não recebe doações por Pix na Adopet.",
} as const;

/** The smallest and largest gift, in centavos. */
const GIFT_MIN_CENTAVOS = 100;
const GIFT_MAX_CENTAVOS = 10_000_000;

/** `PUT /api/organizacoes/:id/pix` and the settings page's form. */
export const pixKeySchema = z.strictObject({
  chave: requiredText(PIX_MESSAGES.chaveRequired)
    .max(120, PIX_MESSAGES.chave)
    .transform((value, context) => {
      const key = normalizePixKey(value);
      if (!key) context.addIssue({ code: "custom", message: PIX_MESSAGES.chave });
      return key ?? z.NEVER;
    }),
  nome_recebedor: requiredText(PIX_MESSAGES.nomeRequired)
    .max(PIX_NAME_MAX, PIX_MESSAGES.nome)
    .refine((value) => plainPixText(value, PIX_NAME_MAX).length >= 2, PIX_MESSAGES.nome),
  cidade_recebedor: requiredText(PIX_MESSAGES.cidadeRequired)
    .max(PIX_CITY_MAX, PIX_MESSAGES.cidade)
    .refine((value) => plainPixText(value, PIX_CITY_MAX).length >= 2, PIX_MESSAGES.cidade),
});
export type PixKeyInput = z.output<typeof pixKeySchema>;

/**
 * A gift's amount as typed or linked: `25`, `25.00`, `25,00`, `1.250,00` (a thousands' dot with
 * a decimal comma); in centavos, or null when none was given, or undefined when unreadable or
 * outside the limits.
 */
export function readGiftAmount(raw: string | null): number | null | undefined {
  const centavos = readReais(raw);
  if (centavos === null || centavos === undefined) return centavos;
  return centavos >= GIFT_MIN_CENTAVOS && centavos <= GIFT_MAX_CENTAVOS ? centavos : undefined;
}

/** An amount in reais as people write it, in centavos; null when blank, undefined when unreadable. */
function readReais(raw: string | null): number | null | undefined {
  const text = raw?.trim().replace(/^R\$\s*/i, "") ?? "";
  if (text === "") return null;
  let normalized: string;
  // A thousands' dot only with a decimal comma: "1.250" alone could be 1,25 to some, 1250 to others.
  if (/^\d{1,3}(\.\d{3})+,\d{1,2}$/.test(text)) normalized = text.replace(/\./g, "").replace(",", ".");
  else if (/^\d+([.,]\d{1,2})?$/.test(text)) normalized = text.replace(",", ".");
  else return undefined;
  const [reais, cents = ""] = normalized.split(".");
  const centavos = Number(reais) * 100 + Number(cents.padEnd(2, "0"));
  return Number.isSafeInteger(centavos) ? centavos : undefined;
}

export const SPONSORSHIP_MESSAGES = {
  dia: "Escolha um dia do mês de 1 a 28.",
  nomePublico: "Informe true ou false: se o seu nome pode aparecer na página de transparência da organização.",
  jaApadrinha: "Você já apadrinha este animal. Para mudar o valor ou o dia, pare e comece de novo.",
  linkInvalido: "Este link para parar o apadrinhamento não é válido. Confira se ele foi copiado inteiro do e-mail.",
} as const;

/**
 * An amount as JSON or a form sends it: a number of reais (25, 25.5) or text as typed ("25,50"),
 * in centavos from `min` to `max`.
 */
export const reaisField = (message: string, min = GIFT_MIN_CENTAVOS, max = GIFT_MAX_CENTAVOS) =>
  z.union([z.number(), z.string()], { error: message }).transform((value, context) => {
    const centavos = readReais(typeof value === "number" ? String(value) : value);
    if (centavos === null || centavos === undefined || centavos < min || centavos > max) {
      context.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return centavos;
  });
const amountField = reaisField(PIX_MESSAGES.valor);

/** `POST /api/pets/:id/apadrinhamentos` and the sponsor form: `valor_mensal` in reais, `dia` of the month. */
export const sponsorshipSchema = z.strictObject({
  valor_mensal: amountField,
  dia: z.coerce
    .number({ error: SPONSORSHIP_MESSAGES.dia })
    .int(SPONSORSHIP_MESSAGES.dia)
    .min(1, SPONSORSHIP_MESSAGES.dia)
    .max(28, SPONSORSHIP_MESSAGES.dia),
  /** The padrinho may be named on the organisation's transparency page (a form's checkbox sends "on"). */
  nome_publico: z
    .preprocess((value) => (value === "on" ? true : value), z.boolean(SPONSORSHIP_MESSAGES.nomePublico))
    .default(false),
});
export type SponsorshipInput = z.output<typeof sponsorshipSchema>;

/** `POST /api/apadrinhamentos/parar` {token}: the stop link's token, without a login. */
export const apiStopSponsorshipSchema = z.strictObject({ token: linkTokenField(SPONSORSHIP_MESSAGES.linkInvalido) });
