import { useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";

/**
 * Every form's behaviour, as the specification sets it: validate on submit,
 * revalidate as the user types, focus the first error (Conform's default),
 * with the same Zod schema the server uses.
 */
export function useValidatedForm<Schema extends z.ZodObject>(
  schema: Schema,
  lastResult: SubmissionResult<string[]> | null | undefined,
  defaultValue?: Record<string, string>,
) {
  return useForm<z.input<Schema>>({
    lastResult,
    defaultValue: defaultValue as never,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }) as never,
  });
}
