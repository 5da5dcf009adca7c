import type { SubmissionResult } from "@conform-to/react";
import { Form, Link, useActionData, useLoaderData } from "react-router";
import {
  ChoiceGroup,
  FormError,
  TextAreaField,
  TextField,
  ValidatedForm,
  type AnyField,
} from "~/components/form-fields";
import { useValidatedForm } from "~/components/use-validated-form";
import { REASON_MAX, STATUS_LABEL, VISIT_PLACE_LABEL, type ApplicationStatus } from "~/lib/applications";
import { daysText } from "~/lib/dates";
import {
  applicationMoveFormSchema,
  applicationNoteFormSchema,
  visitFormSchema,
  waitingListFormSchema,
} from "~/validation/applications";
import { ConversationThread } from "~/components/conversation-thread";
import { returnFormSchema } from "~/validation/termos";
import { FileChoice } from "~/components/file-choice";

import type { loadApplicationPage } from "./page.server";
import type { Intent, runApplicationIntent } from "./intents.server";

/** The application page's sections and forms, each reading the page's data and its own form's reply. */

export function TermoLink() {
  const { id, status, party } = useLoaderData<typeof loadApplicationPage>();
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

/** After the adoption, the animal's health record is its adopter's too (issue 45). */
export function HealthLink() {
  const { pet, party } = useLoaderData<typeof loadApplicationPage>();
  return (
    <section className="application__section" aria-labelledby="saude">
      <h2 id="saude" className="application__subtitle">
        Saúde de {pet.nome}
      </h2>
      <p>
        {party === "adotante"
          ? "O registro de saúde veio com o animal: vacinas, vermífugos, exames e consultas. Continue registrando as próximas, e você recebe um lembrete antes de cada dose."
          : "O registro de saúde foi com o animal: quem adotou o vê e continua registrando."}
      </p>
      <p className="pet-health__links">
        <Link to={`/pets/${pet.id}/saude`} className="button">
          Abrir o registro de saúde
        </Link>
        <a href={`/adopet/pets/${pet.id}/saude.pdf`} download>
          Baixar a carteira de saúde (PDF)
        </a>
      </p>
    </section>
  );
}

export function useIntentResult(intent: Intent) {
  const answer = useActionData<typeof runApplicationIntent>() as
    { intent: Intent; result: SubmissionResult<string[]> } | undefined;
  return answer?.intent === intent ? answer.result : undefined;
}

const MOVE_LABEL: Partial<Record<ApplicationStatus, string>> = {
  em_analise: "Em análise",
  entrevista: "Entrevista",
  visita: "Visita",
  aprovada: "Aprovar (o animal fica reservado)",
  recusada: "Recusar",
};

/** Where the visit is (the foster home only for an animal in one) and when: the move to `visita` and the visit's own form. */
function VisitFields({ place, moment }: { place: AnyField; moment: AnyField }) {
  const { larAtual, pet } = useLoaderData<typeof loadApplicationPage>();
  return (
    <>
      {larAtual ? (
        <ChoiceGroup
          meta={place}
          legend="Onde será a visita"
          type="radio"
          options={[
            ["casa_de_quem_adota", VISIT_PLACE_LABEL.casa_de_quem_adota],
            ["lar_temporario", `No lar temporário de ${larAtual}, onde ${pet.nome} está`],
          ]}
        />
      ) : null}
      <TextField
        meta={moment}
        type="datetime-local"
        label="Dia e hora da visita (opcional)"
        hint="Deixe em branco para combinar depois. Horário de Brasília."
      />
    </>
  );
}

export function MoveForm() {
  const { moves, status, pet, larAtual } = useLoaderData<typeof loadApplicationPage>();
  const [form, fields, focus] = useValidatedForm(
    applicationMoveFormSchema,
    useIntentResult("mover"),
    { visita_local: "casa_de_quem_adota" },
    ["status", "visita_local", "visita_em", "motivo", "confirmo"],
  );
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
        {moves.includes("visita") ? (
          <fieldset className="field visit-fields">
            <legend className="field__label">Se for a visita</legend>
            {larAtual ? null : <p className="field__hint">A visita é na casa de quem se candidatou.</p>}
            <VisitFields place={fields.visita_local} moment={fields.visita_em} />
          </fieldset>
        ) : null}
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

/** At the `visita` step: where and when, changed (the adopter, and a foster home hosting it, hear of it). */
export function VisitForm() {
  const { visita } = useLoaderData<typeof loadApplicationPage>();
  const [form, fields, focus] = useValidatedForm(visitFormSchema, useIntentResult("visita"), {
    visita_local: visita!.local,
    visita_em: visita!.valor,
  });
  return (
    <section className="application__section" aria-labelledby="visita">
      <h2 id="visita" className="application__subtitle">
        Visita
      </h2>
      <p>
        {visita!.local === "lar_temporario"
          ? `No lar temporário de ${visita!.lar ?? "quem acolhe o animal"}`
          : "Na casa de quem se candidatou"}
        {visita!.em ? `, em ${visita!.em}.` : ": dia e hora a combinar."}
        {visita!.local === "lar_temporario"
          ? " O lar temporário vê a visita na página dele; passe o endereço a quem vai visitar pela conversa."
          : null}
      </p>
      <ValidatedForm form={form} focus={focus} action="?acao=visita" className="panel">
        <FormError id={form.errorId} errors={form.errors} />
        <VisitFields place={fields.visita_local} moment={fields.visita_em} />
        <button type="submit" className="button panel__submit">
          Salvar a visita
        </button>
      </ValidatedForm>
    </section>
  );
}

export function WaitingListForm() {
  const { espera } = useLoaderData<typeof loadApplicationPage>();
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
export function Followup() {
  const { acompanhamento, party, pet } = useLoaderData<typeof loadApplicationPage>();
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
export function ReturnForm() {
  const { party, pet } = useLoaderData<typeof loadApplicationPage>();
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

export function CastrationForm() {
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

export function Conversation() {
  const { conversa } = useLoaderData<typeof loadApplicationPage>();
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

export function Notes() {
  const { notas } = useLoaderData<typeof loadApplicationPage>();
  const [form, fields, focus] = useValidatedForm(applicationNoteFormSchema, useIntentResult("nota"));
  return (
    <section className="application__section" aria-labelledby="notas">
      <h2 id="notas" className="application__subtitle">
        Notas privadas
      </h2>
      <p>Só quem cuida do animal (você e a sua equipe) vê estas notas.</p>
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
