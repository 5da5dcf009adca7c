import type { SubmissionResult } from "@conform-to/react";
import { Form, Link } from "react-router";
import { ChoiceGroup, FormError, TextAreaField, ValidatedForm } from "./form-fields";
import { FileChoice } from "./file-choice";
import { useValidatedForm } from "./use-validated-form";
import { REASON_MAX } from "~/lib/applications";
import { STORY_MAX } from "~/lib/happy-endings";
import { storyFormSchema, storyReviewFormSchema } from "~/validation/happy-endings";

export type StoryOnPage = {
  id: string;
  /** When it last changed: the caretaker decides on the version they read. */
  versao: string;
  status: "pendente" | "publicado" | "recusado";
  historia: string;
  foto: { src: string; full: string } | null;
  motivo: string | null;
};

/**
 * Finais felizes on the adoption's page (issue 21): the adopter tells the story, with a photo,
 * and may change it or take it down; the caretaker publishes it or declines it, saying why.
 */
export function StorySection({
  story,
  party,
  petNome,
  responsavel,
  shareResult,
  reviewResult,
}: {
  story: StoryOnPage | null;
  party: "adotante" | "responsavel";
  petNome: string;
  responsavel: string;
  shareResult: SubmissionResult<string[]> | undefined;
  reviewResult: SubmissionResult<string[]> | undefined;
}) {
  const adopter = party === "adotante";
  if (!adopter && !story) return null;
  return (
    <section className="application__section" aria-labelledby="final-feliz-titulo" id="final-feliz">
      <h2 id="final-feliz-titulo" className="application__subtitle">
        Final feliz
      </h2>
      {story ? <StoryStatus story={story} adopter={adopter} petNome={petNome} responsavel={responsavel} /> : null}
      {story ? <StoryText story={story} petNome={petNome} /> : null}
      {!adopter && story?.status === "pendente" ? <ReviewForm versao={story.versao} result={reviewResult} /> : null}
      {adopter ? <ShareForm story={story} petNome={petNome} responsavel={responsavel} result={shareResult} /> : null}
      {adopter && story ? (
        <Form method="post" action="?acao=retirar_historia" className="application__withdraw">
          <button type="submit" className="my-pet__action my-pet__action--danger">
            Retirar a história
          </button>
        </Form>
      ) : null}
    </section>
  );
}

function StoryStatus({
  story,
  adopter,
  petNome,
  responsavel,
}: {
  story: StoryOnPage;
  adopter: boolean;
  petNome: string;
  responsavel: string;
}) {
  if (story.status === "publicado") {
    return (
      <p className="termo-status termo-status--done">
        Publicada em <Link to={`/finais-felizes/${story.id}`}>Finais felizes</Link>.
      </p>
    );
  }
  if (story.status === "recusado") {
    return (
      <p className="termo-status">
        {adopter ? `${responsavel} preferiu não publicar a história` : "Você preferiu não publicar a história"}
        {story.motivo ? `: ${story.motivo}` : "."}
      </p>
    );
  }
  return (
    <p className="termo-status">
      {adopter
        ? `Aguardando a aprovação de ${responsavel} para aparecer em Finais felizes.`
        : `A história de ${petNome} aguarda a sua aprovação: publicada, ela aparece em Finais felizes e na sua página.`}
    </p>
  );
}

function StoryText({ story, petNome }: { story: StoryOnPage; petNome: string }) {
  return (
    <figure className="story-preview">
      {story.foto ? (
        <a href={story.foto.full}>
          <img src={story.foto.src} alt={`Foto de ${petNome} na casa nova`} width={160} height={160} />
        </a>
      ) : null}
      <blockquote className="checkin__text">{story.historia}</blockquote>
    </figure>
  );
}

function ShareForm({
  story,
  petNome,
  responsavel,
  result,
}: {
  story: StoryOnPage | null;
  petNome: string;
  responsavel: string;
  result: SubmissionResult<string[]> | undefined;
}) {
  const [form, fields, focus] = useValidatedForm(
    storyFormSchema,
    result,
    story ? { historia: story.historia } : undefined,
  );
  const photoError = fields.foto.errors?.[0] ?? null;
  return (
    <ValidatedForm form={form} focus={focus} action="?acao=historia" encType="multipart/form-data" className="panel">
      <p>
        {story
          ? `Mude a história ou a foto quando quiser: a nova versão volta para a aprovação de ${responsavel}.`
          : `Conte como está a vida com ${petNome}: depois que ${responsavel} aprovar, a história aparece em Finais felizes, com a foto e só o seu primeiro nome.`}
      </p>
      <FormError id={form.errorId} errors={form.errors} />
      <TextAreaField meta={fields.historia} label="A história" rows={5} maxLength={STORY_MAX} />
      <FileChoice
        name="foto"
        label={story?.foto ? "Outra foto (opcional)" : "Foto (opcional)"}
        button="Escolher a foto"
        empty="Nenhuma foto escolhida"
        accept="image/jpeg,image/png,image/webp"
        error={photoError}
      />
      <button type="submit" className="button panel__submit">
        {story ? "Enviar a nova versão" : "Enviar para aprovação"}
      </button>
    </ValidatedForm>
  );
}

function ReviewForm({ versao, result }: { versao: string; result: SubmissionResult<string[]> | undefined }) {
  const [form, fields, focus] = useValidatedForm(storyReviewFormSchema, result);
  return (
    <ValidatedForm form={form} focus={focus} action="?acao=aprovar_historia" className="panel">
      <FormError id={form.errorId} errors={form.errors} />
      <input type="hidden" name="versao" value={versao} />
      <ChoiceGroup
        meta={fields.decisao}
        legend="Decisão"
        type="radio"
        options={[
          ["publicar", "Publicar em Finais felizes"],
          ["recusar", "Não publicar"],
        ]}
      />
      <TextAreaField
        meta={fields.motivo}
        label="Motivo (obrigatório para não publicar; quem adotou lê)"
        rows={3}
        maxLength={REASON_MAX}
      />
      <button type="submit" className="button panel__submit">
        Salvar a decisão
      </button>
    </ValidatedForm>
  );
}
