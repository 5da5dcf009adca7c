import { Link, redirect, useActionData } from "react-router";
import type { Route } from "./+types/cadastro";
import { AuthPage } from "~/components/auth-page";
import { FormError, PasswordField, TextField, ValidatedForm } from "~/components/form-fields";
import { useValidatedForm } from "~/components/use-validated-form";
import { registerUser } from "~/domain/accounts/accounts.server";
import { cadastroSchema } from "~/validation/accounts";
import { getUser } from "~/web/auth.server";
import { formFailure, parseForm } from "~/web/forms.server";
import { setNotice } from "~/web/notices.server";
import { pageMeta } from "~/lib/meta";
import { safeReturnPath } from "~/lib/return-to";

const HIDDEN = ["senha", "senha__confirma"];

/** The page to return to after signing up and logging in (`?voltar=`, e.g. an animal's `Quero adotar`). */
const returnPath = (request: Request) => safeReturnPath(new URL(request.url).searchParams.get("voltar"));

export async function loader({ request, context }: Route.LoaderArgs) {
  if (await getUser(request, context.db)) throw redirect(returnPath(request) ?? "/home");
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await parseForm(request, cadastroSchema, { hideFields: HIDDEN });
  if (!form.ok) return form.response;
  const registered = await registerUser(context.db, context.jobs, form.value, context.clientKey);
  if (!registered.ok) return formFailure(form, registered.failure);
  const back = returnPath(request);
  return redirect(back ? `/login?voltar=${encodeURIComponent(back)}` : "/login", {
    headers: { "Set-Cookie": await setNotice("registered") },
  });
}

export function meta() {
  return pageMeta(
    "Cadastro | Adopet",
    "Crie sua conta na Adopet para falar com quem cuida dos animais e publicar os seus.",
  );
}

export default function Cadastro() {
  const lastResult = useActionData<typeof action>();
  const [form, fields, focus] = useValidatedForm(cadastroSchema, lastResult);
  return (
    <AuthPage
      title="Ainda não tem cadastro?"
      lead="Então, antes de buscar seu melhor amigo, precisamos de alguns dados:"
    >
      <ValidatedForm form={form} focus={focus} className="auth__form">
        <FormError id={form.errorId} errors={form.errors} />
        <TextField
          meta={fields.email}
          label="Email*"
          placeholder="Escolha seu melhor email"
          type="email"
          autoComplete="email"
        />
        <TextField meta={fields.nome} label="Nome*" placeholder="Digite seu nome completo" autoComplete="name" />
        <PasswordField meta={fields.senha} label="Senha*" placeholder="Crie uma senha" autoComplete="new-password" />
        <PasswordField
          meta={fields.senha__confirma}
          label="Confirma sua senha*"
          placeholder="Repita a senha criada acima"
          autoComplete="new-password"
        />
        <p className="auth__terms">
          Ao se cadastrar, você concorda com os <Link to="/termos-de-uso">Termos de uso</Link> e com a{" "}
          <Link to="/privacidade">Política de privacidade</Link>.
        </p>
        <button type="submit" className="button auth__submit">
          Cadastrar
        </button>
      </ValidatedForm>
    </AuthPage>
  );
}
