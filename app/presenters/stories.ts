import type { PublicStory } from "~/domain/termos/happy-endings.server";
import type { StoryCardData } from "~/components/story-card";
import { dayInBrasilia, formatLongDate } from "~/lib/dates";
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

const SUMMARY_MAX = 180;

/** A story's first words, cut at a word, for its card and its link preview. */
function summary(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= SUMMARY_MAX) return flat;
  const cut = flat.slice(0, SUMMARY_MAX);
  return `${cut.slice(0, cut.lastIndexOf(" ") > 0 ? cut.lastIndexOf(" ") : SUMMARY_MAX)}…`;
}

/** A published story as its card and its page show it. */
export function storyCardData(story: PublicStory): StoryCardData {
  return {
    id: story.id,
    titulo: `${story.pet.nome} e ${story.adotante}`,
    resumo: summary(story.historia),
    historia: story.historia,
    fotoId: story.imageId,
    petNome: story.pet.nome,
    adotante: story.adotante,
    responsavel: story.responsavel,
    adotadoEm: formatLongDate(story.adoptedAt),
  };
}
