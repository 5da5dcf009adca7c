import { z } from "zod";
import { CONVERSATION_MESSAGES as M, CONVERSATION_TEXT_MAX } from "~/lib/conversations";
import { requiredText } from "./fields";

const texto = requiredText(M.textoRequired, { multiline: true }).max(CONVERSATION_TEXT_MAX, M.textoMax);

/** `POST /api/conversas/:id/mensagens` {texto}. */
export const apiConversationMessageSchema = z.strictObject({ texto });

/** The reply box of a thread. */
export const conversationReplyFormSchema = z.object({ texto });
