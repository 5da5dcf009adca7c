import { z } from "zod";
import { EXPENSE_CATEGORIES, RECEIPT_MAX_BYTES, STATEMENT_MAX_BYTES } from "~/lib/giving";
import { optionalTextField } from "./fields";
import { reaisField } from "./pix";

/**
 * An organisation's accounts (issue 46) as forms and the API send them: a gift confirmed by hand
 * (or a statement's line made one), an expense, a statement's line ignored. Whether a day has
 * come is the service's to say (it knows today in Brasília).
 */

export const DONATION_MESSAGES = {
  valor: "Informe um valor entre R$ 0,01 e R$ 1.000.000,00, como 30,00.",
  valorRequired: "Informe o valor recebido.",
  data: "Informe a data em que o valor chegou (até hoje), como 2026-11-05.",
  dataRequired: "Informe a data em que o valor chegou.",
  doador: "O nome de quem doou deve ter até 120 caracteres.",
  txid: "Código de identificação (txid) inválido: ele começa com PM, AP ou DO, como aparece no Pix.",
  animal: "Escolha um animal da organização.",
  daLinha: "Uma linha do extrato já tem valor e data: envie só a linha (e, se quiser, o animal e o nome de quem doou).",
  txidUsado: "Este mês do apadrinhamento já foi confirmado.",
  linhaDecidida: "Esta linha do extrato já foi conciliada ou ignorada.",
  txidDesconhecido: "Nenhum código Pix desta organização tem este txid.",
} as const;

export const EXPENSE_MESSAGES = {
  categoria: "Escolha a categoria: veterinário, ração, castração, medicamentos, transporte ou outro.",
  valor: DONATION_MESSAGES.valor,
  data: "Informe a data da despesa (até hoje), como 2026-11-05.",
  descricao: "A descrição deve ter até 300 caracteres.",
  comprovante: "O comprovante deve ser um PDF, JPEG ou PNG válido.",
  comprovanteSize: "O comprovante deve ter até 10 MB.",
} as const;

export const STATEMENT_MESSAGES = {
  arquivo: "Envie o extrato do banco: um arquivo OFX, ou o CSV do Nubank ou do Inter.",
  formato:
    "Não reconhecemos este arquivo. Envie o extrato em OFX (Money/Quicken), que todo banco exporta, ou o CSV do Nubank ou do Inter.",
  vazio: "O extrato não tem lançamentos.",
  grande: "O extrato tem lançamentos demais: envie um período menor (até 5.000 lançamentos).",
  tamanho: "O extrato deve ter até 2 MB: envie um período menor.",
  linha: (linha: number) => `Não conseguimos ler a data ou o valor do lançamento na linha ${linha} do extrato.`,
  ano: "Informe o ano com quatro algarismos, como 2026.",
  status: 'Use "ignorada" para ignorar a linha, ou "pendente" para voltar a decidir.',
} as const;

const TRANSPARENCY_MESSAGES = {
  publica: "Informe true (contas abertas a todos) ou false (só para a equipe).",
} as const;

/** A gift's or an expense's amount: a centavo to a million reais. */
const LEDGER_MAX_CENTAVOS = 100_000_000;
const valor = reaisField(DONATION_MESSAGES.valor, 1, LEDGER_MAX_CENTAVOS);
const optionalId = (message: string) =>
  z.preprocess((value) => (value === "" ? null : value), z.uuid(message).nullable().optional());

/**
 * `POST /api/organizacoes/:id/doacoes` and the accounts page: a gift by hand (`valor`, `data`),
 * or a pending statement line made one (`linha_id`, which brings both). `txid` names the code it
 * paid (a padrinho's month, confirmed with it); `pet_id` the animal it was for.
 */
export const donationSchema = z
  .strictObject({
    valor: valor.optional(),
    data: z.iso.date(DONATION_MESSAGES.data).optional(),
    pet_id: optionalId(DONATION_MESSAGES.animal),
    doador: optionalTextField(120, DONATION_MESSAGES.doador),
    txid: z.preprocess(
      (value) => (value === "" ? null : value),
      z
        .string(DONATION_MESSAGES.txid)
        .trim()
        .toUpperCase()
        .regex(/^(PM|AP|DO)[0-9A-Z]{10,23}$/, DONATION_MESSAGES.txid)
        .nullable()
        .optional(),
    ),
    linha_id: optionalId(STATEMENT_MESSAGES.arquivo),
  })
  .superRefine((input, context) => {
    if (input.linha_id) {
      if (input.valor !== undefined || input.data !== undefined)
        context.addIssue({ code: "custom", path: ["linha_id"], message: DONATION_MESSAGES.daLinha });
      return;
    }
    if (input.valor === undefined)
      context.addIssue({ code: "custom", path: ["valor"], message: DONATION_MESSAGES.valorRequired });
    if (input.data === undefined)
      context.addIssue({ code: "custom", path: ["data"], message: DONATION_MESSAGES.dataRequired });
  });
export type DonationInput = z.output<typeof donationSchema>;

/** `POST /api/organizacoes/:id/despesas` (JSON, or multipart with `comprovante`) and the accounts page. */
export const expenseSchema = z.strictObject({
  categoria: z.enum(EXPENSE_CATEGORIES, EXPENSE_MESSAGES.categoria),
  valor,
  data: z.iso.date(EXPENSE_MESSAGES.data),
  pet_id: optionalId(DONATION_MESSAGES.animal),
  descricao: optionalTextField(300, EXPENSE_MESSAGES.descricao),
});
export type ExpenseInput = z.output<typeof expenseSchema>;

/** `PUT /api/organizacoes/:id/transparencia`: the accounts open to everyone, or to the team only. */
export const transparencySettingSchema = z.strictObject({
  publica: z.boolean(TRANSPARENCY_MESSAGES.publica),
});

/** `PATCH /api/organizacoes/:id/extratos/linhas/:linhaId`: a line set aside, or back to decide. */
export const statementLineSchema = z.strictObject({
  status: z.enum(["ignorada", "pendente"], STATEMENT_MESSAGES.status),
});

const fileField = (message: string) =>
  z
    .custom<File>((value) => typeof File !== "undefined" && value instanceof File && value.size > 0, message)
    .meta({ override: { type: "string", format: "binary" } });

/** An expense with its receipt, from the page's form or the API's multipart body. */
export const expenseFormSchema = expenseSchema.safeExtend({
  comprovante: z.preprocess(
    // A form's empty file input sends an empty file: no receipt.
    (value) => (typeof File !== "undefined" && value instanceof File && value.size === 0 ? undefined : value),
    fileField(EXPENSE_MESSAGES.comprovante)
      .refine((file) => file.size <= RECEIPT_MAX_BYTES, EXPENSE_MESSAGES.comprovanteSize)
      .optional(),
  ),
});

/** `POST /api/organizacoes/:id/extratos` and the accounts page: the statement in `arquivo` (its content says its format). */
export const statementFormSchema = z.strictObject({
  arquivo: fileField(STATEMENT_MESSAGES.arquivo).refine(
    (file) => file.size <= STATEMENT_MAX_BYTES,
    STATEMENT_MESSAGES.tamanho,
  ),
});
