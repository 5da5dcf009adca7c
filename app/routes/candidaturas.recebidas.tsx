import { Form, Link, useLoaderData } from "react-router";
import type { Route } from "./+types/candidaturas.recebidas";
import { StatusBadge } from "~/components/application-parts";
import { countReceivedByStatus, listReceived, petsWithApplications } from "~/domain/applications/applications.server";
import { APPLICATION_STATUSES, STATUS_LABEL, type ApplicationStatus } from "~/lib/applications";
import { formatDateTime } from "~/lib/dates";
import { isId } from "~/lib/ids";
import { pageMeta } from "~/lib/meta";
import { requireUser } from "~/web/auth.server";

/** The filters as the URL gives them; anything unknown is no filter. */
function filtersOf(url: URL) {
  const pet = url.searchParams.get("pet");
  const status = url.searchParams.get("status");
  const page = Number(url.searchParams.get("pagina") ?? "1");
  return {
    pet: isId(pet) ? pet : undefined,
    status: APPLICATION_STATUSES.includes(status as ApplicationStatus) ? (status as ApplicationStatus) : undefined,
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context.db);
  const filters = filtersOf(new URL(request.url));
  const [counts, animals] = await Promise.all([
    countReceivedByStatus(context.db, user.id),
    petsWithApplications(context.db, user.id),
  ]);
  const received = await listReceived(context.db, user.id, filters, counts);
  return {
    filters,
    counts,
    animals,
    total: received.total,
    page: received.page,
    pageCount: received.pageCount,
    items: received.items.map((application) => ({
      id: application.id,
      status: application.status,
      pet: application.pet.nome,
      adotante: application.adopter.nome,
      cidade: application.adopter.cidade ? `${application.adopter.cidade} (${application.adopter.uf ?? ""})` : null,
      em: formatDateTime(application.createdAt),
    })),
  };
}

export function meta() {
  return pageMeta("Candidaturas recebidas | Adopet", "As candidaturas para adotar os seus animais.");
}

/** The link to another page of the same filters. */
function pageHref(filters: { pet?: string; status?: string }, page: number) {
  const params = new URLSearchParams();
  if (filters.pet) params.set("pet", filters.pet);
  if (filters.status) params.set("status", filters.status);
  if (page > 1) params.set("pagina", String(page));
  const query = params.toString();
  return query ? `?${query}` : ".";
}

export default function Recebidas() {
  const { filters, counts, animals, items, total, page, pageCount } = useLoaderData<typeof loader>();
  const all = Object.values(counts).reduce((sum, n) => sum + (n ?? 0), 0);
  return (
    <section className="applications">
      <h1 className="applications__title">Candidaturas recebidas</h1>
      <p className="applications__lead">
        Leia as respostas, marque cada passo (análise, entrevista, visita) e decida. Quem se candidatou recebe um e-mail
        a cada mudança. <Link to="/meus-pets/questionario">Editar o questionário</Link>
      </p>
      {all === 0 ? (
        <div className="empty">
          <p className="empty__title">Nenhuma candidatura ainda.</p>
          <p>
            Quando alguém responder ao seu questionário para adotar um dos seus animais, a candidatura aparece aqui.
          </p>
        </div>
      ) : (
        <>
          <Form method="get" className="applications__filters">
            <div className="field">
              <label className="field__label" htmlFor="filtro-pet">
                Animal
              </label>
              <select id="filtro-pet" name="pet" className="field__control" defaultValue={filters.pet ?? ""}>
                <option value="">Todos</option>
                {animals.map((animal) => (
                  <option key={animal.id} value={animal.id}>
                    {animal.nome}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label className="field__label" htmlFor="filtro-status">
                Status
              </label>
              <select id="filtro-status" name="status" className="field__control" defaultValue={filters.status ?? ""}>
                <option value="">Todos ({all})</option>
                {APPLICATION_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {STATUS_LABEL[status]} ({counts[status] ?? 0})
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" className="button applications__filter-button">
              Filtrar
            </button>
          </Form>
          <p className="applications__count" role="status">
            {total === 1 ? "1 candidatura" : `${total.toLocaleString("pt-BR")} candidaturas`}
          </p>
          <ul className="applications__list">
            {items.map((application) => (
              <li key={application.id} className="application-card application-card--row">
                <div className="application-card__head">
                  <div>
                    <h2 className="application-card__pet">
                      <Link to={`/candidaturas/${application.id}`}>
                        {application.adotante} · {application.pet}
                      </Link>
                    </h2>
                    <p className="application-card__meta">
                      {application.cidade ? `${application.cidade} · ` : ""}
                      {application.em}
                    </p>
                  </div>
                  <StatusBadge status={application.status} />
                </div>
              </li>
            ))}
          </ul>
          {pageCount > 1 ? (
            <nav className="pagination" aria-label="Paginação">
              {page > 1 ? (
                <Link to={pageHref(filters, page - 1)} rel="prev" className="pagination__link">
                  Anterior
                </Link>
              ) : null}
              <span aria-current="page">
                Página {page} de {pageCount}
              </span>
              {page < pageCount ? (
                <Link to={pageHref(filters, page + 1)} rel="next" className="pagination__link">
                  Próxima
                </Link>
              ) : null}
            </nav>
          ) : null}
        </>
      )}
    </section>
  );
}
