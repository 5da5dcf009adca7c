import { z } from "zod";
import { UFS } from "~/lib/pets";
import { carriesBadge } from "~/lib/names";
import { cnpjField, ONG_MESSAGES } from "./accounts";
import { cidadeField, emailField, requiredText, textField } from "./fields";
import { ORGANIZATION_ROLES } from "~/lib/organizations";

/** An organisation's fields (issue 43), as its pages' forms and the API send them. */
export const ORGANIZATION_MESSAGES = {
  nomeRequired: "Informe o nome da organização.",
  atribuidaA: "Escolha um membro da equipe.",
  organizacaoDestino:
    "Informe o código da organização que vai receber o animal (está na página de configurações dela).",
  nomeMin: "O nome da organização deve ter ao menos 2 caracteres.",
  nomeMax: "O nome da organização deve ter no máximo 80 caracteres.",
  uf: "Escolha o estado (UF).",
  sobreMax: "O texto sobre a organização deve ter no máximo 1000 caracteres.",
  papel: "Papel inválido: use administrador, equipe ou lar_temporario.",
  organizacaoRequired: "Escolha a organização em nome de quem o animal será publicado.",
} as const;

const nomeField = requiredText(ORGANIZATION_MESSAGES.nomeRequired)
  .min(2, ORGANIZATION_MESSAGES.nomeMin)
  .max(80, ORGANIZATION_MESSAGES.nomeMax)
  .refine((value) => !carriesBadge(value), ONG_MESSAGES.badge);

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

/** The API's PATCH: what is sent changes, what is missing stays. */
export const organizationPatchSchema = z
  .object({
    nome: nomeField.optional(),
    cnpj: optionalCnpj,
    cidade: cidadeField.optional(),
    uf: ufField.optional(),
    sobre: sobreField.nullable().optional(),
  })
  .strict();

export type OrganizationInput = z.output<typeof organizationSchema>;
export type OrganizationPatch = z.output<typeof organizationPatchSchema>;

/** An invitation: the e-mail to send it to, and the role it offers. */
export const invitationSchema = z
  .object({
    email: emailField,
    papel: z.enum(ORGANIZATION_ROLES, ORGANIZATION_MESSAGES.papel),
  })
  .strict();

/** A member's new role. */
export const memberRoleSchema = z.object({ papel: z.enum(ORGANIZATION_ROLES, ORGANIZATION_MESSAGES.papel) }).strict();

/** The team's form on an application or a conversation: to whom it is assigned (nothing chosen: the whole team). */
export const assignFormSchema = z.object({ atribuida_a: z.uuid(ORGANIZATION_MESSAGES.atribuidaA).optional() });

/** `POST /api/pets/:id/transferencias` {organizacao_id}: the organisation that is to receive the animal. */
export const transferSchema = z.object({ organizacao_id: z.uuid(ORGANIZATION_MESSAGES.organizacaoDestino) }).strict();
