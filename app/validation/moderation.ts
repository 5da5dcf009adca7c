import { z } from "zod";
import { REASON_MAX } from "~/lib/applications";
import { isId } from "~/lib/ids";
import { REPORT_MESSAGES, REPORT_TARGETS } from "~/lib/reports";
import { requiredText } from "./fields";

/**
 * An operator's action (issue 22) always says why: the reason goes to the audit log. The
 * moderation page and the API take it the same way.
 */

const MESSAGES = {
  motivoRequired: "Diga o motivo: ele fica no registro de ações.",
  motivoMax: `Use no máximo ${REASON_MAX} caracteres.`,
};

const motivo = requiredText(MESSAGES.motivoRequired, { multiline: true }).max(REASON_MAX, MESSAGES.motivoMax);

/** The page's form, and `POST /api/moderacao/…/{id}/…` {motivo}. */
export const moderationReasonSchema = z.strictObject({ motivo });

/** `POST /api/moderacao/denuncias/arquivamento` {alvo: {tipo, id}, motivo}. */
export const dismissReportsSchema = z.strictObject({
  alvo: z.strictObject(
    {
      tipo: z.enum(REPORT_TARGETS, REPORT_MESSAGES.tipo),
      id: z.string({ error: REPORT_MESSAGES.id }).refine(isId, REPORT_MESSAGES.id),
    },
    { error: REPORT_MESSAGES.tipo },
  ),
  motivo,
});
