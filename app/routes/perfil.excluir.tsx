import { Link, redirect, useActionData } from "react-router";
import type { Route } from "./+types/perfil.excluir";
import { FormError, PasswordField, ValidatedForm } from "~/components/form-fields";
import { useValidatedForm } from "~/components/use-validated-form";
import { confirmOwnPassword } from "~/domain/accounts/login.server";
import { deleteAccount } from "~/domain/accounts/privacy.server";
import { excluirContaSchema } from "~/validation/accounts";
import { endSession, requireUser } from "~/web/auth.server";
import { formFailure, parseForm } from "~/web/forms.server";
import { setNotice } from "~/web/notices.server";
import { pageMeta } from "~/lib/meta";

const HIDDEN = ["senha__atual"];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context.db);
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context.db);
  const form = await parseForm(request, excluirContaSchema, { hideFields: HIDDEN });
  if (!form.ok) return form.response;
  const confirmed = await confirmOwnPassword(context.db, user, form.value.senha__atual);
  if (!confirmed.ok) return formFailure(form, confirmed.failure, { fields: { senha: "senha__atual" } });
  await deleteAccount(context.db, context.jobs, user.id);
  const headers = new Headers();
  headers.append("Set-Cookie", await endSession(request, context));
  headers.append("Set-Cookie", await setNotice("accountDeleted"));
  return redirect("/", { headers });
}

export function meta() {
  return pageMeta("Excluir conta | Adopet", "Exclua sua conta e os seus dados da Adopet.");
}

export default function DeleteAccount() {
  const lastResult = useActionData<typeof action>();
  const [form, fields, focus] = useValidatedForm(excluirContaSchema, lastResult);
  return (
    <section className="profile">
      <ValidatedForm form={form} focus={focus} className="panel">
        <h1 className="page-title">Excluir conta</h1>
        <p>
          A exclusão é definitiva. Apagamos o seu perfil e a sua foto, os animais que você publicou, as mensagens que
          você recebeu e as que enviou com a sua conta. Se quiser guardar uma cópia,{" "}
          <Link to="/perfil/dados" reloadDocument download>
            baixe os seus dados
          </Link>{" "}
          antes.
        </p>
        <FormError id={form.errorId} errors={form.errors} />
        <PasswordField
          meta={fields.senha__atual}
          label="Digite sua senha para confirmar"
          autoComplete="current-password"
        />
        <button type="submit" className="button panel__submit">
          Excluir minha conta
        </button>
        <Link to="/perfil" className="auth__forgot">
          Voltar ao perfil
        </Link>
      </ValidatedForm>
    </section>
  );
}
