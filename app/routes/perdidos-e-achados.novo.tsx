import { redirect, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/perdidos-e-achados.novo";
import { CityField } from "~/components/city-field";
import { AnimalFeatureFields } from "~/components/animal-features";
import { FileChoice } from "~/components/file-choice";
import { PointPicker } from "~/components/point-map";
import { ChoiceGroup, FormError, TextAreaField, TextField, ValidatedForm } from "~/components/form-fields";
import { useValidatedForm } from "~/components/use-validated-form";
import { createReport } from "~/domain/lost-found/reports.server";
import { dayInBrasilia } from "~/lib/dates";
import { REPORT_PHOTOS_MAX } from "~/lib/lost-found";
import { pageMeta } from "~/lib/meta";
import { reportFormSchema } from "~/validation/lost-found";
import { requiredCity } from "~/validation/fields";
import { requireUser } from "~/web/auth.server";
import { formFailure, parseForm, submitFormOnce } from "~/web/forms.server";
import { IMAGE_MAX_BYTES } from "~/validation/fields";
import { PET_MESSAGES } from "~/validation/pets";
import { bytesOf } from "~/web/body.server";
import { setNotice } from "~/web/notices.server";

/**
 * `/perdidos-e-achados/novo` (issue 47): a signed-in person reports a lost or found animal, with
 * its photos and where it was lost or seen (the city and the neighbourhood, never an address).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context.db);
  return { hoje: dayInBrasilia(new Date()), mapa: context.mapTiles ?? null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context.db);
  const form = await parseForm(request, reportFormSchema, {
    maxFiles: REPORT_PHOTOS_MAX,
    maxFileSize: IMAGE_MAX_BYTES,
    fileTooLarge: PET_MESSAGES.fotos.size,
    hideFields: ["fotos"],
  });
  if (!form.ok) return form.response;
  const { fotos, ...input } = form.value;
  // Published once, however many times the button is tapped (issue 63).
  return submitFormOnce(context.db, user.id, request, async () => {
    const made = await createReport(context.db, context.jobs, user.id, requiredCity(input), await bytesOf(fotos));
    if (!made.ok) return formFailure(form, made.failure);
    return redirect(`/perdidos-e-achados/${made.value}`, {
      headers: { "Set-Cookie": await setNotice("reportPublished") },
    });
  });
}

export function meta() {
  return pageMeta(
    "Anunciar um animal perdido ou encontrado | Adopet",
    "Anuncie um animal perdido ou encontrado na Adopet.",
  );
}

const FIELD_ORDER = [
  "tipo",
  "especie",
  "porte",
  "sexo",
  "cores",
  "nome",
  "data",
  "cidade",
  "bairro",
  "latitude",
  "longitude",
  "descricao",
  "fotos",
];

export default function NewReport() {
  const { hoje, mapa } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields, focus] = useValidatedForm(
    reportFormSchema,
    lastResult,
    { tipo: "perdido", data: hoje },
    FIELD_ORDER,
  );
  return (
    <section className="profile">
      <h1 className="profile__title">Anunciar um animal perdido ou encontrado</h1>
      <ValidatedForm form={form} focus={focus} encType="multipart/form-data" className="panel" aria-label="Anúncio">
        <FormError id={form.errorId} errors={form.errors} />
        <ChoiceGroup
          meta={fields.tipo}
          legend="O animal"
          type="radio"
          options={[
            ["perdido", "Está perdido (é meu, ou de quem eu conheço)"],
            ["encontrado", "Foi encontrado (eu o vi ou acolhi)"],
          ]}
        />
        <AnimalFeatureFields especie={fields.especie} porte={fields.porte} sexo={fields.sexo} cores={fields.cores} />
        <TextField meta={fields.nome} label="Nome do animal (só se está perdido)" maxLength={60} />
        <TextField meta={fields.data} label="Dia em que se perdeu ou foi encontrado" type="date" />
        <CityField meta={fields.cidade} label="Cidade" hint="Como Niterói (RJ): escolha uma das sugestões." />
        <TextField
          meta={fields.bairro}
          label="Bairro (opcional)"
          hint="Só o bairro: nunca o endereço."
          maxLength={60}
        />
        <PointPicker
          latitude={fields.latitude}
          longitude={fields.longitude}
          cityInputId={fields.cidade.id}
          tiles={mapa}
        />
        <TextAreaField
          meta={fields.descricao}
          label="Descrição (opcional): coleira, marcas, como aconteceu"
          maxLength={1000}
        />
        <FileChoice
          name="fotos"
          label={`Fotos do animal (de 1 a ${REPORT_PHOTOS_MAX}): elas são comparadas com as dos outros anúncios`}
          button="Escolher fotos"
          empty="Nenhuma foto escolhida"
          accept="image/jpeg,image/png,image/webp"
          multiple
          error={fields.fotos.errors?.[0] ?? null}
        />
        <button type="submit" className="button panel__submit">
          Publicar anúncio
        </button>
      </ValidatedForm>
    </section>
  );
}
