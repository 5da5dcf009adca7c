import type { AppLoadContext } from "react-router";
import {
  notifyLater,
  sendMessage,
  type Candidate,
  type ContactInput,
  type SendResult,
} from "~/services/messages.server";
import { getUser } from "./auth.server";

/** Sends a message from this request's visitor (signed in or not), then e-mails the caretaker in the background. */
export async function deliverFromRequest(
  request: Request,
  context: AppLoadContext,
  pet: Candidate,
  input: ContactInput,
): Promise<SendResult> {
  const user = await getUser(request, context.db);
  const result = await sendMessage(context.db, {
    pet,
    input,
    senderId: user?.id ?? null,
    clientKey: context.clientIp,
  });
  // Stored is delivered: the e-mail notice follows without holding up the answer.
  if (result.ok) notifyLater(context.db, context.mailer, result.id, context.publicUrl);
  return result;
}
