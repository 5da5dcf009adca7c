import { data, Link, redirect, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/organizacoes.nova";
import { OrganizationForm } from "~/components/organization-form";
import { requireConfirmedEmail } from "~/domain/accounts/email-confirmation.server";
import { createOrganization } from "~/domain/organizations/organizations.server";
import { organizationSchema } from "~/validation/organizations";
import { requireUser } from "~/web/auth.server";
import { failureText } from "~/web/failures.server";
import { formFailure, parseForm } from "~/web/forms.server";
import { setNotice } from "~/web/notices.server";
import { pageMeta } from "~/lib/meta";

/** An account whose e-mail is not confirmed sees why it cannot create one yet (403), not the form. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context.db);
  const confirmed = await requireConfirmedEmail(context.db, user.id);
  if (!confirmed.ok) return data({ unconfirmed: failureText(confirmed.failure) }, { status: 403 });
  return { unconfirmed: null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context.db);
  const form = await parseForm(request, organizationSchema);
  if (!form.ok) return form.response;
  const created = await createOrganization(context.db, user.id, form.value);
  if (!created.ok) return formFailure(form, created.failure);
  return redirect(`/organizacoes/${created.value}/configuracoes`, {
    headers: { "Set-Cookie": await setNotice("organizationCreated") },
  });
}

export function meta() {
  return pageMeta(
    "Criar organização | Adopet",
    "Crie a organização da sua ONG ou do seu grupo de protetores na Adopet e cuidem dos animais em equipe.",
  );
}

export default function NewOrganization() {
  const { unconfirmed } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  if (unconfirmed) {
    return (
      <section className="profile organization">
        <div className="panel">
          <h1 className="page-title">Criar organização</h1>
          <p role="alert">{unconfirmed}</p>
          <Link to="/perfil" className="button panel__submit">
            Ir para o meu perfil
          </Link>
        </div>
      </section>
    );
  }
  return (
    <section className="profile organization">
      <p className="profile__lead">
        Uma ONG ou um grupo de protetores é uma equipe: quem cria a organização passa a administrá-la.
      </p>
      <OrganizationForm
        title="Criar organização"
        titleLevel={1}
        submitLabel="Criar organização"
        lastResult={lastResult}
      />
    </section>
  );
}
