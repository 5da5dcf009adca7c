import { Form, Link, redirect, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/email.confirmar";
import { AuthPage } from "~/components/auth-page";
import { FormError } from "~/components/form-fields";
import { confirmEmail, looksLikeConfirmationToken } from "~/domain/accounts/email-confirmation.server";
import { pageMeta } from "~/lib/meta";
import { CONFIRMATION_MESSAGES, confirmarEmailSchema } from "~/validation/accounts";
import { getUser } from "~/web/auth.server";
import { formFailure, parseForm } from "~/web/forms.server";
import { setNotice } from "~/web/notices.server";

/**
 * The link of `Confirme seu e-mail` (issue 41). Opening it shows a button: a GET changes
 * nothing (a mail program's link preview must not confirm), the button's POST confirms.
 */
export function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return { token, whole: looksLikeConfirmationToken(token) };
}

/** Confirms, then leads to the profile (or to login, for a browser not signed in) with a notice. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await parseForm(request, confirmarEmailSchema);
  if (!form.ok) return form.response;
  const confirmed = await confirmEmail(context.db, form.value.token);
  if (!confirmed.ok) return formFailure(form, confirmed.failure, { fields: { token: "" } });
  const user = await getUser(request, context.db);
  return redirect(user ? "/perfil" : "/login", { headers: { "Set-Cookie": await setNotice("emailConfirmed") } });
}

export function meta() {
  return [
    ...pageMeta("Confirme seu e-mail | Adopet", "Confirme o e-mail da sua conta na Adopet."),
    { name: "robots", content: "noindex" },
  ];
}

export default function ConfirmarEmail() {
  const { token, whole } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const problem = answer?.error?.[""]?.[0];
  if (!whole) {
    return (
      <AuthPage title="Confirme seu e-mail">
        <div className="auth__sent">
          <p role="alert">{CONFIRMATION_MESSAGES.invalidToken}</p>
          <Link to="/perfil" className="button">
            Ir para o meu perfil
          </Link>
        </div>
      </AuthPage>
    );
  }
  return (
    <AuthPage title="Confirme seu e-mail" lead="Falta só um passo: confirme que este e-mail é seu.">
      <Form method="post" className="auth__form">
        <FormError id="confirmar-erro" errors={problem ? [problem] : undefined} />
        <input type="hidden" name="token" value={token} />
        <button type="submit" className="button auth__submit">
          Confirmar meu e-mail
        </button>
      </Form>
    </AuthPage>
  );
}
