import type { PublicStory } from "~/domain/termos/happy-endings.server";
import { dayInBrasilia } from "~/lib/dates";
import { imageUrl } from "~/lib/image-urls";
import type { ApiStory } from "~/openapi/responses";

/** A published story as the API gives it: what its public page shows, no more (the day of the adoption, not its hour). */
export function toApiStory(story: PublicStory): ApiStory {
  return {
    id: story.id,
    titulo: `${story.pet.nome} e ${story.adotante}`,
    historia: story.historia,
    adotante: story.adotante,
    adotado_em: dayInBrasilia(story.adoptedAt),
    publicado_em: story.publishedAt.toISOString(),
    imagem: story.imageId ? imageUrl(story.imageId, 640) : null,
    pagina: `/adopet/finais-felizes/${story.id}`,
    pet: { id: story.pet.id, nome: story.pet.nome, especie: story.pet.especie },
    responsavel: { id: story.responsavel.id, nome: story.responsavel.nome },
  };
}
