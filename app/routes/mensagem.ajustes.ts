import { pageId } from "~/web/not-found.server";
import { data, redirect } from "react-router";
import type { Route } from "./+types/mensagem.ajustes";
import { blockInConversation, unblockInConversation } from "~/domain/conversations/blocks.server";
import { setWhatsAppSharing } from "~/domain/conversations/conversations.server";
import { isId } from "~/lib/ids";
import type { Result } from "~/services/outcome.server";
import { requireUser } from "~/web/auth.server";
import { readForm } from "~/web/body.server";
import { pageFailure } from "~/web/forms.server";
import { setNotice, type NoticeKey } from "~/web/notices.server";

/** What the conversation's page may ask, and the notice each shows once done. */
const INTENTS = {
  "compartilhar-whatsapp": "whatsAppShared",
  "parar-whatsapp": "whatsAppStopped",
  bloquear: "personBlocked",
  desbloquear: "personUnblocked",
} as const satisfies Record<string, NoticeKey>;
type Intent = keyof typeof INTENTS;

/** Nothing to show here: the conversation is. */
export function loader({ params }: Route.LoaderArgs) {
  return redirect(isId(params.id) ? `/mensagens/${params.id}` : "/mensagens");
}

/**
 * `/mensagens/:id/ajustes`: a party's choices about a conversation (issue 20), from its page:
 * share their WhatsApp or stop, block the other party or unblock. Back to the conversation,
 * with what was done said once. Anyone else's conversation is not found.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireUser(request, context.db);
  pageId(params.id, "conversation");
  const form = await readForm(request, { maxFiles: 0 }).catch(() => null);
  const intent = form?.get("intent");
  if (typeof intent !== "string" || !Object.hasOwn(INTENTS, intent)) {
    throw data("Pedido inválido.", { status: 400 });
  }
  const conversation = { userId: user.id, conversationId: params.id };
  const done: Result = await {
    "compartilhar-whatsapp": () => setWhatsAppSharing(context.db, { ...conversation, share: true }),
    "parar-whatsapp": () => setWhatsAppSharing(context.db, { ...conversation, share: false }),
    bloquear: () => blockInConversation(context.db, user.id, params.id),
    desbloquear: () => unblockInConversation(context.db, user.id, params.id),
  }[intent as Intent]();
  const back = `/mensagens/${params.id}`;
  if (!done.ok) {
    // Sharing without a phone in the profile: said on the conversation's page, with the way to add one.
    if (done.failure.kind === "invalid") {
      return redirect(back, { headers: { "Set-Cookie": await setNotice("whatsAppNoPhone") } });
    }
    throw pageFailure(done.failure);
  }
  return redirect(back, { headers: { "Set-Cookie": await setNotice(INTENTS[intent as Intent]) } });
}
