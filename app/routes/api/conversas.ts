import { data } from "react-router";
import type { Route } from "./+types/conversas";
import { countUnreadInConversations, listConversations } from "~/domain/conversations/conversations.server";
import { methodNotAllowed } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";
import { toApiConversationSummary } from "~/web/conversations.server";

/** `GET /api/conversas`: your conversations with messages, latest activity first, with `nao_lidas`. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireApiUser(request, context.db);
  const [conversas, naoLidas] = await Promise.all([
    listConversations(context.db, user.id),
    countUnreadInConversations(context.db, user.id),
  ]);
  return data(
    { conversas: conversas.map(toApiConversationSummary), nao_lidas: naoLidas },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export function action() {
  return methodNotAllowed("GET");
}
