import { foundOr404, pageId } from "~/web/not-found.server";
import { Link, useLoaderData } from "react-router";
import { CaretakerKind, VerifiedBadge } from "~/components/caretaker-kind";
import type { Route } from "./+types/responsavel";
import { cardData, PetCard } from "~/components/pet-card";
import { NoPhotoAvatar } from "~/components/art";
import { findCaretakerPage } from "~/domain/caretakers/caretaker-page.server";
import { StoryCard } from "~/components/story-card";
import { storyCardData } from "~/presenters/stories";
import { caretakerStories } from "~/domain/termos/happy-endings.server";
import { pageMeta } from "~/lib/meta";
import { giftReceiversOnPage } from "~/domain/giving/pix.server";

export async function loader({ params, context }: Route.LoaderArgs) {
  const page = await findCaretakerPage(context.db, pageId(params.id));
  foundOr404(page);
  const stories = await caretakerStories(context.db, page.id);
  const receivers = await giftReceiversOnPage(
    context.db,
    page.id,
    page.organizacoes.map((organization) => organization.id),
  );
  // `Doe` (issue 46): the page's own organisation first, then those listed, each with a Pix key.
  const listed = new Set(page.organizacoes.map((organization) => organization.id));
  return {
    caretaker: { ...page, disponiveis: page.disponiveis.map(cardData) },
    historias: stories.map(storyCardData),
    doeParaPagina: receivers.find((id) => !listed.has(id)) ?? null,
    doePara: receivers.filter((id) => listed.has(id)),
  };
}

export function meta({ data: loaded }: Route.MetaArgs) {
  if (!loaded) return [{ title: "Responsável não encontrado | Adopet" }];
  const { caretaker } = loaded;
  return pageMeta(
    `${caretaker.nome} | Adopet`,
    `Animais para adoção com ${caretaker.nome}${caretaker.local ? ` em ${caretaker.local}` : ""} na Adopet.`,
  );
}

export default function CaretakerPage() {
  const { caretaker, historias, doeParaPagina, doePara } = useLoaderData<typeof loader>();
  const available = caretaker.disponiveis.length;
  return (
    <section className="caretaker">
      <header className="caretaker__header">
        {caretaker.foto ? (
          <img
            className="caretaker__photo"
            src={caretaker.foto}
            alt={`Foto de ${caretaker.nome}`}
            width={96}
            height={96}
          />
        ) : (
          <NoPhotoAvatar className="caretaker__photo" />
        )}
        <div>
          <h1 className="caretaker__name">{caretaker.nome}</h1>
          <CaretakerKind tipo={caretaker.tipo} verificada={caretaker.verificada} />
          {caretaker.local ? <p className="caretaker__place">{caretaker.local}</p> : null}
          <p className="caretaker__adopted">
            {caretaker.adotados === 1
              ? "1 animal adotado pela Adopet"
              : `${caretaker.adotados} animais adotados pela Adopet`}
          </p>
          {doeParaPagina ? (
            <p>
              <Link className="button" to={`/organizacoes/${doeParaPagina}/doe`}>
                Doe
              </Link>
            </p>
          ) : null}
        </div>
      </header>
      {caretaker.organizacoes.length > 0 ? (
        <section aria-labelledby="organizacoes" className="caretaker__about">
          <h2 id="organizacoes" className="caretaker__subtitle">
            {caretaker.organizacoes.length === 1 ? "Organização" : "Organizações"}
          </h2>
          <ul className="caretaker__organizations">
            {caretaker.organizacoes.map((organization) => (
              <li key={organization.id}>
                {organization.logo ? (
                  <img className="caretaker__organization-logo" src={organization.logo} alt="" width={32} height={32} />
                ) : null}
                <strong>{organization.nome}</strong>
                {organization.verificada ? (
                  <>
                    {" "}
                    <VerifiedBadge meaning="Um operador da Adopet conferiu os dados desta organização, como o CNPJ.">
                      Verificada
                    </VerifiedBadge>
                  </>
                ) : null}
                {organization.local ? <span className="caretaker__place"> · {organization.local}</span> : null}
                {doePara.includes(organization.id) ? (
                  <>
                    {" · "}
                    <Link to={`/organizacoes/${organization.id}/doe`} aria-label={`Doe para ${organization.nome}`}>
                      Doe
                    </Link>
                  </>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {caretaker.sobre ? (
        <section aria-labelledby="sobre" className="caretaker__about">
          <h2 id="sobre" className="caretaker__subtitle">
            Sobre
          </h2>
          <p className="caretaker__about-text">{caretaker.sobre}</p>
        </section>
      ) : null}
      <h2 className="caretaker__subtitle">
        {available === 0
          ? "Nenhum animal disponível agora"
          : available === 1
            ? "1 animal disponível para adoção"
            : `${available} animais disponíveis para adoção`}
      </h2>
      {available > 0 ? (
        <ul className="pet-grid">
          {caretaker.disponiveis.map((pet, index) => (
            <li key={pet.id}>
              <PetCard pet={pet} position={index} />
            </li>
          ))}
        </ul>
      ) : (
        <p>
          <Link to="/home">Ver outros animais disponíveis</Link>
        </p>
      )}
      {historias.length > 0 ? (
        <section aria-labelledby="finais-felizes">
          <h2 id="finais-felizes" className="caretaker__subtitle">
            Finais felizes
          </h2>
          <ul className="stories__list">
            {historias.map((story) => (
              <li key={story.id}>
                <StoryCard story={story} />
              </li>
            ))}
          </ul>
          <p>
            <Link to="/finais-felizes">Todos os finais felizes</Link>
          </p>
        </section>
      ) : null}
      <p className="caretaker__report">
        <Link to={`/denunciar?tipo=usuario&id=${caretaker.id}`} className="report-link">
          Denunciar
        </Link>
      </p>
    </section>
  );
}

export function ErrorBoundary() {
  return (
    <section className="message-page">
      <h1 className="message-page__title">Responsável não encontrado</h1>
      <p>Este endereço não corresponde a ninguém que publique animais na Adopet.</p>
      <Link className="button" to="/home">
        Ver animais disponíveis
      </Link>
    </section>
  );
}
