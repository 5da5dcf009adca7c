import { useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";

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
  defaultValue?: Record<string, string>,
  fieldOrder: readonly string[] = Object.keys(schema.shape),
) {
  const [form, fields] = useForm<z.input<Schema>>({
    lastResult,
    defaultValue: defaultValue as never,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }) as never,
  });
  return [form, fields, firstError(lastResult, fieldOrder)] as const;
}

/**
 * The field to focus in a refused form: the first one, in the page's order, with an
 * error (an error of a list's item, `fotos[1]`, counts as the list's); "" for the
 * form's own message when no field has one; undefined when nothing was refused.
 */
export function firstError(
  result: SubmissionResult<string[]> | null | undefined,
  fieldOrder: readonly string[],
): string | undefined {
  if (result?.status !== "error" || !result.error) return undefined;
  const invalid = Object.entries(result.error)
    .filter(([, errors]) => errors && errors.length > 0)
    .map(([name]) => name);
  const field = fieldOrder.find((name) =>
    invalid.some((key) => key === name || key.startsWith(`${name}[`) || key.startsWith(`${name}.`)),
  );
  if (field) return field;
  return invalid.includes("") ? "" : undefined;
}
