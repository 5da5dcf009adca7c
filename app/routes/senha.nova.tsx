import { Link, redirect, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/senha.nova";
import { AuthPage } from "~/components/auth-page";
import { FormError, PasswordField, ValidatedForm } from "~/components/form-fields";
import { useValidatedForm } from "~/components/use-validated-form";
import { resetPassword } from "~/domain/accounts/password-reset.server";
import { pageMeta } from "~/lib/meta";
import { RESET_MESSAGES, senhaNovaSchema } from "~/validation/accounts";
import { formFailure, parseForm } from "~/web/forms.server";
import { setNotice } from "~/web/notices.server";

const HIDDEN = ["senha", "senha__confirma"];

/** The link's token, kept in the form (the page's address is not sent again by the form). */
export function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  // A link cut short in a mail program: said at once, rather than after typing a password.
  return { token, whole: senhaNovaSchema.shape.token.safeParse(token).success };
}

/** Sets the new password, ends every session of the account, and leads to login with a notice. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await parseForm(request, senhaNovaSchema, { hideFields: HIDDEN });
  if (!form.ok) return form.response;
  const reset = await resetPassword(context.db, form.value, context.clientIp);
  if (!reset.ok) return formFailure(form, reset.failure, { fields: { token: "" } });
  return redirect("/login", { headers: { "Set-Cookie": await setNotice("passwordReset") } });
}

export function meta() {
  return [
    ...pageMeta("Nova senha | Adopet", "Crie uma nova senha para a sua conta na Adopet."),
    { name: "robots", content: "noindex" },
  ];
}

export default function SenhaNova() {
  const { token, whole } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields, focus] = useValidatedForm(senhaNovaSchema, lastResult, undefined, [
    "senha",
    "senha__confirma",
    "token",
  ]);
  const problem = fields.token.errors?.[0] ?? form.errors?.[0];
  if (!whole) {
    return (
      <AuthPage title="Crie uma nova senha">
        <div className="auth__sent">
          <p role="alert">{RESET_MESSAGES.invalidToken}</p>
          <Link to="/senha/esqueci" className="button">
            Pedir um novo link
          </Link>
        </div>
      </AuthPage>
    );
  }
  return (
    <AuthPage title="Crie uma nova senha" lead="Ao criar a nova senha, você sai da sua conta em todos os aparelhos.">
      <ValidatedForm form={form} focus={focus} className="auth__form">
        <FormError id={form.errorId} errors={problem ? [problem] : undefined} />
        {problem === RESET_MESSAGES.invalidToken ? (
          <Link to="/senha/esqueci" className="auth__forgot">
            Pedir um novo link
          </Link>
        ) : null}
        <input type="hidden" name="token" value={token} />
        <PasswordField
          meta={fields.senha}
          label="Nova senha"
          placeholder="Crie uma senha"
          autoComplete="new-password"
        />
        <PasswordField
          meta={fields.senha__confirma}
          label="Confirma sua senha"
          placeholder="Repita a senha criada acima"
          autoComplete="new-password"
        />
        <button type="submit" className="button auth__submit">
          Criar senha
        </button>
      </ValidatedForm>
    </AuthPage>
  );
}
