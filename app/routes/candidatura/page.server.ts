import { foundOr404, pageId } from "~/web/not-found.server";
import type { Route } from "../+types/candidatura";
import { countWaiting } from "~/domain/applications/application-moves.server";
import { getApplication } from "~/domain/applications/application-views.server";
import { isOpen, statusForAdopter } from "~/lib/applications";
import { brasiliaInputValue, formatDateTime, formatDay } from "~/lib/dates";
import { adoptionImageUrl, imageUrl } from "~/lib/image-urls";
import { toApiAdoptionStory } from "~/presenters/adoptions";
import { readThread } from "~/web/conversations.server";
import { requireUser } from "~/web/auth.server";
import type { Db } from "~/db/client.server";
import { findConversationOf } from "~/domain/conversations/conversations.server";
import { followupOf, type Followup as FollowupView } from "~/domain/termos/followups.server";
import { storyOf } from "~/domain/termos/happy-endings.server";
import { caringMembers } from "~/domain/organizations/membership.server";

/** The application page's data: for its adopter or its caretaker (404 for anyone else). */
export async function loadApplicationPage({ request, params, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context.db);
  const found = await getApplication(context.db, user.id, pageId(params.id, "application"));
  foundOr404(found.ok, "application");
  const application = found.value;
  const caretaker = application.party === "responsavel";
  return {
    id: application.id,
    party: application.party,
    status: application.status,
    aberta: isOpen(application.status),
    motivo: application.motivo,
    criadaEm: formatDateTime(application.createdAt),
    pet: {
      id: application.pet.id,
      nome: application.pet.nome,
      status: application.pet.status,
      reservado: application.pet.reservado,
      foto: application.pet.photoId ? imageUrl(application.pet.photoId, 160) : null,
    },
    adotante: {
      nome: application.adopter.nome,
      // The caretaker calls for the interview; the adopter gave it by applying.
      ...(caretaker && {
        telefone: application.adopterTelefone,
        cidade: application.adopter.cidade && `${application.adopter.cidade} (${application.adopter.uf ?? ""})`,
      }),
    },
    responsavel: application.caretaker.nome,
    perguntas: application.perguntas,
    respostas: application.respostas,
    apagadasEm: application.answersErasedAt ? formatDateTime(application.answersErasedAt) : null,
    historico: application.events.map((event) => ({
      status: event.status,
      por: event.actor,
      motivo: event.motivo,
      em: formatDateTime(event.at),
    })),
    notas: application.notes.map((note) => ({ id: note.id, texto: note.texto, em: formatDateTime(note.at) })),
    // Who may answer it (the team) and who does: the team only.
    equipe: caretaker
      ? (await caringMembers(context.db, application.organization.id)).map(({ id, nome }) => ({ id, nome }))
      : [],
    atribuidaA: caretaker ? (application.assignedTo?.id ?? null) : null,
    moves: application.moves.filter((status) => status !== "desistiu"),
    // The visit (issue 44): what the adopter reads of it, and for the team where it is.
    situacao: statusForAdopter(application.status, application.visit),
    visita: application.visit && {
      local: application.visit.local,
      em: application.visit.em ? formatDateTime(application.visit.em) : null,
      // The datetime-local field's value, in Brasília.
      valor: application.visit.em ? brasiliaInputValue(application.visit.em) : "",
      lar: application.visitFoster,
    },
    larAtual: application.fosterNow,
    espera: caretaker && application.status === "aprovada" ? await countWaiting(context.db, application.pet.id) : 0,
    conversa: await conversationOnPage(context.db, user.id, application.pet.id, application.adopter.id),
    historia: application.status === "adotada" ? await storyOnPage(context.db, application.id) : null,
    acompanhamento:
      application.status === "adotada" || application.status === "devolvida"
        ? followupOnPage(application.id, await followupOf(context.db, application.id, new Date()))
        : null,
  };
}

const CHECKIN_STATUS: Record<FollowupView["checkins"][number]["status"], string> = {
  agendado: "Agendado",
  enviado: "Enviado, aguardando resposta",
  respondido: "Respondido",
  sem_resposta: "Sem resposta há mais de 7 dias",
};

/** The adoption's follow-up (issue 21) as the page shows it. */
function followupOnPage(applicationId: string, followup: FollowupView | null) {
  if (!followup) return null;
  return {
    adotadoEm: formatDateTime(followup.adoptedAt),
    devolvidoEm: followup.returnedAt ? formatDateTime(followup.returnedAt) : null,
    checkins: followup.checkins.map((checkin) => ({
      dia: checkin.dia,
      quando: formatDateTime(checkin.dueAt),
      status: CHECKIN_STATUS[checkin.status],
      agendado: checkin.status === "agendado",
      respondido: checkin.answeredAt ? formatDateTime(checkin.answeredAt) : null,
      texto: checkin.texto,
      fotos: checkin.fotos.map((id) => ({
        src: adoptionImageUrl(applicationId, id, 320),
        full: adoptionImageUrl(applicationId, id, 1280),
      })),
    })),
    castracao: followup.castracao && {
      prazo: formatDay(followup.castracao.prazo),
      feitaEm: followup.castracao.feitaEm ? formatDateTime(followup.castracao.feitaEm) : null,
      comprovante: followup.castracao.comprovanteId
        ? adoptionImageUrl(applicationId, followup.castracao.comprovanteId, 1280)
        : null,
      atrasada: followup.castracao.atrasada,
    },
  };
}

/** The application's conversation (issue 20), read by whoever opens the page. */
async function conversationOnPage(db: Db, userId: string, petId: string, adopterId: string) {
  const id = await findConversationOf(db, petId, adopterId);
  return id ? ((await readThread(db, userId, id))?.thread ?? null) : null;
}

/** The adoption's story (finais felizes), as the API gives it to the two parties. */
async function storyOnPage(db: Db, applicationId: string) {
  const story = await storyOf(db, applicationId);
  return story && toApiAdoptionStory(applicationId, story);
}
