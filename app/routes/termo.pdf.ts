import { pageId } from "~/web/not-found.server";
import { data } from "react-router";
import type { Route } from "./+types/termo.pdf";
import { signedTermoPdf } from "~/domain/termos/termo-documents.server";
import { privatePdfResponse } from "~/web/downloads.server";
import { requireUser } from "~/web/auth.server";
import { failureStatus, failureText } from "~/web/failures.server";

/**
 * `/termos/:id/termo.pdf`: a signed termo by its own id, for its two parties. The application's
 * route serves it too; this one still does when the application is gone (the other party
 * deleted their account).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context.db);
  pageId(params.id, "termo");
  const found = await signedTermoPdf(context.db, context.vault, user.id, params.id);
  if (!found.ok) throw data(failureText(found.failure), { status: failureStatus(found.failure, "page") });
  return privatePdfResponse(found.value);
}
