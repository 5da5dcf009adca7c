import { foundOr404, pageId } from "~/web/not-found.server";
import type { SubmissionResult } from "@conform-to/react";
import { data, Link, redirect, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/mensagem";
import { ConversationThread } from "~/components/conversation-thread";
import { ConversationTools } from "~/components/conversation-tools";
import { assignConversation, sendInConversation } from "~/domain/conversations/conversations.server";
import { caringMembers } from "~/domain/organizations/membership.server";
import { AssignForm } from "~/components/assign-form";
import { assignFormSchema } from "~/validation/organizations";
import { latestApplicationOf } from "~/domain/applications/applications.server";
import { imageUrl } from "~/lib/image-urls";
import { pageMeta } from "~/lib/meta";
import { conversationReplyFormSchema } from "~/validation/conversations";
import { readThread } from "~/web/conversations.server";
import { requireUser } from "~/web/auth.server";
import { formFailure, pageFailure, parseForm, submitFormOnce } from "~/web/forms.server";
import { setNotice } from "~/web/notices.server";

/** `/mensagens/:id`: one conversation, for its two parties (404 for anyone else); opening it reads it. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context.db);
  // `?antes=<mensagem>`: the messages before that one (older than the latest shown).
  const antes = new URL(request.url).searchParams.get("antes");
  const id = pageId(params.id, "conversation");
  const before = antes === null ? undefined : pageId(antes, "conversation");
  const opened = await readThread(context.db, user.id, id, before);
  foundOr404(opened, "conversation");
  const { conversation, thread } = opened;
  const adopterId = conversation.party === "adotante" ? user.id : conversation.other.id;
  const { about, organizationId } = conversation;
  return {
    party: conversation.party,
    about: {
      nome: about.nome,
      href: about.kind === "pet" ? `/pets/${about.id}` : `/perdidos-e-achados/${about.id}`,
      foto: about.photoId ? imageUrl(about.photoId, 160) : null,
    },
    ...thread,
    whatsApp: conversation.whatsApp,
    blocked: conversation.blocked,
    candidatura: about.kind === "pet" ? await latestApplicationOf(context.db, about.id, adopterId) : null,
    // Who may answer it (the team) and who does: the team only.
    equipe:
      conversation.party === "responsavel" && organizationId !== null
        ? (await caringMembers(context.db, organizationId)).map(({ id, nome }) => ({ id, nome }))
        : [],
    atribuidaA: conversation.assignedTo?.id ?? null,
  };
}

/**
 * A reply: the page comes back with it (without JavaScript too); `?acao=atribuir`, the team
 * assigns the conversation to one of its members.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireUser(request, context.db);
  pageId(params.id, "conversation");
  if (new URL(request.url).searchParams.get("acao") === "atribuir") {
    const form = await parseForm(request, assignFormSchema);
    if (!form.ok) return data({ intent: "atribuir", result: form.response.data }, form.response.init ?? undefined);
    const assigned = await assignConversation(context.db, context.jobs, {
      userId: user.id,
      conversationId: params.id,
      assignee: form.value.atribuida_a ?? null,
    });
    if (!assigned.ok) {
      if (assigned.failure.kind === "not-found") throw pageFailure(assigned.failure);
      const refused = formFailure(form, assigned.failure);
      return data({ intent: "atribuir", result: refused.data }, refused.init ?? undefined);
    }
    return redirect(`/mensagens/${params.id}`, {
      headers: { "Set-Cookie": await setNotice("conversationAssigned") },
    });
  }
  const form = await parseForm(request, conversationReplyFormSchema);
  if (!form.ok) return form.response;
  // Sent once, however many times `Enviar` is tapped (issue 63).
  return submitFormOnce(context.db, user.id, request, async () => {
    const sent = await sendInConversation(context.db, context.jobs, {
      userId: user.id,
      conversationId: params.id,
      texto: form.value.texto,
    });
    if (!sent.ok) {
      if (sent.failure.kind === "not-found") throw pageFailure(sent.failure);
      return formFailure(form, sent.failure);
    }
    return redirect(`/mensagens/${params.id}`, { headers: { "Set-Cookie": await setNotice("conversationSent") } });
  });
}

export function meta({ data: loaded }: Route.MetaArgs) {
  return pageMeta(
    loaded ? `Conversa com ${loaded.outraParte} sobre ${loaded.about.nome} | Adopet` : "Conversa | Adopet",
    "Uma conversa sobre uma adoção.",
  );
}

export default function Conversa() {
  const conversation = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as
    SubmissionResult<string[]> | { intent: "atribuir"; result: SubmissionResult<string[]> } | undefined;
  const assigning = answer !== undefined && "intent" in answer && answer.intent === "atribuir";
  const assignResult = assigning ? (answer as { result: SubmissionResult<string[]> }).result : undefined;
  const result = assigning ? undefined : (answer as SubmissionResult<string[]> | undefined);
  const { about } = conversation;
  return (
    <article className="application">
      <div className="application__head">
        {about.foto ? <img src={about.foto} alt="" width={80} height={80} className="application__photo" /> : null}
        <div>
          <h1 className="application__title" id="conversa-titulo">
            Conversa com {conversation.outraParte}
          </h1>
          <p className="application__meta">
            Sobre <Link to={about.href}>{about.nome}</Link>
            {conversation.candidatura ? (
              <>
                {" · "}
                <Link to={`/candidaturas/${conversation.candidatura}`}>ver a candidatura</Link>
              </>
            ) : null}
          </p>
        </div>
      </div>
      <ConversationThread
        messages={conversation.mensagens}
        otherName={conversation.outraParte}
        action={`/mensagens/${conversation.id}`}
        result={result}
        headingId="conversa-titulo"
        olderHref={conversation.anteriores}
        newerHref={conversation.recentes}
        blocked={conversation.blocked}
      />
      {conversation.party === "responsavel" && (conversation.equipe.length > 1 || conversation.atribuidaA) ? (
        <AssignForm
          team={conversation.equipe}
          assigned={conversation.atribuidaA}
          action={`/mensagens/${conversation.id}?acao=atribuir`}
          result={assignResult}
        />
      ) : null}
      <ConversationTools
        conversationId={conversation.id}
        otherName={conversation.outraParte}
        petName={about.nome}
        whatsApp={conversation.whatsApp}
        blocked={conversation.blocked}
      />
      <p className="application__back">
        <Link to="/mensagens">Todas as mensagens</Link>
      </p>
    </article>
  );
}
