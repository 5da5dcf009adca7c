import { z } from "zod";
import { CONVERSATION_MESSAGES as M, CONVERSATION_TEXT_MAX } from "~/lib/conversations";
import { requiredText } from "./fields";

const texto = requiredText(M.textoRequired, { multiline: true }).max(CONVERSATION_TEXT_MAX, M.textoMax);

/** `POST /api/conversas/:id/mensagens` {texto}. */
export const apiConversationMessageSchema = z.strictObject({ texto });

/** `PATCH /api/conversas/:id` {atribuida_a}: the member of the team who answers it, or null for the whole team. */
export const conversationPatchSchema = z.strictObject({
  atribuida_a: z.union([z.uuid(M.atribuidaA), z.null()], M.atribuidaA),
});

/** The reply box of a thread. */
export const conversationReplyFormSchema = z.object({ texto });
