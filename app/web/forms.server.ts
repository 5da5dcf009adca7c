import { createHash } from "node:crypto";
import type { Submission, SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { z } from "zod";
import type { Db } from "~/db/client.server";
import type { Failure } from "~/services/outcome.server";
import { submitOnce } from "~/services/submission-keys.server";
import { BodyError, readForm, submissionKeyOf } from "./body.server";
import { failureField, failureHeaders, failureStatus, failureText, type FieldNames } from "./failures.server";

type Options = {
  /** Fields never sent back to the browser (passwords). */
  hideFields?: string[];
  maxFiles?: number;
  /** Each file's bytes at most, and what a larger one is told (a photo's 5 MB by default). */
  maxFileSize?: number;
  fileTooLarge?: string;
  /** Fields at most, for a form of many (readForm's default is small). */
  maxParts?: number;
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
  { hideFields, maxFiles = 0, maxParts, maxFileSize, fileTooLarge }: Options = {},
): Promise<Parsed<z.output<Schema>>> {
  let formData: FormData;
  try {
    formData = await readForm(request, {
      maxFiles,
      ...(maxParts && { maxParts }),
      ...(maxFileSize && { maxFileSize }),
      ...(fileTooLarge && { fileTooLarge }),
    });
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
function formError(message: string, status: number) {
  const result: SubmissionResult<string[]> = { status: "error", error: { "": [message] } };
  return data(result, { status });
}

/**
 * The pages' adapter: a service's failure as the form's reply, with its status (and
 * Retry-After for a limit). A refused input is shown under its field, anything else above
 * the form. `fields` names the services' fields as this form does (`{ photo: "foto" }`);
 * `extra` goes along in the reply (the pets to choose from).
 */
export function formFailure<Extra extends object = object>(
  form: { reply: Reply },
  failure: Failure,
  { fields, extra }: { fields?: FieldNames; extra?: Extra } = {},
) {
  const field = failure.kind === "invalid" || failure.kind === "conflict" ? failureField(failure, fields) : undefined;
  const text = failureText(failure, field);
  const reply = form.reply(field ? { fieldErrors: { [field]: [text] } } : { formErrors: [text] });
  return data(extra ? { ...reply, ...extra } : reply, {
    status: failureStatus(failure, "page"),
    headers: failureHeaders(failure),
  });
}

/** A failure of a page's action that has no form to show it (a button): thrown, for the error page. */
export function pageFailure(failure: Failure, { fields }: { fields?: FieldNames } = {}) {
  return data(failureText(failure, failureField(failure, fields)), {
    status: failureStatus(failure, "page"),
    headers: failureHeaders(failure),
  });
}

/** A page's key as kept: the form's own, with the form it was sent to (a page may have several). */
const PAGE_KEY = /^[A-Za-z0-9-]{8,60}$/;

/**
 * A form that makes something, made once per the key it carried (readForm took it): a double tap,
 * or the same form sent again, gets the first one's answer (its redirect) and makes nothing more.
 * Call it after reading the form. A form with no key (an old page, a script) is made as it is.
 */
export async function submitFormOnce<T>(
  db: Db,
  userId: string,
  request: Request,
  work: () => Promise<T>,
): Promise<T | Response> {
  const key = submissionKeyOf(request);
  if (key === null || !PAGE_KEY.test(key)) return work();
  const url = new URL(request.url);
  const pedido = `POST ${url.pathname.replace(/\.data$/, "")}${url.search}`;
  const form = createHash("sha256").update(pedido).digest("base64url").slice(0, 32);
  const outcome = await submitOnce(db, { userId, key: `${key}@${form}`, request: pedido }, work);
  if (outcome.kind === "answered") return outcome.response;
  throw data("Este envio ainda está sendo processado. Aguarde um instante e confira se ele foi salvo.", {
    status: 409,
  });
}
