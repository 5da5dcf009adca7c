import { redirect } from "react-router";
import type { Route } from "./+types/meus-pets.transferir";
import { transferablePet } from "~/domain/organizations/transfers.server";
import { requireUser } from "~/web/auth.server";
import { pageFailure } from "~/web/forms.server";
import { pageId } from "~/web/not-found.server";

/**
 * `/meus-pets/:id/transferir` (issue 43): the animal's link to its transfer, which is the
 * organisation's transfer page for this one animal (issue 62). Only for an administrador of its
 * organisation; anyone else is told it does not exist (404), another role is refused (403).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context.db);
  const found = await transferablePet(context.db, user.id, pageId(params.id));
  if (!found.ok) throw pageFailure(found.failure);
  return redirect(`/organizacoes/${found.value.organizationId}/transferir?animais=${found.value.id}`);
}
