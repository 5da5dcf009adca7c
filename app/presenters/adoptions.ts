import type { Followup } from "~/domain/termos/followups.server";
import type { StoryOnApplication } from "~/domain/termos/happy-endings.server";
import { adoptionImageUrl } from "~/lib/image-urls";
import type { ApiAdoptionStory, ApiFollowup } from "~/openapi/responses";

/**
 * What an adoption's two parties see of it after the termo (issue 21): the story the adopter
 * tells, and the follow-up. The photos stay private to them until a story is published.
 */

const photo = (applicationId: string, imageId: string) => ({
  src: adoptionImageUrl(applicationId, imageId, 320),
  full: adoptionImageUrl(applicationId, imageId, 1280),
});

export function toApiAdoptionStory(applicationId: string, story: StoryOnApplication): ApiAdoptionStory {
  return {
    id: story.id,
    status: story.status,
    versao: story.updatedAt.toISOString(),
    historia: story.historia,
    motivo: story.motivo,
    foto: story.imageId ? photo(applicationId, story.imageId) : null,
  };
}

export function toApiFollowup(applicationId: string, followup: Followup): ApiFollowup {
  return {
    adotada_em: followup.adoptedAt.toISOString(),
    devolvida_em: followup.returnedAt?.toISOString() ?? null,
    checkins: followup.checkins.map((checkin) => ({
      dia: checkin.dia,
      previsto_para: checkin.dueAt.toISOString(),
      status: checkin.status,
      respondido_em: checkin.answeredAt?.toISOString() ?? null,
      texto: checkin.texto,
      fotos: checkin.fotos.map((id) => photo(applicationId, id)),
    })),
    castracao: followup.castracao && {
      prazo: followup.castracao.prazo,
      feita_em: followup.castracao.feitaEm?.toISOString() ?? null,
      comprovante: followup.castracao.comprovanteId ? photo(applicationId, followup.castracao.comprovanteId) : null,
      atrasada: followup.castracao.atrasada,
    },
  };
}
