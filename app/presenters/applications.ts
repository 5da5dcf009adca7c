import type { ApplicationSummary, ApplicationView } from "~/domain/applications/application-views.server";
import { imageUrl } from "~/lib/image-urls";
import type { ApiApplication, ApiApplicationDetail } from "~/openapi/responses";

/** Applications in the API's shape. */

/** An application as the API shows it in lists; its assignment for the team (`forTeam`) only. */
export function toApiApplication(application: ApplicationSummary, forTeam: boolean): ApiApplication {
  const { pet } = application;
  return {
    id: application.id,
    status: application.status,
    motivo: application.motivo,
    criada_em: application.createdAt.toISOString(),
    atualizada_em: application.updatedAt.toISOString(),
    pet: {
      id: pet.id,
      nome: pet.nome,
      status: pet.reservado ? "reservado" : pet.status,
      imagem: pet.photoId ? imageUrl(pet.photoId, 320) : null,
    },
    adotante: { id: application.adopter.id, nome: application.adopter.nome },
    responsavel: { id: application.caretaker.id, nome: application.caretaker.nome },
    organizacao: { id: application.organization.id, nome: application.organization.nome },
    ...(forTeam && { atribuida_a: application.assignedTo }),
    visita: application.visit
      ? { local: application.visit.local, em: application.visit.em?.toISOString() ?? null }
      : null,
  };
}

/** One application, for one of its parties: the caretaker also gets the adopter's phone and the private notes. */
export function toApiApplicationDetail(
  application: ApplicationView,
  conversationId: string | null,
): ApiApplicationDetail {
  const caretaker = application.party === "responsavel";
  return {
    ...toApiApplication(application, caretaker),
    perguntas: application.perguntas,
    respostas: application.respostas,
    respostas_apagadas_em: application.answersErasedAt?.toISOString() ?? null,
    historico: application.events.map((event) => ({
      status: event.status,
      por: event.actor,
      motivo: event.motivo,
      em: event.at.toISOString(),
    })),
    acoes: [...application.moves],
    conversa_id: conversationId,
    ...(caretaker && {
      adotante: {
        id: application.adopter.id,
        nome: application.adopter.nome,
        telefone: application.adopterTelefone,
        cidade: application.adopter.cidade,
        uf: application.adopter.uf,
      },
      notas: application.notes.map((note) => ({ texto: note.texto, em: note.at.toISOString() })),
    }),
  };
}
