import { foundOr404, pageId } from "~/web/not-found.server";
import type { SubmissionResult } from "@conform-to/react";
import { data, redirect } from "react-router";
import type { Route } from "../+types/candidatura";
import { changeApplication, declineWaitingList } from "~/domain/applications/application-moves.server";
import { getApplication } from "~/domain/applications/application-views.server";
import {
  applicationMoveFormSchema,
  applicationNoteFormSchema,
  visitFormSchema,
  waitingListFormSchema,
} from "~/validation/applications";
import type { VisitPlace } from "~/lib/applications";
import { assignFormSchema } from "~/validation/organizations";
import { requireUser } from "~/web/auth.server";
import { findConversationOf, sendInConversation } from "~/domain/conversations/conversations.server";
import { conversationReplyFormSchema } from "~/validation/conversations";
import { formFailure, pageFailure, parseForm } from "~/web/forms.server";
import { setNotice, type NoticeKey } from "~/web/notices.server";
import { checkCastrationOpen, markCastrated } from "~/domain/termos/followups.server";
import { recordReturn } from "~/domain/termos/returns.server";
import { removeStory, reviewStory, shareStory } from "~/domain/termos/happy-endings.server";
import { storyFormSchema, storyReviewFormSchema } from "~/validation/happy-endings";
import { returnFormSchema } from "~/validation/termos";
import { BodyError, readForm } from "~/web/body.server";
import { failureStatus, failureText } from "~/web/failures.server";

export type Intent =
  | "mover"
  | "visita"
  | "atribuir"
  | "nota"
  | "desistir"
  | "recusar_espera"
  | "mensagem"
  | "castracao"
  | "devolucao"
  | "historia"
  | "aprovar_historia"
  | "retirar_historia";

/**
 * The team moves the application, assigns it, notes on it or declines the waiting list; the
 * adopter withdraws.
 */
export async function runApplicationIntent({ request, params, context }: Route.ActionArgs) {
  const user = await requireUser(request, context.db);
  pageId(params.id, "application");
  const intent = new URL(request.url).searchParams.get("acao") as Intent | null;
  const back = async (notice: NoticeKey) =>
    redirect(`/candidaturas/${params.id}`, { headers: { "Set-Cookie": await setNotice(notice) } });
  switch (intent) {
    case "mover": {
      const form = await parseForm(request, applicationMoveFormSchema);
      if (!form.ok) return withIntent("mover", form.response);
      const { status, motivo } = form.value;
      // A move to `visita` says where and when (the schema checked both already).
      const visita = status === "visita" ? visitFrom(visitFormSchema.parse(form.value)) : undefined;
      const moved = await changeApplication(context.db, context.jobs, user.id, params.id, { status, motivo, visita });
      if (!moved.ok) return withIntent("mover", formFailure(form, moved.failure, { fields: VISIT_FIELDS }));
      return back("applicationMoved");
    }
    case "visita": {
      const form = await parseForm(request, visitFormSchema);
      if (!form.ok) return withIntent("visita", form.response);
      const changed = await changeApplication(context.db, context.jobs, user.id, params.id, {
        visita: visitFrom(form.value),
      });
      if (!changed.ok) return withIntent("visita", formFailure(form, changed.failure, { fields: VISIT_FIELDS }));
      return back("visitChanged");
    }
    case "atribuir": {
      const form = await parseForm(request, assignFormSchema);
      if (!form.ok) return withIntent("atribuir", form.response);
      const assigned = await changeApplication(context.db, context.jobs, user.id, params.id, {
        atribuida_a: form.value.atribuida_a ?? null,
      });
      if (!assigned.ok) return withIntent("atribuir", formFailure(form, assigned.failure));
      return back("applicationAssigned");
    }
    case "nota": {
      const form = await parseForm(request, applicationNoteFormSchema);
      if (!form.ok) return withIntent("nota", form.response);
      const noted = await changeApplication(context.db, context.jobs, user.id, params.id, { nota: form.value.nota });
      if (!noted.ok) return withIntent("nota", formFailure(form, noted.failure));
      return back("applicationNoted");
    }
    case "recusar_espera": {
      const form = await parseForm(request, waitingListFormSchema);
      if (!form.ok) return withIntent("recusar_espera", form.response);
      const found = await getApplication(context.db, user.id, params.id);
      foundOr404(found.ok && found.value.party === "responsavel", "application");
      const declined = await declineWaitingList(
        context.db,
        context.jobs,
        user.id,
        found.value.pet.id,
        form.value.motivo,
      );
      if (!declined.ok) return withIntent("recusar_espera", formFailure(form, declined.failure));
      return back("waitingListDeclined");
    }
    case "mensagem": {
      const form = await parseForm(request, conversationReplyFormSchema);
      if (!form.ok) return withIntent("mensagem", form.response);
      const found = await getApplication(context.db, user.id, params.id);
      if (!found.ok) throw pageFailure(found.failure);
      const conversationId = await findConversationOf(context.db, found.value.pet.id, found.value.adopter.id);
      foundOr404(conversationId, "conversation");
      const sent = await sendInConversation(context.db, context.jobs, {
        userId: user.id,
        conversationId,
        texto: form.value.texto,
      });
      if (!sent.ok) return withIntent("mensagem", formFailure(form, sent.failure));
      return redirect(`/candidaturas/${params.id}#conversa`, {
        headers: { "Set-Cookie": await setNotice("conversationSent") },
      });
    }
    case "castracao": {
      // A castration already recorded (or not anyone's to record) is answered before the upload is read.
      const open = await checkCastrationOpen(context.db, user.id, params.id);
      if (!open.ok) throw pageFailure(open.failure);
      let form: FormData;
      try {
        form = await readForm(request, { maxFiles: 1 });
      } catch (error) {
        if (error instanceof BodyError)
          return data({ intent: "castracao", result: castrationError(error.message) }, { status: error.status });
        throw error;
      }
      const file = form.get("comprovante");
      const photo = file instanceof File && file.size > 0 ? Buffer.from(await file.arrayBuffer()) : null;
      const done = await markCastrated(context.db, user.id, params.id, photo, new Date());
      if (!done.ok) {
        if (done.failure.kind === "invalid") {
          return data(
            { intent: "castracao", result: castrationError(failureText(done.failure)) },
            { status: failureStatus(done.failure, "page") },
          );
        }
        throw pageFailure(done.failure);
      }
      return back("castrationDone");
    }
    case "devolucao": {
      const form = await parseForm(request, returnFormSchema);
      if (!form.ok) return withIntent("devolucao", form.response);
      const { motivo, publicar } = form.value;
      const returned = await recordReturn(
        context.db,
        context.jobs,
        user.id,
        params.id,
        { motivo, publicar },
        new Date(),
      );
      if (!returned.ok) return withIntent("devolucao", formFailure(form, returned.failure));
      return back("returnRecorded");
    }
    case "historia": {
      const form = await parseForm(request, storyFormSchema, { maxFiles: 1 });
      if (!form.ok) return withIntent("historia", form.response);
      const { historia, foto } = form.value;
      const photo = foto && foto.size > 0 ? Buffer.from(await foto.arrayBuffer()) : null;
      const shared = await shareStory(
        context.db,
        context.jobs,
        user.id,
        params.id,
        { historia, foto: photo },
        new Date(),
      );
      if (!shared.ok) return withIntent("historia", formFailure(form, shared.failure));
      return back("storyShared");
    }
    case "aprovar_historia": {
      const form = await parseForm(request, storyReviewFormSchema);
      if (!form.ok) return withIntent("aprovar_historia", form.response);
      const reviewed = await reviewStory(context.db, user.id, params.id, form.value, new Date());
      if (!reviewed.ok) return withIntent("aprovar_historia", formFailure(form, reviewed.failure));
      return back(form.value.decisao === "publicar" ? "storyPublished" : "storyDeclined");
    }
    case "retirar_historia": {
      const removed = await removeStory(context.db, user.id, params.id);
      if (!removed.ok) throw pageFailure(removed.failure);
      return back("storyRemoved");
    }
    case "desistir": {
      const withdrawn = await changeApplication(context.db, context.jobs, user.id, params.id, { status: "desistiu" });
      if (!withdrawn.ok) throw pageFailure(withdrawn.failure);
      return back("applicationWithdrawn");
    }
    default:
      throw data("Ação desconhecida.", { status: 400 });
  }
}

/** The service's `visita` is the forms' place field. */
const VISIT_FIELDS = { visita: "visita_local" };

const visitFrom = (form: { visita_local: VisitPlace; visita_em: Date | null }) => ({
  local: form.visita_local,
  em: form.visita_em,
});

/** The castration form's one refusal (its photo), as the other forms' replies read. */
function castrationError(message: string): SubmissionResult<string[]> {
  return { status: "error", error: { comprovante: [message] } };
}

/** A form's refusal, marked with the form it belongs to (the page has several). */
function withIntent(intent: Intent, response: { data: SubmissionResult<string[]>; init: ResponseInit | null }) {
  return data({ intent, result: response.data }, response.init ?? undefined);
}
