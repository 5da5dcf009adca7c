import type { AppLoadContext } from "react-router";
import {
  sendMessage,
  takeContactAllowances,
  type Candidate,
  type ContactInput,
} from "~/domain/messages/messages.server";
import { writeAboutPet } from "~/domain/conversations/conversations.server";
import { ok, type Result } from "~/services/outcome.server";
import { getUser } from "./auth.server";

/** A message delivered: a visitor's, or one in the signed-in sender's conversation about the pet. */
export type Delivered = { id: string; conversationId: string | null };

/**
 * Sends the contact form's message from this request's visitor. A signed-in person's opens
 * (or continues) their conversation about the pet (issue 20); a visitor's is stored for the
 * caretaker, its e-mail notice queued with it. The contact form's limits apply to both.
 */
export async function deliverFromRequest(
  request: Request,
  context: AppLoadContext,
  pet: Candidate,
  input: ContactInput,
): Promise<Result<Delivered>> {
  const user = await getUser(request, context.db);
  if (!user) {
    const sent = await sendMessage(context.db, { pet, input, clientKey: context.clientIp, jobs: context.jobs });
    return sent.ok ? ok({ id: sent.value, conversationId: null }) : sent;
  }
  const allowed = await takeContactAllowances(context.db, context.clientIp, pet.caretakerId);
  if (!allowed.ok) return allowed;
  return writeAboutPet(context.db, context.jobs, { userId: user.id, pet, texto: input.contato__texto });
}
