import { data, redirect, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/perdidos-e-achados.emergencias.nova";
import { FormError, TextAreaField, TextField, ValidatedForm } from "~/components/form-fields";
import { useValidatedForm } from "~/components/use-validated-form";
import { openEmergency } from "~/domain/lost-found/emergencies.server";
import { dayInBrasilia } from "~/lib/dates";
import { EMERGENCY_CITIES_MAX } from "~/lib/lost-found";
import { pageMeta } from "~/lib/meta";
import { EMERGENCY_FORM_MESSAGES, emergencyFormSchema } from "~/validation/emergency-forms";
import { requireOperator } from "~/web/auth.server";
import { formFailure, parseForm } from "~/web/forms.server";
import { setNotice } from "~/web/notices.server";

/**
 * `/perdidos-e-achados/emergencias/nova` (issue 47), operators only (404 for anyone else): an
 * emergency opened for an area and days, as `POST /api/emergencias` does, for whoever has no API.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOperator(request, context.db);
  return { hoje: dayInBrasilia(new Date()) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireOperator(request, context.db);
  const form = await parseForm(request, emergencyFormSchema);
  if (!form.ok) return form.response;
  const opened = await openEmergency(context.db, user, form.value);
  if (!opened.ok) {
    const { failure } = opened;
    // The service names the city by its line; the page says which one it was.
    const city = failure.kind === "invalid" && failure.reason === "unknown-city" && failure.item !== undefined;
    if (city) {
      const text = EMERGENCY_FORM_MESSAGES.cidadeDesconhecida(form.value.cidades[failure.item!] ?? "");
      return data(form.reply({ fieldErrors: { cidades: [text] } }), { status: 400 });
    }
    return formFailure(form, failure);
  }
  return redirect(`/perdidos-e-achados?emergencia=${opened.value}`, {
    headers: { "Set-Cookie": await setNotice("emergencyOpened") },
  });
}

export function meta() {
  return [
    ...pageMeta("Abrir uma emergência | Adopet", "Área dos operadores da Adopet."),
    { name: "robots", content: "noindex" },
  ];
}

export default function NewEmergency() {
  const { hoje } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields, focus] = useValidatedForm(emergencyFormSchema, lastResult, { inicio: hoje });
  return (
    <section className="profile">
      <h1 className="profile__title">Abrir uma emergência</h1>
      <p>
        Numa enchente ou num desastre, os abrigos da área registram os animais que acolheram, e as famílias os encontram
        num só lugar.
      </p>
      <ValidatedForm form={form} focus={focus} className="panel" aria-label="Emergência">
        <FormError id={form.errorId} errors={form.errors} />
        <TextField
          meta={fields.nome}
          label="Nome da emergência"
          hint="Como Enchentes no Rio Grande do Sul."
          maxLength={80}
        />
        <TextAreaField
          meta={fields.cidades}
          label={`Cidades da área (uma por linha, até ${EMERGENCY_CITIES_MAX}), como Porto Alegre (RS)`}
          rows={6}
        />
        <TextField meta={fields.inicio} label="Primeiro dia" type="date" />
        <TextField
          meta={fields.fim}
          label="Último dia (opcional)"
          type="date"
          hint="Deixe em branco se ainda não se sabe."
        />
        <button type="submit" className="button panel__submit">
          Abrir emergência
        </button>
      </ValidatedForm>
    </section>
  );
}
