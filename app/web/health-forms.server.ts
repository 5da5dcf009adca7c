import { parseWithZod } from "@conform-to/zod/v4";
import { HEALTH_FILE_MAX_BYTES, HEALTH_FILES_MAX, HEALTH_MESSAGES } from "~/lib/health";
import { healthEntryFormSchema, healthEntrySchema, type HealthEntryInput } from "~/validation/health";
import { bodyErrorResponse, parseJsonBody, submissionFailed } from "./api.server";
import { bytesOf, isMultipart, readForm } from "./body.server";
import { parseForm } from "./forms.server";

/** An entry's files as read from a form: at most 3, of 10 MB each, told so in Portuguese. */
const FILE_LIMITS = {
  maxFiles: HEALTH_FILES_MAX,
  maxFileSize: HEALTH_FILE_MAX_BYTES,
  fileTooLarge: HEALTH_MESSAGES.arquivos.size,
  tooManyFiles: HEALTH_MESSAGES.arquivos.max,
};

type Read = { ok: true; input: HealthEntryInput; files: Buffer[] } | { ok: false; response: Response };

/** `POST /api/pets/:id/saude`: JSON, or multipart with the same fields and the files in `arquivos`. */
export async function readApiHealthEntry(request: Request): Promise<Read> {
  if (!isMultipart(request)) {
    const parsed = await parseJsonBody(request, healthEntrySchema);
    return parsed.ok ? { ok: true, input: parsed.data, files: [] } : parsed;
  }
  try {
    const submission = parseWithZod(await readForm(request, FILE_LIMITS), { schema: healthEntryFormSchema });
    if (submission.status !== "success") return { ok: false, response: submissionFailed(submission.error) };
    const { arquivos, ...input } = submission.value;
    return { ok: true, input, files: await bytesOf(arquivos) };
  } catch (error) {
    return { ok: false, response: bodyErrorResponse(error) };
  }
}

/** The record page's form: the entry's fields and its files. */
export async function readHealthEntryForm(request: Request) {
  const { tooManyFiles: _sameAsTheSchema, ...limits } = FILE_LIMITS;
  const form = await parseForm(request, healthEntryFormSchema, { ...limits, hideFields: ["arquivos"] });
  if (!form.ok) return form;
  const { arquivos, ...input } = form.value;
  return { ...form, input, files: await bytesOf(arquivos) };
}
