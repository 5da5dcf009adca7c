import type { SubmissionResult } from "@conform-to/react";
import { FileChoice } from "~/components/file-choice";
import { ChoiceGroup, FormError, SelectField, ValidatedForm } from "~/components/form-fields";
import { useValidatedForm } from "~/components/use-validated-form";
import { COLOR_LABEL, COLORS } from "~/lib/lost-found";
import { SPECIES, SPECIES_LABEL } from "~/lib/pets";
import { photoSearchSchema } from "~/validation/lost-found";

/**
 * An emergency's search by photo (`/perdidos-e-achados?emergencia=`): the photo, and the species
 * and colours if the family says. Its own module, loaded only where an emergency is shown: the
 * list without one carries no form library (docs/performance.md, "Pages").
 */
export default function PhotoSearch({
  action,
  lastResult,
}: {
  action: string;
  lastResult: SubmissionResult<string[]> | null | undefined;
}) {
  const [form, fields, focus] = useValidatedForm(photoSearchSchema, lastResult, undefined, [
    "foto",
    "especie",
    "cores",
  ]);
  return (
    <ValidatedForm
      form={form}
      focus={focus}
      action={action}
      encType="multipart/form-data"
      className="panel"
      aria-labelledby="pa-busca"
    >
      <h2 id="pa-busca" className="panel__title">
        Procurar pela foto
      </h2>
      <p>Envie uma foto do seu animal: os acolhidos mais parecidos aparecem primeiro. A foto não fica guardada.</p>
      <FormError id={form.errorId} errors={form.errors} />
      <FileChoice
        name="foto"
        label="Foto do seu animal"
        button="Escolher foto"
        empty="Nenhuma foto escolhida"
        accept="image/jpeg,image/png,image/webp"
        error={fields.foto.errors?.[0] ?? null}
      />
      <SelectField
        meta={fields.especie}
        label="Espécie (opcional)"
        placeholder="Todas"
        options={SPECIES.map((especie) => [especie, SPECIES_LABEL[especie]])}
      />
      <ChoiceGroup
        meta={fields.cores}
        legend="Cores (opcional, até 3)"
        options={COLORS.map((color) => [color, COLOR_LABEL[color]])}
      />
      <button type="submit" className="button panel__submit">
        Procurar
      </button>
    </ValidatedForm>
  );
}
