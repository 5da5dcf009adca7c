import { Link, redirect, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/meus-pets.transferir";
import { FormError, TextField, ValidatedForm } from "~/components/form-fields";
import { useValidatedForm } from "~/components/use-validated-form";
import { requestTransfer, transferablePet } from "~/domain/organizations/transfers.server";
import { pageMeta } from "~/lib/meta";
import { transferSchema } from "~/validation/organizations";
import { requireUser } from "~/web/auth.server";
import { formFailure, pageFailure, parseForm } from "~/web/forms.server";
import { pageId } from "~/web/not-found.server";
import { setNotice } from "~/web/notices.server";

/**
 * `/meus-pets/:id/transferir` (issue 43): an administrador of the animal's organisation asks to
 * pass it to another; anyone else is told it does not exist (404), another role is refused (403).
 */
async function loadTransferable({ request, params, context }: Route.LoaderArgs | Route.ActionArgs) {
  const user = await requireUser(request, context.db);
  const found = await transferablePet(context.db, user.id, pageId(params.id));
  if (!found.ok) throw pageFailure(found.failure);
  return { user, pet: found.value };
}

export async function loader(args: Route.LoaderArgs) {
  const { pet } = await loadTransferable(args);
  return {
    pet: { id: pet.id, nome: pet.nome, organizacao: pet.organizacao },
    pendente: pet.pending && { para: pet.pending.to.nome },
  };
}

export async function action(args: Route.ActionArgs) {
  const { user, pet } = await loadTransferable(args);
  const form = await parseForm(args.request, transferSchema);
  if (!form.ok) return form.response;
  const asked = await requestTransfer(args.context.db, args.context.jobs, user.id, pet.id, form.value.organizacao_id);
  if (!asked.ok) {
    if (asked.failure.kind === "not-found" && asked.failure.subject === "pet") throw pageFailure(asked.failure);
    return formFailure(form, asked.failure);
  }
  return redirect(`/meus-pets/${pet.id}/transferir`, {
    headers: { "Set-Cookie": await setNotice("transferRequested") },
  });
}

export function meta({ data: loaded }: Route.MetaArgs) {
  return pageMeta(
    loaded ? `Transferir ${loaded.pet.nome} | Adopet` : "Transferir | Adopet",
    "Passar um animal para outra organização.",
  );
}

export default function TransferPet() {
  const { pet, pendente } = useLoaderData<typeof loader>();
  const [form, fields, focus] = useValidatedForm(transferSchema, useActionData<typeof action>());
  return (
    <section className="profile">
      <div className="panel">
        <h1 className="panel__title">Transferir {pet.nome}</h1>
        <p>
          {pet.nome} é de {pet.organizacao}. Transferido, passa para a outra organização com o cadastro e as fotos; as
          candidaturas em aberto são encerradas com o motivo, e quem se candidatou recebe um e-mail.
        </p>
        {pendente ? (
          <p className="organization__note" role="status">
            {`Esperando a resposta de ${pendente.para}. O pedido pode ser cancelado na página da organização.`}
          </p>
        ) : (
          <ValidatedForm form={form} focus={focus} method="post" aria-labelledby="transferir-titulo">
            <h2 className="panel__title" id="transferir-titulo">
              Para qual organização?
            </h2>
            <FormError id={form.errorId} errors={form.errors} />
            <TextField
              meta={fields.organizacao_id}
              label="Código da organização"
              hint="Peça o código a quem administra a outra organização: ele está na página de configurações dela."
              autoComplete="off"
              maxLength={36}
            />
            <button type="submit" className="button panel__submit">
              Pedir a transferência
            </button>
          </ValidatedForm>
        )}
        <p>
          <Link to={`/meus-pets/${pet.id}`}>Voltar a {pet.nome}</Link>
        </p>
      </div>
    </section>
  );
}
