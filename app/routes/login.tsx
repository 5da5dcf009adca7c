import { Link, redirect, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/login";
import { AuthPage } from "~/components/auth-page";
import { FormError, PasswordField, TextField, ValidatedForm } from "~/components/form-fields";
import { useValidatedForm } from "~/components/use-validated-form";
import { loginSchema } from "~/validation/accounts";
import { getUser, signIn } from "~/web/auth.server";
import { formFailure, parseForm } from "~/web/forms.server";
import { pageMeta } from "~/lib/meta";
import { safeReturnPath } from "~/lib/return-to";
import { landingAfterSignIn } from "~/web/organization-choice.server";

const HIDDEN = ["senha"];

export async function loader({ request, context }: Route.LoaderArgs) {
  // The page that sent a visitor here (requireUser), to go back to after login.
  const voltar = safeReturnPath(new URL(request.url).searchParams.get("voltar"));
  const user = await getUser(request, context.db);
  if (user) throw redirect(voltar ?? (await landingAfterSignIn(context.db, request, user.id)));
  return { voltar };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await parseForm(request, loginSchema, { hideFields: HIDDEN });
  if (!form.ok) return form.response;
  const signedIn = await signIn(request, context, form.value);
  if (!signedIn.ok) return formFailure(form, signedIn.failure);
  // Where they were going, else a member's `Hoje` (issue 62), else the feed.
  const target =
    safeReturnPath(form.value.voltar) ?? (await landingAfterSignIn(context.db, request, signedIn.value.user.id));
  return redirect(target, { headers: signedIn.value.headers });
}

export function meta() {
  return pageMeta("Login | Adopet", "Entre na sua conta da Adopet.");
}

export default function Login() {
  const { voltar } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields, focus] = useValidatedForm(loginSchema, lastResult);
  return (
    <AuthPage title="Já tem conta? Faça seu login:">
      <ValidatedForm form={form} focus={focus} className="auth__form">
        <FormError id={form.errorId} errors={form.errors} />
        {voltar && <input type="hidden" name="voltar" value={voltar} />}
        <TextField meta={fields.email} label="Email" placeholder="Insira seu email" type="email" autoComplete="email" />
        <PasswordField
          meta={fields.senha}
          label="Senha"
          placeholder="Insira sua senha"
          autoComplete="current-password"
        />
        <Link to="/senha/esqueci" className="auth__forgot">
          Esqueci minha senha
        </Link>
        <button type="submit" className="button auth__submit">
          Entrar
        </button>
      </ValidatedForm>
      {/* On the way to a page that needs an account: a new person signs up, and comes back too. */}
      {voltar ? (
        <p className="auth__signup">
          Ainda não tem conta? <Link to={`/cadastro?voltar=${encodeURIComponent(voltar)}`}>Cadastre-se</Link>
        </p>
      ) : null}
    </AuthPage>
  );
}
