import { useEffect, useRef } from "react";
import { Form, Link, useLoaderData, useLocation } from "react-router";
import type { Route } from "./+types/candidaturas.recebidas";
import { StatusBadge } from "~/components/application-parts";
import { SuggestInput } from "~/components/suggest-input";
import type { Db } from "~/db/client.server";
import { countReceivedByStatus, listReceived, nameOfOwnAnimal } from "~/domain/applications/application-views.server";
import { APPLICATION_STATUSES, STATUS_LABEL, type ApplicationStatus } from "~/lib/applications";
import { formatDateTime } from "~/lib/dates";
import { isId } from "~/lib/ids";
import { pageMeta } from "~/lib/meta";
import { searchKey } from "~/lib/pets";
import { requireUser } from "~/web/auth.server";
import { caringMembershipsOf } from "~/domain/organizations/membership.server";

/** The filters as the URL gives them; anything unknown is no filter. */
function filtersOf(url: URL) {
  const pet = url.searchParams.get("pet");
  const status = url.searchParams.get("status");
  const page = Number(url.searchParams.get("pagina") ?? "1");
  const organization = url.searchParams.get("organizacao");
  return {
    // One of the reader's organisations, from its home (issue 62); all of them otherwise.
    organizationId: isId(organization) ? organization : undefined,
    // `Em andamento`: only those still in play.
    open: url.searchParams.get("abertas") === "1",
    // `Minhas`: only those assigned to the reader (issue 43).
    mine: url.searchParams.get("minhas") === "1",
    pet: isId(pet) ? pet : undefined,
    // What was typed in `Animal` (null: the field was not sent, as from a link of meus-pets).
    typed: url.searchParams.get("animal")?.trim().slice(0, 60) ?? null,
    status: APPLICATION_STATUSES.includes(status as ApplicationStatus) ? (status as ApplicationStatus) : undefined,
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}

/**
 * One animal (`pet`, chosen from the suggestions or linked from meus-pets) or the animals whose
 * name holds what was typed. A chosen animal whose name was then typed over without JavaScript
 * (the hidden id stays) gives way to the text; one that is not the caretaker's is no filter.
 */
async function animalFilter(db: Db, caretakerId: string, { pet, typed }: { pet?: string; typed: string | null }) {
  const name = pet ? await nameOfOwnAnimal(db, caretakerId, pet) : null;
  if (name !== null && (typed === null || searchKey(typed) === searchKey(name))) {
    return { pet, animal: undefined, shown: name };
  }
  return { pet: undefined, animal: typed || undefined, shown: typed ?? "" };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context.db);
  const { typed, ...asked } = filtersOf(new URL(request.url));
  const [counts, { shown, ...animal }, teams] = await Promise.all([
    countReceivedByStatus(context.db, user.id, asked.organizationId),
    animalFilter(context.db, user.id, { pet: asked.pet, typed }),
    caringMembershipsOf(context.db, user.id),
  ]);
  const filters = { ...asked, ...animal };
  const received = await listReceived(context.db, user.id, filters, counts);
  return {
    filters,
    animal: shown,
    // Named when the list is one organisation's, for a person in several.
    organization: teams.length > 1 ? (teams.find((team) => team.id === filters.organizationId)?.nome ?? null) : null,
    counts,
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
      atribuidaA: application.assignedTo?.nome ?? null,
    })),
  };
}

export function meta() {
  return pageMeta("Candidaturas recebidas | Adopet", "As candidaturas para adotar os seus animais.");
}

/** The link to another page of the same filters. */
function pageHref(
  filters: { organizationId?: string; open?: boolean; pet?: string; animal?: string; status?: string; mine?: boolean },
  page: number,
) {
  const params = new URLSearchParams();
  if (filters.organizationId) params.set("organizacao", filters.organizationId);
  if (filters.open) params.set("abertas", "1");
  if (filters.mine) params.set("minhas", "1");
  if (filters.pet) params.set("pet", filters.pet);
  if (filters.animal) params.set("animal", filters.animal);
  if (filters.status) params.set("status", filters.status);
  if (page > 1) params.set("pagina", String(page));
  const query = params.toString();
  return query ? `?${query}` : ".";
}

/**
 * `Animal`: the name typed (the server finds the animals whose name holds it), and with
 * JavaScript the caretaker's animals suggested as it is typed; choosing one filters by it alone.
 */
function AnimalFilter({ name, pet }: { name: string; pet?: string }) {
  const { search } = useLocation();
  const input = useRef<HTMLInputElement>(null);
  const chosen = useRef<HTMLInputElement>(null);
  /** Typed into since the URL's search was last shown. */
  const typed = useRef(false);
  // A new search (the form, links, back and forward) shows what the URL says; the field keeps its
  // focus. What a person typed while that search was loading stays, to be searched next.
  useEffect(() => {
    const typing = typed.current && document.activeElement === input.current;
    typed.current = false;
    if (typing) return;
    if (input.current && input.current.value !== name) input.current.value = name;
    if (chosen.current) chosen.current.value = pet ?? "";
  }, [name, pet, search]);
  async function load(text: string, signal: AbortSignal) {
    const response = await fetch(`/adopet/api/candidaturas/animais?${new URLSearchParams({ q: text })}`, { signal });
    if (!response.ok) return [];
    return ((await response.json()) as { animais: { id: string; nome: string }[] }).animais;
  }
  return (
    <>
      <SuggestInput
        inputRef={input}
        inputProps={{
          id: "filtro-animal",
          name: "animal",
          type: "search",
          className: "field__control",
          defaultValue: name,
          placeholder: "Todos",
          maxLength: 60,
        }}
        load={load}
        label={(animal) => animal.nome}
        itemKey={(animal) => animal.id}
        onChoose={(animal, field) => {
          field.value = animal.nome;
          if (chosen.current) chosen.current.value = animal.id;
        }}
        onType={() => {
          typed.current = true;
          if (chosen.current) chosen.current.value = "";
        }}
        announce={(count) => `${count} ${count === 1 ? "animal sugerido" : "animais sugeridos"}`}
        minLength={1}
      />
      <input ref={chosen} type="hidden" name="pet" defaultValue={pet ?? ""} />
    </>
  );
}

export default function Recebidas() {
  const { filters, animal, organization, counts, items, total, page, pageCount } = useLoaderData<typeof loader>();
  const all = Object.values(counts).reduce((sum, n) => sum + (n ?? 0), 0);
  return (
    <section className="applications">
      <h1 className="applications__title">Candidaturas recebidas</h1>
      <p className="applications__lead">
        Leia as respostas, marque cada passo (análise, entrevista, visita) e decida. Quem se candidatou recebe um e-mail
        a cada mudança. <Link to="/meus-pets/questionario">Editar o questionário</Link>
      </p>
      {organization ? (
        <p className="applications__lead">
          {`Candidaturas de ${organization}. `}
          <Link to="/candidaturas/recebidas">Ver as de todas as suas organizações</Link>
        </p>
      ) : null}
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
            {filters.organizationId ? <input type="hidden" name="organizacao" value={filters.organizationId} /> : null}
            <div className="field">
              <label className="field__label" htmlFor="filtro-animal">
                Animal
              </label>
              <AnimalFilter name={animal} pet={filters.pet} />
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
            <label className="choice applications__mine">
              <input type="checkbox" name="minhas" value="1" defaultChecked={filters.mine} key={String(filters.mine)} />
              Minhas
            </label>
            <label className="choice applications__mine">
              <input
                type="checkbox"
                name="abertas"
                value="1"
                defaultChecked={filters.open}
                key={`abertas-${filters.open}`}
              />
              Em andamento
            </label>
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
                      {application.atribuidaA ? ` · Atribuída a ${application.atribuidaA}` : ""}
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
