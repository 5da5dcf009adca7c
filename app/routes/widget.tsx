import { renderToStaticMarkup } from "react-dom/server";
import type { Route } from "./+types/widget";
import { widgetContent } from "~/domain/pets/syndication.server";
import { isId } from "~/lib/ids";
import { imageSrcSet, imageUrl } from "~/lib/image-urls";
import { SPECIES, SPECIES_PLURAL, type Species } from "~/lib/pets";
import type { PetView } from "~/domain/pets/pet-views.server";

/**
 * `/widget/:responsavelId` (issue 23): a caretaker's available animals, made to be framed by
 * their own site (the one page whose policy allows it, server/security.ts). A small document of
 * its own, without the app's layout or scripts: a stylesheet, and a script that tells the
 * framing page its height. Options: `limite` (1 to 24, 6 by default), `especie`.
 */

const WIDGET_DEFAULT_LIMIT = 6;
const WIDGET_MAX_LIMIT = 24;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
  const requested = Number(query.get("limite") ?? WIDGET_DEFAULT_LIMIT);
  const limit = Number.isInteger(requested) ? Math.min(Math.max(requested, 1), WIDGET_MAX_LIMIT) : WIDGET_DEFAULT_LIMIT;
  const species = SPECIES.find((code) => code === query.get("especie"));
  const content = isId(params.responsavelId)
    ? await widgetContent(context.db, params.responsavelId, { especie: species, limit })
    : null;
  const origin = `${context.publicUrl}/adopet`;
  const body = content ? (
    <WidgetPage
      origin={origin}
      nome={content.nome}
      pageUrl={`${origin}/responsaveis/${content.id}`}
      pets={content.pets}
      species={species}
    />
  ) : (
    <WidgetDocument title="Adopet">
      <h1 className="widget__title">Adopet</h1>
      <p className="widget__empty">Nenhum animal encontrado.</p>
    </WidgetDocument>
  );
  return new Response(`<!DOCTYPE html>${renderToStaticMarkup(body)}`, {
    status: content ? 200 : 404,
    // Short: a listing hidden by moderation leaves partner sites within a minute.
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "public, max-age=60" },
  });
}

function WidgetDocument({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <html lang="pt-BR" data-static="">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{title}</title>
        <link rel="stylesheet" href="/adopet/widget.css" />
        <script src="/adopet/widget-frame.js" defer />
      </head>
      <body className="widget">{children}</body>
    </html>
  );
}

function WidgetPage({
  origin,
  nome,
  pageUrl,
  pets,
  species,
}: {
  origin: string;
  nome: string;
  pageUrl: string;
  pets: PetView[];
  species: Species | undefined;
}) {
  const title = `${species ? SPECIES_PLURAL[species] : "Animais"} para adoção com ${nome}`;
  return (
    <WidgetDocument title={`${title} | Adopet`}>
      <h1 className="widget__title">{title}</h1>
      {pets.length === 0 ? (
        <p className="widget__empty">Nenhum animal disponível agora.</p>
      ) : (
        <ul className="widget__list">
          {pets.map((pet) => {
            const cover = pet.photoIds[0];
            return (
              <li key={pet.id} className="widget__card">
                <a className="widget__link" href={`${origin}/pets/${pet.id}`} target="_blank" rel="noopener">
                  {cover ? (
                    <img
                      className="widget__photo"
                      src={imageUrl(cover, 320)}
                      srcSet={imageSrcSet(cover)}
                      sizes="(min-width: 600px) 200px, 45vw"
                      width={320}
                      height={320}
                      alt=""
                      loading="lazy"
                    />
                  ) : null}
                  <span className="widget__name">{pet.nome}</span>
                  <span className="widget__facts">
                    {pet.idade} · {pet.porte}
                  </span>
                  <span className="widget__facts">{pet.local}</span>
                  {pet.reservado ? <span className="widget__reserved">Reservado</span> : null}
                  <span className="visually-hidden"> (abre em uma nova aba)</span>
                </a>
              </li>
            );
          })}
        </ul>
      )}
      <p className="widget__more">
        <a href={pageUrl} target="_blank" rel="noopener">
          Ver todos na Adopet<span className="visually-hidden"> (abre em uma nova aba)</span>
        </a>
      </p>
    </WidgetDocument>
  );
}
