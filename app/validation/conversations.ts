import { z } from "zod";
import { CONVERSATION_MESSAGES as M, CONVERSATION_TEXT_MAX } from "~/lib/conversations";
import { requiredText } from "./fields";

const texto = requiredText(M.textoRequired, { multiline: true }).max(CONVERSATION_TEXT_MAX, M.textoMax);

/** `POST /api/conversas/:id/mensagens` {texto}. */
export const apiConversationMessageSchema = z.strictObject({ texto });

/**
 * `PATCH /api/conversas/:id`, one choice at a time: `atribuida_a`, the member of the team who
 * answers it (or null for the whole team); `compartilhar_whatsapp`, a party's own WhatsApp shown
 * to the other or not; `bloquear`, the other party blocked or not.
 */
export const conversationPatchSchema = z
  .strictObject({
    atribuida_a: z.union([z.uuid(M.atribuidaA), z.null()], M.atribuidaA).optional(),
    compartilhar_whatsapp: z.boolean(M.simNao).optional(),
    bloquear: z.boolean(M.simNao).optional(),
  })
  .refine((body) => Object.keys(body).length === 1, M.umCampo);

/** `POST /api/bloqueios` {mensagem_id}: the phone of the visitor who wrote that message, blocked. */
export const apiBlockPhoneSchema = z.strictObject({ mensagem_id: z.uuid(M.mensagemId) });

/** The reply box of a thread. */
export const conversationReplyFormSchema = z.object({ texto });
