import type { SubmissionResult } from "@conform-to/react";
import { UFS } from "~/lib/pets";
import { organizationSchema } from "~/validation/organizations";
import { CityField } from "./city-field";
import { FormError, SelectField, TextAreaField, TextField, ValidatedForm } from "./form-fields";
import { useValidatedForm } from "./use-validated-form";

export type OrganizationFormValues = { nome: string; cnpj: string; cidade: string; uf: string; sobre: string };

/**
 * An organisation's data (issue 43): the same form creates one and, for its administrador,
 * changes it. The city and its state go apart, as the schema (and the API) take them.
 */
export function OrganizationForm({
  title,
  titleLevel = 2,
  submitLabel,
  lastResult,
  defaultValue,
  note,
  action,
}: {
  title: string;
  /** The page's own heading when the form is the page (creating), a section's otherwise. */
  titleLevel?: 1 | 2;
  submitLabel: string;
  lastResult: SubmissionResult<string[]> | null | undefined;
  defaultValue?: OrganizationFormValues;
  /** Said above the fields (what a change of name does to the badge). */
  note?: string;
  /** Where it posts, on a page of several forms. */
  action?: string;
}) {
  const Title = titleLevel === 1 ? "h1" : "h2";
  const [form, fields, focus] = useValidatedForm(organizationSchema, lastResult, defaultValue);
  return (
    <ValidatedForm form={form} focus={focus} action={action} className="panel">
      <Title className="panel__title">{title}</Title>
      {note ? <p className="organization__note">{note}</p> : null}
      <FormError id={form.errorId} errors={form.errors} />
      <TextField meta={fields.nome} label="Nome" maxLength={80} autoComplete="organization" />
      <TextField
        meta={fields.cnpj}
        label="CNPJ (opcional)"
        placeholder="00.000.000/0000-00"
        maxLength={18}
        hint="Um grupo informal de protetores pode não ter CNPJ. Com ele, a equipe da Adopet pode verificar a organização."
      />
      <div className="organization__place">
        <CityField meta={fields.cidade} label="Cidade" ufField="uf" />
        <SelectField meta={fields.uf} label="Estado (UF)" placeholder="UF" options={UFS.map((uf) => [uf, uf])} />
      </div>
      <TextAreaField
        meta={fields.sobre}
        label="Sobre (opcional)"
        placeholder="Quem vocês são, onde atuam, como ajudar…"
        maxLength={1000}
      />
      <button type="submit" className="button panel__submit">
        {submitLabel}
      </button>
    </ValidatedForm>
  );
}
