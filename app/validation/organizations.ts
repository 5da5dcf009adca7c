import { z } from "zod";
import { UFS } from "~/lib/pets";
import { carriesBadge, holdsAddress } from "~/lib/names";
import { cnpjField, ONG_MESSAGES } from "./accounts";
import { MESSAGES } from "./messages";
import { idListField, type namedCity, type requiredCity } from "./fields";
import {
  cidadeField,
  cidadeIbgeField,
  cityRequired,
  emailField,
  imageDataUrl,
  imageFile,
  requiredText,
  textField,
} from "./fields";
import { ORGANIZATION_ROLES, TRANSFER_MANY_MAX } from "~/lib/organizations";
import {
  addMonths,
  monthCount,
  monthOf,
  MONTH_PATTERN,
  PANEL_DEFAULT_MONTHS,
  PANEL_MAX_MONTHS,
  type MonthRange,
} from "~/lib/panel";

/** An organisation's fields (issue 43), as its pages' forms and the API send them. */
export const ORGANIZATION_MESSAGES = {
  nomeRequired: "Informe o nome da organização.",
  atribuidaA: "Escolha um membro da equipe.",
  organizacaoDestino:
    "Informe o código da organização que vai receber o animal (está na página de configurações dela).",
  animaisTransferencia: `Escolha de 1 a ${TRANSFER_MANY_MAX} animais da organização para transferir.`,
  nomeMin: "O nome da organização deve ter ao menos 2 caracteres.",
  nomeMax: "O nome da organização deve ter no máximo 80 caracteres.",
  uf: "Escolha o estado (UF).",
  sobreMax: "O texto sobre a organização deve ter no máximo 1000 caracteres.",
  papel: "Papel inválido: use administrador, equipe ou lar_temporario.",
  organizacaoRequired: "Escolha a organização: você faz parte de mais de uma.",
  logoRequired: "Escolha a imagem do logo: PNG ou JPEG, até 5 MB.",
} as const;

const nomeField = requiredText(ORGANIZATION_MESSAGES.nomeRequired)
  .min(2, ORGANIZATION_MESSAGES.nomeMin)
  .max(80, ORGANIZATION_MESSAGES.nomeMax)
  .refine((value) => !carriesBadge(value), ONG_MESSAGES.badge)
  .refine((value) => !holdsAddress(value), ONG_MESSAGES.address);

/** Optional: an informal group of protetores has none. Empty means none. */
const optionalCnpj = z.preprocess(
  (value) => (value === null ? "" : value),
  cnpjField.optional().transform((value) => (value === undefined ? undefined : value || null)),
);

const sobreField = textField(ORGANIZATION_MESSAGES.sobreMax, { multiline: true })
  .trim()
  .max(1000, ORGANIZATION_MESSAGES.sobreMax)
  .transform((value) => value || null);

const ufField = z.enum(UFS, ORGANIZATION_MESSAGES.uf);

const organizationFields = {
  nome: nomeField,
  cnpj: optionalCnpj,
  cidade: cidadeField,
  uf: ufField,
  sobre: sobreField.optional(),
};

/** A new organisation, or all its fields at once (its settings page). */
export const organizationSchema = z.object(organizationFields);

/** `POST /api/organizacoes`: the same, its city as every API body names one (cityRequired). */
export const apiOrganizationSchema = z
  .object({
    ...organizationFields,
    cidade: cidadeField.optional(),
    cidade_ibge: cidadeIbgeField.optional(),
    uf: ufField.optional(),
  })
  .superRefine(cityRequired({ cidade: MESSAGES.cidade.required, uf: ORGANIZATION_MESSAGES.uf }));

/** The API's PATCH: what is sent changes, what is missing stays. */
export const organizationPatchSchema = z
  .object({
    nome: nomeField.optional(),
    cnpj: optionalCnpj,
    cidade: cidadeField.optional(),
    cidade_ibge: cidadeIbgeField.optional(),
    uf: ufField.optional(),
    sobre: sobreField.nullable().optional(),
    /** The logo: a `data:image/...;base64,` URL (PNG or JPEG), or null to take it off. */
    logo__upload: imageDataUrl,
  })
  .strict();

/** The settings page's logo form: the image chosen (`Tirar o logo` is a button of its own). */
export const organizationLogoSchema = z.object({ logo: imageFile.optional() }).superRefine((value, context) => {
  if (!value.logo) context.addIssue({ code: "custom", path: ["logo"], message: ORGANIZATION_MESSAGES.logoRequired });
});

/** A new organisation as the domain makes it: the page's form, or the API's body with its city named. */
export type OrganizationInput = ReturnType<typeof requiredCity<z.output<typeof apiOrganizationSchema>>>;
export type OrganizationPatch = ReturnType<typeof namedCity<z.output<typeof organizationPatchSchema>>>;

/** An invitation: the e-mail to send it to, and the role it offers. */
export const invitationSchema = z
  .object({
    email: emailField,
    papel: z.enum(ORGANIZATION_ROLES, ORGANIZATION_MESSAGES.papel),
  })
  .strict();

/** A member's new role. */
export const memberRoleSchema = z.object({ papel: z.enum(ORGANIZATION_ROLES, ORGANIZATION_MESSAGES.papel) }).strict();

/** `PUT /organizacoes/{id}/resumo-diario`: the member's morning summary on or off (issue 62). */
export const dailySummaryChoiceSchema = z
  .object({ ativo: z.boolean({ error: "Informe ativo: true ou false." }) })
  .strict();

/** The team's form on an application or a conversation: to whom it is assigned (nothing chosen: the whole team). */
export const assignFormSchema = z.object({ atribuida_a: z.uuid(ORGANIZATION_MESSAGES.atribuidaA).optional() });

/** `POST /api/pets/:id/transferencias` {organizacao_id}: the organisation that is to receive the animal. */
export const transferSchema = z.object({ organizacao_id: z.uuid(ORGANIZATION_MESSAGES.organizacaoDestino) }).strict();

/** Several animals to one organisation (issue 62): the transfer page's form and `POST /organizacoes/{id}/transferencias`. */
export const transferManySchema = z
  .object({
    organizacao_id: z.uuid(ORGANIZATION_MESSAGES.organizacaoDestino),
    animais: idListField(ORGANIZATION_MESSAGES.animaisTransferencia, TRANSFER_MANY_MAX),
  })
  .strict();

export const PANEL_MESSAGES = {
  mes: "Informe o mês no formato AAAA-MM (por exemplo, 2026-03).",
  ordem: "O mês inicial deve ser o mesmo ou anterior ao mês final.",
  maximo: `Escolha um período de no máximo ${PANEL_MAX_MONTHS} meses.`,
} as const;

/**
 * The panel's months (`de`, `ate`, both `AAAA-MM`, both optional: empty means absent), as its
 * page and the API read them: `ate` is this month unless given, `de` the twelve months up to `ate`.
 */
export function readPanelRange(
  query: { de?: string | null; ate?: string | null },
  now: Date,
): { ok: true; range: MonthRange } | { ok: false; errors: Record<string, string[]> } {
  const errors: Record<string, string[]> = {};
  const month = (field: "de" | "ate") => {
    const raw = query[field]?.trim();
    if (!raw) return undefined;
    const match = MONTH_PATTERN.exec(raw);
    if (!match || Number(match[1]) < 2000) errors[field] = [PANEL_MESSAGES.mes];
    return raw;
  };
  const de = month("de");
  const ate = month("ate") ?? monthOf(now);
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const range = { de: de ?? addMonths(ate, 1 - PANEL_DEFAULT_MONTHS), ate };
  const months = monthCount(range);
  if (months < 1) return { ok: false, errors: { de: [PANEL_MESSAGES.ordem] } };
  if (months > PANEL_MAX_MONTHS) return { ok: false, errors: { de: [PANEL_MESSAGES.maximo] } };
  return { ok: true, range };
}
