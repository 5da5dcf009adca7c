import type { Route } from "./+types/sitemap";
import {
  planSitemap,
  sitemapCaretakers,
  sitemapIndex,
  sitemapPets,
  sitemapPublicPages,
  urlset,
} from "~/domain/pets/syndication.server";
import { xmlResponse } from "~/web/xml.server";

/**
 * `/sitemap.xml`: every available pet and every caretaker with one, in one file; past 50,000
 * addresses, an index of `sitemaps/paginas.xml`, `sitemaps/responsaveis-N.xml` and
 * `sitemaps/pets-N.xml`.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const plan = await planSitemap(context.db);
  if (plan.kind === "index") return xmlResponse(sitemapIndex(context.publicUrl, plan));
  const [caretakers, petEntries] = await Promise.all([sitemapCaretakers(context.db), sitemapPets(context.db)]);
  return xmlResponse(urlset(context.publicUrl, [...sitemapPublicPages(), ...caretakers, ...petEntries]));
}
