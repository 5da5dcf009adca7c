import { foundOr404, pageId } from "~/web/not-found.server";
import { Link, redirect, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/meus-pets.editar";
import { PetForm } from "~/components/pet-form";
import { checkPetOwner, updatePet } from "~/domain/pets/pets.server";
import { findPet } from "~/domain/pets/pet-views.server";
import { transferablePet } from "~/domain/organizations/transfers.server";
import { requireUser } from "~/web/auth.server";
import { setNotice } from "~/web/notices.server";
import { formFailure } from "~/web/forms.server";
import { petFormValues, readPetForm } from "~/web/pet-forms.server";
import { pageMeta } from "~/lib/meta";

/**
 * Only those who take care of the animal's organisation (administrador, equipe) edit it;
 * anyone else is told it does not exist (404).
 */
async function loadOwnPet({ request, params, context }: Route.LoaderArgs | Route.ActionArgs) {
  const user = await requireUser(request, context.db);
  const id = pageId(params.id);
  const [pet, may] = await Promise.all([findPet(context.db, id), checkPetOwner(context.db, user.id, id)]);
  foundOr404(pet && may.ok);
  return { user, pet };
}

export async function loader(args: Route.LoaderArgs) {
  const { user, pet } = await loadOwnPet(args);
  // Only an administrador of its organisation passes it to another (issue 43).
  const transferable = (await transferablePet(args.context.db, user.id, pet.id)).ok;
  return { pet: { id: pet.id, nome: pet.nome }, valores: petFormValues(pet), transferable };
}

export async function action(args: Route.ActionArgs) {
  const { user, pet } = await loadOwnPet(args);
  const form = await readPetForm(args.request, "edit");
  if (!form.ok) return form.response;
  const updated = await updatePet(args.context.db, user.id, pet.id, form.input, form.photos);
  if (!updated.ok) return formFailure(form, updated.failure);
  return redirect(`/pets/${pet.id}`, { headers: { "Set-Cookie": await setNotice("petSaved") } });
}

export function meta({ data: loaded }: Route.MetaArgs) {
  return pageMeta(
    loaded ? `Editar ${loaded.pet.nome} | Adopet` : "Editar | Adopet",
    "Altere os dados e as fotos de um animal que você publicou.",
  );
}

export default function EditPet() {
  const { pet, valores, transferable } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <section className="pet-editor">
      <h1 className="pet-editor__title">Editar {pet.nome}</h1>
      <PetForm mode="edit" lastResult={lastResult} defaultValue={valores} />
      {transferable ? (
        <p className="pet-editor__transfer">
          <Link to={`/meus-pets/${pet.id}/transferir`}>Transferir para outra organização</Link>
        </p>
      ) : null}
    </section>
  );
}
