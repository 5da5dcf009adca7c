import { Form, Link, useLoaderData } from "react-router";
import type { Route } from "./+types/perdidos-e-achados";
import { AlertOffer } from "~/components/alert-offer";
import { CityInput } from "~/components/city-field";
import { findEmergency, listActiveEmergencies } from "~/domain/lost-found/emergencies.server";
import { listReports } from "~/domain/lost-found/reports.server";
import { formatDay } from "~/lib/dates";
import { imageSrcSet, imageUrl } from "~/lib/image-urls";
import { REPORT_TYPE_LABEL, REPORT_TYPES, reportTitle } from "~/lib/lost-found";
import { pageMeta } from "~/lib/meta";
import { SPECIES, SPECIES_LABEL } from "~/lib/pets";
import { reportQuerySchema, type ReportQuery } from "~/validation/lost-found";

/**
 * `/perdidos-e-achados` (issue 47), public: the open reports of lost and found animals, newest
 * first, filtered by kind, species, a city and a radius, and a day. A filter the page cannot
 * read is left out, as in the feed; a city that is none is said.
 */

function readQuery(searchParams: URLSearchParams): ReportQuery {
  const raw = Object.fromEntries(searchParams);
  const query: ReportQuery = {};
  for (const key of ["tipo", "perto", "raio", "especie", "desde", "emergencia"] as const) {
    const read = reportQuerySchema.shape[key].safeParse(raw[key]);
    if (read.success && read.data !== undefined) Object.assign(query, { [key]: read.data });
  }
  return query;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const query = readQuery(url.searchParams);
  const [list, emergency, underWay] = await Promise.all([
    listReports(context.db, query),
    query.emergencia ? findEmergency(context.db, query.emergencia) : null,
    listActiveEmergencies(context.db),
  ]);
  return {
    query,
    emergencias: query.emergencia ? [] : underWay,
    // `?emergencia=`: the animals shelters took in during it, in one place (issue 47).
    emergencia: emergency?.ok
      ? {
          nome: emergency.value.nome,
          area: emergency.value.cidades.map((city) => `${city.nome} (${city.uf})`).join(", "),
          animais: emergency.value.animais,
        }
      : null,
    here: `/perdidos-e-achados${url.search}`,
    cidadeDesconhecida: !list.ok,
    anuncios: (list.ok ? list.value : []).map((report) => ({
      id: report.id,
      tipo: report.tipo,
      titulo: reportTitle(report),
      lugar: `${report.bairro ? `${report.bairro}, ` : ""}${report.cidade.nome} (${report.cidade.uf})`,
      dia: formatDay(report.data),
      foto: report.fotos[0] ?? null,
    })),
  };
}

export function meta() {
  return pageMeta(
    "Perdidos e achados | Adopet",
    "Animais perdidos e encontrados perto de você: anuncie, procure, e a Adopet avisa quando um anúncio pode ser o outro.",
  );
}

export default function LostAndFound() {
  const { query, anuncios, cidadeDesconhecida, here, emergencia, emergencias } = useLoaderData<typeof loader>();
  // An alert needs a kind and a city (issue 47): the reports of that kind published near it.
  const alertable = query.tipo && query.perto && !cidadeDesconhecida;
  return (
    <section className="lost-found">
      <div className="panel">
        <h1 className="panel__title">Perdidos e achados</h1>
        <p>
          Perdeu ou encontrou um animal? Anuncie aqui. A Adopet compara os anúncios de perdidos e de encontrados da
          mesma região e avisa por e-mail quando um pode ser o outro. O contato é pela Adopet, sem expor o seu telefone.
        </p>
        <p>
          <Link className="button" to="/perdidos-e-achados/novo">
            Anunciar um animal perdido ou encontrado
          </Link>
        </p>
      </div>
      {emergencias.length > 0 ? (
        <div className="panel" role="note">
          <h2 className="panel__title">Emergências</h2>
          <p>Procura um animal perdido numa emergência? Veja os animais acolhidos pelos abrigos:</p>
          <ul>
            {emergencias.map((item) => (
              <li key={item.id}>
                <Link to={`/perdidos-e-achados?emergencia=${item.id}`}>{`Animais acolhidos: ${item.nome}`}</Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {emergencia ? (
        <div className="panel" role="note">
          <h2 className="panel__title">{`Emergência: ${emergencia.nome}`}</h2>
          <p>
            {`Animais acolhidos pelos abrigos em ${emergencia.area}: ${emergencia.animais} registrados. Procure o seu pela espécie e pelas fotos; quem anunciar um animal perdido na área recebe primeiro os acolhidos parecidos.`}
          </p>
        </div>
      ) : null}
      <Form method="get" className="panel filters lost-found__filters" aria-label="Filtrar anúncios">
        {query.emergencia ? <input type="hidden" name="emergencia" value={query.emergencia} /> : null}
        <div className="filters__field">
          <label htmlFor="pa-tipo">Tipo</label>
          <select id="pa-tipo" name="tipo" defaultValue={query.tipo ?? ""}>
            <option value="">Todos</option>
            {REPORT_TYPES.map((tipo) => (
              <option key={tipo} value={tipo}>
                {`${REPORT_TYPE_LABEL[tipo]}s`}
              </option>
            ))}
          </select>
        </div>
        <div className="filters__field">
          <label htmlFor="pa-especie">Espécie</label>
          <select id="pa-especie" name="especie" defaultValue={query.especie ?? ""}>
            <option value="">Todas</option>
            {SPECIES.map((especie) => (
              <option key={especie} value={especie}>
                {SPECIES_LABEL[especie]}
              </option>
            ))}
          </select>
        </div>
        <div className="filters__field filters__field--wide city-field">
          <label htmlFor="pa-perto">Perto de</label>
          <CityInput
            inputProps={{
              id: "pa-perto",
              name: "perto",
              defaultValue: query.perto ?? "",
              maxLength: 60,
              placeholder: "Cidade (UF)",
            }}
          />
        </div>
        <div className="filters__field">
          <label htmlFor="pa-raio">Raio</label>
          <select id="pa-raio" name="raio" defaultValue={String(query.raio ?? 30)}>
            {[10, 30, 50, 100].map((km) => (
              <option key={km} value={km}>
                {`${km} km`}
              </option>
            ))}
          </select>
        </div>
        <div className="filters__field">
          <label htmlFor="pa-desde">Desde</label>
          <input id="pa-desde" name="desde" type="date" defaultValue={query.desde ?? ""} />
        </div>
        <div className="filters__actions">
          <button type="submit" className="button">
            Filtrar
          </button>
        </div>
      </Form>
      <p role="status">
        {cidadeDesconhecida
          ? "Cidade não encontrada: escolha uma das sugestões."
          : anuncios.length === 1
            ? "1 anúncio aberto"
            : `${anuncios.length} anúncios abertos`}
      </p>
      {alertable ? (
        <AlertOffer
          search={[
            ["tipo", query.tipo!],
            ...(query.especie ? [["especie", query.especie] as [string, string]] : []),
            ["perto", query.perto!],
            ["raio", String(query.raio ?? 30)],
          ]}
          here={here}
          label={
            query.tipo === "perdido" ? "Avise-me de animais perdidos aqui" : "Avise-me de animais encontrados aqui"
          }
        />
      ) : cidadeDesconhecida ? null : (
        <p>Escolha o tipo e uma cidade para receber um aviso de cada novo anúncio perto dela.</p>
      )}
      <ul className="lost-found__list">
        {anuncios.map((report) => (
          <li key={report.id} className="lost-found__card">
            {report.foto ? (
              <img
                src={imageUrl(report.foto, 320)}
                srcSet={imageSrcSet(report.foto)}
                sizes="(min-width: 768px) 320px, 100vw"
                alt=""
                width={320}
                height={240}
                loading="lazy"
              />
            ) : null}
            <p className={`lost-found__kind lost-found__kind--${report.tipo}`}>{REPORT_TYPE_LABEL[report.tipo]}</p>
            <h2 className="lost-found__title">
              <Link to={`/perdidos-e-achados/${report.id}`}>{report.titulo}</Link>
            </h2>
            <p>{`${report.lugar} · ${report.dia}`}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
