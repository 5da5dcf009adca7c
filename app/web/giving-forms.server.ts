import { parseWithZod } from "@conform-to/zod/v4";
import { RECEIPT_MAX_BYTES, STATEMENT_MAX_BYTES } from "~/lib/giving";
import {
  EXPENSE_MESSAGES,
  expenseFormSchema,
  expenseSchema,
  STATEMENT_MESSAGES,
  statementFormSchema,
  type ExpenseInput,
} from "~/validation/giving";
import { bodyErrorResponse, parseJsonBody, submissionFailed } from "./api.server";
import { bytesOf, isMultipart, readForm } from "./body.server";
import { parseForm } from "./forms.server";

/** An organisation's accounts (issue 46) as the API and the accounts page send them. */

const RECEIPT_LIMITS = { maxFiles: 1, maxFileSize: RECEIPT_MAX_BYTES, fileTooLarge: EXPENSE_MESSAGES.comprovanteSize };
const STATEMENT_LIMITS = { maxFiles: 1, maxFileSize: STATEMENT_MAX_BYTES, fileTooLarge: STATEMENT_MESSAGES.tamanho };

type Failed = { ok: false; response: Response };

/** `POST /api/organizacoes/:id/despesas`: JSON, or multipart with the receipt in `comprovante`. */
export async function readApiExpense(
  request: Request,
): Promise<{ ok: true; input: ExpenseInput; receipt: Buffer | null } | Failed> {
  if (!isMultipart(request)) {
    const parsed = await parseJsonBody(request, expenseSchema);
    return parsed.ok ? { ok: true, input: parsed.data, receipt: null } : parsed;
  }
  try {
    const submission = parseWithZod(await readForm(request, RECEIPT_LIMITS), { schema: expenseFormSchema });
    if (submission.status !== "success") return { ok: false, response: submissionFailed(submission.error) };
    const { comprovante, ...input } = submission.value;
    return { ok: true, input, receipt: comprovante ? (await bytesOf([comprovante]))[0]! : null };
  } catch (error) {
    return { ok: false, response: bodyErrorResponse(error) };
  }
}

/** `POST /api/organizacoes/:id/extratos`: multipart, the file in `arquivo`. */
export async function readApiStatement(request: Request): Promise<{ ok: true; bytes: Buffer } | Failed> {
  try {
    const submission = parseWithZod(await readForm(request, STATEMENT_LIMITS), { schema: statementFormSchema });
    if (submission.status !== "success") return { ok: false, response: submissionFailed(submission.error) };
    return { ok: true, bytes: (await bytesOf([submission.value.arquivo]))[0]! };
  } catch (error) {
    return { ok: false, response: bodyErrorResponse(error) };
  }
}

/** The accounts page's expense form. */
export async function readExpenseForm(request: Request) {
  const form = await parseForm(request, expenseFormSchema, { ...RECEIPT_LIMITS, hideFields: ["comprovante"] });
  if (!form.ok) return form;
  const { comprovante, ...input } = form.value;
  return { ...form, input, receipt: comprovante ? (await bytesOf([comprovante]))[0]! : null };
}

/** The accounts page's statement form. */
export async function readStatementForm(request: Request) {
  const form = await parseForm(request, statementFormSchema, { ...STATEMENT_LIMITS, hideFields: ["arquivo"] });
  if (!form.ok) return form;
  return { ...form, bytes: (await bytesOf([form.value.arquivo]))[0]! };
}
