import { data, Form, Link, useLoaderData } from "react-router";
import type { Route } from "./+types/organizacoes.atividade";
import { activityPeople, listActivity, parseActivityCursor } from "~/domain/organizations/activity.server";
import { organizationForMember } from "~/domain/organizations/organizations.server";
import { formatDateTime } from "~/lib/dates";
import { pageMeta } from "~/lib/meta";
import { ACTIVITY_KIND_LABEL, ACTIVITY_KINDS, activityFiltersOf, activityText } from "~/lib/organizations";
import { requireUser } from "~/web/auth.server";
import { pageFailure } from "~/web/forms.server";
import { foundOr404, pageId } from "~/web/not-found.server";

/**
 * The organisation's activity log (issue 43): its administradores only; other members are told
 * why (403), anyone else finds no organisation (404).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context.db);
  const id = pageId(params.id, "organization");
  const organization = await organizationForMember(context.db, user.id, id);
  foundOr404(organization.ok, "organization");
  const query = new URL(request.url).searchParams;
  const cursor = parseActivityCursor(query.get("antes"));
  if (cursor === null) throw data("Página inválida.", { status: 400 });
  const filters = activityFiltersOf(query);
  if (!filters) throw data("Filtro inválido: escolha um tipo e uma pessoa da lista.", { status: 400 });
  const page = await listActivity(context.db, user.id, id, cursor, filters);
  if (!page.ok) throw pageFailure(page.failure);
  // The filters as the next page's and the CSV's address carry them.
  const kept = new URLSearchParams(
    Object.entries(filters).filter((pair): pair is [string, string] => Boolean(pair[1])),
  ).toString();
  return {
    organization: { id, nome: organization.value.nome },
    filtros: { acao: filters.acao ?? "", pessoa: filters.pessoa ?? "" },
    pessoas: await activityPeople(context.db, id),
    csv: `/organizacoes/${id}/atividade.csv${kept ? `?${kept}` : ""}`,
    primeira: cursor === undefined,
    entries: page.value.entries.map((entry) => ({
      id: entry.id,
      // Written on the server: the time in Brasília, whatever the browser's time zone.
      em: formatDateTime(entry.createdAt),
      quando: entry.createdAt.toISOString(),
      quem: entry.actorNome,
      texto: activityText(entry.acao, entry.alvoNome, entry.detalhe),
    })),
    proxima: page.value.next ? `?${kept ? `${kept}&` : ""}antes=${page.value.next}` : null,
  };
}

export function meta({ data: loaded }: Route.MetaArgs) {
  return pageMeta(
    loaded ? `Atividade de ${loaded.organization.nome} | Adopet` : "Atividade | Adopet",
    "Quem fez o quê e quando na organização.",
  );
}

export default function OrganizationActivity() {
  const { organization, entries, proxima, primeira, filtros, pessoas, csv } = useLoaderData<typeof loader>();
  return (
    <section className="profile organization-activity">
      <div className="panel">
        <h1 className="page-title">Atividade de {organization.nome}</h1>
        <p>
          Quem fez o quê e quando: animais publicados, alterados e removidos, candidaturas movidas (com as decisões e
          seus motivos) e atribuídas, termos emitidos e assinados, convites, entradas e saídas, papéis e dados da
          organização, doações, despesas, extratos, registros de saúde, a Lixeira e os arquivos com dados pessoais
          baixados. O registro é guardado por dois anos.
        </p>
        <Form method="get" className="organization-activity__filters" aria-label="Filtrar o registro">
          <FilterSelect
            name="acao"
            label="Tipo"
            all="Todos"
            chosen={filtros.acao}
            options={ACTIVITY_KINDS.map((kind) => [kind, ACTIVITY_KIND_LABEL[kind]])}
          />
          <FilterSelect
            name="pessoa"
            label="Pessoa"
            all="Todas"
            chosen={filtros.pessoa}
            options={pessoas.map((person) => [person.id, person.nome])}
          />
          <button type="submit" className="button">
            Filtrar
          </button>
          <a href={`/adopet${csv}`} download>
            Baixar em CSV
          </a>
        </Form>
        {entries.length === 0 ? (
          <p>{primeira ? "Nada registrado ainda." : "Não há registros mais antigos."}</p>
        ) : (
          <ol className="organization-activity__list" aria-label="Registros">
            {entries.map((entry) => (
              <li key={entry.id} className="organization-activity__item">
                <time dateTime={entry.quando} className="organization-activity__time">
                  {entry.em}
                </time>{" "}
                <span>
                  <strong>{entry.quem}</strong> {entry.texto}
                </span>
              </li>
            ))}
          </ol>
        )}
        <p className="organization-activity__nav">
          {proxima ? (
            <Link to={proxima} className="button">
              Ver registros mais antigos
            </Link>
          ) : null}{" "}
          <Link to={`/organizacoes/${organization.id}/configuracoes`}>Voltar à organização</Link>
        </p>
      </div>
    </section>
  );
}

/** One of the log's filters: a list to choose from, or all. */
function FilterSelect({
  name,
  label,
  all,
  chosen,
  options,
}: {
  name: string;
  label: string;
  all: string;
  chosen: string;
  options: [string, string][];
}) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={`filtro-${name}`}>
        {label}
      </label>
      <select id={`filtro-${name}`} name={name} className="field__control" defaultValue={chosen}>
        <option value="">{all}</option>
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}
