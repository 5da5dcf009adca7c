import { data, Link, redirect, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/meus-pets.novo";
import { PetForm } from "~/components/pet-form";
import { publishPet } from "~/domain/pets/pets.server";
import { requireConfirmedEmail } from "~/domain/accounts/email-confirmation.server";
import { failureText } from "~/web/failures.server";
import { requireUser } from "~/web/auth.server";
import { setNotice } from "~/web/notices.server";
import { formFailure, submitFormOnce } from "~/web/forms.server";
import { readPetForm } from "~/web/pet-forms.server";
import { pageMeta } from "~/lib/meta";
import { caringMembershipsOf } from "~/domain/organizations/membership.server";

/** An account whose e-mail is not confirmed sees why it cannot publish yet (403), not the form. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context.db);
  const confirmed = await requireConfirmedEmail(context.db, user.id);
  if (!confirmed.ok) return data({ unconfirmed: failureText(confirmed.failure), organizations: [] }, { status: 403 });
  // A person who takes care of several organisations' animals chooses for which one (issue 43).
  const caring = await caringMembershipsOf(context.db, user.id);
  return { unconfirmed: null, organizations: caring.length > 1 ? caring.map(({ id, nome }) => ({ id, nome })) : [] };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context.db);
  const form = await readPetForm(request, "create");
  if (!form.ok) return form.response;
  // Published once, however many times `Publicar` is tapped (issue 63).
  return submitFormOnce(context.db, user.id, request, async () => {
    const published = await publishPet(context.db, context.jobs, user.id, form.input, form.photos, {
      organizationId: form.organizationId,
    });
    if (!published.ok) return formFailure(form, published.failure);
    return redirect(`/pets/${published.value}`, { headers: { "Set-Cookie": await setNotice("petPublished") } });
  });
}

export function meta() {
  return pageMeta(
    "Publicar um animal | Adopet",
    "Publique um animal para adoção, com fotos e o que ele tem de especial.",
  );
}

export default function NewPet() {
  const { unconfirmed, organizations } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  if (unconfirmed) {
    return (
      <section className="pet-editor">
        <h1 className="pet-editor__title">Publicar um animal</h1>
        <p className="pet-editor__lead" role="alert">
          {unconfirmed}
        </p>
        <Link to="/perfil" className="button">
          Ir para o meu perfil
        </Link>
      </section>
    );
  }
  return (
    <section className="pet-editor">
      <h1 className="pet-editor__title">Publicar um animal</h1>
      <p className="pet-editor__lead">
        Conte quem ele é: quem se interessar vai falar com você pela Adopet. Seu telefone e seu email nunca aparecem.
      </p>
      <PetForm mode="create" lastResult={lastResult} organizations={organizations} />
    </section>
  );
}
