import type { IncomingMessage } from "node:http";
import type { RequestHandler } from "express";
import { MAX_PET_PHOTOS } from "~/validation/pets";
import { CHECKIN_PHOTOS_MAX } from "~/validation/termos";
import { bodyTooLarge, formMaxBytes, JSON_WITH_PHOTO_MAX_BYTES } from "~/web/body.server";
import { PDF_MAX_BYTES } from "~/web/termos-verification.server";
import { HEALTH_FILE_MAX_BYTES, HEALTH_FILES_MAX } from "~/lib/health";
import { RECEIPT_MAX_BYTES, STATEMENT_MAX_BYTES } from "~/lib/giving";
import { EMERGENCY_ANIMALS_MAX, REPORT_PHOTOS_MAX } from "~/lib/lost-found";

/**
 * Every request body is bounded here, before any parser, to what its route accepts: a body
 * declared larger is answered 413 before any reader sees it, and one sent without a length
 * fails its readers once it passes the bound. Each parser keeps its own, finer limits (a photo's
 * 5 MB, a JSON body's 8 KB); this bound is what no route and no content type can pass, so a
 * parser that falls back to reading a body whole (one did, for a media type in capitals)
 * cannot take the heap.
 */

/** Multipart framing (boundaries, part headers) beyond the bytes the form parser counts. */
const FRAMING = 64 * 1024;

/** Any form or JSON body with no file: the fields of the largest form (a questionnaire's answers). */
const DEFAULT_MAX_BYTES = formMaxBytes(0) + FRAMING;

/** Routes that take files, by path under /adopet (lower case, no trailing slash, no `.data`). */
const UPLOAD_ROUTES: ReadonlyArray<readonly [RegExp, number]> = [
  // A pet's photos: the pages that publish and edit one, and the API.
  [/^\/(meus-pets\/(?!questionario$|termo$)[^/]+|api\/pets|api\/pets\/[^/]+)$/, formMaxBytes(MAX_PET_PHOTOS)],
  // The profile photo: the page's form, and the API's JSON with the photo as a data URL.
  [/^\/perfil$/, formMaxBytes(1)],
  [/^\/api\/users\/[^/]+$/, JSON_WITH_PHOTO_MAX_BYTES],
  // An organisation's logo: its settings page's form, and the API's JSON with the logo as a data URL.
  [/^\/organizacoes\/[^/]+\/configuracoes$/, formMaxBytes(1)],
  [/^\/api\/organizacoes\/[^/]+$/, JSON_WITH_PHOTO_MAX_BYTES],
  // News of a fostered animal (issue 44): the foster's page and the API.
  [/^\/(meus-lares|api\/pets\/[^/]+\/noticias)$/, formMaxBytes(MAX_PET_PHOTOS)],
  // A check-in's photos; an adoption's castration certificate or happy ending's photo.
  [/^\/acompanhamento$/, formMaxBytes(CHECKIN_PHOTOS_MAX)],
  [/^\/candidaturas\/[^/]+$/, formMaxBytes(1)],
  // An animal's health entry with its files (issue 45): its page's form and the API.
  [/^\/(api\/)?pets\/[^/]+\/saude$/, formMaxBytes(HEALTH_FILES_MAX, HEALTH_FILE_MAX_BYTES)],
  // An organisation's accounts (issue 46): a bank statement to the API; an expense's receipt to the
  // API; the accounts page takes either (each form's parser keeps its own file's limit).
  [/^\/api\/organizacoes\/[^/]+\/extratos$/, formMaxBytes(1, STATEMENT_MAX_BYTES)],
  [/^\/(api\/organizacoes\/[^/]+\/despesas|organizacoes\/[^/]+\/contas)$/, formMaxBytes(1, RECEIPT_MAX_BYTES)],
  // A lost or found animal's report with its photos (issue 47): the API and its page.
  [/^\/(api\/)?perdidos-e-achados(\/novo)?$/, formMaxBytes(REPORT_PHOTOS_MAX)],
  // The animals a shelter took in during an emergency, a photo each: the API and its page.
  [/^\/(api|perdidos-e-achados)\/emergencias\/[^/]+\/animais$/, formMaxBytes(EMERGENCY_ANIMALS_MAX)],
  // A family's photo, to search an emergency's animals by (the page's is the list's route, above).
  [/^\/api\/emergencias\/[^/]+\/busca$/, formMaxBytes(1)],
  // A termo's PDF to verify.
  [/^\/(api\/)?termos\/verificar$/, formMaxBytes(1, PDF_MAX_BYTES)],
];

const BASE_PATH = "/adopet";

/** The most bytes a request to `pathname` may send. */
export function bodyLimitFor(pathname: string): number {
  if (!pathname.toLowerCase().startsWith(`${BASE_PATH}/`)) return DEFAULT_MAX_BYTES;
  // React Router matches paths in any case, with a trailing slash, and its data requests add `.data`.
  const path = pathname
    .slice(BASE_PATH.length)
    .toLowerCase()
    .replace(/\.data$/, "")
    .replace(/(.)\/+$/, "$1");
  for (const [pattern, maxBytes] of UPLOAD_ROUTES) if (pattern.test(path)) return maxBytes + FRAMING;
  return DEFAULT_MAX_BYTES;
}

export function boundedBodies(): RequestHandler {
  return (req, res, next) => {
    const limit = bodyLimitFor(req.path);
    const declared = req.headers["content-length"];
    const chunked = req.headers["transfer-encoding"] !== undefined;
    if (!chunked && (declared === undefined || Number(declared) === 0)) return next();
    // A route may answer before its body is read whole: a parser refusing at its own limit, an
    // early 4xx. The rest is dropped then, or the connection would stay paused on it and the
    // client's next request on that connection would wait until it was cut.
    res.once("finish", () => dropTheRest(req));
    if (declared !== undefined && Number(declared) > limit) {
      tooLarge(req.path, res);
      return;
    }
    if (chunked) countAsRead(req, limit);
    next();
  };
}

/**
 * A body without a declared length (chunked) is counted as its reader takes it: past `limit`,
 * the reader fails with the 413 that its route answers. The count starts only when something
 * reads: a body nobody reads is left for Node to discard as usual.
 */
function countAsRead(req: IncomingMessage, limit: number) {
  let seen = 0;
  const count = (chunk: Buffer) => {
    seen += chunk.byteLength;
    if (seen <= limit) return;
    req.off("data", count);
    // Once this chunk has reached every reader, and the rest reaches none: Node's web stream of a
    // request (the API wing's, Readable.toWeb) throws, uncaught, on data after its error.
    process.nextTick(() => {
      req.removeAllListeners("data");
      // With no reader listening for errors there is nothing to fail (emitting would throw).
      if (req.listenerCount("error") > 0) req.emit("error", bodyTooLarge());
      req.resume();
    });
  };
  const startCounting = (event: string | symbol) => {
    if (event !== "data") return;
    req.off("newListener", startCounting);
    req.on("data", count);
  };
  req.on("newListener", startCounting);
}

/** How long a client may go on sending a refused body once it has its answer. */
const LINGER_MS = 5_000;

/**
 * Once the answer is out, what is left of the body is read and dropped, never kept, as Node
 * does for a body no one read: a reader that stopped (it paused, and nobody will resume it)
 * is let go. Closing with bytes unread would reset the connection, and the client could lose
 * the answer; a client still sending LINGER_MS after its answer is cut off.
 */
function dropTheRest(req: IncomingMessage) {
  if (req.readableEnded) return;
  req.removeAllListeners("data");
  req.resume();
  if (req.complete) return;
  const cut = setTimeout(() => req.socket.destroy(), LINGER_MS);
  cut.unref();
  req.socket.once("close", () => clearTimeout(cut));
  req.once("end", () => clearTimeout(cut));
}

function tooLarge(path: string, res: Parameters<RequestHandler>[1]) {
  const { message } = bodyTooLarge();
  res.status(413).set("Cache-Control", "no-store");
  if (path.toLowerCase().startsWith(`${BASE_PATH}/api/`)) {
    res.json({ message });
    return;
  }
  res
    .type("html")
    .send(
      `<!doctype html><html lang="pt-BR"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
        `<title>Dados grandes demais | Adopet</title><h1>Não foi possível enviar</h1><p>${message}</p>` +
        `<p><a href="${BASE_PATH}/">Voltar ao início</a></p></html>`,
    );
}
