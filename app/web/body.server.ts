import {
  FormDataParseError,
  MaxFileSizeExceededError,
  MaxFilesExceededError,
  MaxPartsExceededError,
  MaxTotalSizeExceededError,
  MaxHeaderSizeExceededError,
  parseFormData,
} from "@remix-run/form-data-parser";
import { IMAGE_MAX_BYTES } from "~/validation/fields";
import { MESSAGES } from "~/validation/messages";

/** A request body we refuse, with the status and the Portuguese reason to answer with. */
export class BodyError extends Error {
  constructor(
    readonly status: 400 | 413 | 415,
    message: string,
  ) {
    super(message);
    this.name = "BodyError";
  }
}

export const TOO_LARGE = "Os dados enviados são grandes demais.";
export const INVALID_CHARACTERS = "Os dados enviados contêm caracteres inválidos.";

/** Reads a JSON body of at most `maxBytes`, refusing other types and malformed JSON. */
export async function readJson(request: Request, maxBytes = 16 * 1024): Promise<unknown> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!/^application\/json\s*(;|$)/i.test(type)) {
    throw new BodyError(415, "Envie os dados em JSON (Content-Type: application/json).");
  }
  const declared = Number(request.headers.get("Content-Length") ?? 0);
  if (declared > maxBytes) throw new BodyError(413, TOO_LARGE);
  const text = await readCapped(request, maxBytes);
  // PostgreSQL refuses NUL in text: say so here rather than fail in a query.
  if (text.includes("\\u0000") || text.includes("\u0000")) throw new BodyError(400, INVALID_CHARACTERS);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new BodyError(400, "JSON inválido.");
  }
}

async function readCapped(request: Request, maxBytes: number): Promise<string> {
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw new BodyError(413, TOO_LARGE);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * Reads a form (urlencoded or multipart) with bounded memory: at most one
 * file of IMAGE_MAX_BYTES per accepted file field and a small number of fields.
 */
export async function readForm(request: Request, { maxFiles = 1, maxFileSize = IMAGE_MAX_BYTES } = {}) {
  try {
    const form = await parseFormData(request, {
      maxFiles,
      maxFileSize,
      maxParts: 40,
      maxHeaderSize: 8 * 1024,
      maxTotalSize: maxFiles * maxFileSize + 256 * 1024,
    });
    for (const value of form.values()) {
      if (typeof value === "string" && value.includes("\u0000")) throw new BodyError(400, INVALID_CHARACTERS);
    }
    return form;
  } catch (error) {
    if (error instanceof BodyError) throw error;
    if (error instanceof MaxFileSizeExceededError) throw new BodyError(413, MESSAGES.foto.size);
    if (
      error instanceof MaxTotalSizeExceededError ||
      error instanceof MaxFilesExceededError ||
      error instanceof MaxPartsExceededError ||
      error instanceof MaxHeaderSizeExceededError
    ) {
      throw new BodyError(413, TOO_LARGE);
    }
    if (error instanceof FormDataParseError || error instanceof TypeError) {
      throw new BodyError(400, "Não foi possível ler os dados do formulário.");
    }
    throw error;
  }
}
