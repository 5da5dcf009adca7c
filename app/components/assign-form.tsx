import type { SubmissionResult } from "@conform-to/react";
import { FormError, SelectField, ValidatedForm } from "~/components/form-fields";
import { useValidatedForm } from "~/components/use-validated-form";
import { assignFormSchema } from "~/validation/organizations";

/**
 * To whom in the team an application or a conversation is assigned (issue 43): the notices
 * about it go to them; nothing chosen, to the whole team.
 */
export function AssignForm({
  team,
  assigned,
  action,
  result,
}: {
  team: { id: string; nome: string }[];
  assigned: string | null;
  action: string;
  result: SubmissionResult<string[]> | undefined;
}) {
  const [form, fields, focus] = useValidatedForm(assignFormSchema, result, { atribuida_a: assigned ?? "" });
  return (
    <section className="application__section" aria-labelledby="atribuicao">
      <h2 id="atribuicao" className="application__subtitle">
        Quem responde
      </h2>
      <ValidatedForm form={form} focus={focus} action={action} className="panel">
        <FormError id={form.errorId} errors={form.errors} />
        <SelectField
          meta={fields.atribuida_a}
          label="Atribuída a"
          placeholder="Toda a equipe"
          options={team.map((member): [string, string] => [member.id, member.nome])}
        />
        <button type="submit" className="button panel__submit">
          Atribuir
        </button>
      </ValidatedForm>
    </section>
  );
}
