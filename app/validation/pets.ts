import { z } from "zod";
import { AGE_GROUPS, AGE_MAX, AGE_UNITS, SIZES, SPECIES, UFS, formatAge } from "~/lib/pets";
import { cidadeField, IMAGE_MAX_BYTES, nomeAnimalField, requiredText } from "./fields";

export const PET_MESSAGES = {
  especie: "Escolha a espécie do animal.",
  idade: {
    required: "O campo idade não pode estar vazio.",
    number: "A idade deve ser um número inteiro maior que zero.",
  },
  unidade: "Escolha a unidade da idade (dias, meses ou anos).",
  porte: "Escolha o porte do animal.",
  perfil: {
    required: "O campo perfil não pode estar vazio.",
    max: "O perfil deve possuir no máximo 300 caracteres.",
  },
  uf: "Escolha o estado (UF).",
  status: "Escolha a situação do animal.",
  fotos: {
    required: "Envie ao menos uma foto do animal.",
    max: "Envie no máximo 5 fotos.",
    type: "As fotos devem ser do tipo .jpeg, .jpg, .png ou .webp.",
    size: "Cada foto deve ter no máximo 5 MB.",
  },
} as const;

const PET_PHOTO_TYPES = ["image/jpeg", "image/jpg", "image/png", "image/webp"] as const;
export const MAX_PET_PHOTOS = 5;

const choice = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.enum(values, { error: message });

/** The fields of a pet, as the form and the API send them. */
const petFields = {
  nome: nomeAnimalField,
  especie: choice(SPECIES, PET_MESSAGES.especie),
  // Forms send text; an empty field is a missing one, anything else must read as a whole number.
  idade: z.preprocess(
    (value) => (value === "" || value === null ? undefined : typeof value === "string" ? Number(value) : value),
    z
      .number({
        error: (issue) => (issue.input === undefined ? PET_MESSAGES.idade.required : PET_MESSAGES.idade.number),
      })
      .int(PET_MESSAGES.idade.number)
      .min(1, PET_MESSAGES.idade.number),
  ),
  idade__unidade: choice(AGE_UNITS, PET_MESSAGES.unidade),
  porte: choice(SIZES, PET_MESSAGES.porte),
  perfil: requiredText(PET_MESSAGES.perfil.required, { multiline: true }).max(300, PET_MESSAGES.perfil.max),
  cidade: cidadeField,
  uf: choice(UFS, PET_MESSAGES.uf),
  status: choice(["disponivel", "adotado"] as const, PET_MESSAGES.status),
};

type AgeInput = { idade?: number; idade__unidade?: (typeof AGE_UNITS)[number] };

/** The age must read sensibly in its unit: at most 365 days, 36 months or 30 years. */
function checkAgeRange(value: AgeInput, ctx: z.RefinementCtx) {
  if (value.idade === undefined || value.idade__unidade === undefined) return;
  const max = AGE_MAX[value.idade__unidade];
  if (value.idade > max) {
    ctx.addIssue({
      code: "custom",
      path: ["idade"],
      message: `A idade deve ser de no máximo ${formatAge(max, value.idade__unidade)}.`,
    });
  }
}

const photo = z
  .custom<File>((value) => typeof File !== "undefined" && value instanceof File, PET_MESSAGES.fotos.type)
  .refine((file) => (PET_PHOTO_TYPES as readonly string[]).includes(file.type), PET_MESSAGES.fotos.type)
  .refine((file) => file.size <= IMAGE_MAX_BYTES, PET_MESSAGES.fotos.size);

const photos = z.array(photo).max(MAX_PET_PHOTOS, PET_MESSAGES.fotos.max);

/** The publish and edit forms: every field; 1 to 5 photos to publish, and when editing, new photos (if any) replace the old. */
function petFormSchema(mode: "create" | "edit") {
  const fotos = mode === "create" ? photos.min(1, PET_MESSAGES.fotos.required) : photos;
  // prefault, not default: a missing list still goes through the "at least one" rule.
  return z.object({ ...petFields, fotos: fotos.prefault([]) }).superRefine(checkAgeRange);
}
export const petCreateSchema = petFormSchema("create");
export const petEditSchema = petFormSchema("edit");

/** The JSON API's PATCH: any subset of the fields, nothing unknown. */
export const apiPetPatchSchema = z
  .strictObject({
    nome: petFields.nome.optional(),
    especie: petFields.especie.optional(),
    idade: petFields.idade.optional(),
    idade__unidade: petFields.idade__unidade.optional(),
    porte: petFields.porte.optional(),
    perfil: petFields.perfil.optional(),
    cidade: petFields.cidade.optional(),
    uf: petFields.uf.optional(),
    status: petFields.status.optional(),
  })
  .superRefine(checkAgeRange);

/** The feed's filters, read from the URL; anything unreadable is ignored, never an error. */
export const feedFiltersSchema = z.object({
  // Control characters (a NUL byte above all, which PostgreSQL refuses in text) are dropped.
  cidade: z
    .string()
    // eslint-disable-next-line no-control-regex -- matching control characters is the point
    .transform((value) => value.replace(/[\u0000-\u001f]/g, "").trim())
    .pipe(z.string().max(50))
    .optional()
    .catch(undefined),
  uf: z.enum(UFS).optional().catch(undefined),
  especie: z.enum(SPECIES).optional().catch(undefined),
  porte: z.enum(SIZES).optional().catch(undefined),
  idade: z
    .enum(Object.keys(AGE_GROUPS) as [keyof typeof AGE_GROUPS])
    .optional()
    .catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).catch(1).default(1),
});
export type FeedFilters = z.output<typeof feedFiltersSchema>;
