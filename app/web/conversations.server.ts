import type { Db } from "~/db/client.server";
import type { ThreadMessage } from "~/components/conversation-thread";
import { getConversation, markConversationRead } from "~/domain/conversations/conversations.server";
import { formatDateTime } from "~/lib/dates";

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
        author: message.author,
      })),
    },
  };
}
