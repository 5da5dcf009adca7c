import { Link, redirect, useActionData } from "react-router";
import type { Route } from "./+types/perfil.senha";
import { FormError, PasswordField, ValidatedForm } from "~/components/form-fields";
import { useValidatedForm } from "~/components/use-validated-form";
import { changePassword } from "~/domain/accounts/accounts.server";
import { confirmOwnPassword } from "~/domain/accounts/login.server";
import { senhaChangeSchema } from "~/validation/accounts";
import { requireUser, startSession } from "~/web/auth.server";
import { formFailure, parseForm } from "~/web/forms.server";
import { setNotice } from "~/web/notices.server";
import { pageMeta } from "~/lib/meta";

const HIDDEN = ["senha__atual", "senha", "senha__confirma"];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context.db);
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context.db);
  const form = await parseForm(request, senhaChangeSchema, { hideFields: HIDDEN });
  if (!form.ok) return form.response;
  const confirmed = await confirmOwnPassword(context.db, user, form.value.senha__atual);
  if (!confirmed.ok) return formFailure(form, confirmed.failure, { fields: { senha: "senha__atual" } });
  await changePassword(context.db, user.id, form.value.senha);
  // Every session ended with the old password; this browser gets a new one.
  const headers = new Headers();
  headers.append("Set-Cookie", await startSession(request, context, user.id));
  headers.append("Set-Cookie", await setNotice("passwordChanged"));
  return redirect("/perfil", { headers });
}

export function meta() {
  return pageMeta("Alterar senha | Adopet", "Altere a senha da sua conta na Adopet.");
}

export default function ChangePassword() {
  const lastResult = useActionData<typeof action>();
  const [form, fields, focus] = useValidatedForm(senhaChangeSchema, lastResult);
  return (
    <section className="profile">
      <ValidatedForm form={form} focus={focus} className="panel">
        <h1 className="page-title">Alterar senha</h1>
        <p>Ao alterar a senha, as sessões abertas em outros aparelhos são encerradas.</p>
        <FormError id={form.errorId} errors={form.errors} />
        <PasswordField meta={fields.senha__atual} label="Senha atual" autoComplete="current-password" />
        <PasswordField meta={fields.senha} label="Nova senha" autoComplete="new-password" />
        <PasswordField meta={fields.senha__confirma} label="Confirme a nova senha" autoComplete="new-password" />
        <button type="submit" className="button panel__submit">
          Alterar senha
        </button>
        <Link to="/perfil" className="auth__forgot">
          Voltar ao perfil
        </Link>
      </ValidatedForm>
    </section>
  );
}
