import { foundOr404, pageId } from "~/web/not-found.server";
import type { SubmissionResult } from "@conform-to/react";
import { data, Link, redirect, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/candidatura.termo";
import { termoPdfPath } from "~/presenters/termos";
import { ChoiceGroup, FormError, TextField, ValidatedForm } from "~/components/form-fields";
import { TermoText } from "~/components/termo-text";
import { useValidatedForm } from "~/components/use-validated-form";
import { getApplication } from "~/domain/applications/application-views.server";
import { castrationOf, issueTermo } from "~/domain/termos/termos.server";
import { getTermo } from "~/domain/termos/termo-reads.server";
import { signTermo } from "~/domain/termos/termo-signatures.server";
import { signatureContext } from "~/web/termos.server";
import { dayInBrasilia, formatDateTime, formatDay } from "~/lib/dates";
import { pageMeta } from "~/lib/meta";
import { ADDRESS_MAX, formatCode, SIGNER_NAME_MAX, TERMO_STATUS_LABEL } from "~/lib/termos";
import { adopterSignatureFormSchema, caretakerSignatureFormSchema, issueTermoFormSchema } from "~/validation/termos";
import { requireUser } from "~/web/auth.server";
import { formFailure, pageFailure, parseForm } from "~/web/forms.server";
import { setNotice } from "~/web/notices.server";

const PARTY_LABEL = { adotante: "Adotante", responsavel: "Responsável pelo animal" } as const;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context.db);
  const found = await getApplication(context.db, user.id, pageId(params.id, "application"));
  foundOr404(found.ok, "application");
  const application = found.value;
  const termo = await getTermo(context.db, context.vault, user.id, application.id);
  if (!termo.ok && termo.failure.kind !== "not-found") throw pageFailure(termo.failure);
  const view = termo.ok ? termo.value : null;
  const caretaker = application.party === "responsavel";
  // The caretaker issues one when the application is approved and has none in force.
  const canIssue = caretaker && application.status === "aprovada" && (!view || view.status === "cancelado");
  const castration = canIssue ? await castrationOf(context.db, application.pet.id) : null;
  return {
    id: application.id,
    party: application.party,
    applicationStatus: application.status,
    pet: { id: application.pet.id, nome: application.pet.nome },
    outraParte: caretaker ? application.adopter.nome : application.caretaker.nome,
    canIssue,
    castration: castration && {
      castrado: castration.castrado,
      agendadaPara: castration.agendadaPara,
      hoje: dayInBrasilia(new Date()),
    },
    termo: view && {
      status: view.status,
      statusLabel: TERMO_STATUS_LABEL[view.status],
      texto: view.texto,
      textoSha256: view.textoSha256,
      podeAssinar: view.podeAssinar,
      prazo: view.prazoCastracao ? formatDay(view.prazoCastracao) : null,
      adotante: view.adotante,
      assinaturas: view.signatures.map((signature) => ({
        parte: PARTY_LABEL[signature.parte],
        nome: signature.nomeCompleto,
        em: formatDateTime(signature.signedAt),
        ip: signature.ip,
        navegador: signature.userAgent,
        hash: signature.textoSha256,
      })),
      codigo: view.codigo ? formatCode(view.codigo) : null,
      pdf: view.status === "assinado" ? termoPdfPath(application.id) : null,
    },
  };
}

type Intent = "emitir" | "assinar";

/** The caretaker issues the termo; each party signs it in turn. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireUser(request, context.db);
  pageId(params.id, "application");
  const intent = new URL(request.url).searchParams.get("acao") as Intent | null;
  const back = async (notice: Parameters<typeof setNotice>[0]) =>
    redirect(`/candidaturas/${params.id}/termo`, { headers: { "Set-Cookie": await setNotice(notice) } });
  if (intent === "emitir") {
    const form = await parseForm(request, issueTermoFormSchema);
    if (!form.ok) return withIntent("emitir", form.response);
    const issued = await issueTermo(context.db, context.jobs, {
      userId: user.id,
      applicationId: params.id,
      prazoCastracao: form.value.prazo_castracao,
    });
    if (!issued.ok) return withIntent("emitir", formFailure(form, issued.failure));
    return back("termoIssued");
  }
  if (intent === "assinar") {
    const current = await getTermo(context.db, context.vault, user.id, params.id);
    if (!current.ok) throw pageFailure(current.failure);
    const adopter = current.value.party === "adotante";
    const form = await parseForm(request, adopter ? adopterSignatureFormSchema : caretakerSignatureFormSchema, {
      hideFields: ["cpf"],
    });
    if (!form.ok) return withIntent("assinar", form.response);
    const signed = await signTermo(
      context.db,
      context.vault,
      context.jobs,
      signatureContext(request, context, user.id, params.id),
      form.value,
    );
    if (!signed.ok) return withIntent("assinar", formFailure(form, signed.failure));
    return back(signed.value.status === "assinado" ? "termoSignedBoth" : "termoSignedAdopter");
  }
  throw data("Ação desconhecida.", { status: 400 });
}

/** A form's refusal, marked with the form it belongs to. */
function withIntent(intent: Intent, response: { data: SubmissionResult<string[]>; init: ResponseInit | null }) {
  return data({ intent, result: response.data }, response.init ?? undefined);
}

function useIntentResult(intent: Intent) {
  const answer = useActionData<typeof action>() as { intent: Intent; result: SubmissionResult<string[]> } | undefined;
  return answer?.intent === intent ? answer.result : undefined;
}

export function meta({ data: loaded }: Route.MetaArgs) {
  return pageMeta(`Termo de adoção de ${loaded?.pet.nome ?? "um animal"} | Adopet`, "O termo de adoção.");
}

export default function CandidaturaTermo() {
  const page = useLoaderData<typeof loader>();
  const { termo, pet } = page;
  const caretaker = page.party === "responsavel";
  return (
    <article className="application">
      <h1 className="application__title">Termo de adoção de {pet.nome}</h1>
      <p className="application__meta">
        {caretaker ? `Com ${page.outraParte}` : `Com ${page.outraParte}, que cuida de ${pet.nome}`} ·{" "}
        <Link to={`/candidaturas/${page.id}`}>voltar à candidatura</Link>
      </p>
      {termo && termo.status !== "cancelado" ? (
        <p className={termo.status === "assinado" ? "termo-status termo-status--done" : "termo-status"} role="status">
          {termo.statusLabel}
        </p>
      ) : null}

      {page.canIssue ? <IssueForm /> : null}
      {(!termo || termo.status === "cancelado") && !page.canIssue ? <NoTermo /> : null}

      {termo && termo.status !== "cancelado" ? (
        <>
          {termo.status === "assinado" ? <Download /> : null}
          <section className="application__section" aria-labelledby="texto">
            <h2 id="texto" className="application__subtitle">
              Texto do termo
            </h2>
            {termo.prazo ? <p>Prazo para a castração: {termo.prazo}.</p> : null}
            <TermoText texto={termo.texto} label={`Texto do termo de adoção de ${pet.nome}`} />
            <p className="termo-hash">SHA-256 do texto: {termo.textoSha256}</p>
          </section>
          {termo.podeAssinar ? <SignatureForm /> : null}
          {termo.assinaturas.length > 0 ? <Signatures /> : null}
        </>
      ) : null}
    </article>
  );
}

function NoTermo() {
  const { party, applicationStatus, termo } = useLoaderData<typeof loader>();
  const adopterWaits = party === "adotante" && applicationStatus === "aprovada";
  return (
    <p className="application__explanation">
      {termo?.status === "cancelado"
        ? "O termo desta candidatura foi cancelado: a adoção não se concretizou."
        : adopterWaits
          ? "Quem cuida do animal ainda não emitiu o termo de adoção. Você recebe um e-mail quando ele estiver pronto para assinar."
          : "O termo de adoção é emitido depois que a candidatura é aprovada."}
    </p>
  );
}

function IssueForm() {
  const { castration, pet } = useLoaderData<typeof loader>();
  const [form, fields, focus] = useValidatedForm(issueTermoFormSchema, useIntentResult("emitir"), {
    prazo_castracao: castration?.agendadaPara ?? "",
  });
  return (
    <section className="application__section" aria-labelledby="emitir">
      <h2 id="emitir" className="application__subtitle">
        Emitir o termo
      </h2>
      <p>
        O termo sai do seu <Link to="/meus-pets/termo">modelo de termo de adoção</Link>, com os dados de {pet.nome} como
        estão hoje. Quem adota recebe um e-mail para ler e assinar; depois, você assina também.
      </p>
      <ValidatedForm form={form} focus={focus} action="?acao=emitir" className="panel">
        <FormError id={form.errorId} errors={form.errors} />
        {castration && !castration.castrado ? (
          <TextField
            meta={fields.prazo_castracao}
            label="Prazo para a castração"
            type="date"
            hint={`${pet.nome} ainda não é castrado(a): quem adota se compromete a castrá-lo(a) até esta data.`}
          />
        ) : null}
        <button type="submit" className="button panel__submit">
          Emitir o termo
        </button>
      </ValidatedForm>
    </section>
  );
}

/** The reader's signature: the adopter's with their CPF and address, the caretaker's with their name. */
function SignatureForm() {
  const { termo, party } = useLoaderData<typeof loader>();
  const adopter = party === "adotante";
  const schema = adopter ? adopterSignatureFormSchema : caretakerSignatureFormSchema;
  const [form, fields, focus] = useValidatedForm(schema, useIntentResult("assinar"), {
    texto_sha256: termo!.textoSha256,
  });
  // The adopter's form has these too (the caretaker's does not render them).
  const adopterFields = fields as unknown as Record<"cpf" | "endereco" | "cep", typeof fields.nome_completo>;
  return (
    <section className="application__section" aria-labelledby="assinar">
      <h2 id="assinar" className="application__subtitle">
        Assinar o termo
      </h2>
      <p>
        {adopter
          ? "Seus dados entram no texto nos lugares marcados. Só você e quem cuida do animal veem o seu CPF e o seu endereço, que ficam guardados com criptografia."
          : "Quem adota já assinou. Ao assinar também, você conclui a adoção: o animal passa a constar como adotado."}
      </p>
      <ValidatedForm form={form} focus={focus} action="?acao=assinar" className="panel">
        <FormError id={form.errorId} errors={form.errors} />
        <input type="hidden" name={fields.texto_sha256.name} value={termo!.textoSha256} />
        <TextField meta={fields.nome_completo} label="Nome completo" autoComplete="name" maxLength={SIGNER_NAME_MAX} />
        {adopter ? (
          <>
            <TextField
              meta={adopterFields.cpf}
              label="CPF"
              inputMode="numeric"
              placeholder="000.000.000-00"
              maxLength={14}
            />
            <TextField
              meta={adopterFields.endereco}
              label="Endereço completo"
              hint="Rua, número, complemento, bairro, cidade e estado."
              autoComplete="street-address"
              maxLength={ADDRESS_MAX}
            />
            <TextField
              meta={adopterFields.cep}
              label="CEP"
              inputMode="numeric"
              placeholder="00000-000"
              autoComplete="postal-code"
              maxLength={9}
            />
          </>
        ) : null}
        <ChoiceGroup meta={fields.concordo} legend="Concordância" options={[["on", "Li e concordo"]]} />
        <button type="submit" className="button panel__submit">
          Assinar o termo
        </button>
      </ValidatedForm>
    </section>
  );
}

function Signatures() {
  const { termo } = useLoaderData<typeof loader>();
  return (
    <section className="application__section" aria-labelledby="assinaturas">
      <h2 id="assinaturas" className="application__subtitle">
        Assinaturas
      </h2>
      <ul className="termo-evidence">
        {termo!.assinaturas.map((signature) => (
          <li key={signature.parte}>
            <strong>
              {signature.parte}: {signature.nome}
            </strong>
            Assinado em {signature.em} (horário de Brasília)
            <br />
            Endereço IP: {signature.ip}
            <br />
            Navegador: {signature.navegador}
            <br />
            <span className="termo-hash">SHA-256 do texto assinado: {signature.hash}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Download() {
  const { termo, pet } = useLoaderData<typeof loader>();
  return (
    <section className="application__section" aria-labelledby="baixar">
      <h2 id="baixar" className="application__subtitle">
        Termo assinado
      </h2>
      <p>
        A adoção de {pet.nome} está concluída. Código de verificação: <strong>{termo!.codigo}</strong>
      </p>
      <div className="termo-download">
        <a className="button" href={termo!.pdf!} download>
          Baixar o termo assinado (PDF)
        </a>
        <a href={`/adopet/pets/${pet.id}/saude.pdf`} download>
          Baixar a carteira de saúde de {pet.nome} (PDF)
        </a>
        <Link to="/termos/verificar">Como verificar um termo</Link>
      </div>
    </section>
  );
}
