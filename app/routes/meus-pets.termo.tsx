import type { SubmissionResult } from "@conform-to/react";
import { data, Link, redirect, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/meus-pets.termo";
import { FormError, TextAreaField, ValidatedForm } from "~/components/form-fields";
import { TermoText } from "~/components/termo-text";
import { SignedTermos } from "~/components/signed-termos";
import { signedTermosOnPage } from "~/web/termos.server";
import { useValidatedForm } from "~/components/use-validated-form";
import { getTemplate, saveTemplate } from "~/domain/termos/termos.server";
import { pageMeta } from "~/lib/meta";
import { DEFAULT_TERMO, fillPlaceholders, normalizeText, PLACEHOLDERS, SAMPLE_VALUES, TERMO_MAX } from "~/lib/termos";
import { checkinDaysFormSchema, termoTemplateFormSchema } from "~/validation/termos";
import { getCheckinDays, saveCheckinDays } from "~/domain/termos/followups.server";
import { TextField } from "~/components/form-fields";
import { requireUser } from "~/web/auth.server";
import { parseForm } from "~/web/forms.server";
import { setNotice } from "~/web/notices.server";
import { organizationToSave, settingsOrganization } from "~/web/settings-organization.server";
import { settingsPath } from "~/lib/organizations";
import { OrganizationPicker } from "~/components/organization-picker";

/** The preview: the text with sample data in every placeholder. */
const preview = (texto: string) => normalizeText(fillPlaceholders(texto, SAMPLE_VALUES));

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context.db);
  const organization = await settingsOrganization(context.db, user.id, request);
  const [texto, dias, termosAssinados] = await Promise.all([
    getTemplate(context.db, organization.id),
    getCheckinDays(context.db, organization.id),
    signedTermosOnPage(context.db, user.id),
  ]);
  return {
    texto,
    padrao: texto === DEFAULT_TERMO,
    previa: preview(texto),
    dias: dias.join(", "),
    termosAssinados,
    organization,
  };
}

/**
 * Saves the template (`salvar`), or shows the draft with sample data without saving it
 * (`previa`). Either way the text is checked: a placeholder not on the list is refused.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context.db);
  const organization = await settingsOrganization(context.db, user.id, request);
  const intent = new URL(request.url).searchParams.get("acao");
  const saved = async (notice: "checkinDaysSaved" | "termoTemplateSaved") =>
    redirect(settingsPath("/meus-pets/termo", organization), { headers: { "Set-Cookie": await setNotice(notice) } });
  if (intent === "dias") {
    const days = await parseForm(request, checkinDaysFormSchema);
    if (!days.ok)
      return data({ dias: days.response.data, result: undefined, previa: null }, days.response.init ?? { status: 400 });
    await saveCheckinDays(
      context.db,
      user.id,
      await organizationToSave(context.db, user.id, organization),
      days.value.dias,
    );
    return saved("checkinDaysSaved");
  }
  const form = await parseForm(request, termoTemplateFormSchema);
  if (!form.ok)
    return data({ result: form.response.data, previa: null, dias: undefined }, form.response.init ?? { status: 400 });
  if (intent === "previa") return { result: form.reply({}), previa: preview(form.value.texto), dias: undefined };
  await saveTemplate(
    context.db,
    user.id,
    await organizationToSave(context.db, user.id, organization),
    form.value.texto,
  );
  return saved("termoTemplateSaved");
}

export function meta() {
  return pageMeta("Termo de adoção | Adopet", "O modelo do seu termo de adoção.");
}

/** Another organisation chosen: its forms start afresh from its own text and days. */
export default function TermoTemplatePage() {
  const loaded = useLoaderData<typeof loader>();
  return <TermoTemplate key={loaded.organization.id ?? ""} />;
}

function TermoTemplate() {
  const loaded = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const [form, fields, focus] = useValidatedForm(termoTemplateFormSchema, answer?.result, { texto: loaded.texto });
  const previa = answer?.previa ?? loaded.previa;
  return (
    <section className="questionnaire">
      <h1 className="questionnaire__title">Termo de adoção</h1>
      <OrganizationPicker page={loaded.organization} />
      <p className="questionnaire__lead">
        Quando você aprova uma candidatura, emite o termo a partir deste modelo: quem adota lê, informa CPF e endereço e
        assina; depois você assina também. Mudar o modelo não muda os termos já emitidos.
        {loaded.padrao ? " Este é o modelo padrão da Adopet: adapte-o ao seu jeito de trabalhar." : null}
      </p>
      <details className="termo-placeholders">
        <summary>Campos que o termo preenche sozinho</summary>
        <dl>
          {Object.entries(PLACEHOLDERS).map(([name, description]) => (
            <div key={name} className="answers__item">
              <dt>
                <code>{`{${name}}`}</code>
              </dt>
              <dd>{description}</dd>
            </div>
          ))}
        </dl>
      </details>
      <ValidatedForm
        form={form}
        focus={focus}
        action={settingsPath("", loaded.organization, { acao: "salvar" })}
        className="panel"
      >
        <FormError id={form.errorId} errors={form.errors} />
        <TextAreaField meta={fields.texto} label="Texto do termo" rows={24} maxLength={TERMO_MAX} />
        <div className="termo-actions">
          <button type="submit" className="button panel__submit">
            Salvar o modelo
          </button>
          <button
            type="submit"
            formAction={settingsPath("", loaded.organization, { acao: "previa" })}
            className="my-pet__action"
          >
            Pré-visualizar
          </button>
        </div>
      </ValidatedForm>
      <CheckinDays />
      <section className="application__section" aria-labelledby="previa">
        <h2 id="previa" className="application__subtitle">
          Pré-visualização, com dados de exemplo
        </h2>
        <TermoText texto={previa} label="Pré-visualização do termo" />
      </section>
      <SignedTermos termos={loaded.termosAssinados} />
      <p className="application__back">
        <Link to="/meus-pets">Voltar para Meus pets</Link>
      </p>
    </section>
  );
}

/** The days after an adoption the adopter is asked for news. */
function CheckinDays() {
  const loaded = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as { dias?: SubmissionResult<string[]> } | undefined;
  const [form, fields, focus] = useValidatedForm(checkinDaysFormSchema, answer?.dias, { dias: loaded.dias });
  return (
    <section className="application__section" aria-labelledby="acompanhamento">
      <h2 id="acompanhamento" className="application__subtitle">
        Acompanhamento depois da adoção
      </h2>
      <p>
        Nestes dias depois da adoção, quem adotou recebe um e-mail “Como está o animal?” para contar como ele está, com
        fotos. Se ficar sem resposta por 7 dias, avisamos você.
      </p>
      <ValidatedForm
        form={form}
        focus={focus}
        action={settingsPath("", loaded.organization, { acao: "dias" })}
        className="panel"
      >
        <FormError id={form.errorId} errors={form.errors} />
        <TextField meta={fields.dias} label="Dias do acompanhamento" hint="Separados por vírgula, como 7, 30, 90." />
        <button type="submit" className="button panel__submit">
          Salvar os dias
        </button>
      </ValidatedForm>
    </section>
  );
}
