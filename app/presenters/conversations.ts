import type { ConversationSummary, ConversationView } from "~/domain/conversations/conversations.server";
import { whatsAppGreeting } from "~/lib/conversations";
import { imageUrl } from "~/lib/image-urls";
import { whatsAppLink } from "~/lib/phones";
import type { ApiConversation, ApiConversationList } from "~/openapi/responses";

/** A conversation as the API lists it. */
export function toApiConversationSummary(conversation: ConversationSummary): ApiConversationList["conversas"][number] {
  const { id, nome, photoId } = conversation.about;
  const about = { id, nome, imagem: photoId ? imageUrl(photoId, 160) : null };
  return {
    id: conversation.id,
    papel: conversation.party,
    pet: conversation.about.kind === "pet" ? about : null,
    anuncio: conversation.about.kind === "report" ? about : null,
    outra_parte: conversation.other,
    ...(conversation.party === "responsavel" && { atribuida_a: conversation.assignedTo }),
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
        whatsAppLink(conversation.whatsApp.other, whatsAppGreeting(conversation.other.nome, conversation.about.nome)),
    },
    bloqueio: conversation.blocked === null ? null : conversation.blocked === "you" ? "voce" : "outra_parte",
    mensagens: conversation.messages.map((message) => ({
      id: message.id,
      texto: message.texto,
      enviada_em: message.createdAt.toISOString(),
      minha: message.mine,
      lida_em: message.readAt?.toISOString() ?? null,
      ...(conversation.party === "responsavel" && { autor: message.author }),
    })),
  };
}
