import { foundOr404, pageId } from "~/web/not-found.server";
import type { SubmissionResult } from "@conform-to/react";
import { data, Form, Link, redirect, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/candidatura";
import { Answers, StatusBadge, Timeline } from "~/components/application-parts";
import { ChoiceGroup, FormError, TextAreaField, ValidatedForm } from "~/components/form-fields";
import { useValidatedForm } from "~/components/use-validated-form";
import {
  changeApplication,
  countWaiting,
  declineWaitingList,
  getApplication,
} from "~/domain/applications/applications.server";
import { isOpen, REASON_MAX, STATUS_FOR_ADOPTER, STATUS_LABEL, type ApplicationStatus } from "~/lib/applications";
import { daysText, formatDateTime, formatDay } from "~/lib/dates";
import { imageUrl } from "~/lib/image-urls";
import { pageMeta } from "~/lib/meta";
import { applicationMoveFormSchema, applicationNoteFormSchema, waitingListFormSchema } from "~/validation/applications";
import { readThread } from "~/web/conversations.server";
import { requireUser } from "~/web/auth.server";
import type { Db } from "~/db/client.server";
import { ConversationThread } from "~/components/conversation-thread";
import { findConversationOf, sendInConversation } from "~/domain/conversations/conversations.server";
import { conversationReplyFormSchema } from "~/validation/conversations";
import { formFailure, pageFailure, parseForm } from "~/web/forms.server";
import { setNotice, type NoticeKey } from "~/web/notices.server";
import {
  checkCastrationOpen,
  followupOf,
  markCastrated,
  type Followup as FollowupView,
} from "~/domain/termos/followups.server";
import { recordReturn } from "~/domain/termos/returns.server";
import {
  removeStory,
  reviewStory,
  shareStory,
  storyOf,
  type StoryOnApplication,
} from "~/domain/termos/happy-endings.server";
import { StorySection, type StoryOnPage } from "~/components/story-section";
import { storyFormSchema, storyReviewFormSchema } from "~/validation/happy-endings";
import { returnFormSchema } from "~/validation/termos";
import { BodyError, readForm } from "~/web/body.server";
import { failureStatus, failureText } from "~/web/failures.server";
import { FileChoice } from "~/components/file-choice";

export async function loader({ request, params, context }: Route.LoaderArgs) {
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
    moves: application.moves.filter((status) => status !== "desistiu"),
    espera: caretaker && application.status === "aprovada" ? await countWaiting(context.db, application.pet.id) : 0,
    conversa: await conversationOnPage(context.db, user.id, application.pet.id, application.adopter.id),
    historia:
      application.status === "adotada" ? storyOnPage(application.id, await storyOf(context.db, application.id)) : null,
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

/** Private to the two parties until published: served by the application's own route, never the public one. */
const privateImage = (applicationId: string, imageId: string, width: 320 | 1280) =>
  `/adopet/candidaturas/${applicationId}/fotos/${imageId}/${width}.webp`;

/** The adoption's story (finais felizes) as the page shows it. */
function storyOnPage(applicationId: string, story: StoryOnApplication | null): StoryOnPage | null {
  if (!story) return null;
  return {
    id: story.id,
    status: story.status,
    versao: story.updatedAt.toISOString(),
    historia: story.historia,
    motivo: story.motivo,
    foto: story.imageId
      ? { src: privateImage(applicationId, story.imageId, 320), full: privateImage(applicationId, story.imageId, 1280) }
      : null,
  };
}

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
        src: privateImage(applicationId, id, 320),
        full: privateImage(applicationId, id, 1280),
      })),
    })),
    castracao: followup.castracao && {
      prazo: formatDay(followup.castracao.prazo),
      feitaEm: followup.castracao.feitaEm ? formatDateTime(followup.castracao.feitaEm) : null,
      comprovante: followup.castracao.comprovanteId
        ? privateImage(applicationId, followup.castracao.comprovanteId, 1280)
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

type Intent =
  | "mover"
  | "nota"
  | "desistir"
  | "recusar_espera"
  | "mensagem"
  | "castracao"
  | "devolucao"
  | "historia"
  | "aprovar_historia"
  | "retirar_historia";

/** The caretaker moves the application, notes on it or declines the waiting list; the adopter withdraws. */
export async function action({ request, params, context }: Route.ActionArgs) {
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
      const moved = await changeApplication(context.db, context.jobs, user.id, params.id, { status, motivo });
      if (!moved.ok) return withIntent("mover", formFailure(form, moved.failure));
      return back("applicationMoved");
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

/** The castration form's one refusal (its photo), as the other forms' replies read. */
function castrationError(message: string): SubmissionResult<string[]> {
  return { status: "error", error: { comprovante: [message] } };
}

/** A form's refusal, marked with the form it belongs to (the page has several). */
function withIntent(intent: Intent, response: { data: SubmissionResult<string[]>; init: ResponseInit | null }) {
  return data({ intent, result: response.data }, response.init ?? undefined);
}

export function meta({ data: loaded }: Route.MetaArgs) {
  return pageMeta(`Candidatura para ${loaded?.pet.nome ?? "adoção"} | Adopet`, "Uma candidatura para adotar.");
}

export default function Candidatura() {
  const application = useLoaderData<typeof loader>();
  const caretaker = application.party === "responsavel";
  const { pet } = application;
  const storyShareResult = useIntentResult("historia");
  const storyReviewResult = useIntentResult("aprovar_historia");
  return (
    <article className="application">
      <div className="application__head">
        {pet.foto ? <img src={pet.foto} alt="" width={80} height={80} className="application__photo" /> : null}
        <div>
          <h1 className="application__title">
            {caretaker ? `${application.adotante.nome} quer adotar ${pet.nome}` : `Sua candidatura para ${pet.nome}`}
          </h1>
          <p className="application__meta">
            Enviada em {application.criadaEm}
            {caretaker ? null : ` · com ${application.responsavel}`} · <Link to={`/pets/${pet.id}`}>ver o animal</Link>
          </p>
        </div>
        <StatusBadge status={application.status} />
      </div>
      {caretaker ? null : <p className="application__explanation">{STATUS_FOR_ADOPTER[application.status]}</p>}
      {application.motivo && application.status === "recusada" ? (
        <p className="application__reason">Motivo: {application.motivo}</p>
      ) : null}

      {caretaker ? (
        <section className="application__section" aria-labelledby="contato-adotante">
          <h2 id="contato-adotante" className="application__subtitle">
            Quem se candidatou
          </h2>
          <dl className="answers">
            <div className="answers__item">
              <dt>Nome</dt>
              <dd>{application.adotante.nome}</dd>
            </div>
            {application.adotante.telefone ? (
              <div className="answers__item">
                <dt>Telefone</dt>
                <dd>
                  <a href={`tel:${application.adotante.telefone.replace(/[^\d+]/g, "")}`}>
                    {application.adotante.telefone}
                  </a>
                </dd>
              </div>
            ) : null}
            {application.adotante.cidade ? (
              <div className="answers__item">
                <dt>Cidade</dt>
                <dd>{application.adotante.cidade}</dd>
              </div>
            ) : null}
          </dl>
        </section>
      ) : null}

      {application.status === "aprovada" || application.status === "adotada" || application.status === "devolvida" ? (
        <TermoLink />
      ) : null}
      {caretaker && application.moves.length > 0 ? <MoveForm /> : null}
      {caretaker && application.espera > 0 ? <WaitingListForm /> : null}

      <section className="application__section" aria-labelledby="respostas">
        <h2 id="respostas" className="application__subtitle">
          Respostas
        </h2>
        {application.perguntas && application.respostas ? (
          <Answers perguntas={application.perguntas} respostas={application.respostas} />
        ) : (
          <p>
            As respostas foram apagadas em {application.apagadasEm}: a Adopet guarda as respostas de uma candidatura
            encerrada só pelo prazo de guarda, e depois as apaga.
          </p>
        )}
      </section>

      <section className="application__section" aria-labelledby="historico">
        <h2 id="historico" className="application__subtitle">
          Histórico
        </h2>
        <Timeline entries={application.historico} label="Mudanças da candidatura" />
      </section>

      {application.acompanhamento ? <Followup /> : null}
      {application.status === "adotada" ? (
        <StorySection
          story={application.historia}
          party={application.party}
          petNome={pet.nome}
          responsavel={application.responsavel}
          shareResult={storyShareResult}
          reviewResult={storyReviewResult}
        />
      ) : null}
      {application.status === "adotada" ? <ReturnForm /> : null}
      {application.conversa ? <Conversation /> : null}

      {caretaker ? <Notes /> : null}

      {!caretaker && application.aberta ? (
        <Form method="post" action="?acao=desistir" className="application__withdraw">
          <button type="submit" className="my-pet__action my-pet__action--danger">
            Desistir da candidatura
          </button>
        </Form>
      ) : null}
      <p className="application__back">
        <Link to={caretaker ? "/candidaturas/recebidas" : "/candidaturas"}>
          {caretaker ? "Todas as candidaturas recebidas" : "Todas as minhas candidaturas"}
        </Link>
      </p>
    </article>
  );
}

/** The adoption's termo (issue 21): issued, signed and downloaded on its own page. */
function TermoLink() {
  const { id, status, party } = useLoaderData<typeof loader>();
  const text =
    status === "adotada" || status === "devolvida"
      ? "O termo de adoção foi assinado pelas duas partes: baixe o PDF na página do termo."
      : party === "responsavel"
        ? "O termo de adoção: emita-o, acompanhe as assinaturas (quem adota assina pelo celular, depois você) e baixe o PDF."
        : "Quem cuida do animal vai emitir o termo de adoção para você ler e assinar.";
  return (
    <section className="application__section" aria-labelledby="termo">
      <h2 id="termo" className="application__subtitle">
        Termo de adoção
      </h2>
      <p>{text}</p>
      <Link to={`/candidaturas/${id}/termo`} className="button">
        Abrir o termo de adoção
      </Link>
    </section>
  );
}

function useIntentResult(intent: Intent) {
  const answer = useActionData<typeof action>() as { intent: Intent; result: SubmissionResult<string[]> } | undefined;
  return answer?.intent === intent ? answer.result : undefined;
}

const MOVE_LABEL: Partial<Record<ApplicationStatus, string>> = {
  em_analise: "Em análise",
  entrevista: "Entrevista",
  visita: "Visita",
  aprovada: "Aprovar (o animal fica reservado)",
  recusada: "Recusar",
};

function MoveForm() {
  const { moves, status, pet } = useLoaderData<typeof loader>();
  const [form, fields, focus] = useValidatedForm(applicationMoveFormSchema, useIntentResult("mover"), undefined, [
    "status",
    "motivo",
    "confirmo",
  ]);
  const fellThrough = status === "aprovada";
  return (
    <section className="application__section" aria-labelledby="mover">
      <h2 id="mover" className="application__subtitle">
        {fellThrough ? "A adoção não se concretizou?" : "Próximo passo"}
      </h2>
      {fellThrough ? (
        <p>
          Recuse esta candidatura dizendo o motivo: {pet.nome} volta a ficar disponível e a lista de espera volta para
          análise.
        </p>
      ) : null}
      <ValidatedForm form={form} focus={focus} action="?acao=mover" className="panel">
        <FormError id={form.errorId} errors={form.errors} />
        <ChoiceGroup
          meta={fields.status}
          legend="Mover para"
          type="radio"
          options={moves.map((move) => [move, MOVE_LABEL[move] ?? STATUS_LABEL[move]])}
        />
        <TextAreaField
          meta={fields.motivo}
          label="Motivo (obrigatório para recusar; quem se candidatou lê)"
          rows={3}
          maxLength={REASON_MAX}
        />
        <ChoiceGroup
          meta={fields.confirmo}
          legend="Decisão"
          options={[["on", "Confirmo a decisão (aprovar ou recusar)"]]}
        />
        <button type="submit" className="button panel__submit">
          Salvar
        </button>
      </ValidatedForm>
    </section>
  );
}

function WaitingListForm() {
  const { espera } = useLoaderData<typeof loader>();
  const [form, fields, focus] = useValidatedForm(waitingListFormSchema, useIntentResult("recusar_espera"));
  return (
    <section className="application__section" aria-labelledby="espera">
      <h2 id="espera" className="application__subtitle">
        Lista de espera
      </h2>
      <p>
        {espera === 1 ? "Há 1 candidatura" : `Há ${espera} candidaturas`} na lista de espera. Mantenha-as, caso a adoção
        não se concretize, ou recuse todas com uma mensagem.
      </p>
      <ValidatedForm form={form} focus={focus} action="?acao=recusar_espera" className="panel">
        <FormError id={form.errorId} errors={form.errors} />
        <TextAreaField meta={fields.motivo} label="Mensagem para a lista de espera" rows={3} maxLength={REASON_MAX} />
        <button type="submit" className="button panel__submit">
          Recusar a lista de espera
        </button>
      </ValidatedForm>
    </section>
  );
}

/** After the adoption: the check-ins and the castration, for both parties. */
function Followup() {
  const { acompanhamento, party, pet } = useLoaderData<typeof loader>();
  const followup = acompanhamento!;
  const castration = followup.castracao;
  return (
    <section className="application__section" aria-labelledby="acompanhamento-titulo" id="acompanhamento">
      <h2 id="acompanhamento-titulo" className="application__subtitle">
        Acompanhamento
      </h2>
      <p>Adotado em {followup.adotadoEm}.</p>
      {followup.devolvidoEm ? (
        <p className="termo-status">
          Devolução registrada em {followup.devolvidoEm}: o acompanhamento terminou. O motivo está no histórico.
        </p>
      ) : null}
      {castration ? (
        <div className={castration.atrasada ? "termo-status" : "termo-status termo-status--done"}>
          {castration.feitaEm ? (
            <>
              Castração feita, informada em {castration.feitaEm}.
              {castration.comprovante ? (
                <>
                  {" "}
                  <a href={castration.comprovante}>Ver o atestado</a>
                </>
              ) : null}
            </>
          ) : castration.atrasada ? (
            <strong>Castração atrasada: o prazo era {castration.prazo}.</strong>
          ) : (
            <>Castração até {castration.prazo}.</>
          )}
        </div>
      ) : null}
      {castration && !castration.feitaEm && !followup.devolvidoEm && party === "adotante" ? <CastrationForm /> : null}
      {followup.checkins.length > 0 ? (
        <ol className="termo-evidence" aria-label={`Notícias de ${pet.nome}`}>
          {followup.checkins.map((checkin) => (
            <li key={checkin.dia}>
              <strong>{`${daysText(checkin.dia)}: ${checkin.status}`}</strong>
              {checkin.respondido
                ? `Respondido em ${checkin.respondido}`
                : checkin.agendado
                  ? `Será enviado em ${checkin.quando}`
                  : `Enviado em ${checkin.quando}`}
              {checkin.texto ? <p className="checkin__text">{checkin.texto}</p> : null}
              {checkin.fotos.length > 0 ? (
                <div className="checkin__photos">
                  {checkin.fotos.map((foto, index) => (
                    <a key={foto.src} href={foto.full}>
                      <img
                        src={foto.src}
                        alt={`Foto ${index + 1} de ${pet.nome} aos ${daysText(checkin.dia)}`}
                        width={120}
                        height={120}
                      />
                    </a>
                  ))}
                </div>
              ) : null}
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}

/** Devolução: either party records that the animal went back to its caretaker. */
function ReturnForm() {
  const { party, pet } = useLoaderData<typeof loader>();
  const [form, fields, focus] = useValidatedForm(returnFormSchema, useIntentResult("devolucao"));
  const caretaker = party === "responsavel";
  return (
    <section className="application__section" aria-labelledby="devolucao">
      <h2 id="devolucao" className="application__subtitle">
        Devolução
      </h2>
      <p>
        {caretaker
          ? `${pet.nome} voltou para você? Registre a devolução com o motivo: o acompanhamento termina, o histórico fica guardado, e o anúncio de ${pet.nome} pode voltar ao ar.`
          : `Se ${pet.nome} não puder ficar com você, o termo diz que a devolução é a quem cuidava do animal. Registre-a aqui com o motivo: o acompanhamento termina.`}
      </p>
      <ValidatedForm form={form} focus={focus} action="?acao=devolucao" className="panel">
        <FormError id={form.errorId} errors={form.errors} />
        <TextAreaField meta={fields.motivo} label="Motivo da devolução" rows={3} maxLength={REASON_MAX} />
        {caretaker ? (
          <ChoiceGroup
            meta={fields.publicar}
            legend="Publicação"
            options={[["on", `Publicar ${pet.nome} para adoção de novo agora`]]}
          />
        ) : null}
        <ChoiceGroup
          meta={fields.confirmo}
          legend="Confirmação"
          options={[
            ["on", caretaker ? `Confirmo que ${pet.nome} voltou para mim` : `Confirmo que devolvi ${pet.nome}`],
          ]}
        />
        <button type="submit" className="button panel__submit">
          Registrar a devolução
        </button>
      </ValidatedForm>
    </section>
  );
}

function CastrationForm() {
  const result = useIntentResult("castracao");
  const error = result?.error?.comprovante?.[0] ?? null;
  return (
    <Form method="post" action="?acao=castracao" encType="multipart/form-data" className="panel">
      <p>Já castrou? Avise aqui: quem cuidava do animal acompanha.</p>
      <FileChoice
        name="comprovante"
        label="Foto do atestado (opcional)"
        button="Escolher a foto"
        empty="Nenhuma foto escolhida"
        accept="image/jpeg,image/png,image/webp"
        error={error}
      />
      <button type="submit" className="button panel__submit">
        Informar a castração
      </button>
    </Form>
  );
}

function Conversation() {
  const { conversa } = useLoaderData<typeof loader>();
  const result = useIntentResult("mensagem");
  return (
    <section className="application__section" aria-labelledby="conversa-titulo" id="conversa">
      <h2 id="conversa-titulo" className="application__subtitle">
        Conversa com {conversa!.outraParte}
      </h2>
      <ConversationThread
        messages={conversa!.mensagens}
        otherName={conversa!.outraParte}
        action="?acao=mensagem"
        result={result}
        headingId="conversa-titulo"
        olderHref={conversa!.anteriores}
        blocked={conversa!.bloqueio}
      />
      <p className="application__back">
        <Link to={`/mensagens/${conversa!.id}`}>Abrir a conversa: WhatsApp, bloqueio e denúncia</Link>
      </p>
    </section>
  );
}

function Notes() {
  const { notas } = useLoaderData<typeof loader>();
  const [form, fields, focus] = useValidatedForm(applicationNoteFormSchema, useIntentResult("nota"));
  return (
    <section className="application__section" aria-labelledby="notas">
      <h2 id="notas" className="application__subtitle">
        Notas privadas
      </h2>
      <p>Só você vê estas notas.</p>
      {notas.length > 0 ? (
        <ul className="notes">
          {notas.map((note) => (
            <li key={note.id} className="notes__item">
              <p className="notes__text">{note.texto}</p>
              <p className="notes__when">{note.em}</p>
            </li>
          ))}
        </ul>
      ) : null}
      <ValidatedForm form={form} focus={focus} action="?acao=nota" className="panel">
        <FormError id={form.errorId} errors={form.errors} />
        <TextAreaField meta={fields.nota} label="Nova nota" rows={3} maxLength={1000} />
        <button type="submit" className="button panel__submit">
          Salvar nota
        </button>
      </ValidatedForm>
    </section>
  );
}
