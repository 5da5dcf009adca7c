import { z } from "zod";
import {
  cidadeField,
  cidadeIbgeField,
  emailField,
  requiredText,
  imageDataUrl,
  imageFile,
  nomeField,
  perfilSobreField,
  senhaField,
  telefoneField,
  textField,
} from "./fields";
import { MESSAGES } from "./messages";
import { isValidCnpj } from "@brazilian-utils/brazilian-utils/is-valid-cnpj";
import { carriesBadge, holdsAddress } from "~/lib/names";

const ADDRESS_MESSAGE = "O nome não pode ter endereço de site nem domínio (como www.exemplo.org).";

/** Only operators give the verified badge (issue 41): no name wears its word or marks. */
const BADGE_MESSAGE =
  "O nome não pode ter a palavra “verificada” nem sinais de verificação (como ✔): o selo de ONG verificada é dado pela equipe da Adopet.";
/** An account's own name, shown on its animals, messages and invitations: no badge, no address. */
const accountNomeField = nomeField
  .refine((value) => !carriesBadge(value), BADGE_MESSAGE)
  .refine((value) => !holdsAddress(value), ADDRESS_MESSAGE);

const confirmaField = textField(MESSAGES.senhaConfirma.required).min(1, MESSAGES.senhaConfirma.required);

/** senha__confirma must equal senha: compared as soon as both were typed, even while other fields have errors. */
const confirmationMatches: [
  (value: { senha: string; senha__confirma: string }) => boolean,
  { message: string; path: string[]; when: (payload: { value: unknown }) => boolean },
] = [
  (value) => value.senha === value.senha__confirma,
  {
    message: MESSAGES.senhaConfirma.differs,
    path: ["senha__confirma"],
    when: ({ value }) => {
      const { senha, senha__confirma } = (value ?? {}) as Record<string, unknown>;
      return typeof senha === "string" && typeof senha__confirma === "string" && senha__confirma !== "";
    },
  },
];

export const cadastroSchema = z
  .object({
    email: emailField,
    nome: accountNomeField,
    senha: senhaField,
    senha__confirma: confirmaField,
  })
  .refine(...confirmationMatches);

/** Login checks only presence here: whether the account and password match is the server's answer. */
export const loginSchema = z.object({
  email: emailField,
  senha: textField(MESSAGES.senha.required).min(1, MESSAGES.senha.required).max(200),
  /** The page to go back to (checked by safeReturnPath). */
  voltar: z.string().max(300).optional().catch(undefined),
});

export const SENHA_MESSAGES = {
  currentRequired: "O campo senha atual não pode estar vazio.",
  currentWrong: "A senha atual não confere.",
} as const;

const currentPasswordField = textField(SENHA_MESSAGES.currentRequired).min(1, SENHA_MESSAGES.currentRequired).max(200);

const senhaChangeFields = { senha__atual: currentPasswordField, senha: senhaField, senha__confirma: confirmaField };
export const senhaChangeSchema = z.object(senhaChangeFields).refine(...confirmationMatches);
/** `PUT /api/users/:id/senha`: the same, and no field we do not know. */
export const apiSenhaChangeSchema = z.strictObject(senhaChangeFields).refine(...confirmationMatches);

/** Deleting one's account asks for the password again. */
export const excluirContaSchema = z.object({
  senha__atual: currentPasswordField,
});

/** An ONG's account (issue 22): its CNPJ and the name it is known by. */
export const ONG_MESSAGES = {
  tipo: "Tipo de conta inválido: use pessoa ou ong.",
  cnpjRequired: "Informe o CNPJ da ONG.",
  cnpj: "CNPJ inválido: confira os números.",
  cnpjTaken: "Este CNPJ é de uma ONG verificada da Adopet. Se ele é da sua ONG, fale com a equipe da Adopet.",
  nomePublicoRequired: "Informe o nome público da ONG.",
  nomePublicoMin: "O nome público deve ter ao menos 2 caracteres.",
  nomePublicoMax: "O nome público deve ter no máximo 80 caracteres.",
  /** Only operators give the badge (issue 41). */
  badge: BADGE_MESSAGE,
  verifiedName: "Este é o nome de uma ONG verificada da Adopet. Escolha outro nome.",
  /** Issue 60: a name is not a link. */
  address: ADDRESS_MESSAGE,
} as const;

const ACCOUNT_KINDS = ["pessoa", "ong"] as const;
const tipoField = z.enum(ACCOUNT_KINDS, ONG_MESSAGES.tipo);
/** With or without its mask; the numeric CNPJ and, since July 2026, the alphanumeric one. Kept as its 14 characters. */
export const cnpjField = requiredText(ONG_MESSAGES.cnpjRequired)
  .refine((value) => value === "" || isValidCnpj(value, { version: 2 }), ONG_MESSAGES.cnpj)
  .transform((value) => value.replace(/[\s./-]/g, "").toUpperCase());
const nomePublicoField = requiredText(ONG_MESSAGES.nomePublicoRequired)
  .min(2, ONG_MESSAGES.nomePublicoMin)
  .max(80, ONG_MESSAGES.nomePublicoMax)
  .refine((value) => !carriesBadge(value), ONG_MESSAGES.badge)
  .refine((value) => !holdsAddress(value), ONG_MESSAGES.address);

/** An ONG needs its CNPJ and public name (in the form, both typed beside the choice). */
function ongComplete(value: { tipo?: string; cnpj?: string; nome_publico?: string }, context: z.RefinementCtx) {
  if (value.tipo !== "ong") return;
  if (!value.cnpj) context.addIssue({ code: "custom", path: ["cnpj"], message: ONG_MESSAGES.cnpjRequired });
  if (!value.nome_publico) {
    context.addIssue({ code: "custom", path: ["nome_publico"], message: ONG_MESSAGES.nomePublicoRequired });
  }
}

export const perfilSchema = z
  .object({
    nome: accountNomeField,
    telefone: telefoneField,
    cidade: cidadeField,
    perfil__sobre: perfilSobreField,
    tipo: tipoField.default("pessoa"),
    cnpj: cnpjField.optional(),
    nome_publico: nomePublicoField.optional(),
    foto: imageFile.optional(),
  })
  .superRefine(ongComplete);

/** The JSON API's bodies: the same rules, and no field we do not know. */
export const apiCreateUserSchema = z.strictObject({ email: emailField, nome: accountNomeField, senha: senhaField });
export const apiLoginSchema = z.strictObject({ email: emailField, senha: loginSchema.shape.senha });
export const apiDeleteUserSchema = z.strictObject({ senha: loginSchema.shape.senha });
export const apiUpdateUserSchema = z.strictObject({
  nome: accountNomeField.optional(),
  telefone: telefoneField.optional(),
  cidade: cidadeField.optional(),
  cidade_ibge: cidadeIbgeField.optional(),
  perfil__sobre: perfilSobreField.optional(),
  /** pessoa | ong; an ONG has its CNPJ and public name (given here, or already in the account). */
  tipo: tipoField.optional(),
  cnpj: cnpjField.optional(),
  nome_publico: nomePublicoField.optional(),
  /** A `data:image/...;base64,` URL, or null to remove the photo. */
  foto__upload: imageDataUrl,
});

/** `Esqueci minha senha` (issue 22): the same answer whether or not the account exists. */
export const RESET_MESSAGES = {
  sent: "Se houver uma conta com esse email, enviaremos um link para criar uma nova senha.",
  invalidToken: "Este link para criar uma nova senha expirou ou já foi usado. Peça um novo link.",
} as const;

export const esqueciSchema = z.object({ email: emailField });

/** Confirming one's e-mail (issue 41). */
export const CONFIRMATION_MESSAGES = {
  required:
    "Confirme seu e-mail para publicar animais e cadastrar uma ONG: abra o link que enviamos para o seu e-mail (você pode pedir um novo no seu perfil).",
  invalidToken:
    "Este link para confirmar o e-mail não é válido. Confira se ele foi copiado inteiro do e-mail, ou peça um novo no seu perfil.",
  pending: "Seu e-mail ainda não foi confirmado. Enquanto isso, você não pode publicar animais nem cadastrar uma ONG.",
} as const;

/** The confirmation link's token, sent back by the page's button (checked by the service). */
const confirmationToken = z
  .string({ error: CONFIRMATION_MESSAGES.invalidToken })
  .max(200, CONFIRMATION_MESSAGES.invalidToken);
export const confirmarEmailSchema = z.object({ token: confirmationToken });
/** `POST /api/email/confirmar` {token}: the link's token, as its page posts it. */
export const apiConfirmarEmailSchema = z.strictObject({ token: confirmationToken });

/** The token is the link's; a missing or mangled one is the same as an expired one. */
const resetTokenField = z
  .string({ error: RESET_MESSAGES.invalidToken })
  .regex(/^[A-Za-z0-9_-]{43}$/, RESET_MESSAGES.invalidToken);

export const senhaNovaSchema = z
  .object({ token: resetTokenField, senha: senhaField, senha__confirma: confirmaField })
  .refine(...confirmationMatches);

export const apiEsqueciSchema = z.strictObject({ email: emailField });
export const apiSenhaNovaSchema = z
  .strictObject({ token: resetTokenField, senha: senhaField, senha__confirma: confirmaField })
  .refine(...confirmationMatches);
