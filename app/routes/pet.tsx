import { foundOr404, pageId } from "~/web/not-found.server";
import { data, Form, Link, redirect, useLoaderData } from "react-router";
import { shareMeta } from "~/lib/meta";
import type { Route } from "./+types/pet";
import { ChatIcon } from "~/components/art";
import { imageSrcSet, imageUrl } from "~/lib/image-urls";
import {
  CASTRATION_LABEL,
  COMPANION_LABEL,
  formatDay,
  formatFee,
  listInWords,
  SEX_LABEL,
  SPECIES_LABEL,
  VACCINE_LABEL,
} from "~/lib/pets";
import { findPublicPet } from "~/domain/pets/pet-views.server";
import { FavoriteButton } from "~/components/favorite-button";
import { ShareBox } from "~/components/share-box";
import { CaretakerKind } from "~/components/caretaker-kind";
import { favoriteIds } from "~/domain/favorites/favorites.server";
import { getUser, requireUser } from "~/web/auth.server";
import { offerHomeFor } from "~/domain/foster/interest.server";
import { ownOffer } from "~/domain/foster/offers.server";
import { newsOf } from "~/domain/foster/news.server";
import { receivesPix } from "~/domain/giving/pix.server";
import { dayInBrasilia } from "~/lib/dates";
import { pageFailure } from "~/web/forms.server";
import { setNotice } from "~/web/notices.server";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const pet = await findPublicPet(context.db, pageId(params.id));
  foundOr404(pet);
  const user = await getUser(request, context.db);
  // For a signed-in person, the heart: null for visitors (no button).
  const favorito = user ? (await favoriteIds(context.db, user.id, [pet.id])).length > 0 : null;
  const origin = context.publicUrl;
  // An adopted or removed pet keeps its address: the page says what happened (410 Gone).
  const status = pet.status === "disponivel" ? 200 : 410;
  // A caretaker does not apply for their own animal.
  const own = user?.id === pet.caretaker.id;
  // `Posso ser lar temporário` sends an active offer at once; without one, the person makes it first.
  const offering = user && pet.precisaLarTemporario ? await ownOffer(context.db, user.id) : null;
  // News from its foster home, as published (issue 44).
  const published = await newsOf(context.db, null, pet.id);
  const noticias = (published.ok ? published.value : []).map((item) => ({
    id: item.id,
    texto: item.texto,
    em: formatDay(dayInBrasilia(item.criadaEm)),
    fotos: item.fotos,
  }));
  // `Apadrinhe` (issue 46): while it waits for a home, when its organisation receives gifts by Pix.
  const apadrinhe = pet.status === "disponivel" && (await receivesPix(context.db, pet.organizacao.id));
  return data(
    { pet, origin, favorito, own, hasOffer: Boolean(offering && !offering.pausado), noticias, apadrinhe },
    { status },
  );
}

/** `Posso ser lar temporário`: the person's active offer goes to the animal's team (else they make one). */
export async function action({ params, request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context.db);
  const petId = pageId(params.id);
  const sent = await offerHomeFor(context.db, context.jobs, user.id, petId);
  if (!sent.ok) {
    if (sent.failure.kind === "not-found" && sent.failure.subject === "foster-offer") {
      return redirect(`/lar-temporario?animal=${petId}`);
    }
    throw pageFailure(sent.failure);
  }
  return redirect(`/pets/${petId}`, { headers: { "Set-Cookie": await setNotice("fosterInterestSent") } });
}

export function meta({ data: loaded }: Route.MetaArgs) {
  if (!loaded) return [{ title: "Animal não encontrado | Adopet" }];
  const { pet, origin } = loaded;
  const url = `${origin}/adopet/pets/${pet.id}`;
  const title = `${pet.nome} para adoção em ${pet.local} | Adopet`;
  const description = `${pet.nome}, ${pet.idade}, ${pet.porte.toLowerCase()}: ${pet.perfil}. Fale com quem cuida na Adopet.`;
  const cover = pet.photoIds[0];
  return shareMeta({
    title,
    description,
    url,
    ogTitle: `${pet.nome} para adoção`,
    image: cover ? { url: `${origin}${imageUrl(cover, 640)}`, alt: `Foto de ${pet.nome}` } : null,
  });
}

export default function PetPage() {
  const { pet, favorito, origin, own, hasOffer, noticias, apadrinhe } = useLoaderData<typeof loader>();
  const available = pet.status === "disponivel";
  const caretakerPlace = pet.caretaker.cidade
    ? ` (${pet.caretaker.cidade}${pet.caretaker.uf ? `/${pet.caretaker.uf}` : ""})`
    : "";
  const facts: [string, string][] = [
    ["Espécie", SPECIES_LABEL[pet.especie]],
    ...known("Sexo", pet.sexo && SEX_LABEL[pet.sexo]),
    ["Idade", pet.idade],
    ["Porte", pet.porte],
    ["Perfil", pet.perfil],
    ...known("Castração", castrationText(pet.castrado, pet.castracaoData)),
    ...known("Vacinas", pet.vacinas.length ? listInWords(pet.vacinas.map((code) => VACCINE_LABEL[code])) : null),
    ...known("Vermifugado", pet.vermifugado === null ? null : pet.vermifugado ? "Sim" : "Não"),
    ...known("FIV/FeLV", pet.fivFelvNegativo ? "Testado negativo" : null),
    ...known("Raça", pet.raca),
    ...known("Pelagem", pet.pelagem),
    ...known("Microchip", pet.microchip),
    ...known(
      "Convive bem com",
      pet.conviveCom.length
        ? sentenceCase(listInWords(pet.conviveCom.map((code) => COMPANION_LABEL[code].toLowerCase())))
        : null,
    ),
    ...known("Necessidades especiais", pet.necessidadesEspeciais),
    ["Local", pet.local],
  ];
  return (
    <article className="pet-page">
      {pet.reservado ? (
        <p className="pet-page__gone" role="note">
          <strong className="reserved-badge">Reservado</strong> Uma candidatura para adotar {pet.nome} foi aprovada. Se
          a adoção não se concretizar, ele volta a ficar disponível.
        </p>
      ) : null}
      {available && pet.emLarTemporario ? (
        <p className="pet-page__gone" role="note">
          <strong className="foster-badge">Em lar temporário</strong> {pet.nome} espera pela adoção na casa de um
          voluntário da organização. A adoção continua aberta.
        </p>
      ) : null}
      {available ? null : (
        <p className="pet-page__gone" role="note">
          {pet.status === "adotado"
            ? `${pet.nome} já foi adotado e encontrou um lar. Que tal conhecer outros amigos?`
            : "Este animal foi removido da Adopet."}{" "}
          <Link to="/home">Ver animais disponíveis</Link>
        </p>
      )}
      <h1 className="pet-page__name">{pet.nome}</h1>
      {pet.photoIds.length > 0 ? (
        <ul className="pet-page__photos">
          {pet.photoIds.map((id, index) => (
            <li key={id}>
              <img
                src={imageUrl(id, 640)}
                srcSet={imageSrcSet(id)}
                sizes="(min-width: 768px) 480px, calc(100vw - 2rem)"
                width={640}
                height={640}
                alt={index === 0 ? `Foto de ${pet.nome}` : `Foto ${index + 1} de ${pet.nome}`}
                loading={index === 0 ? "eager" : "lazy"}
                // The cover is the page's largest paint: asked for before the other images.
                fetchPriority={index === 0 ? "high" : undefined}
                className="pet-page__photo"
              />
            </li>
          ))}
        </ul>
      ) : null}
      <dl className="pet-page__facts">
        {facts.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
        <div>
          <dt>Responsável</dt>
          <dd>
            <Link to={`/responsaveis/${pet.caretaker.id}`}>{pet.caretaker.nome}</Link>
            {caretakerPlace} <CaretakerKind tipo={pet.caretaker.tipo} verificada={pet.caretaker.verificada} />
          </dd>
        </div>
      </dl>
      {pet.historia ? (
        <section className="pet-page__story" aria-labelledby="historia">
          <h2 id="historia" className="pet-page__subtitle">
            História
          </h2>
          <p className="pet-page__story-text">{pet.historia}</p>
        </section>
      ) : null}
      {noticias.length ? (
        <section className="pet-page__story" aria-labelledby="noticias-titulo" id="noticias">
          <h2 id="noticias-titulo" className="pet-page__subtitle">
            Notícias
          </h2>
          <ul className="pet-page__news">
            {noticias.map((item) => (
              <li key={item.id}>
                <p className="pet-page__news-date">{item.em}</p>
                <p className="pet-page__story-text">{item.texto}</p>
                {item.fotos.length ? (
                  <p className="pet-page__news-photos">
                    {item.fotos.map((imageId, index) => (
                      <img
                        key={imageId}
                        src={imageUrl(imageId, 320)}
                        srcSet={imageSrcSet(imageId)}
                        sizes="160px"
                        width={160}
                        height={160}
                        loading="lazy"
                        alt={`Foto ${index + 1} das notícias de ${pet.nome}`}
                      />
                    ))}
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {pet.taxaAdocaoCentavos === null ? null : (
        <p className="pet-page__fee">
          {pet.taxaAdocaoCentavos === 0 ? "Adoção sem taxa" : `Taxa de adoção: ${formatFee(pet.taxaAdocaoCentavos)}`}
        </p>
      )}
      {available && pet.precisaLarTemporario && !own ? (
        <section className="panel pet-page__foster" aria-labelledby="precisa-lar">
          <h2 id="precisa-lar" className="pet-page__subtitle">
            Precisa de lar temporário
          </h2>
          <p>
            {pet.larUrgente ? <strong className="urgent-badge">Urgente</strong> : null} {pet.nome} precisa de uma casa
            para esperar pela adoção{pet.prazoLar ? `, até ${formatDay(pet.prazoLar)}` : ""}. A organização continua
            responsável por ele e acompanha você.
          </p>
          {hasOffer ? (
            <Form method="post">
              <button type="submit" className="button">
                Posso ser lar temporário
              </button>
            </Form>
          ) : (
            <Link to={`/lar-temporario?animal=${pet.id}`} className="button">
              Posso ser lar temporário
            </Link>
          )}
        </section>
      ) : null}
      {favorito === null || pet.status === "removido" ? null : (
        <FavoriteButton petId={pet.id} petNome={pet.nome} favorito={favorito} voltar={`/pets/${pet.id}`} />
      )}
      {available ? (
        <ShareBox
          url={`${origin}/adopet/pets/${pet.id}`}
          title={`${pet.nome} para adoção`}
          text={`Conheça ${pet.nome}, para adoção em ${pet.local} na Adopet:`}
        />
      ) : null}
      {available && !pet.reservado && !own ? (
        <Link to={`/pets/${pet.id}/adotar`} className="button pet-page__adopt">
          Quero adotar
        </Link>
      ) : null}
      {available ? (
        <Link to={`/contato?pet=${pet.id}`} className="button pet-page__contact">
          <ChatIcon className="pet-page__chat" />
          Falar com responsável
        </Link>
      ) : null}
      {apadrinhe ? (
        <p className="pet-page__sponsor">
          <Link to={`/pets/${pet.id}/apadrinhe`} aria-describedby="apadrinhe-nota">
            Apadrinhe
          </Link>{" "}
          <span id="apadrinhe-nota">{`Ajude com a ração e o veterinário de ${pet.nome}, por Pix.`}</span>
        </p>
      ) : null}
      {pet.status !== "removido" && !own ? (
        <p className="pet-page__report">
          <Link to={`/denunciar?tipo=pet&id=${pet.id}`} className="report-link">
            Denunciar
          </Link>
        </p>
      ) : null}
    </article>
  );
}

/** A fact's row, when it is known. */
const known = (term: string, value: string | null | undefined): [string, string][] => (value ? [[term, value]] : []);

const sentenceCase = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function castrationText(castrado: keyof typeof CASTRATION_LABEL | null, day: string | null): string | null {
  if (!castrado) return null;
  return castrado === "agendado" && day ? `Agendada para ${formatDay(day)}` : CASTRATION_LABEL[castrado];
}

export function ErrorBoundary() {
  return (
    <section className="message-page">
      <h1 className="message-page__title">Animal não encontrado</h1>
      <p>Este endereço não corresponde a nenhum animal da Adopet.</p>
      <Link className="button" to="/home">
        Ver animais disponíveis
      </Link>
    </section>
  );
}
