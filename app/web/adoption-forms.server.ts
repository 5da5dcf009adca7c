import { parseWithZod } from "@conform-to/zod/v4";
import { apiStorySchema, storyFormSchema } from "~/validation/happy-endings";
import { apiError, bodyErrorResponse, parseJsonBody, submissionFailed } from "./api.server";
import { isMultipart, readForm } from "./body.server";

/** What the API reads of an adoption after the termo (issue 21): the adopter's story, the castration's proof. */

type ApiRead<Value> = { ok: true; value: Value } | { ok: false; response: Response };

const photoOf = async (file: unknown) =>
  file instanceof File && file.size > 0 ? Buffer.from(await file.arrayBuffer()) : null;

/** `PUT /api/candidaturas/:id/historia`: JSON {historia}, or multipart with a photo in `foto`. */
export async function readApiStory(request: Request): Promise<ApiRead<{ historia: string; foto: Buffer | null }>> {
  if (!isMultipart(request)) {
    const parsed = await parseJsonBody(request, apiStorySchema);
    return parsed.ok ? { ok: true, value: { historia: parsed.data.historia, foto: null } } : parsed;
  }
  try {
    const submission = parseWithZod(await readForm(request, { maxFiles: 1 }), { schema: storyFormSchema });
    if (submission.status !== "success") return { ok: false, response: submissionFailed(submission.error) };
    return { ok: true, value: { historia: submission.value.historia, foto: await photoOf(submission.value.foto) } };
  } catch (error) {
    return { ok: false, response: bodyErrorResponse(error) };
  }
}

/** A request that says it carries nothing (a POST without a body still has a stream to read). */
const isEmpty = (request: Request) =>
  !request.headers.has("Transfer-Encoding") && Number(request.headers.get("Content-Length") ?? 0) === 0;

/** `POST /api/candidaturas/:id/castracao`: no body, or multipart with the certificate's photo in `comprovante`. */
export async function readApiCastration(request: Request): Promise<ApiRead<Buffer | null>> {
  if (isEmpty(request)) return { ok: true, value: null };
  if (!isMultipart(request)) {
    return {
      ok: false,
      response: apiError(
        415,
        "Envie sem corpo, ou em multipart/form-data com a foto do comprovante no campo comprovante.",
      ),
    };
  }
  try {
    return { ok: true, value: await photoOf((await readForm(request, { maxFiles: 1 })).get("comprovante")) };
  } catch (error) {
    return { ok: false, response: bodyErrorResponse(error) };
  }
}
