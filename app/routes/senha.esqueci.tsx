import { data, Link, useActionData } from "react-router";
import type { Route } from "./+types/senha.esqueci";
import { AuthPage } from "~/components/auth-page";
import { FormError, TextField, ValidatedForm } from "~/components/form-fields";
import { useValidatedForm } from "~/components/use-validated-form";
import { requestPasswordReset } from "~/domain/accounts/password-reset.server";
import { pageMeta } from "~/lib/meta";
import { esqueciSchema, RESET_MESSAGES } from "~/validation/accounts";
import { formFailure, parseForm } from "~/web/forms.server";

/** `Esqueci minha senha`: the same answer whether or not the account exists. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await parseForm(request, esqueciSchema);
  if (!form.ok) return form.response;
  const asked = await requestPasswordReset(context.db, context.jobs, form.value.email, context.clientKey);
  if (!asked.ok) return formFailure(form, asked.failure);
  return data({ ...form.reply({}), sent: true });
}

export function meta() {
  return pageMeta("Esqueci minha senha | Adopet", "Receba por e-mail um link para criar uma nova senha.");
}

export default function Esqueci() {
  const answer = useActionData<typeof action>();
  const sent = answer && "sent" in answer;
  const [form, fields, focus] = useValidatedForm(esqueciSchema, sent ? undefined : answer);
  return (
    <AuthPage
      title="Esqueceu sua senha?"
      lead="Informe o email da sua conta: enviaremos um link para você criar uma nova senha."
    >
      {sent ? (
        <div className="auth__sent">
          <p role="status">{RESET_MESSAGES.sent}</p>
          <p>O link vale por 1 hora. Não chegou? Confira a caixa de spam ou peça de novo.</p>
          <Link to="/login" className="button">
            Voltar ao login
          </Link>
        </div>
      ) : (
        <ValidatedForm form={form} focus={focus} className="auth__form">
          <FormError id={form.errorId} errors={form.errors} />
          <TextField
            meta={fields.email}
            label="Email"
            placeholder="Insira seu email"
            type="email"
            autoComplete="email"
          />
          <button type="submit" className="button auth__submit">
            Enviar link
          </button>
        </ValidatedForm>
      )}
    </AuthPage>
  );
}
