import { lazy, Suspense } from "react";
import { data, Form, Link, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/perdidos-e-achados";
import { AlertOffer } from "~/components/alert-offer";
import { NearFilter } from "~/components/city-field";
import { findEmergency, listActiveEmergencies } from "~/domain/lost-found/emergencies.server";
import { searchEmergencyByPhoto } from "~/domain/lost-found/photo-search.server";
import { listReports, type ReportView } from "~/domain/lost-found/reports.server";
import { formatDay } from "~/lib/dates";
import { imageSrcSet, imageUrl } from "~/lib/image-urls";
import { LOST_FOUND_RADII_KM, MATCH_RADIUS_KM, REPORT_TYPE_LABEL, REPORT_TYPES, reportTitle } from "~/lib/lost-found";
import { pageMeta } from "~/lib/meta";
import { SPECIES, SPECIES_LABEL } from "~/lib/pets";
import { IMAGE_MAX_BYTES } from "~/validation/fields";
import { photoSearchSchema, reportQuerySchema, type ReportQuery } from "~/validation/lost-found";
import { PET_MESSAGES } from "~/validation/pets";
import { bytesOf } from "~/web/body.server";
import { getUser } from "~/web/auth.server";
import { formFailure, parseForm } from "~/web/forms.server";

// Loaded only with an emergency: the list itself carries no form library.
const PhotoSearch = lazy(() => import("~/components/photo-search"));

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

/** A report as a card of the list. */
const toCard = (report: ReportView) => ({
  id: report.id,
  tipo: report.tipo,
  titulo: reportTitle(report),
  lugar: `${report.bairro ? `${report.bairro}, ` : ""}${report.cidade.nome} (${report.cidade.uf})`,
  dia: formatDay(report.data),
  foto: report.fotos[0] ?? null,
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const query = readQuery(url.searchParams);
  const [list, emergency, underWay, viewer] = await Promise.all([
    listReports(context.db, query),
    query.emergencia ? findEmergency(context.db, query.emergencia) : null,
    listActiveEmergencies(context.db),
    getUser(request, context.db),
  ]);
  return {
    query,
    operador: viewer?.operador ?? false,
    emergencias: query.emergencia ? [] : underWay,
    // `?emergencia=`: the animals shelters took in during it, in one place (issue 47).
    emergencia: emergency?.ok
      ? {
          id: emergency.value.id,
          ativa: emergency.value.ativa,
          nome: emergency.value.nome,
          area: emergency.value.cidades.map((city) => `${city.nome} (${city.uf})`).join(", "),
          animais: emergency.value.animais,
        }
      : null,
    here: `/perdidos-e-achados${url.search}`,
    cidadeDesconhecida: !list.ok,
    anuncios: (list.ok ? list.value : []).map(toCard),
  };
}

/**
 * `?emergencia=`: a family searches the animals the shelters took in by a photo of theirs
 * (issue 47). Anyone may: the photo is read, never kept.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const emergency = reportQuerySchema.shape.emergencia.safeParse(new URL(request.url).searchParams.get("emergencia"));
  if (!emergency.success || !emergency.data) throw data("Página não encontrada.", { status: 404 });
  const form = await parseForm(request, photoSearchSchema, {
    maxFiles: 1,
    maxFileSize: IMAGE_MAX_BYTES,
    fileTooLarge: PET_MESSAGES.fotos.size,
    hideFields: ["foto"],
  });
  if (!form.ok) return form.response;
  const { foto, ...input } = form.value;
  const [photo] = await bytesOf(foto);
  const found = await searchEmergencyByPhoto(context.db, emergency.data, {
    input,
    photo: photo!,
    clientKey: context.clientKey,
  });
  if (!found.ok) return formFailure(form, found.failure);
  return {
    ...form.reply({}),
    resultados: found.value.map((hit) => ({ ...toCard(hit.report), semelhanca: hit.semelhanca })),
  };
}

export function meta() {
  return pageMeta(
    "Perdidos e achados | Adopet",
    "Animais perdidos e encontrados perto de você: anuncie, procure, e a Adopet avisa quando um anúncio pode ser o outro.",
  );
}

export default function LostAndFound() {
  const { query, anuncios, cidadeDesconhecida, here, emergencia, emergencias, operador } =
    useLoaderData<typeof loader>();
  const searched = useActionData<typeof action>();
  const resultados = searched && "resultados" in searched ? searched.resultados : null;
  // An alert needs a kind and a city (issue 47): the reports of that kind published near it.
  const alertable = query.tipo && query.perto && !cidadeDesconhecida;
  return (
    <section className="lost-found">
      <div className="panel">
        <h1 className="page-title">Perdidos e achados</h1>
        <p>
          Perdeu ou encontrou um animal? Anuncie aqui. A Adopet compara os anúncios de perdidos e de encontrados da
          mesma região e avisa por e-mail quando um pode ser o outro. O contato é pela Adopet, sem expor o seu telefone.
        </p>
        <p>
          <Link className="button" to="/perdidos-e-achados/novo">
            Anunciar um animal perdido ou encontrado
          </Link>
        </p>
        {operador ? (
          <p>
            <Link to="/perdidos-e-achados/emergencias/nova">Abrir uma emergência</Link>
          </p>
        ) : null}
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
            {`Animais acolhidos pelos abrigos em ${emergencia.area}: ${emergencia.animais === 1 ? "1 registrado" : `${emergencia.animais} registrados`}. Procure o seu pela espécie e pelas fotos; quem anunciar um animal perdido na área recebe primeiro os acolhidos parecidos.`}
          </p>
          {emergencia.ativa ? (
            <p>
              {"É de um abrigo? "}
              <Link to={`/perdidos-e-achados/emergencias/${emergencia.id}/animais`}>Registrar animais acolhidos</Link>
            </p>
          ) : null}
        </div>
      ) : null}
      {emergencia ? (
        <Suspense fallback={null}>
          <PhotoSearch action={here} lastResult={searched} />
        </Suspense>
      ) : null}
      {resultados ? (
        <section aria-labelledby="pa-resultados">
          <h2 id="pa-resultados">Os mais parecidos com a sua foto</h2>
          <p role="status">
            {resultados.length === 0
              ? "Nenhum animal acolhido com essas características."
              : `${resultados.length === 1 ? "1 animal" : `${resultados.length} animais`}, os mais parecidos primeiro.`}
          </p>
          <ReportCards anuncios={resultados} heading="h3" />
        </section>
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
        <NearFilter
          id="pa"
          perto={query.perto ?? ""}
          raio={query.raio ?? MATCH_RADIUS_KM}
          radii={LOST_FOUND_RADII_KM}
          notFound={cidadeDesconhecida}
        />
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
          ? "Nenhum anúncio: a cidade não foi encontrada."
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
            ["raio", String(query.raio ?? MATCH_RADIUS_KM)],
          ]}
          here={here}
          label={
            query.tipo === "perdido" ? "Avise-me de animais perdidos aqui" : "Avise-me de animais encontrados aqui"
          }
        />
      ) : cidadeDesconhecida ? null : (
        <p>Escolha o tipo e uma cidade para receber um aviso de cada novo anúncio perto dela.</p>
      )}
      <ReportCards anuncios={anuncios} />
    </section>
  );
}

type Card = ReturnType<typeof toCard> & { semelhanca?: number };

/** The cards, their titles a level under the section's (h2 under the page's title). */
function ReportCards({ anuncios, heading: Heading = "h2" }: { anuncios: Card[]; heading?: "h2" | "h3" }) {
  return (
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
          <Heading className="lost-found__title">
            <Link to={`/perdidos-e-achados/${report.id}`}>{report.titulo}</Link>
          </Heading>
          <p>{`${report.lugar} · ${report.dia}`}</p>
          {report.semelhanca === undefined ? null : <p>{`Semelhança da foto: ${report.semelhanca}%`}</p>}
        </li>
      ))}
    </ul>
  );
}
