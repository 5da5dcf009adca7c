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
import { SUBMISSION_KEY_FIELD, withoutSubmissionKey } from "~/lib/submission-keys";

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

const TOO_LARGE = "Os dados enviados são grandes demais.";
const INVALID_CHARACTERS = "Os dados enviados contêm caracteres inválidos.";
const TOO_COMPLEX = "Os dados enviados têm estrutura complexa demais.";
const NOT_AN_OBJECT = 'Envie os dados como um objeto JSON, entre chaves: {"campo": valor}.';
const UNREADABLE_FORM = "Não foi possível ler os dados do formulário.";
const NOT_A_FORM = "Envie os dados como formulário (application/x-www-form-urlencoded ou multipart/form-data).";

/** The answer to a body over what its route accepts, at any layer. */
export const bodyTooLarge = () => new BodyError(413, TOO_LARGE);

/** What a JSON body may be: our routes take flat objects of a few fields. */
export type JsonLimits = {
  /** Bytes of the body (a few KB, but for the data-URL photo). */
  maxBytes?: number;
  /** Arrays and objects inside one another. */
  maxDepth?: number;
  /** Arrays, objects and values separated by commas, in all. */
  maxValues?: number;
};

const JSON_MAX_BYTES = 8 * 1024;

/** A JSON body carrying a photo of IMAGE_MAX_BYTES as a data URL: base64 grows it by a third. */
export const JSON_WITH_PHOTO_MAX_BYTES = Math.ceil(IMAGE_MAX_BYTES * 1.4) + JSON_MAX_BYTES;

/** What a form's fields may take besides its files (readForm's allowance, and the HTTP layer's). */
const FORM_FIELDS_MAX_BYTES = 256 * 1024;

/** The most a form of `maxFiles` files of `maxFileSize` bytes may send in all. */
export function formMaxBytes(maxFiles: number, maxFileSize = IMAGE_MAX_BYTES): number {
  return maxFiles * maxFileSize + FORM_FIELDS_MAX_BYTES;
}

/** The media type of a Content-Type header, lower-cased: media types are case-insensitive (RFC 9110 §8.3.1). */
export function mediaType(contentType: string | null): string {
  return (contentType ?? "").split(";", 1)[0]!.trim().toLowerCase();
}

const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

/**
 * Reads a JSON body within `limits`, refusing other types, malformed JSON and bodies whose
 * shape no route takes: every route takes one object, so `null`, a list or a bare value is a 400
 * here rather than a surprise for each route's schema (`null` once reached one as a 500). The shape is checked on the text before JSON.parse: a few MB of
 * nested or repeated brackets would otherwise become millions of objects and exhaust the
 * heap (one such request took the server down).
 */
export async function readJson(
  request: Request,
  { maxBytes = JSON_MAX_BYTES, maxDepth = 8, maxValues = 200 }: JsonLimits = {},
): Promise<unknown> {
  if (mediaType(request.headers.get("Content-Type")) !== "application/json") {
    throw new BodyError(415, "Envie os dados em JSON (Content-Type: application/json).");
  }
  const declared = Number(request.headers.get("Content-Length") ?? 0);
  if (declared > maxBytes) throw new BodyError(413, TOO_LARGE);
  const text = await readCapped(request, maxBytes);
  // PostgreSQL refuses NUL in text: say so here rather than fail in a query.
  if (text.includes("\\u0000") || text.includes("\u0000")) throw new BodyError(400, INVALID_CHARACTERS);
  if (!withinShape(text, maxDepth, maxValues)) throw new BodyError(400, TOO_COMPLEX);
  let body: unknown;
  try {
    body = JSON.parse(text) as unknown;
  } catch {
    throw new BodyError(400, "JSON inválido.");
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) throw new BodyError(400, NOT_AN_OBJECT);
  return body;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPENERS = new Set([0x5b, 0x7b]); // [ {
const CLOSERS = new Set([0x5d, 0x7d]); // ] }
const COMMA = 0x2c;

/**
 * True when `text` nests at most `maxDepth` deep and holds at most `maxValues` containers
 * and comma-separated values, counting outside strings only. Malformed text is left to
 * JSON.parse; this only bounds the work it would do. Strings are skipped with indexOf,
 * so a photo's megabytes of base64 cost one search.
 */
export function withinShape(text: string, maxDepth: number, maxValues: number): boolean {
  let depth = 0;
  let values = 0;
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (code === QUOTE) {
      at = closingQuote(text, at);
      if (at === -1) return true;
    } else if (OPENERS.has(code)) {
      if (++depth > maxDepth || ++values > maxValues) return false;
    } else if (CLOSERS.has(code)) {
      depth -= 1;
    } else if (code === COMMA && ++values > maxValues) {
      return false;
    }
  }
  return true;
}

/** The index of the quote that closes the string opened at `open`, or -1. */
function closingQuote(text: string, open: number): number {
  let at = text.indexOf('"', open + 1);
  while (at !== -1) {
    let backslashes = 0;
    while (text.charCodeAt(at - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return at;
    at = text.indexOf('"', at + 1);
  }
  return -1;
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
      // Stop reading, without cancelling: cancelling destroys the connection, and the client
      // would get a reset instead of the 413.
      reader.releaseLock();
      throw bodyTooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** The submission keys of the forms read, by request (submitFormOnce reads them). */
const submissionKeys = new WeakMap<Request, string>();

/** The key a form read by readForm carried (SUBMISSION_KEY_FIELD), if any. */
export const submissionKeyOf = (request: Request): string | null => submissionKeys.get(request) ?? null;

/**
 * Reads a form (urlencoded or multipart) with bounded memory: at most one
 * file of IMAGE_MAX_BYTES per accepted file field and a small number of fields.
 */
export async function readForm(
  request: Request,
  {
    maxFiles = 1,
    maxFileSize = IMAGE_MAX_BYTES,
    /** Fields (and files) at most: forms of many fields (a questionnaire) say how many they have. */
    maxParts = 40,
    /** What a file over `maxFileSize` is told (a photo's, by default). */
    fileTooLarge = MESSAGES.foto.size as string,
    /** What more files than `maxFiles` are told (by default, that the body is too large). */
    tooManyFiles = TOO_LARGE,
  } = {},
) {
  const contentType = request.headers.get("Content-Type") ?? "";
  const type = mediaType(contentType);
  if (!FORM_TYPES.has(type)) throw new BodyError(415, NOT_A_FORM);
  try {
    const form = await parseFormData(formWithPlainType(request, type, contentType), {
      maxFiles,
      maxFileSize,
      // The form's submission key is one field more than its own.
      maxParts: maxParts + 1,
      maxHeaderSize: 8 * 1024,
      maxTotalSize: formMaxBytes(maxFiles, maxFileSize),
    });
    for (const [name, value] of form.entries()) {
      if (typeof value === "string" && value.includes("\u0000")) throw new BodyError(400, INVALID_CHARACTERS);
      checkFieldName(name, maxParts);
    }
    const key = form.get(SUBMISSION_KEY_FIELD);
    if (typeof key === "string") submissionKeys.set(request, key);
    return withoutSubmissionKey(form);
  } catch (error) {
    if (error instanceof BodyError) throw error;
    // The HTTP layer's bound (server/body-limits.ts) reaches the parser as the cause of its error.
    if (error instanceof FormDataParseError && error.cause instanceof BodyError) throw error.cause;
    if (error instanceof MaxFileSizeExceededError) throw new BodyError(413, fileTooLarge);
    if (error instanceof MaxFilesExceededError) throw new BodyError(413, tooManyFiles);
    if (
      error instanceof MaxTotalSizeExceededError ||
      error instanceof MaxPartsExceededError ||
      error instanceof MaxHeaderSizeExceededError
    ) {
      throw new BodyError(413, TOO_LARGE);
    }
    if (error instanceof FormDataParseError || error instanceof TypeError) {
      throw new BodyError(400, UNREADABLE_FORM);
    }
    throw error;
  }
}

/**
 * Names Conform, which reads our forms into objects, keeps for its intents and state: it
 * parses them as JSON and throws on anything else. Our pages' intents run in the browser
 * (each form validates there), so no page of ours posts them.
 */
const CONFORM_NAMES = new Set(["__intent__", "__state__"]);
const LIST_INDEX = /\[(\d+)\]/g;

/**
 * Refuses a field name Conform would fail on, or spend seconds on: a list index past the
 * fields the form may have (`perguntas[100000000].tipo` made a list of that length, walked
 * item by item). A list of `maxParts` fields at most has no index beyond them.
 */
function checkFieldName(name: string, maxParts: number) {
  if (CONFORM_NAMES.has(name)) throw new BodyError(400, UNREADABLE_FORM);
  for (const [, index] of name.matchAll(LIST_INDEX)) {
    if (Number(index) >= maxParts) throw new BodyError(400, TOO_COMPLEX);
  }
}

/**
 * The request as the form parser expects it. The parser recognises only the lower-case types
 * and reads any other body whole with `request.formData()`, which has no limit: a
 * `Application/x-www-form-urlencoded` body of a few MB took the process's heap.
 */
function formWithPlainType(request: Request, type: string, contentType: string): Request {
  if (contentType.startsWith(type)) return request;
  const parameters = contentType.includes(";") ? contentType.slice(contentType.indexOf(";")) : "";
  const headers = new Headers(request.headers);
  headers.set("Content-Type", type + parameters);
  return new Request(request, { headers });
}

/** Whether a body is a multipart form (media types are case-insensitive). */
export const isMultipart = (request: Request) =>
  /^multipart\/form-data/i.test(request.headers.get("Content-Type") ?? "");
/** The files' bytes, in order. */
export const bytesOf = (files: File[]) => Promise.all(files.map(async (file) => Buffer.from(await file.arrayBuffer())));
