import { Link } from "react-router";
import { imageSrcSet, imageUrl } from "~/lib/image-urls";

/** What a page holds of a published story (finais felizes): no more than anyone may see. */
export type StoryCardData = {
  id: string;
  titulo: string;
  resumo: string;
  historia: string;
  fotoId: string | null;
  petNome: string;
  adotante: string;
  responsavel: { id: string; nome: string };
  adotadoEm: string;
};

/** A story as a card that reads like its link preview: photo, title, first words. */
export function StoryCard({
  story,
  eager = false,
  heading: Heading = "h3",
}: {
  story: StoryCardData;
  eager?: boolean;
  /** The card's title, a level under the page's section it is in. */
  heading?: "h2" | "h3";
}) {
  return (
    <article className="story-card">
      {story.fotoId ? (
        <img
          className="story-card__photo"
          src={imageUrl(story.fotoId, 640)}
          srcSet={imageSrcSet(story.fotoId)}
          sizes="(min-width: 768px) 320px, 100vw"
          alt={`${story.petNome} na casa nova`}
          width={320}
          height={240}
          loading={eager ? "eager" : "lazy"}
        />
      ) : null}
      <div className="story-card__body">
        <Heading className="story-card__title">
          <Link to={`/finais-felizes/${story.id}`}>{story.titulo}</Link>
        </Heading>
        <p className="story-card__summary">{story.resumo}</p>
        <p className="story-card__meta">
          Adoção com {story.responsavel.nome} em {story.adotadoEm}
        </p>
      </div>
    </article>
  );
}
