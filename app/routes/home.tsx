import { Form, Link, useLoaderData, useNavigation } from "react-router";
import type { Route } from "./+types/home";
import { cardData, PetCard } from "~/components/pet-card";
import { Pagination } from "~/components/pagination";
import {
  AGE_GROUPS,
  COUNT_CAP,
  DEFAULT_RADIUS_KM,
  RADII_KM,
  CASTRATION,
  CASTRATION_LABEL,
  COMPANION_LABEL,
  COMPANIONS,
  SEX_LABEL,
  SEXES,
  SIZE_LABEL,
  SIZES,
  SPECIES,
  SPECIES_LABEL,
  UFS,
} from "~/lib/pets";
import { listFeed } from "~/domain/pets/feed.server";
import { favoriteIds } from "~/domain/favorites/favorites.server";
import { getUser } from "~/web/auth.server";
import { feedFiltersSchema, feedParams, type FeedFilters } from "~/validation/pets";
import { NearFilter } from "~/components/city-field";
import { AlertOffer } from "~/components/alert-offer";

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const filters = feedFiltersSchema.parse(feedParams(url.searchParams));
  const [feed, user] = await Promise.all([listFeed(context.db, filters), getUser(request, context.db)]);
  const favorites = user
    ? await favoriteIds(
        context.db,
        user.id,
        feed.items.map((pet) => pet.id),
      )
    : null;
  return {
    feed: { ...feed, items: feed.items.map(cardData) },
    filters,
    favorites,
    here: `/home${url.search}`,
  };
}

export function meta() {
  return [
    { title: "Amigos disponíveis para adoção | Adopet" },
    {
      name: "description",
      content: "Veja os cães e gatos disponíveis para adoção e fale com quem cuida deles.",
    },
    // Feed readers find the new animals from here.
    {
      tagName: "link",
      rel: "alternate",
      type: "application/atom+xml",
      title: "Novos animais para adoção na Adopet",
      href: "/adopet/feeds/novos.xml",
    },
  ];
}

/** The feed's select filters: URL parameter, label, "any" option, and the choices. */
const FILTER_SELECTS: {
  name: "uf" | "especie" | "porte" | "idade" | "sexo" | "castrado";
  label: string;
  all: string;
  options: [string, string][];
}[] = [
  { name: "uf", label: "Estado", all: "Todos", options: UFS.map((uf) => [uf, uf]) },
  { name: "especie", label: "Espécie", all: "Todas", options: SPECIES.map((value) => [value, SPECIES_LABEL[value]]) },
  { name: "porte", label: "Porte", all: "Todos", options: SIZES.map((value) => [value, SIZE_LABEL[value]]) },
  {
    name: "idade",
    label: "Idade",
    all: "Todas",
    options: Object.entries(AGE_GROUPS).map(([value, group]) => [value, group.label]),
  },
  { name: "sexo", label: "Sexo", all: "Todos", options: SEXES.map((value) => [value, SEX_LABEL[value]]) },
  {
    name: "castrado",
    label: "Castração",
    all: "Todas",
    options: CASTRATION.map((value) => [value, CASTRATION_LABEL[value]]),
  },
];

/** The URL of a feed page with the same filters. */
function pageHref(filters: FeedFilters, page: number): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (key !== "page" && value) params.set(key, String(value));
  }
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `/home?${query}` : "/home";
}

/** The search an alert would save: the filters in view, `perto` as its city's code, the radius only with it. */
function alertSearch(filters: FeedFilters, pertoCodigo: number | undefined): [string, string][] {
  const fields: [string, string][] = [];
  for (const [key, value] of Object.entries(filters)) {
    if (key === "page" || key === "raio" || key === "perto" || value === undefined || value === "") continue;
    if (Array.isArray(value)) value.forEach((item) => fields.push([key, String(item)]));
    else fields.push([key, String(value)]);
  }
  if (pertoCodigo) fields.push(["perto", String(pertoCodigo)], ["raio", String(filters.raio ?? DEFAULT_RADIUS_KM)]);
  return fields;
}

export default function Home() {
  const { feed, filters, favorites, here } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  // Any filter but the page, the radius (always sent) and the words (in view above).
  const filtered = Object.entries(filters).some(
    ([key, value]) =>
      !["page", "raio", "q"].includes(key) && (Array.isArray(value) ? value.length > 0 : Boolean(value)),
  );
  const searched = filtered || Boolean(filters.q);
  return (
    <section className="home">
      <h1 className="home__greeting">
        <span>Olá!</span> <span>Veja os amigos disponíveis para adoção!</span>
      </h1>

      <Form method="get" className="search" aria-label="Buscar animais">
        <div className="search__bar">
          <label htmlFor="busca" className="search__label">
            Buscar
          </label>
          <input
            id="busca"
            name="q"
            type="search"
            className="search__input"
            defaultValue={filters.q ?? ""}
            placeholder="Nome, jeito, história…"
            maxLength={100}
          />
          <button type="submit" className="button search__submit">
            Buscar
          </button>
        </div>
        <details className="filters-box" open={filtered}>
          <summary className="filters-box__summary">
            {filtered ? "Filtros aplicados" : "Filtrar por cidade, espécie, porte ou idade"}
          </summary>
          <div className="filters">
            <div className="filters__field filters__field--wide">
              <label htmlFor="filtro-cidade">Cidade</label>
              <input id="filtro-cidade" name="cidade" defaultValue={filters.cidade ?? ""} maxLength={50} />
            </div>
            <NearFilter
              id="filtro"
              perto={feed.perto?.encontrada ? feed.perto.rotulo : (filters.perto ?? "")}
              raio={filters.raio ?? DEFAULT_RADIUS_KM}
              radii={RADII_KM}
              notFound={feed.perto?.encontrada === false}
            />
            {FILTER_SELECTS.map(({ name, label, all, options }) => (
              <div className="filters__field" key={name}>
                <label htmlFor={`filtro-${name}`}>{label}</label>
                <select id={`filtro-${name}`} name={name} defaultValue={filters[name] ?? ""}>
                  <option value="">{all}</option>
                  {options.map(([value, text]) => (
                    <option key={value} value={value}>
                      {text}
                    </option>
                  ))}
                </select>
              </div>
            ))}
            <fieldset className="filters__field filters__field--wide choice-group">
              <legend>Convive bem com</legend>
              <div className="choice-group__options">
                {COMPANIONS.map((companion) => (
                  <label key={companion} className="choice">
                    <input
                      type="checkbox"
                      name="convive_com"
                      value={companion}
                      defaultChecked={filters.convive_com?.includes(companion)}
                    />
                    {COMPANION_LABEL[companion]}
                  </label>
                ))}
              </div>
            </fieldset>
            <div className="filters__actions">
              <button type="submit" className="button">
                Filtrar
              </button>
              {searched ? (
                <Link to="/home" className="filters__clear">
                  Limpar filtros
                </Link>
              ) : null}
            </div>
          </div>
        </details>
      </Form>

      <div className="home__results">
        <p className="home__count" role="status" aria-busy={navigation.state === "loading"}>
          {feed.totalLimitado
            ? `Mais de ${COUNT_CAP.toLocaleString("pt-BR")} animais encontrados`
            : feed.total === 1
              ? "1 animal encontrado"
              : `${feed.total} animais encontrados`}
        </p>
        {feed.perto?.encontrada === false ? null : (
          <AlertOffer
            search={alertSearch(filters, feed.perto?.encontrada ? feed.perto.codigo : undefined)}
            here={here}
          />
        )}
      </div>

      {feed.items.length === 0 ? (
        <div className="empty">
          <p className="empty__title">Nenhum animal encontrado.</p>
          <p>
            {searched
              ? "Tente outra cidade, outras palavras ou menos filtros."
              : "Ainda não há animais disponíveis para adoção. Volte em breve!"}
          </p>
        </div>
      ) : (
        <ul className="pet-grid">
          {feed.items.map((pet, index) => (
            <li key={pet.id}>
              <PetCard
                pet={pet}
                position={index}
                favorito={favorites ? favorites.includes(pet.id) : undefined}
                voltar={here}
              />
            </li>
          ))}
        </ul>
      )}

      <Pagination page={feed.page} pageCount={feed.pageCount} href={(page) => pageHref(filters, page)} />
    </section>
  );
}
