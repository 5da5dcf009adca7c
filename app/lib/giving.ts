/** An organisation's accounts (issue 46): what it received and spent, as the team and the public see them. */

export const EXPENSE_CATEGORIES = ["veterinario", "racao", "castracao", "medicamentos", "transporte", "outro"] as const;
export type ExpenseCategory = (typeof EXPENSE_CATEGORIES)[number];

export const EXPENSE_CATEGORY_LABEL: Record<ExpenseCategory, string> = {
  veterinario: "Veterinário",
  racao: "Ração",
  castracao: "Castração",
  medicamentos: "Medicamentos",
  transporte: "Transporte",
  outro: "Outro",
};

/** A statement file: a year of a busy account is far less. */
export const STATEMENT_MAX_BYTES = 2 * 1024 * 1024;
/** An expense's receipt: one PDF or photo. */
export const RECEIPT_MAX_BYTES = 10 * 1024 * 1024;
