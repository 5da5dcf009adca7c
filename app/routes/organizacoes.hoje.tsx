import { data, Form, Link, redirect, useLoaderData } from "react-router";
import type { Route } from "./+types/organizacoes.hoje";
import { setDailySummary } from "~/domain/organizations/daily-summary.server";
import { organizationToday } from "~/domain/organizations/today.server";
import { formatDay } from "~/lib/dates";
import { imageUrl } from "~/lib/image-urls";
import { pageMeta } from "~/lib/meta";
import { ORGANIZATION_ROLE_LABEL } from "~/lib/organizations";
import { reportAnimalName } from "~/lib/lost-found";
import { todaySections, type TodayCount, type TodaySectionKey } from "~/lib/organization-today";
import { requireUser } from "~/web/auth.server";
import { pageFailure } from "~/web/forms.server";
import { pageId } from "~/web/not-found.server";
import { readForm } from "~/web/body.server";
import { setNotice } from "~/web/notices.server";
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
  const { organization, team, admin, foster, resumoDiario } = today.value;
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
      resumoDiario,
    },
    { headers: { "Set-Cookie": await rememberOrganization(organization.id) } },
  );
}

/** Turns the morning summary on or off (`resumo_diario`: `sim` or `nao`), back to the page. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireUser(request, context.db);
  const id = pageId(params.id, "organization");
  const form = await readForm(request, { maxFiles: 0 }).catch(() => null);
  const choice = form?.get("resumo_diario");
  if (choice !== "sim" && choice !== "nao") throw data("Escolha se quer receber o resumo diário.", { status: 400 });
  const set = await setDailySummary(context.db, user.id, id, choice === "sim");
  if (!set.ok) throw pageFailure(set.failure);
  return redirect(`/organizacoes/${id}/hoje#hoje-resumo`, {
    headers: { "Set-Cookie": await setNotice(set.value.on ? "dailySummaryOn" : "dailySummaryOff") },
  });
}

export function meta({ data: loaded }: Route.MetaArgs) {
  return pageMeta(
    loaded ? `Hoje em ${loaded.organization.nome} | Adopet` : "Hoje | Adopet",
    "O que espera por você na organização hoje.",
  );
}

/** A count and what it counts, linked to the list that holds exactly those. */
function Count({ entry }: { entry: TodayCount }) {
  const text = (
    <>
      <span className="today__number">{entry.count}</span> {entry.count === 1 ? entry.one : entry.many}
    </>
  );
  return (
    <li className={entry.count > 0 ? "today__count today__count--some" : "today__count"}>
      {entry.to ? <Link to={entry.to}>{text}</Link> : text}
    </li>
  );
}

type Loaded = ReturnType<typeof useLoaderData<typeof loader>>;

/** What a block lists below its counts: the first animals needing a home, the follow-ups, the reports. */
function SectionItems({ section, team }: { section: TodaySectionKey; team: NonNullable<Loaded["team"]> }) {
  const items =
    section === "lar"
      ? team.larTemporario.primeiros.map((pet) => (
          <li key={pet.id}>
            <Link to={`/meus-pets/${pet.id}`}>{pet.nome}</Link>
            {pet.urgente ? <span className="today__tag">Urgente</span> : null}
            {pet.prazo ? ` até ${pet.prazo}` : null}
          </li>
        ))
      : section === "acompanhamentos"
        ? team.acompanhamentos.itens.map((item) => (
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
          ))
        : section === "perdidos"
          ? team.perdidosEAchados.anuncios.map((report) => (
              <li key={report.id}>
                <Link to={`/perdidos-e-achados/${report.id}`}>{report.nome}</Link>
                {`: ${report.parecidos} ${report.parecidos === 1 ? "anúncio parecido" : "anúncios parecidos"}`}
              </li>
            ))
          : [];
  return items.length > 0 ? <ul className="today__items">{items}</ul> : null;
}

/** The morning e-mail of these counts: on by default, off here or from the e-mail's own link. */
function DailySummaryChoice({ on }: { on: boolean }) {
  return (
    <section className="today__summary-choice" aria-labelledby="hoje-resumo">
      <h2 className="today__block-title" id="hoje-resumo">
        Resumo diário por e-mail
      </h2>
      <p>
        {on
          ? "Todo dia às 7h você recebe estes números por e-mail, quando há algo a fazer."
          : "Você não recebe o resumo diário desta organização."}
      </p>
      <Form method="post">
        <input type="hidden" name="resumo_diario" value={on ? "nao" : "sim"} />
        <button type="submit" className="today__summary-button">
          {on ? "Não receber o resumo diário" : "Receber o resumo diário"}
        </button>
      </Form>
    </section>
  );
}

export default function Today() {
  const { organization, team, admin, foster, resumoDiario } = useLoaderData<typeof loader>();
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
        {todaySections(organization.id, { team, admin, foster }).map((section) => (
          <section key={section.key} className="today__block" aria-labelledby={`hoje-${section.key}`}>
            <h2 className="today__block-title" id={`hoje-${section.key}`}>
              {section.title}
            </h2>
            <ul className="today__counts">
              {section.counts.map((entry) => (
                <Count key={entry.one} entry={entry} />
              ))}
            </ul>
            {team ? <SectionItems section={section.key} team={team} /> : null}
          </section>
        ))}
      </div>
      <DailySummaryChoice on={resumoDiario} />
    </section>
  );
}
