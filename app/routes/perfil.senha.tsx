import { getFormProps } from "@conform-to/react";
import { data, Form, Link, redirect, useActionData } from "react-router";
import type { Route } from "./+types/perfil.senha";
import { FormError, PasswordField } from "~/components/form-fields";
import { useValidatedForm } from "~/components/use-validated-form";
import { changePassword } from "~/services/accounts.server";
import { countAttempt, isLimited, resetLimit, retryText } from "~/services/rate-limits.server";
import { SENHA_MESSAGES, senhaChangeSchema } from "~/validation/accounts";
import { requireUser, startSession } from "~/web/auth.server";
import { formError, parseForm } from "~/web/forms.server";
import { setNotice } from "~/web/notices.server";

const HIDDEN = ["senha__atual", "senha", "senha__confirma"];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context.db);
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context.db);
  const form = await parseForm(request, senhaChangeSchema, { hideFields: HIDDEN });
  if (!form.ok) return form.response;
  // Guessing the current password counts like failed logins of this account.
  const key = user.email.toLowerCase();
  const limit = await isLimited(context.db, "login-account", key);
  if (limit.limited) {
    return formError(`Muitas tentativas. ${retryText(limit.retryAfterSeconds)}`, 429, {
      "Retry-After": String(limit.retryAfterSeconds),
    });
  }
  const result = await changePassword(context.db, user.id, form.value.senha__atual, form.value.senha);
  if (result === "wrong-password") {
    await countAttempt(context.db, "login-account", key);
    return data(form.reply({ fieldErrors: { senha__atual: [SENHA_MESSAGES.currentWrong] } }), { status: 400 });
  }
  await resetLimit(context.db, "login-account", key);
  // Every session ended with the old password; this browser gets a new one.
  const headers = new Headers();
  headers.append("Set-Cookie", await startSession(request, context.db, user.id));
  headers.append("Set-Cookie", await setNotice("passwordChanged"));
  return redirect("/perfil", { headers });
}

export function meta() {
  return [{ title: "Alterar senha | Adopet" }];
}

export default function ChangePassword() {
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useValidatedForm(senhaChangeSchema, lastResult);
  return (
    <section className="profile">
      <Form method="post" className="panel" {...getFormProps(form)}>
        <h1 className="panel__title">Alterar senha</h1>
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
      </Form>
    </section>
  );
}
