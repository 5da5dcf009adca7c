import { isValidCep } from "@brazilian-utils/brazilian-utils/is-valid-cep";
import { isValidCpf } from "@brazilian-utils/brazilian-utils/is-valid-cpf";
import { z } from "zod";
import {
  ADDRESS_MAX,
  normalizeCode,
  SIGNER_NAME_MAX,
  TERMO_MAX,
  TERMO_MESSAGES as M,
  unknownPlaceholders,
} from "~/lib/termos";
import { REASON_MAX as RETURN_REASON_MAX } from "~/lib/applications";
import { linkTokenField, requiredText } from "./fields";

/**
 * The termo de adoção's forms and JSON bodies (issue 21). The CPF is checked by its check
 * digits and kept as its 11 digits; the CEP as its 8.
 */

/** Photos a check-in's answer may carry. */
export const CHECKIN_PHOTOS_MAX = 3;
/** The most characters of a check-in's answer. */
export const CHECKIN_TEXT_MAX = 2000;

/** A check-in's answer (issue 21), as its page and the API refuse it. */
export const CHECKIN_MESSAGES = {
  texto: "Conte as novidades.",
  textoMax: "Use no máximo 2.000 caracteres.",
  fotosMax: `Envie no máximo ${CHECKIN_PHOTOS_MAX} fotos.`,
  link: "Link de acompanhamento inválido. Confira se ele foi copiado inteiro do e-mail.",
} as const;

/** The few words of a check-in's answer. */
export const checkinTextField = requiredText(CHECKIN_MESSAGES.texto, { multiline: true }).max(
  CHECKIN_TEXT_MAX,
  CHECKIN_MESSAGES.textoMax,
);

const checkinAnswerFields = { token: linkTokenField(CHECKIN_MESSAGES.link), texto: checkinTextField };
/** `POST /api/acompanhamento/respostas` as JSON: {token, texto}, the e-mailed link's token and the answer. */
export const apiCheckinAnswerSchema = z.strictObject(checkinAnswerFields);
/** The same as multipart: `token`, `texto`, and up to CHECKIN_PHOTOS_MAX `fotos` (read apart). */
export const checkinAnswerFormSchema = z.object(checkinAnswerFields);

const texto = requiredText(M.texto, { multiline: true })
  .max(TERMO_MAX, M.textoMax)
  .superRefine((value, context) => {
    const unknown = unknownPlaceholders(value);
    if (unknown.length > 0) context.addIssue({ code: "custom", message: M.placeholders(unknown) });
  });

const nomeCompleto = requiredText(M.nomeCompleto)
  .max(SIGNER_NAME_MAX, M.nomeCompletoMax)
  // A full name: two words at least, with letters.
  .refine((value) => /\p{L}+\s+\p{L}+/u.test(value), M.nomeCompleto);

const cpf = requiredText(M.cpf)
  .refine((value) => /^[\d.\s-]+$/.test(value) && isValidCpf(value), M.cpf)
  .transform((value) => value.replace(/\D/g, ""));

const endereco = requiredText(M.endereco)
  .max(ADDRESS_MAX, M.enderecoMax)
  // Street and number, and where: a few words at least.
  .refine((value) => value.length >= 10 && /\d/.test(value), M.endereco);

const cep = requiredText(M.cep)
  .refine((value) => /^\d{5}-?\d{3}$/.test(value) && isValidCep(value), M.cep)
  .transform((value) => value.replace(/\D/g, ""));

/** `true`, from JSON; "on" (a ticked box), from a form. */
const concordo = z.union([z.literal(true), z.literal("on")], { error: M.concordo }).transform(() => true as const);

/** The text's hash as the signer saw it: a signature of a text that changed meanwhile is refused. */
const textoSha256 = z
  .string()
  .regex(/^[0-9a-f]{64}$/, "Hash inválido.")
  .optional();

const adopterFields = { nome_completo: nomeCompleto, cpf, endereco, cep, concordo, texto_sha256: textoSha256 };
const caretakerFields = { nome_completo: nomeCompleto, concordo, texto_sha256: textoSha256 };

/** The adopter's signature: {nome_completo, cpf, endereco, cep, concordo: true}. */
export const adopterSignatureSchema = z.strictObject(adopterFields);
/** The caretaker's countersignature: {nome_completo, concordo: true}. */
export const caretakerSignatureSchema = z.strictObject(caretakerFields);
/** The same, as the termo's page posts them. */
export const adopterSignatureFormSchema = z.object(adopterFields);
export const caretakerSignatureFormSchema = z.object(caretakerFields);

const prazoCastracao = z
  .string({ error: M.prazo })
  .regex(/^\d{4}-\d{2}-\d{2}$/, M.prazo)
  .optional();

/** Issuing: the castration deadline (yyyy-mm-dd) when the animal is not castrated. */
export const issueTermoSchema = z.strictObject({ prazo_castracao: prazoCastracao });
export const issueTermoFormSchema = z.object({ prazo_castracao: prazoCastracao });

/** The template's page: the text, and what to do with it. */
export const termoTemplateFormSchema = z.object({ texto });
/** `PUT /api/modelo-do-termo` {texto}. */
export const apiTermoTemplateSchema = z.strictObject({ texto });
/** `PUT /api/acompanhamento/dias` {dias}: the days after the adoption a check-in is asked (up to 6). */
export const apiCheckinDaysSchema = z.strictObject({
  dias: z.array(z.int(M.dias).min(1, M.dias).max(365, M.dias), M.dias).max(6, M.dias),
});

/** `POST /api/termos/verificar` as JSON, and the page's code form. */
export const verifyCodeSchema = z.object({
  codigo: requiredText(M.codigo)
    .max(40, M.codigo)
    .transform((value, context) => {
      const code = normalizeCode(value);
      if (!code) {
        context.addIssue({ code: "custom", message: M.codigo });
        return z.NEVER;
      }
      return code;
    }),
});

/** The check-ins' days after an adoption: "7, 30, 90"; none at all is allowed (no check-ins). */
export const checkinDaysFormSchema = z.object({
  dias: z
    .string({ error: M.dias })
    .optional()
    .transform((value, context) => {
      const parts = (value ?? "").split(/[\s,;]+/).filter(Boolean);
      const valid = parts.length <= 6 && parts.every((part) => /^\d{1,3}$/.test(part) && +part >= 1 && +part <= 365);
      if (!valid) {
        context.addIssue({ code: "custom", message: M.dias });
        return z.NEVER;
      }
      return [...new Set(parts.map(Number))].sort((a, b) => a - b);
    }),
});

/** Why the animal went back (the application's timeline keeps it, as a decline's reason). */
const motivoDevolucao = requiredText(M.devolucaoMotivo, { multiline: true }).max(
  RETURN_REASON_MAX,
  M.devolucaoMotivoMax,
);

/**
 * `POST /api/candidaturas/:id/devolucao` {motivo, publicar?}: `publicar`, from the caretaker,
 * publishes the animal again at once.
 */
export const returnSchema = z.strictObject({
  motivo: motivoDevolucao,
  publicar: z.boolean({ error: M.publicar }).optional(),
});

/** The same, as the application's page posts it: a ticked box confirms. */
export const returnFormSchema = z.object({
  motivo: motivoDevolucao,
  publicar: z
    .literal("on")
    .optional()
    .transform((value) => value === "on"),
  confirmo: z.literal("on", { error: M.devolucaoConfirmo }),
});
