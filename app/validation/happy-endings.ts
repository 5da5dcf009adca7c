import { z } from "zod";
import { REASON_MAX } from "~/lib/applications";
import { STORY_MAX, STORY_MESSAGES as M } from "~/lib/happy-endings";
import { requiredText, textField } from "./fields";

/** The adopter's story, with a photo if they choose one (the service checks it is an image). */
export const storyFormSchema = z.object({
  historia: requiredText(M.historia, { multiline: true }).max(STORY_MAX, M.historiaMax),
  foto: z.instanceof(File).optional(),
});

/** The caretaker's decision: publish it, or not, saying why. */
const storyReview = {
  decisao: z.enum(["publicar", "recusar"], { error: M.decisao }),
  /** The version read (when it last changed): a story changed since is not decided on. */
  versao: z.string({ error: M.versao }).max(40, M.versao),
  motivo: textField(M.motivo, { multiline: true }).trim().max(REASON_MAX, M.motivoMax).optional(),
};

function reasonToDecline(review: { decisao: "publicar" | "recusar"; motivo?: string }, context: z.RefinementCtx) {
  if (review.decisao === "recusar" && !review.motivo) {
    context.addIssue({ code: "custom", path: ["motivo"], message: M.motivo });
  }
}

export const storyReviewFormSchema = z.object(storyReview).superRefine(reasonToDecline);
/** `POST /api/candidaturas/:id/historia/revisao` {decisao, versao, motivo?}. */
export const apiStoryReviewSchema = z.strictObject(storyReview).superRefine(reasonToDecline);

/** `PUT /api/candidaturas/:id/historia` in JSON {historia}: a story without a photo (or keeping the one it has). */
export const apiStorySchema = storyFormSchema.omit({ foto: true }).strict();
