import { data } from "react-router";
import type { Route } from "./+types/sitemaps";
import {
  caretakerParts,
  petParts,
  sitemapCaretakers,
  sitemapPets,
  sitemapPublicPages,
  urlset,
} from "~/domain/pets/syndication.server";
import { xmlResponse } from "~/web/xml.server";

/** `/sitemaps/paginas.xml`, `/sitemaps/responsaveis-N.xml`, `/sitemaps/pets-N.xml`: the files of the index. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, publicUrl } = context;
  if (params.file === "paginas.xml") return xmlResponse(urlset(publicUrl, sitemapPublicPages()));
  const match = /^(pets|responsaveis)-([1-9]\d{0,4})\.xml$/.exec(params.file ?? "");
  if (!match) throw data("Página não encontrada.", { status: 404 });
  const part = Number(match[2]);
  const pets = match[1] === "pets";
  const parts = pets ? await petParts(db) : await caretakerParts(db);
  if (part > parts) throw data("Página não encontrada.", { status: 404 });
  const entries = pets ? await sitemapPets(db, part, parts) : await sitemapCaretakers(db, part, parts);
  return xmlResponse(urlset(publicUrl, entries));
}
