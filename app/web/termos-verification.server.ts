import type { Db } from "~/db/client.server";
import { verifyCode, verifyPdf, type Verification } from "~/domain/termos/termo-documents.server";
import { TERMO_MESSAGES } from "~/lib/termos";
import { verifyCodeSchema } from "~/validation/termos";
import { BodyError, mediaType, readForm, readJson } from "./body.server";

/**
 * What asks to verify a termo, from the page's forms and the API alike: a code (JSON or a
 * form field `codigo`) or the PDF itself (a multipart file `arquivo`).
 */

export const PDF_MAX_BYTES = 5 * 1024 * 1024;

type Refused = { ok: false; status: number; field: "codigo" | "arquivo" | "formulario"; message: string };
type Read = { ok: true; verification: Verification; via: "codigo" | "arquivo" } | Refused;

const refuse = (status: number, field: Refused["field"], message: string): Refused => ({
  ok: false,
  status,
  field,
  message,
});

export async function verifyFromRequest(db: Db, request: Request): Promise<Read> {
  const type = mediaType(request.headers.get("Content-Type"));
  try {
    if (type === "application/json") return byCode(db, await readJson(request));
    if (type !== "multipart/form-data" && type !== "application/x-www-form-urlencoded") {
      return refuse(415, "formulario", 'Envie o código em JSON ({"codigo": …}) ou o PDF em multipart (campo arquivo).');
    }
    const form = await readForm(request, {
      maxFiles: 1,
      maxFileSize: PDF_MAX_BYTES,
      maxParts: 4,
      fileTooLarge: "O PDF deve ter até 5 MB.",
    });
    const file = form.get("arquivo");
    if (file instanceof File && file.size > 0) {
      const bytes = Buffer.from(await file.arrayBuffer());
      // Judged by its content, not by the name or type the browser gives it.
      if (!bytes.subarray(0, 5).equals(Buffer.from("%PDF-"))) {
        return refuse(400, "arquivo", "O arquivo enviado não é um PDF.");
      }
      return { ok: true, verification: await verifyPdf(db, bytes), via: "arquivo" };
    }
    if (form.has("codigo")) return byCode(db, { codigo: form.get("codigo") });
    return refuse(
      400,
      form.has("arquivo") ? "arquivo" : "codigo",
      form.has("arquivo") ? TERMO_MESSAGES.arquivo : TERMO_MESSAGES.codigo,
    );
  } catch (error) {
    if (error instanceof BodyError) return refuse(error.status, "formulario", error.message);
    throw error;
  }
}

async function byCode(db: Db, body: unknown): Promise<Read> {
  const parsed = verifyCodeSchema.safeParse(body);
  if (!parsed.success) return refuse(400, "codigo", parsed.error.issues[0]?.message ?? TERMO_MESSAGES.codigo);
  return { ok: true, verification: await verifyCode(db, parsed.data.codigo), via: "codigo" };
}
