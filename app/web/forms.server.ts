import type { Submission, SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { z } from "zod";
import type { Db } from "~/db/client.server";
import { confirmOwnPassword } from "~/services/login.server";
import { limitedErrorText, retryText, type RateLimitedError } from "~/services/rate-limits.server";
import { SENHA_MESSAGES } from "~/validation/accounts";
import { BodyError, readForm } from "./body.server";

type Options = {
  /** Fields never sent back to the browser (passwords). */
  hideFields?: string[];
  maxFiles?: number;
};

type Reply = (errors: { fieldErrors?: Record<string, string[]>; formErrors?: string[] }) => SubmissionResult<string[]>;

type Parsed<Output> =
  | {
      ok: true;
      value: Output;
      reply: Reply;
    }
  | { ok: false; response: ReturnType<typeof data<SubmissionResult<string[]>>> };

/**
 * Reads and validates a form post with the same schema the browser used.
 * On failure, the answer is ready: Conform's reply with status 400 (or 413 for
 * a body too large), which the page shows under each field.
 */
export async function parseForm<Schema extends z.ZodType>(
  request: Request,
  schema: Schema,
  { hideFields, maxFiles = 0 }: Options = {},
): Promise<Parsed<z.output<Schema>>> {
  let formData: FormData;
  try {
    formData = await readForm(request, { maxFiles });
  } catch (error) {
    if (!(error instanceof BodyError)) throw error;
    return { ok: false, response: formError(error.message, error.status) };
  }
  const submission = parseWithZod(formData, { schema }) as Submission<unknown, string[], z.output<Schema>>;
  if (submission.status !== "success") {
    return { ok: false, response: data(submission.reply({ hideFields }), { status: 400 }) };
  }
  return {
    ok: true,
    value: submission.value,
    reply: (errors) => submission.reply({ ...errors, hideFields }),
  };
}

/** A reply carrying one message about the whole form. */
export function formError(message: string, status: number, headers?: HeadersInit) {
  const result: SubmissionResult<string[]> = { status: "error", error: { "": [message] } };
  return data(result, { status, headers });
}

/** The reply to a form whose attempts are used up for now (429, with Retry-After). */
function tooManyAttempts(retryAfterSeconds: number) {
  return formError(`Muitas tentativas. ${retryText(retryAfterSeconds)}`, 429, {
    "Retry-After": String(retryAfterSeconds),
  });
}

/** A limit reached (RateLimitedError) as a form's 429, with Retry-After. */
export function limitedFormReply(error: RateLimitedError) {
  return formError(limitedErrorText(error), 429, { "Retry-After": String(error.retryAfterSeconds) });
}

/**
 * Confirms the signed-in person's current password (the form's `senha__atual`) before a
 * sensitive change: null when it is right, otherwise the form's answer (400, or 429 once
 * the account's attempts are used up).
 */
export async function currentPasswordRefusal(
  db: Db,
  user: { id: string; sessionKey: string },
  form: { value: { senha__atual: string }; reply: Reply },
) {
  const check = await confirmOwnPassword(db, user, form.value.senha__atual);
  if (check.ok) return null;
  if (check.limited) return tooManyAttempts(check.retryAfterSeconds);
  return data(form.reply({ fieldErrors: { senha__atual: [SENHA_MESSAGES.currentWrong] } }), { status: 400 });
}
