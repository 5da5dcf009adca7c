import { data, Link, useLoaderData } from "react-router";
import type { Route } from "./+types/finais-felizes";
import { StoryCard } from "~/components/story-card";
import { storyCardData } from "~/presenters/stories";
import { listStories, parseStoryCursor } from "~/domain/termos/happy-endings.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const cursor = parseStoryCursor(new URL(request.url).searchParams.get("antes"));
  if (cursor === null) throw data("Página inválida.", { status: 400 });
  const { stories, next } = await listStories(context.db, cursor);
  return {
    primeira: cursor === undefined,
    historias: stories.map(storyCardData),
    proxima: next ? `?antes=${next}` : null,
    origin: context.publicUrl,
  };
}

export function meta({ data: loaded }: Route.MetaArgs) {
  const title = "Finais felizes | Adopet";
  const description =
    "Histórias de quem adotou pela Adopet: como está a vida dos animais na casa nova, contadas por quem adotou.";
  return [
    { title },
    { name: "description", content: description },
    ...(loaded
      ? [
          { tagName: "link", rel: "canonical", href: `${loaded.origin}/adopet/finais-felizes` },
          { property: "og:type", content: "website" },
          { property: "og:site_name", content: "Adopet" },
          { property: "og:locale", content: "pt_BR" },
          { property: "og:title", content: "Finais felizes" },
          { property: "og:description", content: description },
          { property: "og:url", content: `${loaded.origin}/adopet/finais-felizes` },
        ]
      : []),
  ];
}

export default function FinaisFelizes() {
  const { historias, proxima, primeira } = useLoaderData<typeof loader>();
  return (
    <section className="stories">
      <h1 className="stories__title">Finais felizes</h1>
      <p className="stories__intro">
        Histórias contadas por quem adotou pela Adopet, publicadas com a aprovação de quem cuidava de cada animal.
      </p>
      {historias.length === 0 ? (
        <p>
          {primeira ? "Ainda não há histórias publicadas. " : "Não há mais histórias. "}
          <Link to="/home">Ver animais para adoção</Link>
        </p>
      ) : (
        <ul className="stories__list">
          {historias.map((story, index) => (
            <li key={story.id}>
              <StoryCard story={story} eager={primeira && index < 2} heading="h2" />
            </li>
          ))}
        </ul>
      )}
      {proxima ? (
        <p className="stories__more">
          <Link to={proxima}>Histórias anteriores</Link>
        </p>
      ) : null}
    </section>
  );
}
