import { Form, Link, useLoaderData } from "react-router";
import type { Route } from "./+types/lar-temporario.precisam";
import { NearFilter } from "~/components/city-field";
import { cardData, PetCard } from "~/components/pet-card";
import { Pagination } from "~/components/pagination";
import { petsNeedingFoster } from "~/domain/foster/needs.server";
import { formatDay } from "~/lib/dates";
import { pageMeta } from "~/lib/meta";
import { DEFAULT_RADIUS_KM, RADII_KM, SPECIES, SPECIES_LABEL } from "~/lib/pets";
import { fosterNeedsQuerySchema } from "~/validation/foster";

/**
 * `/lar-temporario/precisam` (issue 44), public: the animals whose organisation looks for a
 * foster home, urgent first, near a city when one is given. A criterion the page cannot read is
 * left out, as in the feed.
 */

type Criteria = { perto?: string; raio?: number; especie?: (typeof SPECIES)[number]; pagina?: number };

/** The readable criteria of the address: each one checked alone, the unreadable dropped. */
function readCriteria(searchParams: URLSearchParams): Criteria {
  const raw = Object.fromEntries(searchParams);
  const criteria: Criteria = {};
  for (const key of ["perto", "raio", "especie", "pagina"] as const) {
    if (!raw[key]) continue;
    const read = fosterNeedsQuerySchema.shape[key].safeParse(raw[key]);
    if (read.success && read.data !== undefined) Object.assign(criteria, { [key]: read.data });
  }
  return criteria;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const criteria = readCriteria(new URL(request.url).searchParams);
  const found = await petsNeedingFoster(context.db, {
    perto: criteria.perto,
    raio: criteria.raio ?? DEFAULT_RADIUS_KM,
    especie: criteria.especie,
    page: criteria.pagina ?? 1,
  });
  return {
    criteria,
    found: {
      ...found,
      items: found.items.map((pet) => ({
        card: cardData(pet),
        urgente: pet.larUrgente,
        prazo: pet.prazoLar ? formatDay(pet.prazoLar) : null,
      })),
    },
  };
}

export function meta() {
  return pageMeta(
    "Precisam de lar temporário | Adopet",
    "Animais resgatados que precisam de um lar temporário perto de você enquanto esperam pela adoção.",
  );
}

/** The address of another page of the same search. */
function pageHref(criteria: Criteria, page: number): string {
  const params = new URLSearchParams();
  if (criteria.perto) params.set("perto", criteria.perto);
  if (criteria.raio) params.set("raio", String(criteria.raio));
  if (criteria.especie) params.set("especie", criteria.especie);
  if (page > 1) params.set("pagina", String(page));
  const query = params.toString();
  return `/lar-temporario/precisam${query ? `?${query}` : ""}`;
}

export default function FosterNeeds() {
  const { criteria, found } = useLoaderData<typeof loader>();
  const notFound = found.perto?.encontrada === false;
  return (
    <section className="foster foster-needs">
      <h1 className="foster__title">Precisam de lar temporário</h1>
      <p className="foster-needs__lead">
        Estes animais esperam pela adoção e precisam de uma casa por um tempo. A organização que cuida de cada um
        continua responsável por ele. <Link to="/lar-temporario">O que é ser lar temporário</Link>
      </p>
      <Form method="get" className="filters foster-needs__filters" aria-label="Buscar animais">
        <NearFilter
          id="precisam"
          perto={found.perto?.encontrada ? found.perto.rotulo : (criteria.perto ?? "")}
          raio={criteria.raio ?? DEFAULT_RADIUS_KM}
          radii={RADII_KM}
          notFound={notFound}
        />
        <div className="filters__field">
          <label htmlFor="precisam-especie">Espécie</label>
          <select id="precisam-especie" name="especie" defaultValue={criteria.especie ?? ""}>
            <option value="">Todas</option>
            {SPECIES.map((species) => (
              <option key={species} value={species}>
                {SPECIES_LABEL[species]}
              </option>
            ))}
          </select>
        </div>
        <div className="filters__actions">
          <button type="submit" className="button">
            Buscar
          </button>
        </div>
      </Form>
      <p className="home__count" role="status">
        {found.total === 1 ? "1 animal precisa de lar temporário" : `${found.total} animais precisam de lar temporário`}
        {found.perto?.encontrada ? ` perto de ${found.perto.rotulo}` : ""}
      </p>
      {found.items.length === 0 ? (
        <div className="empty">
          <p className="empty__title">Nenhum animal precisando de lar temporário aqui agora.</p>
          <p>
            Tente outra cidade ou um raio maior, ou <Link to="/lar-temporario">ofereça o seu lar</Link>: organizações
            perto de você encontram a sua oferta.
          </p>
        </div>
      ) : (
        <ul className="pet-grid">
          {found.items.map(({ card, urgente, prazo }, index) => (
            <li key={card.id}>
              <PetCard
                pet={card}
                position={index}
                badges={
                  urgente || prazo ? (
                    <p className="foster-needs__badges">
                      {urgente ? <span className="urgent-badge">Urgente</span> : null}
                      {prazo ? <span className="foster-needs__deadline">Até {prazo}</span> : null}
                    </p>
                  ) : null
                }
              />
            </li>
          ))}
        </ul>
      )}
      <Pagination page={found.page} pageCount={found.pageCount} href={(page) => pageHref(criteria, page)} />
    </section>
  );
}
