import { getInputProps, getSelectProps, type SubmissionResult } from "@conform-to/react";
import { AGE_UNITS, SIZE_LABEL, SIZES, SPECIES, SPECIES_LABEL, UFS } from "~/lib/pets";
import { MAX_PET_PHOTOS, petCreateSchema, petEditSchema } from "~/validation/pets";
import { FormError, TextAreaField, TextField, useErrorFocus, ValidatedForm } from "./form-fields";
import { useValidatedForm } from "./use-validated-form";

export type PetFormValues = {
  nome: string;
  especie: string;
  idade: string;
  idade__unidade: string;
  porte: string;
  perfil: string;
  cidade: string;
  uf: string;
  status: string;
};

const EMPTY: PetFormValues = {
  nome: "",
  especie: "",
  idade: "",
  idade__unidade: "anos",
  porte: "",
  perfil: "",
  cidade: "",
  uf: "",
  status: "disponivel",
};

function SelectField({
  meta,
  label,
  options,
  placeholder,
}: {
  meta: Parameters<typeof getSelectProps>[0];
  label: string;
  options: [string, string][];
  placeholder?: string;
}) {
  const focus = useErrorFocus(meta.name);
  return (
    <div className="field">
      <label className="field__label" htmlFor={meta.id}>
        {label}
      </label>
      <select className="field__control" {...getSelectProps(meta)} required={false} {...focus}>
        {placeholder ? <option value="">{placeholder}</option> : null}
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
      <p id={meta.errorId} className="field__error" aria-live="polite">
        {meta.errors?.[0] ?? ""}
      </p>
    </div>
  );
}

/** The form to publish or edit a pet; the same fields and rules as the API. */
export function PetForm({
  mode,
  lastResult,
  defaultValue = EMPTY,
}: {
  mode: "create" | "edit";
  lastResult: SubmissionResult<string[]> | undefined;
  defaultValue?: PetFormValues;
}) {
  const schema = mode === "create" ? petCreateSchema : petEditSchema;
  const [form, fields, focus] = useValidatedForm(schema, lastResult, defaultValue);
  return (
    <ValidatedForm form={form} focus={focus} encType="multipart/form-data" className="panel pet-form">
      <FormError id={form.errorId} errors={form.errors} />
      <TextField meta={fields.nome} label="Nome do animal" placeholder="Como ele se chama?" />
      <SelectField
        meta={fields.especie}
        label="Espécie"
        placeholder="Escolha"
        options={SPECIES.map((value) => [value, SPECIES_LABEL[value]])}
      />
      <div className="pet-form__age">
        <TextField meta={fields.idade} label="Idade" type="text" />
        <SelectField meta={fields.idade__unidade} label="Unidade" options={AGE_UNITS.map((unit) => [unit, unit])} />
      </div>
      <SelectField
        meta={fields.porte}
        label="Porte"
        placeholder="Escolha"
        options={SIZES.map((value) => [value, SIZE_LABEL[value]])}
      />
      <TextAreaField meta={fields.perfil} label="Perfil" placeholder="Como ele é? Calmo, brincalhão…" maxLength={300} />
      <div className="pet-form__place">
        <TextField meta={fields.cidade} label="Cidade" autoComplete="address-level2" />
        <SelectField meta={fields.uf} label="Estado (UF)" placeholder="UF" options={UFS.map((uf) => [uf, uf])} />
      </div>
      <SelectField
        meta={fields.status}
        label="Situação"
        options={[
          ["disponivel", "Disponível para adoção"],
          ["adotado", "Adotado"],
        ]}
      />
      <PhotosField meta={fields.fotos} mode={mode} />
      <button type="submit" className="button panel__submit">
        {mode === "create" ? "Publicar" : "Salvar"}
      </button>
    </ValidatedForm>
  );
}

function PhotosField({ meta, mode }: { meta: Parameters<typeof getInputProps>[0]; mode: "create" | "edit" }) {
  const focus = useErrorFocus(meta.name);
  return (
    <div className="field">
      <label className="field__label" htmlFor={meta.id}>
        {mode === "create"
          ? `Fotos (de 1 a ${MAX_PET_PHOTOS})`
          : `Novas fotos (substituem as atuais; até ${MAX_PET_PHOTOS})`}
      </label>
      <input
        className="field__control"
        {...getInputProps(meta, { type: "file" })}
        multiple
        accept=".jpeg,.jpg,.png,.webp,image/jpeg,image/png,image/webp"
        required={false}
        {...focus}
      />
      <p id={meta.errorId} className="field__error" aria-live="polite">
        {meta.errors?.[0] ?? ""}
      </p>
    </div>
  );
}
