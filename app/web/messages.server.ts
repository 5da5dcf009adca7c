import type { AppLoadContext } from "react-router";
import { sendMessage, type Candidate, type ContactInput } from "~/domain/messages/messages.server";
import type { Result } from "~/services/outcome.server";
import { getUser } from "./auth.server";

/** Sends a message from this request's visitor (signed in or not), its e-mail notice queued with it. */
export async function deliverFromRequest(
  request: Request,
  context: AppLoadContext,
  pet: Candidate,
  input: ContactInput,
): Promise<Result<string>> {
  const user = await getUser(request, context.db);
  return sendMessage(context.db, {
    pet,
    input,
    senderId: user?.id ?? null,
    clientKey: context.clientIp,
    jobs: context.jobs,
  });
}
