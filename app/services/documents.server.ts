import { InvalidImageError, prepareDocumentImage } from "~/services/images.server";
import { invalid, ok, type Result } from "~/services/outcome.server";

/**
 * Papers people attach (a health entry's exam, an expense's receipt): a PDF is kept as sent,
 * once its content proves it one; a photo is re-encoded without its metadata (a phone's GPS
 * says where the animal sleeps). Anything else is refused by its content, not by its name.
 */

export type PreparedDocument = { tipo: "pdf" | "imagem"; conteudo: Buffer };

const PDF_START = Buffer.from("%PDF-");
const PDF_END = Buffer.from("%%EOF");

/** A PDF by its content: its header, and its end marker near the end (a truncated one has none). */
function isPdf(bytes: Buffer): boolean {
  return bytes.subarray(0, 5).equals(PDF_START) && bytes.subarray(-2048).includes(PDF_END);
}

/** Each file checked by content, in order; the first refused one is `field`'s failure, by position. */
export async function prepareDocuments(
  files: Buffer[],
  account: string,
  field: string,
): Promise<Result<PreparedDocument[]>> {
  const prepared: PreparedDocument[] = [];
  for (const [index, bytes] of files.entries()) {
    if (isPdf(bytes)) {
      prepared.push({ tipo: "pdf", conteudo: bytes });
      continue;
    }
    try {
      prepared.push({ tipo: "imagem", conteudo: await prepareDocumentImage(bytes, ["jpeg", "png"], account) });
    } catch (error) {
      if (error instanceof InvalidImageError) return invalid(field, "document-file", index);
      throw error;
    }
  }
  return ok(prepared);
}
