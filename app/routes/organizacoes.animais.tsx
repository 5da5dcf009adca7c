import { data, Form, Link, useHref, useLoaderData } from "react-router";
import type { Route } from "./+types/organizacoes.animais";
import { Pagination } from "~/components/pagination";
import { countByPet } from "~/domain/applications/application-views.server";
import { overdueText } from "~/domain/health/reminders.server";
import { organizationForMember } from "~/domain/organizations/organizations.server";
import { listOrganizationAnimals } from "~/domain/pets/organization-animals.server";
import { formatDay } from "~/lib/dates";
import { imageUrl } from "~/lib/image-urls";
import { pageMeta } from "~/lib/meta";
import { listInWords, SPECIES, SPECIES_LABEL, STATUS_LABEL } from "~/lib/pets";
import {
  ANIMAL_LIST_STATUSES,
  ANIMAL_SORT_LABEL,
  ANIMAL_SORTS,
  animalFiltersOfPage,
  animalFiltersQuery,
  ANIMALS_QUERY_MAX,
} from "~/validation/organization-animals";
import { requireUser } from "~/web/auth.server";
import { foundOr404, pageId } from "~/web/not-found.server";
import { pageFailure } from "~/web/forms.server";
import { rememberOrganization } from "~/web/organization-choice.server";
import { roleMay } from "~/lib/organizations";
import { quickAnimalAction } from "./animais/quick-actions.server";

/**
 * `/organizacoes/:id/animais` (issue 62): the organisation's animals for its team, `Animais` in
 * its menu (what `Meus animais` was): filters, a search by name, a sort, each animal's flags and
 * quick moves. The same filters as `GET /organizacoes/{id}/animais`, and the home's counts.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context.db);
  const id = pageId(params.id, "organization");
  const filters = animalFiltersOfPage(new URL(request.url).searchParams);
  const [organization, listed, counts] = await Promise.all([
    organizationForMember(context.db, user.id, id),
    listOrganizationAnimals(context.db, user.id, id, filters, new Date()),
    countByPet(context.db, user.id),
  ]);
  foundOr404(organization.ok, "organization");
  if (!listed.ok) throw pageFailure(listed.failure);
  // The widget's snippet, for the organisation's own site (issue 23): its publisher's animals.
  const widget = `<script src="${context.publicUrl}/adopet/widget.js" data-responsavel="${user.id}" async></script>`;
  return data(
    {
      organization: { id, nome: organization.value.nome, admin: roleMay(organization.value.papel, "administrar") },
      filters,
      total: listed.value.total,
      page: listed.value.page,
      pageCount: listed.value.pageCount,
      widget,
      pets: listed.value.items.map((pet) => ({
        id: pet.id,
        nome: pet.nome,
        foto: pet.photoIds[0] ? imageUrl(pet.photoIds[0], 160) : null,
        fatos: `${pet.idade} · ${pet.porte} · ${pet.local}`,
        status: pet.status,
        reservado: pet.reservado,
        oculto: pet.oculto,
        emLar: pet.emLarTemporario,
        precisaLar: pet.precisaLarTemporario && pet.status === "disponivel",
        urgente: pet.larUrgente,
        prazoLar: pet.prazoLar ? formatDay(pet.prazoLar) : null,
        semCidadeIbge: pet.cidadeIbge === null ? pet.cidade : null,
        dosesAtrasadas: pet.dosesAtrasadas.map(overdueText),
        dosesProximas: pet.dosesProximas.map(
          (dose) => `${dose.tipo === "vacina" ? `Vacina ${dose.nome}` : dose.nome} (${formatDay(dose.dia)})`,
        ),
        candidaturas: counts.get(pet.id) ?? null,
      })),
    },
    { headers: { "Set-Cookie": await rememberOrganization(id) } },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  return quickAnimalAction(request, context);
}

export function meta({ data: loaded }: Route.MetaArgs) {
  return pageMeta(
    loaded ? `Animais de ${loaded.organization.nome} | Adopet` : "Animais | Adopet",
    "Os animais da organização: filtre, busque, edite, marque como adotado ou remova.",
  );
}

const applicationsInWords = ({ total, novas }: { total: number; novas: number }) =>
  `${total === 1 ? "1 candidatura" : `${total} candidaturas`}${novas ? `, ${novas === 1 ? "1 nova" : `${novas} novas`}` : ""}`;

/** The yes/no filters, by their names in the address and the API. */
const FLAGS = [
  ["precisa_lar_temporario", "precisaLar", "Precisa de lar temporário"],
  ["urgente", "urgente", "Urgente"],
  ["em_lar_temporario", "emLar", "Em lar temporário"],
  ["dose_atrasada", "doseAtrasada", "Dose atrasada"],
  ["dose_proxima", "doseProxima", "Dose nos próximos 7 dias"],
  ["reservado", "reservado", "Reservado"],
] as const;

export default function OrganizationAnimals() {
  const { organization, filters, total, page, pageCount, widget, pets } = useLoaderData<typeof loader>();
  const base = `/organizacoes/${organization.id}/animais`;
  // A plain form (ticked boxes belong to it by `form=`): its addresses carry the base path.
  const healthAction = useHref(`/organizacoes/${organization.id}/saude`);
  const transferAction = useHref(`/organizacoes/${organization.id}/transferir`);
  const filtered = animalFiltersQuery({ ...filters, pagina: undefined }) !== "";
  return (
    <section className="my-pets">
      <div className="my-pets__header">
        <div>
          <h1 className="page-title">Animais</h1>
          <p className="today__lead">{organization.nome}</p>
        </div>
        <Link to="/meus-pets/novo" className="button">
          Publicar um animal
        </Link>
      </div>
      <p className="my-pets__links">
        <Link to={`/candidaturas/recebidas?organizacao=${organization.id}`}>Candidaturas recebidas</Link>
        <Link to="/meus-pets/questionario">Questionário de adoção</Link>
        <Link to="/meus-pets/termo">Termo de adoção</Link>
      </p>
      <details className="animal-filters__fold" open={filtered}>
        <summary className="animal-filters__toggle">Filtrar e ordenar</summary>
        <Form method="get" className="animal-filters" aria-label="Filtrar os animais">
          <div className="animal-filters__row">
            <label className="field">
              <span className="field__label">Buscar pelo nome</span>
              <input
                className="field__control"
                type="search"
                name="q"
                defaultValue={filters.q ?? ""}
                maxLength={ANIMALS_QUERY_MAX}
              />
            </label>
            <label className="field">
              <span className="field__label">Status</span>
              <select className="field__control" name="status" defaultValue={filters.status ?? ""}>
                <option value="">Todos</option>
                {ANIMAL_LIST_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {STATUS_LABEL[status]}
                  </option>
                ))}
              </select>
            </label>
            <label className="field">
              <span className="field__label">Espécie</span>
              <select className="field__control" name="especie" defaultValue={filters.especie ?? ""}>
                <option value="">Todas</option>
                {SPECIES.map((species) => (
                  <option key={species} value={species}>
                    {SPECIES_LABEL[species]}
                  </option>
                ))}
              </select>
            </label>
            <label className="field">
              <span className="field__label">Ordem</span>
              <select className="field__control" name="ordem" defaultValue={filters.ordem ?? "recentes"}>
                {ANIMAL_SORTS.map((sort) => (
                  <option key={sort} value={sort}>
                    {ANIMAL_SORT_LABEL[sort]}
                  </option>
                ))}
              </select>
            </label>
          </div>
          <fieldset className="animal-filters__flags">
            <legend className="field__label">Só os animais que</legend>
            {FLAGS.map(([name, key, label]) => (
              <label key={name} className="choice">
                <input type="checkbox" name={name} value="1" defaultChecked={Boolean(filters[key])} />
                {label}
              </label>
            ))}
          </fieldset>
          <div className="animal-filters__actions">
            <button type="submit" className="button">
              Filtrar
            </button>
            {filtered ? <Link to={base}>Limpar filtros</Link> : null}
          </div>
        </Form>
      </details>
      <p className="animal-filters__total">
        {total === 1 ? "1 animal" : `${total} animais`}
        {filtered ? " com esses filtros" : ""}
      </p>
      {pets.length > 0 ? (
        <form method="post" id="selecao" className="animal-selection" aria-labelledby="selecao-titulo">
          <h2 className="animal-selection__title" id="selecao-titulo">
            Com os animais marcados
          </h2>
          <div className="animal-selection__actions">
            <button type="submit" className="my-pet__action" formMethod="get" formAction={healthAction}>
              Registrar vacina ou vermífugo
            </button>
            <button type="submit" className="my-pet__action" name="intent" value="precisa_lar">
              Marcar como precisando de lar temporário
            </button>
            {organization.admin ? (
              <button type="submit" className="my-pet__action" formMethod="get" formAction={transferAction}>
                Transferir para outra organização
              </button>
            ) : null}
          </div>
        </form>
      ) : null}
      {pets.length === 0 ? (
        <p className="empty">
          {filtered ? "Nenhum animal com esses filtros." : "A organização ainda não publicou nenhum animal."}
        </p>
      ) : (
        <ul className="my-pets__list">
          {pets.map((pet) => (
            <li key={pet.id} className="my-pet">
              {pet.foto ? <img className="my-pet__photo" src={pet.foto} alt="" width={80} height={80} /> : null}
              <div className="my-pet__body">
                <h2 className="my-pet__name">
                  {pet.status === "adotado" ? null : (
                    <label className="my-pet__select">
                      <input type="checkbox" name="animais" value={pet.id} form="selecao" />
                      <span className="visually-hidden">{`Marcar ${pet.nome}`}</span>
                    </label>
                  )}
                  {pet.oculto ? pet.nome : <Link to={`/pets/${pet.id}`}>{pet.nome}</Link>}
                </h2>
                <p className="my-pet__facts">{pet.fatos}</p>
                <p className={`my-pet__status my-pet__status--${pet.reservado ? "reservado" : pet.status}`}>
                  {pet.reservado ? "Reservado" : STATUS_LABEL[pet.status]}
                </p>
                <ul className="my-pet__tags" aria-label={`Situação de ${pet.nome}`}>
                  {pet.emLar ? <li className="tag">Em lar temporário</li> : null}
                  {pet.precisaLar ? (
                    <li className={pet.urgente ? "tag tag--urgent" : "tag"}>
                      {pet.urgente ? "Precisa de lar temporário: urgente" : "Precisa de lar temporário"}
                      {pet.prazoLar ? ` até ${pet.prazoLar}` : ""}
                    </li>
                  ) : null}
                </ul>
                {pet.oculto ? <p className="my-pet__flag">{HIDDEN_NOTE[pet.oculto.por]}</p> : null}
                {pet.dosesAtrasadas.length > 0 ? (
                  <p className="my-pet__flag">
                    {`Dose atrasada: ${listInWords(pet.dosesAtrasadas)}. `}
                    <Link to={`/pets/${pet.id}/saude`}>Registrar no registro de saúde</Link>
                  </p>
                ) : null}
                {pet.dosesProximas.length > 0 ? (
                  <p className="my-pet__note">{`Próxima dose: ${listInWords(pet.dosesProximas)}.`}</p>
                ) : null}
                {pet.semCidadeIbge !== null ? (
                  <p className="my-pet__flag">
                    {`A cidade “${pet.semCidadeIbge}” não está na lista de cidades do IBGE: edite o animal e escolha a cidade entre as sugestões, para que ele apareça nas buscas por distância.`}
                  </p>
                ) : null}
              </div>
              <div className="my-pet__actions">
                {pet.candidaturas ? (
                  <Link
                    to={`/candidaturas/recebidas?pet=${pet.id}`}
                    className="my-pet__action"
                    aria-label={`Candidaturas para ${pet.nome}: ${applicationsInWords(pet.candidaturas)}`}
                  >
                    Candidaturas ({pet.candidaturas.total})
                  </Link>
                ) : null}
                <Link to={`/meus-pets/${pet.id}`} className="my-pet__action" aria-label={`Editar ${pet.nome}`}>
                  Editar
                </Link>
                <Link to={`/pets/${pet.id}/saude`} className="my-pet__action" aria-label={`Saúde de ${pet.nome}`}>
                  Saúde
                </Link>
                <Form method="post">
                  <input type="hidden" name="pet" value={pet.id} />
                  <button
                    type="submit"
                    name="intent"
                    value={listedAs(pet) === "disponivel" ? "adotado" : "disponivel"}
                    className="my-pet__action"
                    aria-label={
                      listedAs(pet) === "disponivel"
                        ? `Marcar ${pet.nome} como adotado`
                        : `Disponibilizar ${pet.nome} de novo`
                    }
                  >
                    {listedAs(pet) === "disponivel" ? "Marcar como adotado" : "Disponibilizar de novo"}
                  </button>
                </Form>
                <Form
                  method="post"
                  onSubmit={(event) => {
                    if (!window.confirm(`Remover ${pet.nome} da Adopet? Esta ação não pode ser desfeita.`)) {
                      event.preventDefault();
                    }
                  }}
                >
                  <input type="hidden" name="pet" value={pet.id} />
                  <button
                    type="submit"
                    name="intent"
                    value="remover"
                    className="my-pet__action my-pet__action--danger"
                    aria-label={`Remover ${pet.nome}`}
                  >
                    Remover
                  </button>
                </Form>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} pageCount={pageCount} href={(to) => `${base}${animalFiltersQuery(filters, to)}`} />
      {total > 0 && !filtered ? <WidgetSnippet widget={widget} /> : null}
    </section>
  );
}

function WidgetSnippet({ widget }: { widget: string }) {
  return (
    <section className="widget-snippet" aria-labelledby="widget-titulo">
      <h2 className="widget-snippet__title" id="widget-titulo">
        Seus animais no seu site
      </h2>
      <p>
        Cole este código na página do seu site, blog ou loja parceira: ele mostra os seus animais disponíveis, com link
        para a página de cada um na Adopet, e se atualiza sozinho.
      </p>
      <label className="field__label" htmlFor="widget-codigo">
        Código para colar no seu site
      </label>
      <textarea
        id="widget-codigo"
        className="field__control widget-snippet__code"
        readOnly
        rows={3}
        value={widget}
        aria-describedby="widget-opcoes"
      />
      <p id="widget-opcoes" className="field__hint">
        Opções: <code>data-limite="12"</code> mostra até 12 animais (6 sem a opção, no máximo 24);{" "}
        <code>data-especie="gato"</code> mostra só gatos (<code>cao</code>, <code>gato</code> ou <code>outro</code>);{" "}
        <code>data-titulo="Nossos gatos"</code> dá o nome que leitores de tela anunciam (útil com dois widgets na mesma
        página).
      </p>
    </section>
  );
}

/** Why a hidden listing is hidden, for its caretaker (issue 22). */
const HIDDEN_NOTE = {
  denuncias:
    "Algumas pessoas denunciaram este anúncio, e ele fica oculto até a equipe de moderação analisá-lo. Você recebe um email com a decisão.",
  operador: "A equipe de moderação ocultou este anúncio. O motivo foi enviado para o seu email.",
  conta_suspensa: "Este anúncio está oculto enquanto a sua conta estiver suspensa.",
} as const;

/** The status a pet has, or goes back to when moderation shows it again. */
const listedAs = (pet: { status: string; oculto: { volta: string } | null }) => pet.oculto?.volta ?? pet.status;
