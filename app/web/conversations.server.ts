import type { Db } from "~/db/client.server";
import type { ThreadMessage } from "~/components/conversation-thread";
import {
  getConversation,
  markConversationRead,
  type ConversationSummary,
  type ConversationView,
} from "~/domain/conversations/conversations.server";
import { formatDateTime } from "~/lib/dates";
import { imageUrl } from "~/lib/image-urls";
import { whatsAppLink } from "~/lib/phones";
import { whatsAppGreeting } from "~/lib/conversations";
import type { ApiConversation, ApiConversationList } from "~/openapi/responses";

/** A conversation as the API lists it. */
export function toApiConversationSummary(conversation: ConversationSummary): ApiConversationList["conversas"][number] {
  return {
    id: conversation.id,
    papel: conversation.party,
    pet: {
      id: conversation.pet.id,
      nome: conversation.pet.nome,
      imagem: conversation.pet.photoId ? imageUrl(conversation.pet.photoId, 160) : null,
    },
    outra_parte: conversation.other,
    ultima_em: conversation.lastMessageAt?.toISOString() ?? null,
    ultima_mensagem: conversation.lastMessage && {
      texto: conversation.lastMessage.texto,
      minha: conversation.lastMessage.mine,
    },
    nao_lidas: conversation.unread,
  };
}

/** A conversation with its messages. */
export function toApiConversation(conversation: ConversationView): ApiConversation {
  return {
    ...toApiConversationSummary(conversation),
    mais_antigas: conversation.earlier,
    whatsapp: {
      compartilhando: conversation.whatsApp.mine,
      outra_parte:
        conversation.whatsApp.other &&
        whatsAppLink(conversation.whatsApp.other, whatsAppGreeting(conversation.other.nome, conversation.pet.nome)),
    },
    bloqueio: conversation.blocked === null ? null : conversation.blocked === "you" ? "voce" : "outra_parte",
    mensagens: conversation.messages.map((message) => ({
      id: message.id,
      texto: message.texto,
      enviada_em: message.createdAt.toISOString(),
      minha: message.mine,
      lida_em: message.readAt?.toISOString() ?? null,
    })),
  };
}

/**
 * A conversation opened on a page (the thread's, or the application's): read by whoever opens
 * it, its messages with their dates written out, and links to the page before (older messages)
 * and back to the latest. Not one of the reader's (or `before` not one of its messages): null.
 */
export async function readThread(db: Db, userId: string, conversationId: string, before?: string) {
  const found = await getConversation(db, userId, conversationId, { before });
  if (!found.ok) return null;
  const conversation = found.value;
  if (conversation.unread > 0) await markConversationRead(db, userId, conversation.id);
  const page = `/mensagens/${conversation.id}`;
  return {
    conversation,
    thread: {
      id: conversation.id,
      outraParte: conversation.other.nome,
      // Older messages are read a page at a time on the conversation's page.
      anteriores:
        conversation.earlier && conversation.messages[0] ? `${page}?antes=${conversation.messages[0].id}` : null,
      recentes: before ? page : null,
      bloqueio: conversation.blocked,
      mensagens: conversation.messages.map((message): ThreadMessage => ({
        id: message.id,
        texto: message.texto,
        em: formatDateTime(message.createdAt),
        iso: message.createdAt.toISOString(),
        mine: message.mine,
      })),
    },
  };
}
