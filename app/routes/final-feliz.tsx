import { foundOr404, pageId } from "~/web/not-found.server";
import { Link, useLoaderData } from "react-router";
import { shareMeta } from "~/lib/meta";
import type { Route } from "./+types/final-feliz";
import { storyCardData } from "~/presenters/stories";
import { findStory } from "~/domain/termos/happy-endings.server";
import { imageSrcSet, imageUrl } from "~/lib/image-urls";

export async function loader({ params, context }: Route.LoaderArgs) {
  const story = await findStory(context.db, pageId(params.id));
  foundOr404(story);
  return { historia: storyCardData(story), origin: context.publicUrl };
}

/** Its link preview: shared on WhatsApp or a social network, the story shows its photo and first words. */
export function meta({ data: loaded }: Route.MetaArgs) {
  if (!loaded) return [{ title: "História não encontrada | Adopet" }];
  const { historia, origin } = loaded;
  const url = `${origin}/adopet/finais-felizes/${historia.id}`;
  return shareMeta({
    title: `${historia.titulo}: um final feliz | Adopet`,
    description: historia.resumo,
    url,
    ogTitle: `${historia.titulo}: um final feliz`,
    type: "article",
    image: historia.fotoId
      ? { url: `${origin}${imageUrl(historia.fotoId, 640)}`, alt: `${historia.petNome} na casa nova` }
      : null,
  });
}

export default function FinalFeliz() {
  const { historia } = useLoaderData<typeof loader>();
  return (
    <article className="story">
      <h1 className="story__title">{historia.titulo}</h1>
      <p className="story__meta">
        Adoção com <Link to={`/responsaveis/${historia.responsavel.id}`}>{historia.responsavel.nome}</Link> em{" "}
        {historia.adotadoEm}
      </p>
      {historia.fotoId ? (
        <img
          className="story__photo"
          src={imageUrl(historia.fotoId, 640)}
          srcSet={imageSrcSet(historia.fotoId)}
          sizes="(min-width: 768px) 640px, 100vw"
          alt={`${historia.petNome} na casa nova`}
          width={640}
          height={480}
        />
      ) : null}
      <p className="story__text">{historia.historia}</p>
      <p className="story__signature">— {historia.adotante}</p>
      <p className="story__back">
        <Link to="/finais-felizes">Mais finais felizes</Link> · <Link to="/home">Adote você também</Link>
      </p>
    </article>
  );
}

export function ErrorBoundary() {
  return (
    <section className="message-page">
      <h1 className="message-page__title">História não encontrada</h1>
      <p>Esta história não existe ou não está mais publicada.</p>
      <Link className="button" to="/finais-felizes">
        Ver os finais felizes
      </Link>
    </section>
  );
}
