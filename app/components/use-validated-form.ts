import { useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useMemo } from "react";
import type { z } from "zod";
import { withoutSubmissionKey } from "~/lib/submission-keys";

/**
 * Every form's behaviour, as the specification sets it: validate on submit,
 * revalidate as the user types, focus the first error (Conform's default),
 * with the same Zod schema the server uses.
 *
 * The third value names what a page rendered with the server's refusal focuses
 * (see `ValidatedForm`): Conform focuses the first error only when a browser that
 * runs the page's scripts submits. `fieldOrder` lists the fields as the page shows
 * them, when that is not the schema's order.
 */
export function useValidatedForm<Schema extends z.ZodObject>(
  schema: Schema,
  lastResult: SubmissionResult<string[]> | null | undefined,
  // A list of fieldsets takes its items' values (`animais: [{ data }]`).
  defaultValue?: Record<string, string | string[] | Record<string, string>[]>,
  fieldOrder: readonly string[] = Object.keys(schema.shape),
) {
  // Memoised: Conform reports (and focuses) a result each time it gets a new object.
  const result = useMemo(() => (lastResult ? withItemErrorsOnLists(lastResult) : lastResult), [lastResult]);
  const [form, fields] = useForm<z.input<Schema>>({
    lastResult: result,
    defaultValue: defaultValue as never,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => {
      const submission = parseWithZod(withoutSubmissionKey(formData), { schema });
      const reply = (options?: Parameters<typeof submission.reply>[0]) =>
        withItemErrorsOnLists(submission.reply(options) as SubmissionResult<string[]>);
      return { ...submission, reply } as never;
    },
  });
  return [form, fields, firstError(result, fieldOrder)] as const;
}

/**
 * An error of one item of a list (`fotos[1]`: that photo's type or size) is also the
 * list's own, when the list has none: a page has one control for the whole list, which
 * shows its field's errors, and Conform focuses a control by its exact name.
 */
function withItemErrorsOnLists(result: SubmissionResult<string[]>): SubmissionResult<string[]> {
  if (!result.error) return result;
  const error = { ...result.error };
  for (const [name, messages] of Object.entries(result.error)) {
    const list = name.split(/[[.]/)[0] ?? name;
    if (list !== name && messages?.length && !error[list]?.length) error[list] = messages;
  }
  return { ...result, error };
}

/**
 * The field to focus in a refused form: the first one, in the page's order, with an
 * error; "" for the form's own message when no field has one; undefined when nothing
 * was refused.
 */
function firstError(
  result: SubmissionResult<string[]> | null | undefined,
  fieldOrder: readonly string[],
): string | undefined {
  if (result?.status !== "error" || !result.error) return undefined;
  const invalid = Object.entries(result.error)
    .filter(([, errors]) => errors && errors.length > 0)
    .map(([name]) => name);
  const field = fieldOrder.find((name) => invalid.includes(name));
  if (field) return field;
  return invalid.includes("") ? "" : undefined;
}
