import { data } from "react-router";
import type { Route } from "./+types/sitemaps";
import { planSitemap, sitemapPages, sitemapPets, urlset } from "~/domain/pets/syndication.server";
import { xmlResponse } from "~/web/xml.server";

/** `/sitemaps/paginas.xml` and `/sitemaps/pets-N.xml`: the files of the sitemap's index. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const notFound = () => data("Página não encontrada.", { status: 404 });
  if (params.file === "paginas.xml") return xmlResponse(urlset(context.publicUrl, await sitemapPages(context.db)));
  const match = /^pets-([1-9]\d{0,4})\.xml$/.exec(params.file ?? "");
  if (!match) throw notFound();
  const plan = await planSitemap(context.db);
  const parts = plan.kind === "index" ? plan.petParts : 1;
  const part = Number(match[1]);
  if (part > parts) throw notFound();
  return xmlResponse(urlset(context.publicUrl, await sitemapPets(context.db, part, parts)));
}
