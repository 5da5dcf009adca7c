import type { Route } from "./+types/feed-novos";
import { listNewPets } from "~/domain/pets/syndication.server";
import { findCity } from "~/domain/places/cities.server";
import { imageUrl } from "~/lib/image-urls";
import { SPECIES_PLURAL } from "~/lib/pets";
import { newPetsFeedSchema } from "~/validation/syndication";
import { atomFeed, xmlResponse } from "~/web/xml.server";

const refuse = (message: string) =>
  new Response(message, { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });

/**
 * `/feeds/novos.xml`: the newest animals for adoption as an Atom feed (issue 23), narrowed by
 * `uf`, `cidade` (IBGE code) and `especie`. A wrong filter is a 400 that says which.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
  const parsed = newPetsFeedSchema.safeParse(Object.fromEntries(query));
  if (!parsed.success) return refuse(parsed.error.issues[0]!.message);
  const filters = parsed.data;
  const city = filters.cidade ? await findCity(context.db, String(filters.cidade)) : null;
  if (filters.cidade && !city) return refuse("Cidade não encontrada: use um código IBGE de município.");
  const pets = await listNewPets(context.db, filters);

  const origin = `${context.publicUrl}/adopet`;
  const search = new URLSearchParams(
    Object.entries({ uf: filters.uf, cidade: filters.cidade?.toString(), especie: filters.especie }).filter(
      (entry): entry is [string, string] => entry[1] !== undefined,
    ),
  ).toString();
  const self = `${origin}/feeds/novos.xml${search ? `?${search}` : ""}`;
  const where = city ? ` em ${city.rotulo}` : filters.uf ? ` em ${filters.uf}` : "";
  const what = filters.especie ? SPECIES_PLURAL[filters.especie] : "Animais";
  // Every field is written as escaped text (atomFeed): a pet's name or profile is never markup.
  const feed = atomFeed({
    id: self,
    title: `${what} para adoção${where} | Adopet`,
    subtitle: "Os animais publicados mais recentemente na Adopet, esperando um lar.",
    link: `${origin}/home${homeQuery(filters, city)}`,
    self,
    language: "pt-BR",
    updated: pets[0]?.createdAt ?? new Date(0),
    author: { name: "Adopet", uri: `${origin}/` },
    rights: "Fotos e textos de quem cuida de cada animal.",
    entries: pets.map((pet) => {
      const cover = pet.photoIds[0];
      return {
        id: `urn:uuid:${pet.id}`,
        title: `${pet.nome} para adoção em ${pet.local}`,
        link: `${origin}/pets/${pet.id}`,
        updated: pet.createdAt,
        published: pet.createdAt,
        summary: `${pet.nome}, ${pet.idade}, ${pet.porte.toLowerCase()}: ${pet.perfil}`,
        authors: [{ name: pet.caretaker.nome, uri: `${origin}/responsaveis/${pet.caretaker.id}` }],
        ...(cover ? { image: { url: `${context.publicUrl}${imageUrl(cover, 640)}`, type: "image/webp" } } : {}),
      };
    }),
  });
  return xmlResponse(feed, "application/atom+xml", 60);
}

/** The feed's page: the home feed with the same filters (a city by its name and state). */
function homeQuery(filters: { uf?: string; especie?: string }, city: { nome: string; uf: string } | null): string {
  const params = new URLSearchParams();
  if (city) params.set("cidade", city.nome);
  if (filters.uf || city) params.set("uf", city?.uf ?? filters.uf!);
  if (filters.especie) params.set("especie", filters.especie);
  const text = params.toString();
  return text ? `?${text}` : "";
}
