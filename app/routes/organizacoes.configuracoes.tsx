import { redirect, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/organizacoes.configuracoes";
import { VerifiedBadge } from "~/components/caretaker-kind";
import { OrganizationForm } from "~/components/organization-form";
import { listMembers, organizationForMember, updateOrganization } from "~/domain/organizations/organizations.server";
import { dayInBrasilia, formatDay } from "~/lib/dates";
import { formatCnpj, ORGANIZATION_ROLE_LABEL, roleMay } from "~/lib/organizations";
import { pageMeta } from "~/lib/meta";
import { organizationSchema } from "~/validation/organizations";
import { requireUser } from "~/web/auth.server";
import { formFailure, parseForm } from "~/web/forms.server";
import { foundOr404, pageId } from "~/web/not-found.server";
import { setNotice } from "~/web/notices.server";

/** Members only: to anyone else the organisation's inside does not exist (404), as in the API. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context.db);
  const id = pageId(params.id, "organization");
  const organization = await organizationForMember(context.db, user.id, id);
  foundOr404(organization.ok, "organization");
  const members = await listMembers(context.db, user.id, id);
  foundOr404(members.ok, "organization");
  return {
    organization: organization.value,
    members: members.value.map(({ id: memberId, nome, papel, desde }) => ({
      id: memberId,
      nome,
      papel: ORGANIZATION_ROLE_LABEL[papel],
      // Written on the server: the day in Brasília, whatever the browser's time zone.
      desde: formatDay(dayInBrasilia(desde)),
    })),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireUser(request, context.db);
  const id = pageId(params.id, "organization");
  const form = await parseForm(request, organizationSchema);
  if (!form.ok) return form.response;
  // Every field is sent: an emptied CNPJ or text is removed, not left as it was.
  const updated = await updateOrganization(context.db, user.id, id, {
    ...form.value,
    cnpj: form.value.cnpj ?? null,
    sobre: form.value.sobre ?? null,
  });
  if (!updated.ok) {
    foundOr404(updated.failure.kind !== "not-found", "organization");
    return formFailure(form, updated.failure);
  }
  return redirect(`/organizacoes/${id}/configuracoes`, {
    headers: { "Set-Cookie": await setNotice("organizationSaved") },
  });
}

export function meta({ data: loaded }: Route.MetaArgs) {
  return pageMeta(
    loaded ? `${loaded.organization.nome} | Adopet` : "Organização | Adopet",
    "Os dados da organização e quem faz parte dela.",
  );
}

export default function OrganizationSettings() {
  const { organization, members } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const admin = roleMay(organization.papel, "administrar");
  return (
    <section className="profile organization">
      <header className="panel organization__header">
        <h1 className="organization__name">{organization.nome}</h1>
        <p className="organization__role">Seu papel: {ORGANIZATION_ROLE_LABEL[organization.papel]}</p>
        {organization.verificada ? (
          <p>
            <VerifiedBadge meaning="Um operador da Adopet conferiu os dados desta organização, como o CNPJ.">
              Verificada
            </VerifiedBadge>
          </p>
        ) : (
          <p className="organization__note">
            Ainda não verificada: a equipe da Adopet dá o selo de verificada depois de conferir o CNPJ.
          </p>
        )}
      </header>
      {admin ? (
        <OrganizationForm
          title="Dados da organização"
          submitLabel="Salvar"
          lastResult={lastResult}
          note={
            organization.verificada
              ? "Se o nome ou o CNPJ mudar, a equipe da Adopet confere a organização de novo antes de devolver o selo."
              : undefined
          }
          defaultValue={{
            nome: organization.nome,
            cnpj: organization.cnpj ? formatCnpj(organization.cnpj) : "",
            cidade: organization.cidade ?? "",
            uf: organization.uf ?? "",
            sobre: organization.sobre ?? "",
          }}
        />
      ) : (
        <section className="panel" aria-labelledby="organizacao-dados">
          <h2 className="panel__title" id="organizacao-dados">
            Dados da organização
          </h2>
          <p className="organization__note">Só quem administra a organização altera os dados dela.</p>
          <dl className="organization__data">
            <dt>CNPJ</dt>
            <dd>{organization.cnpj ? formatCnpj(organization.cnpj) : "Sem CNPJ"}</dd>
            <dt>Cidade</dt>
            <dd>{organization.cidade ? `${organization.cidade} (${organization.uf})` : "Não informada"}</dd>
            <dt>Sobre</dt>
            <dd className="organization__about">{organization.sobre ?? "Nada escrito ainda."}</dd>
          </dl>
        </section>
      )}
      <section className="panel organization__members" aria-labelledby="organizacao-membros">
        <h2 className="panel__title" id="organizacao-membros">
          Membros
        </h2>
        <ul className="organization__list">
          {members.map((member) => (
            <li key={member.id} className="organization__member">
              <span className="organization__member-name">{member.nome}</span>
              <span>
                {member.papel} · desde {member.desde}
              </span>
            </li>
          ))}
        </ul>
      </section>
    </section>
  );
}
