import { parseWithZod } from "@conform-to/zod/v4";
import { IMAGE_MAX_BYTES } from "~/validation/fields";
import { reportFormSchema, type ReportInput } from "~/validation/lost-found";
import { PET_MESSAGES } from "~/validation/pets";
import { REPORT_PHOTOS_MAX } from "~/lib/lost-found";
import { bodyErrorResponse, submissionFailed } from "./api.server";
import { bytesOf, readForm } from "./body.server";

/** A lost or found animal's report (issue 47): its fields, and 1 to 5 photos in `fotos`. */
const PHOTO_LIMITS = {
  maxFiles: REPORT_PHOTOS_MAX,
  maxFileSize: IMAGE_MAX_BYTES,
  fileTooLarge: PET_MESSAGES.fotos.size,
  tooManyFiles: PET_MESSAGES.fotos.max,
};

/** `POST /api/perdidos-e-achados`: multipart only (the photos are the report). */
export async function readApiReport(
  request: Request,
): Promise<{ ok: true; input: ReportInput; photos: Buffer[] } | { ok: false; response: Response }> {
  try {
    const submission = parseWithZod(await readForm(request, PHOTO_LIMITS), { schema: reportFormSchema });
    if (submission.status !== "success") return { ok: false, response: submissionFailed(submission.error) };
    const { fotos, ...input } = submission.value;
    return { ok: true, input, photos: await bytesOf(fotos) };
  } catch (error) {
    return { ok: false, response: bodyErrorResponse(error) };
  }
}
