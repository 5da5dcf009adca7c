import { data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/cidades";
import { suggestCities } from "~/domain/places/cities.server";
import { UFS } from "~/lib/pets";
import { methodNotAllowed } from "~/web/api.server";

const querySchema = z.object({
  // What a person is typing: anything unreadable is no suggestion, never an error.
  q: z.string().max(60).catch("").default(""),
  uf: z.enum(UFS).optional().catch(undefined),
});

/**
 * `GET /api/cidades?q=&uf=`: up to 8 Brazilian cities (IBGE) for what a person is typing,
 * accent- and case-insensitive, as {cidades: [{ibge, nome, uf, rotulo}]}. The list never
 * changes between releases: browsers and proxies may keep an answer for a day.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { q, uf } = querySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const found = await suggestCities(context.db, q, { uf });
  return data(
    { cidades: found.map((city) => ({ ibge: city.codigo, nome: city.nome, uf: city.uf, rotulo: city.rotulo })) },
    { headers: { "Cache-Control": "public, max-age=86400" } },
  );
}

export function action() {
  return methodNotAllowed("GET");
}
