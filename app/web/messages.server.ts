import type { AppLoadContext } from "react-router";
import { sendMessage, type Candidate, type ContactInput } from "~/domain/messages/messages.server";
import { writeAboutPet } from "~/domain/conversations/conversations.server";
import { ok, type Result } from "~/services/outcome.server";

/** A message delivered: a visitor's, or one in the signed-in sender's conversation about the pet. */
export type Delivered = { id: string; conversationId: string | null };

/**
 * Sends the contact form's message. A signed-in person's opens (or continues) their
 * conversation about the pet (issue 20), and only its text is used; a visitor's is stored for
 * the caretaker with the name and phone they typed, its e-mail notice queued with it. The
 * contact form's limits apply to both.
 */
export async function deliverContact(
  context: AppLoadContext,
  sender: { id: string } | null,
  pet: Candidate,
  input: ContactInput | Pick<ContactInput, "nome__animal" | "contato__texto">,
): Promise<Result<Delivered>> {
  if (sender) {
    return writeAboutPet(context.db, context.jobs, {
      userId: sender.id,
      pet,
      texto: input.contato__texto,
      clientKey: context.clientKey,
    });
  }
  // A visitor's form always asks for a name and a phone (contatoSchema).
  const sent = await sendMessage(context.db, {
    pet,
    input: input as ContactInput,
    clientKey: context.clientKey,
    jobs: context.jobs,
  });
  return sent.ok ? ok({ id: sent.value, conversationId: null }) : sent;
}
