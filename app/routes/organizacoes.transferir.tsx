import { Form, Link, redirect, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/organizacoes.transferir";
import { FormError, ValidatedForm } from "~/components/form-fields";
import { useValidatedForm } from "~/components/use-validated-form";
import { requestTransfers, transferSelection, transferTargets } from "~/domain/organizations/transfers.server";
import { isId } from "~/lib/ids";
import { pageMeta } from "~/lib/meta";
import { organizationLinks } from "~/lib/organization-nav";
import { listInWords } from "~/lib/pets";
import { transferManySchema } from "~/validation/organizations";
import { requireUser } from "~/web/auth.server";
import { formFailure, pageFailure, parseForm } from "~/web/forms.server";
import { pageId } from "~/web/not-found.server";
import { setNotice } from "~/web/notices.server";

/**
 * `/organizacoes/:id/transferir?animais=…` (issue 62): an administrador passes one animal or
 * several (ticked on `Animais`) to another organisation. The receiver is found by its name, CNPJ
 * or code (`q`), chosen (`para`), and confirmed by its name and city before the request goes.
 * Another role is refused (403), anyone outside the organisation told it does not exist (404).
 */
const chosenIds = (query: URLSearchParams) =>
  query
    .getAll("animais")
    .flatMap((value) => value.split(","))
    .filter(isId);

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context.db);
  const id = pageId(params.id, "organization");
  const query = new URL(request.url).searchParams;
  const selection = await transferSelection(context.db, user.id, id, chosenIds(query));
  if (!selection.ok) throw pageFailure(selection.failure);
  const q = (query.get("q") ?? "").slice(0, 80);
  const para = query.get("para") ?? "";
  const [found, target] = await Promise.all([
    q ? transferTargets(context.db, user.id, id, q) : null,
    isId(para) ? transferTargets(context.db, user.id, id, para) : null,
  ]);
  return {
    organization: { id, nome: selection.value.organizacao },
    animals: selection.value.animals,
    q,
    found: found?.ok ? found.value : null,
    target: target?.ok ? (target.value[0] ?? null) : null,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireUser(request, context.db);
  const id = pageId(params.id, "organization");
  // Outside the organisation (404) or not its administrador (403): the page, not the form, says so.
  const allowed = await transferSelection(context.db, user.id, id, []);
  if (!allowed.ok) throw pageFailure(allowed.failure);
  const form = await parseForm(request, transferManySchema);
  if (!form.ok) return form.response;
  const { animais, organizacao_id } = form.value;
  const asked = await requestTransfers(context.db, context.jobs, user.id, id, animais, organizacao_id);
  if (!asked.ok) return formFailure(form, asked.failure);
  return redirect(`/organizacoes/${id}/transferir?animais=${animais.join(",")}`, {
    headers: { "Set-Cookie": await setNotice("transferRequested") },
  });
}

export function meta() {
  return pageMeta("Transferir animais | Adopet", "Passar animais para outra organização.");
}

const place = ({ cidade, uf }: { cidade: string | null; uf: string | null }) =>
  cidade ? `${cidade}${uf ? `/${uf}` : ""}` : "cidade não informada";

export default function TransferAnimals() {
  const { organization, animals, q, found, target } = useLoaderData<typeof loader>();
  const [form, fields, focus] = useValidatedForm(transferManySchema, useActionData<typeof action>());
  const ready = animals.filter((pet) => pet.disponivel && !pet.pendente);
  const names = listInWords(ready.map((pet) => pet.nome));
  const selection = `animais=${ready.map((pet) => pet.id).join(",")}`;
  const base = `/organizacoes/${organization.id}/transferir`;
  const errors = form.errors ?? fields.organizacao_id.errors ?? fields.animais.errors;
  return (
    <section className="profile">
      <div className="panel">
        <h1 className="page-title">{animals.length === 1 ? `Transferir ${animals[0]!.nome}` : "Transferir animais"}</h1>
        <p>
          Transferido, o animal passa para a outra organização com o cadastro, as fotos e o histórico; as candidaturas
          em aberto são encerradas com o motivo, e quem se candidatou recebe um e-mail.
        </p>
        {animals.length === 0 ? (
          <p className="organization__note">
            Marque os animais na lista de <Link to={organizationLinks(organization.id).animals}>Animais</Link> e escolha{" "}
            <strong>Transferir para outra organização</strong>.
          </p>
        ) : (
          <ul className="transfer__animals">
            {animals.map((pet) => (
              <li key={pet.id}>
                <Link to={`/meus-pets/${pet.id}`}>{pet.nome}</Link>
                {pet.pendente
                  ? `: esperando a resposta de ${pet.pendente}. O pedido pode ser cancelado na página da organização.`
                  : pet.disponivel
                    ? null
                    : ": adotado, removido ou reservado para uma candidatura aprovada; não pode ser transferido."}
              </li>
            ))}
          </ul>
        )}
        {ready.length === 0 ? null : target ? (
          <ValidatedForm form={form} focus={focus} method="post" aria-labelledby="transferir-confirmar">
            <h2 className="panel__title" id="transferir-confirmar">
              Confirme a organização
            </h2>
            <FormError id={form.errorId} errors={errors} />
            <p className="transfer__target">
              <strong>{target.nome}</strong>
              <br />
              {place(target)}
              {target.verificada ? " · verificada pela Adopet" : ""}
            </p>
            <p>{`${names} ${ready.length === 1 ? "vai" : "vão"} para ${target.nome} quando alguém que a administra aceitar.`}</p>
            <input type="hidden" name="organizacao_id" value={target.id} />
            {ready.map((pet) => (
              <input key={pet.id} type="hidden" name="animais" value={pet.id} />
            ))}
            <button type="submit" className="button panel__submit">
              Pedir a transferência
            </button>
            <p>
              <Link to={`${base}?${selection}`}>Escolher outra organização</Link>
            </p>
          </ValidatedForm>
        ) : (
          <>
            <Form method="get" action={base} className="transfer__search" role="search" aria-label="Organização">
              <h2 className="panel__title">Para qual organização?</h2>
              <input type="hidden" name="animais" value={ready.map((pet) => pet.id).join(",")} />
              <label className="field">
                <span className="field__label">Nome, CNPJ ou código da organização</span>
                <input
                  className="field__control"
                  name="q"
                  type="search"
                  defaultValue={q}
                  maxLength={80}
                  autoComplete="off"
                  aria-describedby="transferir-busca-dica"
                />
                <span className="field__hint" id="transferir-busca-dica">
                  O código está na página de configurações da outra organização.
                </span>
              </label>
              <button type="submit" className="button">
                Buscar
              </button>
            </Form>
            {found ? (
              found.length === 0 ? (
                <p role="status">
                  Nenhuma organização encontrada. Confira o nome ou peça o código a quem a administra.
                </p>
              ) : (
                <ul className="transfer__results" aria-label="Organizações encontradas">
                  {found.map((organization) => (
                    <li key={organization.id}>
                      <Link to={`${base}?${selection}&para=${organization.id}`}>
                        <strong>{organization.nome}</strong>
                      </Link>
                      {` · ${place(organization)}${organization.verificada ? " · verificada" : ""}`}
                    </li>
                  ))}
                </ul>
              )
            ) : null}
          </>
        )}
      </div>
    </section>
  );
}
