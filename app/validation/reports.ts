import { z } from "zod";
import {
  REPORT_CATEGORIES,
  REPORT_MESSAGES as M,
  REPORT_TARGETS,
  REPORT_TEXT_MAX,
  type ReportCategory,
} from "~/lib/reports";
import { isId } from "~/lib/ids";
import { textField } from "./fields";

/**
 * A report (issue 22), as the form and the API take it. The text is optional, except for
 * `Outro`, which says nothing by itself.
 */

const categoria = z.enum(REPORT_CATEGORIES, M.categoria);
const texto = textField(M.textoRequired, { multiline: true }).trim().max(REPORT_TEXT_MAX, M.textoMax);

function textForOutro(report: { categoria: ReportCategory; texto?: string }, context: z.RefinementCtx) {
  if (report.categoria === "outro" && !report.texto) {
    context.addIssue({ code: "custom", path: ["texto"], message: M.textoRequired });
  }
}

const alvoId = z.string({ error: M.id }).refine(isId, M.id);

/** `POST /api/denuncias` {alvo: {tipo, id}, categoria, texto}. */
export const apiReportSchema = z
  .strictObject({
    alvo: z.strictObject({ tipo: z.enum(REPORT_TARGETS, M.tipo), id: alvoId }, { error: M.tipo }),
    categoria,
    texto: texto.optional(),
  })
  .superRefine(textForOutro);
export type ReportInput = z.output<typeof apiReportSchema>;

/** The report page's form: the target comes in hidden fields. */
export const reportFormSchema = z
  .object({
    tipo: z.enum(REPORT_TARGETS, M.tipo),
    id: alvoId,
    categoria,
    texto: texto.optional(),
  })
  .superRefine(textForOutro);
