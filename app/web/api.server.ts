import type { z } from "zod";
import type { Failure } from "~/services/outcome.server";
import { IMAGE_MAX_BYTES } from "~/validation/fields";
import { MESSAGES } from "~/validation/messages";
import { BodyError, readJson, type JsonLimits } from "./body.server";
import { failureField, failureHeaders, failureStatus, failureText, type FieldNames } from "./failures.server";

/** JSON answers of the public API: field errors as `{ errors: { campo: [mensagens] } }`. */
export type FieldErrors = Record<string, string[]>;

/** The API's error body; `extra` adds fields beside the message (a conflict's `candidatura_id`). */
export function apiError(
  status: number,
  message: string,
  errors?: FieldErrors,
  headers?: Record<string, string>,
  extra?: Record<string, unknown>,
): Response {
  return Response.json(
    { message, ...(errors ? { errors } : {}), ...extra },
    { status, headers: { "Cache-Control": "no-store", ...headers } },
  );
}

function fieldErrors(error: z.ZodError): FieldErrors {
  // No prototype: a client may send fields named "constructor" or "__proto__".
  const errors: FieldErrors = Object.create(null) as FieldErrors;
  const wrongType = new Set<string>();
  for (const issue of error.issues) {
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) (errors[[...issue.path, key].join(".")] ??= []).push("Campo desconhecido.");
      continue;
    }
    const field = issue.path.length > 0 ? issue.path.join(".") : "formulario";
    // A value of the wrong type gets that one message, not every rule it also breaks.
    if (wrongType.has(field)) continue;
    if (issue.code === "invalid_type") {
      wrongType.add(field);
      errors[field] = [issue.message];
      continue;
    }
    (errors[field] ??= []).push(issue.message);
  }
  return errors;
}

export const validationFailed = (error: z.ZodError) => apiError(400, "Dados inválidos.", fieldErrors(error));

/** Turns a refused body into its answer; anything else is rethrown. */
export function bodyErrorResponse(error: unknown) {
  if (error instanceof BodyError) return apiError(error.status, error.message);
  throw error;
}

/**
 * The API's adapter: a service's failure as `{message, errors}` with its status (and
 * Retry-After for a limit); a failure about one field lists it in `errors`, by the name
 * the body gives it (`fields`, e.g. `{ photo: "foto__upload" }`).
 */
export function apiFailure(
  failure: Failure,
  { fields, extra }: { fields?: FieldNames; extra?: Record<string, unknown> } = {},
): Response {
  const field = failureField(failure, fields);
  const message = failureText(failure, field);
  return apiError(
    failureStatus(failure, "api"),
    message,
    field ? { [field]: [message] } : undefined,
    failureHeaders(failure),
    extra,
  );
}

export const methodNotAllowed = (allowed: string) =>
  apiError(405, "Método não permitido.", undefined, { Allow: allowed });

/** A failed form submission (multipart API calls) as the API's 400. */
export function submissionFailed(error: Record<string, string[] | null> | null | undefined) {
  // No prototype: a client may send fields named "constructor" or "__proto__".
  const errors: FieldErrors = Object.create(null) as FieldErrors;
  for (const [field, messages] of Object.entries(error ?? {})) {
    if (messages?.length) errors[field || "formulario"] = messages;
  }
  return apiError(400, "Dados inválidos.", errors);
}

/** Reads a JSON body (size-capped) and validates it; a refusal comes back as the ready answer. */
export async function parseJsonBody<Schema extends z.ZodType>(
  request: Request,
  schema: Schema,
  limits?: JsonLimits,
): Promise<{ ok: true; data: z.output<Schema> } | { ok: false; response: ReturnType<typeof apiError> }> {
  let body: unknown;
  try {
    body = await readJson(request, limits);
  } catch (error) {
    return { ok: false, response: bodyErrorResponse(error) };
  }
  const parsed = schema.safeParse(body);
  return parsed.success ? { ok: true, data: parsed.data } : { ok: false, response: validationFailed(parsed.error) };
}

/**
 * A picture sent in a JSON body (`field`): the bytes of a `data:image/png|jpeg;base64,…` URL,
 * null to take it off, undefined when absent; a 400 for anything else, a 413 past IMAGE_MAX_BYTES.
 * The content is checked again when the image is decoded.
 */
export function imageFromDataUrl(
  value: string | null | undefined,
  field: string,
): { ok: true; image: Buffer | null | undefined } | { ok: false; response: Response } {
  if (value === null || value === undefined) return { ok: true, image: value };
  const match = /^data:image\/(?:png|jpe?g);base64,([A-Za-z0-9+/=\s]+)$/.exec(value);
  if (!match) return { ok: false, response: apiError(400, MESSAGES.foto.type, { [field]: [MESSAGES.foto.type] }) };
  const image = Buffer.from(match[1]!, "base64");
  if (image.length > IMAGE_MAX_BYTES) {
    return { ok: false, response: apiError(413, MESSAGES.foto.size, { [field]: [MESSAGES.foto.size] }) };
  }
  return { ok: true, image };
}
