import { data, Link, useLoaderData } from "react-router";
import type { Route } from "./+types/organizacoes.hoje";
import { organizationToday } from "~/domain/organizations/today.server";
import { formatDay } from "~/lib/dates";
import { imageUrl } from "~/lib/image-urls";
import { pageMeta } from "~/lib/meta";
import { ORGANIZATION_ROLE_LABEL } from "~/lib/organizations";
import { reportAnimalName } from "~/lib/lost-found";
import { organizationLinks } from "~/lib/organization-nav";
import { requireUser } from "~/web/auth.server";
import { pageFailure } from "~/web/forms.server";
import { pageId } from "~/web/not-found.server";
import { rememberOrganization } from "~/web/organization-choice.server";

/**
 * `/organizacoes/:id/hoje` (issue 62): a member's day in their organisation, where they land
 * after signing in. Each block is what their role may act on, each count a link to the list it
 * totals (organizationLinks: the same filters). Opening it makes the organisation the one the
 * person works in (the next sign-in lands here).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context.db);
  const id = pageId(params.id, "organization");
  const today = await organizationToday(context.db, user.id, id, new Date());
  if (!today.ok) throw pageFailure(today.failure);
  const { organization, team, admin, foster } = today.value;
  return data(
    {
      organization: {
        id: organization.id,
        nome: organization.nome,
        papel: ORGANIZATION_ROLE_LABEL[organization.papel],
        logo: organization.logoId ? imageUrl(organization.logoId, 160) : null,
      },
      team: team && {
        ...team,
        larTemporario: {
          ...team.larTemporario,
          primeiros: team.larTemporario.primeiros.map((pet) => ({
            ...pet,
            prazo: pet.prazo ? formatDay(pet.prazo) : null,
          })),
        },
        perdidosEAchados: {
          total: team.perdidosEAchados.total,
          anuncios: team.perdidosEAchados.anuncios.map((report) => ({
            id: report.id,
            nome: reportAnimalName(report),
            parecidos: report.parecidos,
          })),
        },
        acompanhamentos: {
          ...team.acompanhamentos,
          itens: team.acompanhamentos.itens.map((item) => ({ ...item, dia: formatDay(item.dia) })),
        },
      },
      admin,
      foster,
    },
    { headers: { "Set-Cookie": await rememberOrganization(organization.id) } },
  );
}

export function meta({ data: loaded }: Route.MetaArgs) {
  return pageMeta(
    loaded ? `Hoje em ${loaded.organization.nome} | Adopet` : "Hoje | Adopet",
    "O que espera por você na organização hoje.",
  );
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** A count and what it counts, linked to the list that holds exactly those. */
function CountLink({ to, count, one, many }: { to: string; count: number; one: string; many: string }) {
  return (
    <li className={count > 0 ? "today__count today__count--some" : "today__count"}>
      <Link to={to}>
        <span className="today__number">{count}</span> {count === 1 ? one : many}
      </Link>
    </li>
  );
}

function Block({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section className="today__block" aria-labelledby={id}>
      <h2 className="today__block-title" id={id}>
        {title}
      </h2>
      {children}
    </section>
  );
}

export default function Today() {
  const { organization, team, admin, foster } = useLoaderData<typeof loader>();
  const links = organizationLinks(organization.id);
  return (
    <section className="today">
      <header className="today__header">
        {organization.logo ? (
          <img className="today__logo" src={organization.logo} alt="" width={56} height={56} />
        ) : null}
        <div>
          <h1 className="page-title">Hoje</h1>
          <p className="today__lead">
            {organization.nome} · {organization.papel}
          </p>
        </div>
      </header>
      <div className="today__blocks">
        {team ? (
          <>
            <Block id="hoje-candidaturas" title="Candidaturas">
              <ul className="today__counts">
                <CountLink
                  to={links.applicationsMine}
                  count={team.candidaturas.minhas}
                  one="atribuída a você"
                  many="atribuídas a você"
                />
                <CountLink to={links.applicationsNew} count={team.candidaturas.novas} one="nova" many="novas" />
                <CountLink
                  to={links.applicationsOpen}
                  count={team.candidaturas.abertas}
                  one="em andamento"
                  many="em andamento"
                />
              </ul>
            </Block>
            <Block id="hoje-conversas" title="Conversas">
              <ul className="today__counts">
                <CountLink
                  to={links.conversationsMine}
                  count={team.conversas.minhas}
                  one="sua aguarda resposta"
                  many="suas aguardam resposta"
                />
                <CountLink
                  to={links.conversationsWaiting}
                  count={team.conversas.aguardando}
                  one="aguarda resposta"
                  many="aguardam resposta"
                />
              </ul>
            </Block>
            <Block id="hoje-doses" title="Vacinas e remédios">
              <ul className="today__counts">
                <CountLink
                  to={links.dosesLate}
                  count={team.doses.atrasadas}
                  one="animal com dose atrasada"
                  many="animais com dose atrasada"
                />
                <CountLink
                  to={links.dosesComing}
                  count={team.doses.proximas}
                  one="animal com dose nos próximos 7 dias"
                  many="animais com dose nos próximos 7 dias"
                />
              </ul>
            </Block>
            <Block id="hoje-lar" title="Precisam de lar temporário">
              <ul className="today__counts">
                <CountLink
                  to={links.needingFoster}
                  count={team.larTemporario.precisam}
                  one="animal precisa"
                  many="animais precisam"
                />
                <CountLink
                  to={links.needingFosterUrgently}
                  count={team.larTemporario.urgentes}
                  one="urgente"
                  many="urgentes"
                />
              </ul>
              {team.larTemporario.primeiros.length > 0 ? (
                <ul className="today__items">
                  {team.larTemporario.primeiros.map((pet) => (
                    <li key={pet.id}>
                      <Link to={`/meus-pets/${pet.id}`}>{pet.nome}</Link>
                      {pet.urgente ? <span className="today__tag">Urgente</span> : null}
                      {pet.prazo ? ` até ${pet.prazo}` : null}
                    </li>
                  ))}
                </ul>
              ) : null}
            </Block>
            <Block id="hoje-noticias" title="Notícias dos lares">
              <ul className="today__counts">
                <CountLink
                  to={links.newsWaiting}
                  count={team.noticias.pendentes}
                  one="aguarda aprovação"
                  many="aguardam aprovação"
                />
              </ul>
            </Block>
            <Block id="hoje-acompanhamentos" title="Acompanhamentos e castrações">
              <p className="today__summary">
                {`${plural(team.acompanhamentos.semResposta, "acompanhamento sem resposta", "acompanhamentos sem resposta")}; ${plural(team.acompanhamentos.castracoes, "castração atrasada ou nos próximos 14 dias", "castrações atrasadas ou nos próximos 14 dias")}.`}
              </p>
              {team.acompanhamentos.itens.length > 0 ? (
                <ul className="today__items">
                  {team.acompanhamentos.itens.map((item) => (
                    <li key={`${item.motivo}-${item.applicationId}-${item.dia}`}>
                      <Link to={`/candidaturas/${item.applicationId}#acompanhamento`}>
                        {item.adotante ? `${item.animal}, com ${item.adotante}` : item.animal}
                      </Link>
                      {item.motivo === "sem_resposta"
                        ? `: sem resposta ao acompanhamento de ${item.dia}.`
                        : item.atrasada
                          ? `: castração atrasada, o prazo era ${item.dia}.`
                          : `: castração até ${item.dia}.`}
                    </li>
                  ))}
                </ul>
              ) : null}
            </Block>
            <Block id="hoje-perdidos" title="Perdidos e achados">
              <p className="today__summary">
                {plural(
                  team.perdidosEAchados.total,
                  "animal acolhido tem anúncios parecidos",
                  "animais acolhidos têm anúncios parecidos",
                )}
                .
              </p>
              {team.perdidosEAchados.anuncios.length > 0 ? (
                <ul className="today__items">
                  {team.perdidosEAchados.anuncios.map((report) => (
                    <li key={report.id}>
                      <Link to={`/perdidos-e-achados/${report.id}`}>{report.nome}</Link>
                      {`: ${plural(report.parecidos, "anúncio parecido", "anúncios parecidos")}`}
                    </li>
                  ))}
                </ul>
              ) : null}
            </Block>
          </>
        ) : null}
        {admin ? (
          <>
            <Block id="hoje-transferencias" title="Transferências">
              <ul className="today__counts">
                <CountLink
                  to={links.transfers}
                  count={admin.transferencias.paraAceitar}
                  one="animal para aceitar"
                  many="animais para aceitar"
                />
              </ul>
            </Block>
            <Block id="hoje-extrato" title="Extrato">
              <ul className="today__counts">
                <CountLink
                  to={links.statementLines}
                  count={admin.extrato.aDecidir}
                  one="linha a decidir"
                  many="linhas a decidir"
                />
              </ul>
            </Block>
          </>
        ) : null}
        {foster ? (
          <>
            <Block id="hoje-meus-lares" title="No seu lar">
              <ul className="today__counts">
                <CountLink to="/meus-lares" count={foster.animais} one="animal com você" many="animais com você" />
                <CountLink
                  to="/meus-lares"
                  count={foster.doses.atrasadas}
                  one="com dose atrasada"
                  many="com dose atrasada"
                />
                <CountLink
                  to="/meus-lares"
                  count={foster.doses.proximas}
                  one="com dose nos próximos 7 dias"
                  many="com dose nos próximos 7 dias"
                />
                <CountLink
                  to="/meus-lares"
                  count={foster.noticias.pendentes}
                  one="notícia sua aguarda aprovação"
                  many="notícias suas aguardam aprovação"
                />
              </ul>
            </Block>
          </>
        ) : null}
      </div>
    </section>
  );
}
