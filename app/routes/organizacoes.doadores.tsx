import { Link, useLoaderData } from "react-router";
import type { Route } from "./+types/organizacoes.doadores";
import { listDonors } from "~/domain/giving/donors.server";
import { organizationForMember } from "~/domain/organizations/organizations.server";
import { formatDay } from "~/lib/dates";
import { pageMeta } from "~/lib/meta";
import { formatReais } from "~/lib/pix";
import { requireUser } from "~/web/auth.server";
import { pageFailure } from "~/web/forms.server";
import { foundOr404, pageId } from "~/web/not-found.server";

/**
 * `/organizacoes/:id/doadores` (issue 63): who gave to the organisation, their totals by year and
 * each year's statement as a PDF; for its administradores and equipe (a donor's name is never public).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context.db);
  const id = pageId(params.id, "organization");
  const organization = await organizationForMember(context.db, user.id, id);
  foundOr404(organization.ok, "organization");
  const donors = await listDonors(context.db, user.id, id);
  if (!donors.ok) throw pageFailure(donors.failure);
  const statement = (chave: string, ano: number) =>
    `/adopet/api/organizacoes/${id}/doadores/declaracao.pdf?${new URLSearchParams({ doador: chave, ano: String(ano) })}`;
  return {
    organization: { id, nome: organization.value.nome },
    doadores: donors.value.doadores.map((donor) => ({
      chave: donor.chave,
      nome: donor.nome,
      resumo: `${formatReais(donor.totalCentavos)} em ${donor.doacoes === 1 ? "1 doação" : `${donor.doacoes} doações`}, a última em ${formatDay(donor.ultima)}`,
      padrinho: donor.padrinho,
      anos: donor.anos.map((year) => ({
        ano: year.ano,
        texto: `${year.ano}: ${formatReais(year.totalCentavos)}`,
        pdf: statement(donor.chave, year.ano),
      })),
    })),
    semNome:
      donors.value.semNome.doacoes > 0
        ? `${formatReais(donors.value.semNome.totalCentavos)} em ${donors.value.semNome.doacoes === 1 ? "1 doação registrada" : `${donors.value.semNome.doacoes} doações registradas`} sem o nome de quem doou.`
        : null,
  };
}

export function meta({ data: loaded }: Route.MetaArgs) {
  return pageMeta(
    loaded ? `Doadores de ${loaded.organization.nome} | Adopet` : "Doadores | Adopet",
    "Quem doou para a organização, quanto e em que anos.",
  );
}

export default function OrganizationDonors() {
  const { organization, doadores, semNome } = useLoaderData<typeof loader>();
  return (
    <section className="profile organization-activity">
      <div className="panel">
        <h1 className="page-title">Doadores</h1>
        <p>
          {`Quem doou para ${organization.nome}: os nomes que a equipe registrou, os pagadores que os extratos do banco nomeiam e os padrinhos. Os nomes são só da equipe, nunca públicos.`}
        </p>
        {doadores.length === 0 ? (
          <p>Nenhuma doação com o nome de quem doou ainda.</p>
        ) : (
          <ul className="organization-activity__list" aria-label="Doadores">
            {doadores.map((donor) => (
              <li key={donor.chave} className="organization-activity__item trash__item">
                <p>
                  <strong>{donor.nome}</strong>
                  {donor.padrinho ? " · padrinho" : ""}
                </p>
                <p>{donor.resumo}</p>
                <p className="organization-accounts__years">
                  {donor.anos.map((year) => (
                    <span key={year.ano}>
                      {`${year.texto} · `}
                      <a href={year.pdf} download aria-label={`Declaração de ${year.ano} de ${donor.nome} (PDF)`}>
                        Declaração (PDF)
                      </a>
                    </span>
                  ))}
                </p>
              </li>
            ))}
          </ul>
        )}
        {semNome ? <p>{semNome}</p> : null}
        <p className="organization-activity__nav">
          <Link to={`/organizacoes/${organization.id}/contas`}>Voltar às contas</Link>
        </p>
      </div>
    </section>
  );
}
