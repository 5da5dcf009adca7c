import { z } from "zod";
import { EMERGENCY_ANIMALS_MAX, EMERGENCY_CITIES_MAX } from "~/lib/lost-found";
import { emergencySchema, shelterAnimalsSchema } from "./lost-found";
import { photos } from "./pets";

/**
 * The emergency pages' forms (issue 47), over the API's schemas: the same rules, read from
 * fields a person fills in (a city per line, an animal per fieldset) instead of JSON lists.
 */

export const EMERGENCY_FORM_MESSAGES = {
  cidades: `Escreva de 1 a ${EMERGENCY_CITIES_MAX} cidades da área, uma por linha, como Porto Alegre (RS).`,
  cidadeDesconhecida: (nome: string) =>
    `Cidade não encontrada: “${nome}”. Confira o nome e o estado, como Porto Alegre (RS), ou apague a linha.`,
  organizacao: "Escolha a organização que acolheu os animais.",
  animais: `Preencha ao menos um animal (até ${EMERGENCY_ANIMALS_MAX}): espécie, porte, cores, dia, cidade e uma foto.`,
  foto: "Envie uma foto do animal.",
} as const;

/** A textarea's lines, each a city; blank lines are none. */
const lines = (value: unknown) =>
  typeof value === "string"
    ? value
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean)
    : value;

/** `/perdidos-e-achados/emergencias/nova` (operators): the API's emergency, its cities one per line. */
export const emergencyFormSchema = emergencySchema.safeExtend({
  // Typed as the API's list, which it stays, for the schema's own rules; the form sends text.
  cidades: z.preprocess(
    (value: string[]) => lines(value),
    z
      .array(z.string().trim().min(1).max(60, EMERGENCY_FORM_MESSAGES.cidades), EMERGENCY_FORM_MESSAGES.cidades)
      .min(1, EMERGENCY_FORM_MESSAGES.cidades)
      .max(EMERGENCY_CITIES_MAX, EMERGENCY_FORM_MESSAGES.cidades),
  ),
});

/** A file input left empty: browsers send an empty file named "" (other clients may name it). */
const noFile = (value: unknown) =>
  typeof File !== "undefined" && value instanceof File && value.size === 0 ? undefined : value;

const isEmpty = (value: unknown): boolean =>
  noFile(value) === undefined ||
  value === null ||
  (typeof value === "string" && value.trim() === "") ||
  (Array.isArray(value) && value.every(isEmpty));

/** A fieldset left as the page gave it (its day comes filled in): nothing chosen or typed, no photo. */
function blankToNull(item: unknown): unknown {
  if (item === undefined || item === null) return null;
  if (typeof item !== "object") return item;
  return Object.entries(item).every(([field, value]) => field === "data" || isEmpty(value)) ? null : item;
}

// The API's animal, with its photo beside it rather than in a list of their own.
const animal = shelterAnimalsSchema.shape.animais.element
  .safeExtend({ foto: z.preprocess(noFile, photos.element.optional()) })
  .superRefine(
    (input, context) => {
      if (!(input as { foto?: unknown } | undefined)?.foto)
        context.addIssue({ code: "custom", path: ["foto"], message: EMERGENCY_FORM_MESSAGES.foto });
    },
    // Said with the other fields' errors, not after they are fixed.
    { when: () => true },
  );

/**
 * `/perdidos-e-achados/emergencias/:id/animais`: the organisation, and the animals as fieldsets
 * (`animais[0].especie`, `animais[0].foto`). A blank fieldset is null, kept in its place, so a
 * refusal names the fieldset the person sees.
 */
export const shelterAnimalsFormSchema = z.strictObject({
  organizacao_id: z.uuid(EMERGENCY_FORM_MESSAGES.organizacao),
  animais: z
    // Typed as the animal's input, for the page's fields; the form may send anything.
    .array(
      z.preprocess((item: z.input<typeof animal> | null) => blankToNull(item), animal.nullable()),
      EMERGENCY_FORM_MESSAGES.animais,
    )
    .max(EMERGENCY_ANIMALS_MAX, EMERGENCY_FORM_MESSAGES.animais)
    .refine((list) => list.some((item) => item !== null), EMERGENCY_FORM_MESSAGES.animais),
});
