import { Link, useLoaderData } from "react-router";
import { roleMay } from "~/lib/organizations";
import type { Route } from "./+types/organizacoes.configuracoes";
import { VerifiedBadge } from "~/components/caretaker-kind";
import { ORGANIZATION_ROLE_LABEL } from "~/lib/organizations";
import { pageMeta } from "~/lib/meta";
import { imageUrl } from "~/lib/image-urls";

import { loadOrganizationPage } from "./organizacao/page.server";
import { runOrganizationIntent } from "./organizacao/intents.server";
import {
  DataSection,
  InviteSection,
  LogoSection,
  PixSection,
  LeaveSection,
  MembersSection,
  PendingSection,
  TransfersSection,
} from "./organizacao/sections";

/** `/organizacoes/:id/configuracoes`: an organisation's data and members, for its members only (issue 43). */
export const loader = (args: Route.LoaderArgs) => loadOrganizationPage(args);

/** Administradores change the data, invite, change roles and remove members; anyone leaves. */
export const action = (args: Route.ActionArgs) => runOrganizationIntent(args);

export function meta({ data: loaded }: Route.MetaArgs) {
  return pageMeta(
    loaded ? `${loaded.organization.nome} | Adopet` : "Organização | Adopet",
    "Os dados da organização e quem faz parte dela.",
  );
}

export default function OrganizationSettings() {
  const { organization, admin } = useLoaderData<typeof loader>();
  return (
    <section className="profile organization">
      <header className="panel organization__header">
        {organization.logoId ? (
          <img
            className="organization__logo"
            src={imageUrl(organization.logoId, 320)}
            alt={`Logo de ${organization.nome}`}
            width={80}
            height={80}
          />
        ) : null}
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
        <p className="organization__links">
          <Link to={`/organizacoes/${organization.id}/painel`}>Ver o painel da organização</Link>
          {roleMay(organization.papel, "cuidar") ? (
            <Link to={`/organizacoes/${organization.id}/lares`}>Ver os lares temporários</Link>
          ) : null}
          {roleMay(organization.papel, "cuidar") ? (
            <Link to={`/organizacoes/${organization.id}/contas`}>Ver as contas e os padrinhos</Link>
          ) : null}
          {roleMay(organization.papel, "cuidar") ? (
            <a href={`/adopet/api/organizacoes/${organization.id}/sinpatinhas.csv`} download>
              Baixar os animais para o SinPatinhas (CSV)
            </a>
          ) : null}
          {admin ? <Link to={`/organizacoes/${organization.id}/atividade`}>Ver a atividade da organização</Link> : null}
          {admin ? (
            <Link to={`/organizacoes/${organization.id}/dados`} reloadDocument download>
              Baixar os dados da organização
            </Link>
          ) : null}
        </p>
      </header>
      <DataSection />
      {admin ? <LogoSection /> : null}
      {roleMay(organization.papel, "cuidar") ? <PixSection /> : null}
      <MembersSection />
      {admin ? <InviteSection /> : null}
      {admin ? <PendingSection /> : null}
      {admin ? <TransfersSection /> : null}
      <LeaveSection />
    </section>
  );
}
