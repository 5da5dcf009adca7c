import { z } from "zod";
import { MESSAGES } from "./messages";

// No compiled parsers: they need `new Function`, which our Content-Security-Policy forbids
// (even zod's probe for it is reported as a violation in the browser).
// A field no form has is named in Portuguese wherever it is refused (the JSON API names it per
// field; a multipart body's parser keeps the message as is).
z.config({
  jitless: true,
  customError: (issue) => (issue.code === "unrecognized_keys" ? "Campo desconhecido." : undefined),
});

/**
 * Field rules shared by every form and the JSON API, in the browser and on the
 * server. A missing value and an empty one get the same "required" message;
 * each rule's own message follows in the order the specification lists them.
 */

// The product's own patterns (spec/texts.md).
const NOME_PATTERN =
  /^[a-zA-ZàáâäãåąčćęèéêëėįìíîïłńòóôöõøùúûüųūÿýżźñçčšžÀÁÂÄÃÅĄĆČĖĘÈÉÊËÌÍÎÏĮŁŃÒÓÔÖÕØÙÚÛÜŲŪŸÝŻŹÑßÇŒÆČŠŽ∂ð ,.'-]+$/u;
const SENHA_PATTERN = /^(?=.*\d)(?=.*[a-z])(?=.*[A-Z])(?=.*[$*&@#])[0-9a-zA-Z$*&@#]{6,}$/;
const TELEFONE_PATTERN =
  /^\(?(?:[14689][1-9]|2[12478]|3[1234578]|5[1345]|7[134579])\)? ?(?:[2-8]|9[1-9])[0-9]{3}-?[0-9]{4}$/;
// Zod's own e-mail rule (the one the product's forms used).
const EMAIL_PATTERN = z.regexes.email;

export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
const IMAGE_MIME_TYPES = ["image/png", "image/jpeg", "image/jpg"] as const;

const NOT_TEXT = "Este campo deve ser um texto.";
export const INVALID_CHARACTERS = "Este campo contém caracteres não permitidos (de controle ou de direção do texto).";

/*
 * Characters no field takes: C0 and C1 controls (an ESC sequence repaints a terminal that
 * shows a log; a newline forges a line) and the bidirectional embeddings, overrides and
 * isolates, which make text read otherwise than it is stored ("gpj.exe"); the invisible marks
 * (zero-width space, direction marks, the Arabic letter mark, word joiners, the byte-order
 * mark) and the Unicode line and paragraph separators, which hide text or break it where a
 * reader sees no break. Joiners that emoji and scripts need (U+200C, U+200D) stay. Multi-line
 * fields take line breaks and tabs.
 */
/* eslint-disable no-control-regex -- finding control characters is the point */
const SINGLE_LINE_REFUSED =
  /[\u0000-\u001f\u007f-\u009f\u061c\u180e\u200b\u200e\u200f\u2028\u2029\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/u;
const MULTI_LINE_REFUSED =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u180e\u200b\u200e\u200f\u2028\u2029\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/u;
/* eslint-enable no-control-regex */
const HAS_LETTER = /\p{L}/u;
/** A name must show a letter; an empty one has its "required" message already. */
const showsLetter = (value: string) => value === "" || HAS_LETTER.test(value);

/**
 * A string, with `required` when it is missing (and a clear message when it is not text at
 * all): normalised to NFC (one encoding of "ã", whatever the keyboard sent), and refusing
 * control and direction characters. A multi-line field keeps its line breaks, as "\n".
 */
export function textField(required: string, { multiline = false } = {}) {
  const field = z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? required : NOT_TEXT) })
    .normalize("NFC");
  if (!multiline) return field.refine((value) => !SINGLE_LINE_REFUSED.test(value), INVALID_CHARACTERS);
  return field
    .overwrite((value) => value.replace(/\r\n?/g, "\n"))
    .refine((value) => !MULTI_LINE_REFUSED.test(value), INVALID_CHARACTERS);
}

/** A required text field: trimmed, with its own message when missing or empty. */
/** A form's empty field (or JSON's null) is an absent one. */
export const blankToUndefined = (value: unknown) => (value === "" || value === null ? undefined : value);

/** An optional text up to `max` characters (one line unless `multiline`): empty is absent (null). */
export const optionalTextField = (max: number, message: string, options?: { multiline?: boolean }) =>
  z.preprocess(
    (value) => (value === "" ? null : value),
    textField(message, options)
      .trim()
      .max(max, message)
      .transform((value) => value || null)
      .nullable()
      .optional(),
  );

export function requiredText(required: string, options?: { multiline?: boolean }) {
  return textField(required, options).trim().min(1, required);
}

export const emailField = requiredText(MESSAGES.email.required)
  .regex(EMAIL_PATTERN, MESSAGES.email.format)
  .max(50, MESSAGES.email.max);

export const nomeField = requiredText(MESSAGES.nome.required)
  .min(2, MESSAGES.nome.min)
  .max(50, MESSAGES.nome.max)
  .regex(NOME_PATTERN, MESSAGES.nome.pattern)
  .refine(showsLetter, MESSAGES.nome.letters);

// Passwords are never trimmed: spaces are refused by the pattern instead.
export const senhaField = textField(MESSAGES.senha.required)
  .min(1, MESSAGES.senha.required)
  .max(15, MESSAGES.senha.max)
  .regex(SENHA_PATTERN, MESSAGES.senha.pattern);

export const telefoneField = requiredText(MESSAGES.telefone.required).regex(
  TELEFONE_PATTERN,
  MESSAGES.telefone.pattern,
);

export const cidadeField = requiredText(MESSAGES.cidade.required)
  .min(2, MESSAGES.cidade.min)
  .max(50, MESSAGES.cidade.max)
  .refine(showsLetter, MESSAGES.cidade.letters);

/**
 * The one way the API names a city (issue 61): `cidade_ibge`, the municipality's IBGE code, or
 * `cidade` as "Niterói (RJ)" (a name alone where only one state has it; the bodies that have `uf`
 * also take it beside the name). `namedCity` hands the domain the code as `cidade`: the city list
 * resolves either.
 */
export const cidadeIbgeField = z.coerce
  .number(MESSAGES.cidade.ibge)
  .int(MESSAGES.cidade.ibge)
  .min(1_100_000, MESSAGES.cidade.ibge)
  .max(5_399_999, MESSAGES.cidade.ibge)
  .meta({
    id: "CodigoIbge",
    description:
      "O código IBGE do município (7 dígitos), no lugar de `cidade`. Toda cidade que a API recebe vem assim ou como `cidade`: “Niterói (RJ)”, ou só o nome quando um estado só tem uma cidade com ele.",
    example: 3303302,
  });

const NAMES_ITS_STATE = /\(\s*[A-Za-z]{2}\s*\)\s*$/;

/**
 * A body that must name its city: by `cidade` or `cidade_ibge`, and where it has `uf`, by `uf`
 * too unless the name carries its state ("Niterói (RJ)") or the code is sent.
 */
export function cityRequired(messages: { cidade: string; uf?: string }) {
  return (input: { cidade?: unknown; cidade_ibge?: unknown; uf?: unknown }, context: z.RefinementCtx) => {
    if (input.cidade_ibge !== undefined) return;
    if (input.cidade === undefined) context.addIssue({ code: "custom", path: ["cidade"], message: messages.cidade });
    // A form left blank is told both, as it was when both were required.
    if (messages.uf && input.uf === undefined && !NAMES_ITS_STATE.test(String(input.cidade ?? ""))) {
      context.addIssue({ code: "custom", path: ["uf"], message: messages.uf });
    }
  };
}

/** The body's city as the domain reads it: `cidade_ibge`, when sent, as `cidade`. */
export function namedCity<T extends { cidade?: string; cidade_ibge?: number }>({
  cidade_ibge: code,
  ...rest
}: T): Omit<T, "cidade_ibge"> {
  return code === undefined ? rest : { ...rest, cidade: String(code) };
}

/** The same, for a body `cityRequired` checked: its city is there. */
export function requiredCity<T extends { cidade?: string; cidade_ibge?: number }>(
  input: T,
): Omit<T, "cidade_ibge" | "cidade"> & { cidade: string } {
  const named = namedCity(input);
  if (named.cidade === undefined) throw new Error("cityRequired did not check this body");
  return named as Omit<T, "cidade_ibge" | "cidade"> & { cidade: string };
}

export const perfilSobreField = requiredText(MESSAGES.perfilSobre.required, { multiline: true }).max(
  300,
  MESSAGES.perfilSobre.max,
);

export const nomeAnimalField = requiredText(MESSAGES.nomeAnimal.required)
  .min(2, MESSAGES.nomeAnimal.min)
  .max(20, MESSAGES.nomeAnimal.max)
  .refine(showsLetter, MESSAGES.nomeAnimal.letters);

export const contatoTextoField = requiredText(MESSAGES.contatoTexto.required, { multiline: true }).max(
  300,
  MESSAGES.contatoTexto.max,
);

/** An image chosen in the browser (a profile photo, a logo): type and size checked before upload. */
export const imageFile = z
  .custom<File>((value) => typeof File !== "undefined" && value instanceof File, MESSAGES.foto.type)
  .refine((file) => isAcceptedImageType(file), MESSAGES.foto.type)
  .refine((file) => file.size <= IMAGE_MAX_BYTES, MESSAGES.foto.size);

/** A picture as the JSON API takes it: a `data:image/...;base64,` URL, or null to take it off. */
export const imageDataUrl = z
  .string()
  .max(8 * 1024 * 1024)
  .nullable()
  .optional();

/** True for a file the browser says is an accepted image (the server checks the content again). */
export function isAcceptedImageType(file: { type: string; name: string }): boolean {
  return (IMAGE_MIME_TYPES as readonly string[]).includes(file.type) && /\.(jpe?g|png)$/i.test(file.name);
}

/**
 * The token of an e-mail's link that acts without a login, sent in a JSON body: checked by its
 * service; one missing, not text or too long to be one gets the link's own `invalid` message.
 */
export const linkTokenField = (invalid: string) => z.string({ error: invalid }).max(200, invalid);

/** A list of ids: a form's checkboxes send each once (a lone one arrives as a string), the API an array. */
export const idListField = (message: string, max: number) =>
  z.preprocess(
    (value) => (typeof value === "string" ? [value] : value),
    z.array(z.uuid(message), message).min(1, message).max(max, message),
  );
