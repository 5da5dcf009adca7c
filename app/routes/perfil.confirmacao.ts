import { redirect } from "react-router";
import type { Route } from "./+types/perfil.confirmacao";
import { resendEmailConfirmation } from "~/domain/accounts/email-confirmation.server";
import { requireUser } from "~/web/auth.server";
import { pageFailure } from "~/web/forms.server";
import { setNotice } from "~/web/notices.server";

/** Nothing to show here: the profile is. */
export function loader() {
  return redirect("/perfil");
}

/** `Reenviar e-mail de confirmação`, from the profile (issue 41): a few an hour per account. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context.db);
  const sent = await resendEmailConfirmation(context.db, context.jobs, user.id);
  if (!sent.ok) throw pageFailure(sent.failure);
  return redirect("/perfil", { headers: { "Set-Cookie": await setNotice("confirmationSent") } });
}
