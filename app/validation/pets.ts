import { z } from "zod";
import { ORGANIZATION_MESSAGES } from "./organizations";
import { MESSAGES } from "./messages";
import {
  AGE_GROUPS,
  AGE_MAX,
  AGE_UNITS,
  CASTRATION,
  COMPANIONS,
  FEE_MAX_CENTS,
  SEXES,
  SIZES,
  SPECIES,
  SPECIES_LABEL,
  UFS,
  VACCINES,
  VACCINES_BY_SPECIES,
  formatAge,
  RADII_KM,
  type RadiusKm,
  type Species,
  type Vaccine,
} from "~/lib/pets";
import { FOSTER_URGENCIES } from "~/lib/foster";
import {
  blankToUndefined,
  cidadeField,
  cidadeIbgeField,
  cityRequired,
  IMAGE_MAX_BYTES,
  nomeAnimalField,
  requiredText,
  textField,
} from "./fields";

export const PET_MESSAGES = {
  especie: "Escolha a espécie do animal.",
  idade: {
    required: "O campo idade não pode estar vazio.",
    number: "A idade deve ser um número inteiro maior que zero.",
    max: "A idade deve ser de no máximo 365 dias, 36 meses ou 30 anos.",
  },
  unidade: "Escolha a unidade da idade (dias, meses ou anos).",
  porte: "Escolha o porte do animal.",
  perfil: {
    required: "O campo perfil não pode estar vazio.",
    max: "O perfil deve possuir no máximo 300 caracteres.",
  },
  uf: "Escolha o estado (UF).",
  status: "Escolha a situação do animal.",
  sexo: "Escolha o sexo do animal.",
  castrado: "Escolha se o animal é castrado.",
  castracaoData: {
    required: "Informe a data agendada para a castração.",
    format: "Informe a data da castração como dd/mm/aaaa.",
  },
  vacinas: "Escolha vacinas da lista.",
  vermifugado: "Escolha se o animal é vermifugado.",
  microchip: "O microchip deve ter 15 dígitos.",
  raca: "A raça deve ter no máximo 40 caracteres.",
  pelagem: "A pelagem deve ter no máximo 40 caracteres.",
  conviveCom: "Escolha com quem o animal convive bem: crianças, cães ou gatos.",
  necessidades: "As necessidades especiais devem possuir no máximo 300 caracteres.",
  historia: "A história deve possuir no máximo 2000 caracteres.",
  taxa: "A taxa de adoção deve ser um valor de R$ 0,00 a R$ 1.000,00.",
  precisaLar: "Responda se o animal precisa de lar temporário.",
  urgencia: "Escolha a urgência: urgente ou normal.",
  prazoLar: "Informe o prazo para o lar temporário como dd/mm/aaaa, a partir de hoje.",
  sale: "A Adopet é só para adoção: tire do texto o preço ou a oferta de venda. Se houver uma taxa de adoção, informe-a no campo Taxa de adoção.",
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

/** The vaccine names of another species, or none for animals with no list ("outro"). */
export function vaccinesOutsideList(species: Species, vaccines: readonly Vaccine[]): boolean {
  return vaccines.some((vaccine) => !VACCINES_BY_SPECIES[species].includes(vaccine));
}

function vaccineListText(species: Species): string {
  return species === "outro"
    ? "Não há vacinas listadas para esta espécie."
    : `Escolha apenas vacinas de ${SPECIES_LABEL[species].toLowerCase()}.`
        .replace("cão.", "cães.")
        .replace("gato.", "gatos.");
}

// Words that offer an animal for sale: a price, "vendo", "à venda", "preço". A fee has its own field.
const SALE_WORDS = new RegExp(
  [
    String.raw`R\$\s*\d+`,
    String.raw`\d+(?:[.,]\d+)?\s*(?:reais|conto)`,
    String.raw`vend(?:o|e-se|emos|endo)`,
    String.raw`[àa]\s+venda`,
    String.raw`pre[çc]os?`,
    "pix",
  ]
    // Whole words: \b knows no accented letters.
    .map((words) => String.raw`(?<![\p{L}\p{N}])(?:${words})(?![\p{L}\p{N}])`)
    .join("|"),
  "iu",
);

/** Whether a text offers the animal for sale. */
const offersForSale = (text: string) => SALE_WORDS.test(text);

/** Forms send text; an empty field is a missing one. */
const asList = (value: unknown) =>
  value === undefined || value === null || value === "" ? [] : Array.isArray(value) ? value : [value];
const YES_NO: Record<string, boolean> = { sim: true, true: true, nao: false, false: false };

/** "2027-03-12" from a date input, or "12/03/2027" typed: a real calendar day, as ISO. */
function readDay(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const typed = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value.trim());
  const iso = typed ? `${typed[3]}-${typed[2]}-${typed[1]}` : value.trim();
  const date = new Date(`${iso}T00:00:00Z`);
  return /^\d{4}-\d{2}-\d{2}$/.test(iso) && !Number.isNaN(date.getTime()) && date.toISOString().startsWith(iso)
    ? iso
    : Number.NaN; // not a day: refused with the format message
}

/** The fee in cents, from reais: 50, "50", "50,00", "R$ 1.000,00". */
function readFee(value: unknown): unknown {
  if (typeof value === "number") return Number.isFinite(value) ? Math.round(value * 100) : value;
  if (typeof value !== "string") return value;
  const text = value.replace(/^\s*R\$\s*/i, "").trim();
  const match = /^(\d{1,3}(?:\.\d{3})*|\d+)(?:,(\d{1,2}))?$/.exec(text) ?? /^(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return Number.NaN;
  return Number(match[1]!.replace(/\./g, "")) * 100 + Number((match[2] ?? "0").padEnd(2, "0"));
}

/** Free text of the record: optional, multi-line, refused when it offers the animal for sale. */
const recordText = (max: number, message: string) =>
  textField(message, { multiline: true })
    .trim()
    .max(max, message)
    .refine((value) => !offersForSale(value), PET_MESSAGES.sale);

/** A short word of the record (breed, coat): one line. */
const shortText = (max: number, message: string) => textField(message).trim().max(max, message);

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
  perfil: requiredText(PET_MESSAGES.perfil.required, { multiline: true })
    .max(300, PET_MESSAGES.perfil.max)
    .refine((value) => !offersForSale(value), PET_MESSAGES.sale),
  // Both sent by the pages' form; the API may name the city by `cidade_ibge` instead (cityRequired).
  cidade: cidadeField.optional(),
  cidade_ibge: cidadeIbgeField.optional(),
  uf: choice(UFS, PET_MESSAGES.uf).optional(),
  status: choice(["disponivel", "adotado"] as const, PET_MESSAGES.status),
};

/**
 * The record's fields, each optional. A form sends every field, so an empty or missing one
 * clears it (null); the API's PATCH leaves a missing one as it is and clears a null one.
 */
function recordFields(missing: "clears" | "keeps") {
  const clearable = <T extends z.ZodType>(schema: T, read: (value: unknown) => unknown = (value) => value) => {
    const field = z.preprocess(
      (value) => (value === "" || value === null || value === undefined ? null : read(value)),
      schema.nullable(),
    );
    return missing === "clears" ? field : field.optional();
  };
  const list = <T extends z.ZodType>(item: T, max: number) => {
    const field = z.preprocess(asList, z.array(item).max(max));
    return missing === "clears" ? field : field.optional();
  };
  return {
    sexo: clearable(choice(SEXES, PET_MESSAGES.sexo)),
    castrado: clearable(choice(CASTRATION, PET_MESSAGES.castrado)),
    castracao_data: clearable(z.string({ error: PET_MESSAGES.castracaoData.format }), readDay),
    vacinas: list(z.enum(VACCINES, { error: PET_MESSAGES.vacinas }), VACCINES.length),
    vermifugado: clearable(z.boolean({ error: PET_MESSAGES.vermifugado }), (value) =>
      typeof value === "string" ? (YES_NO[value] ?? value) : value,
    ),
    microchip: clearable(
      z.string({ error: PET_MESSAGES.microchip }).regex(/^\d{15}$/, PET_MESSAGES.microchip),
      (value) => (typeof value === "string" ? value.replace(/[\s.-]/g, "") : value),
    ),
    raca: clearable(shortText(40, PET_MESSAGES.raca)),
    pelagem: clearable(shortText(40, PET_MESSAGES.pelagem)),
    convive_com: list(z.enum(COMPANIONS, { error: PET_MESSAGES.conviveCom }), COMPANIONS.length),
    necessidades_especiais: clearable(recordText(300, PET_MESSAGES.necessidades)),
    historia: clearable(recordText(2000, PET_MESSAGES.historia)),
    taxa_adocao: clearable(
      z
        .number({ error: PET_MESSAGES.taxa })
        .int(PET_MESSAGES.taxa)
        .min(0, PET_MESSAGES.taxa)
        .max(FEE_MAX_CENTS, PET_MESSAGES.taxa),
      readFee,
    ),
    ...fosterNeedFields(missing),
  };
}

/**
 * Whether the organisation looks for a foster home for the animal (issue 44), how urgently and
 * by when. A form's unticked box is "no" and "normal"; the API's PATCH keeps what it leaves out.
 */
function fosterNeedFields(missing: "clears" | "keeps") {
  const needed = z.boolean({ error: PET_MESSAGES.precisaLar });
  const urgency = choice(FOSTER_URGENCIES, PET_MESSAGES.urgencia);
  const deadline = z.preprocess(
    (value) => (value === "" || value === null || value === undefined ? null : readDay(value)),
    z.string({ error: PET_MESSAGES.prazoLar }).nullable(),
  );
  if (missing === "keeps") {
    return { precisa_lar_temporario: needed.optional(), urgencia: urgency.optional(), prazo_lar: deadline.optional() };
  }
  return {
    precisa_lar_temporario: z.preprocess(
      (value) =>
        value === undefined || value === "" ? false : typeof value === "string" ? (YES_NO[value] ?? value) : value,
      needed,
    ),
    urgencia: z.preprocess((value) => (value === undefined || value === "" ? "normal" : value), urgency),
    prazo_lar: deadline,
  };
}

const ALWAYS = { when: () => true };

type RecordInput = {
  especie?: Species;
  castrado?: (typeof CASTRATION)[number] | null;
  castracao_data?: string | null;
  vacinas?: Vaccine[] | null;
};

/**
 * A scheduled castration has its date; vaccines come from the species' list. Run even when
 * other fields were refused (every message at once), on the fields that were read.
 */
function checkRecord(value: RecordInput, ctx: z.RefinementCtx) {
  const refused = (field: string) => ctx.issues.some((issue) => issue.path?.[0] === field);
  if (value.castrado === "agendado" && !value.castracao_data && !refused("castracao_data")) {
    ctx.addIssue({ code: "custom", path: ["castracao_data"], message: PET_MESSAGES.castracaoData.required });
  }
  const species = value.especie;
  if (
    species &&
    (SPECIES as readonly string[]).includes(species) &&
    Array.isArray(value.vacinas) &&
    !refused("vacinas") &&
    vaccinesOutsideList(species, value.vacinas)
  ) {
    ctx.addIssue({ code: "custom", path: ["vacinas"], message: vaccineListText(species) });
  }
}

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
  .refine((file) => file.size <= IMAGE_MAX_BYTES, PET_MESSAGES.fotos.size)
  // A file in the API's document (app/openapi).
  .meta({ override: { type: "string", format: "binary" } });

/** Up to 5 photos of an animal: its listing's, and its news from a foster home (validation/foster.ts). */
export const photos = z.array(photo).max(MAX_PET_PHOTOS, PET_MESSAGES.fotos.max);

/**
 * The organisation an animal is published for (issue 43): needed from a person in several,
 * and only when publishing (an animal changes organisation by a transfer).
 */
const organizationChoice = z.preprocess(blankToUndefined, z.uuid(ORGANIZATION_MESSAGES.organizacaoRequired).optional());

/** The publish and edit forms: every field; 1 to 5 photos to publish, and when editing, new photos (if any) replace the old. */
function petFormSchema(mode: "create" | "edit") {
  const fotos = mode === "create" ? photos.min(1, PET_MESSAGES.fotos.required) : photos;
  // A form sends every field: an empty one clears it (null), and new pets say their sex.
  const record = recordFields("clears");
  const sexo = mode === "create" ? z.preprocess(blankToUndefined, choice(SEXES, PET_MESSAGES.sexo)) : record.sexo;
  // prefault, not default: a missing list still goes through the "at least one" rule.
  return z
    .object({ ...petFields, ...record, sexo, fotos: fotos.prefault([]), organizacao_id: organizationChoice })
    .superRefine(cityRequired({ cidade: MESSAGES.cidade.required, uf: PET_MESSAGES.uf }), ALWAYS)
    .superRefine(checkAgeRange)
    .superRefine(checkRecord, ALWAYS);
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
    cidade: petFields.cidade,
    cidade_ibge: petFields.cidade_ibge,
    uf: petFields.uf,
    status: petFields.status.optional(),
    ...recordFields("keeps"),
  })
  .superRefine(checkAgeRange)
  .superRefine(checkRecord, ALWAYS);

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f]/g;

/**
 * The search's criteria, each refusing what it cannot read with a Portuguese message: the
 * feed ignores a criterion it cannot read (below), an alert refuses it (validation/alerts.ts).
 */
export const searchFields = {
  // Control characters (a NUL byte above all, which PostgreSQL refuses in text) are dropped.
  cidade: z
    .string({ error: "Informe a cidade como texto." })
    .transform((value) => value.replace(CONTROL_CHARACTERS, "").trim())
    .pipe(z.string().max(50, "A cidade deve ter no máximo 50 caracteres.")),
  uf: z.enum(UFS, { error: "Estado inválido: use a sigla, como RJ." }),
  especie: z.enum(SPECIES, { error: "Espécie inválida: use cao, gato ou outro." }),
  porte: z.enum(SIZES, { error: "Porte inválido: use pequeno, medio, medio_grande ou grande." }),
  idade: z.enum(Object.keys(AGE_GROUPS) as [keyof typeof AGE_GROUPS], {
    error: "Idade inválida: use filhote, jovem, adulto ou idoso.",
  }),
  // Words in name, profile and story.
  q: z
    .string({ error: "Informe as palavras da busca como texto." })
    .transform((value) => value.replace(CONTROL_CHARACTERS, " ").trim())
    .pipe(z.string().min(1, "Informe as palavras da busca.").max(100, "A busca deve ter no máximo 100 caracteres.")),
  // Near a city: its IBGE code, or its name as typed ("São Gonçalo (RJ)"), resolved by the feed.
  perto: z
    .union([z.string(), z.number().int().positive()], { error: "Informe a cidade de “Perto de”." })
    .transform((value) => String(value).replace(CONTROL_CHARACTERS, "").trim())
    .pipe(z.string().min(1, "Informe a cidade de “Perto de”.").max(60, "Cidade não encontrada.")),
  raio: z.coerce
    .number({ error: "Raio inválido: use 10, 25, 50, 100 ou 200 km." })
    .refine((km): km is RadiusKm => (RADII_KM as readonly number[]).includes(km), {
      error: "Raio inválido: use 10, 25, 50, 100 ou 200 km.",
    }),
  sexo: z.enum(SEXES, { error: "Sexo inválido: use macho ou femea." }),
  castrado: z.enum(CASTRATION, { error: "Castração inválida: use sim, nao ou agendado." }),
  // Every one of them: repeated (a form's checkboxes) or separated by commas.
  convive_com: z.preprocess(
    (value) => (typeof value === "string" ? value.split(",").filter(Boolean) : value),
    z.array(z.enum(COMPANIONS), { error: "Convive com: use criancas, caes ou gatos." }),
  ),
};

/** A criterion the feed cannot read is left out, never an error. */
const lenient = <Schema extends z.ZodType>(schema: Schema) => schema.optional().catch(undefined);

/** The feed's filters, read from the URL; anything unreadable is ignored, never an error. */
export const feedFiltersSchema = z.object({
  cidade: lenient(searchFields.cidade),
  uf: lenient(searchFields.uf),
  especie: lenient(searchFields.especie),
  porte: lenient(searchFields.porte),
  idade: lenient(searchFields.idade),
  q: lenient(searchFields.q),
  perto: lenient(searchFields.perto),
  raio: lenient(searchFields.raio),
  sexo: lenient(searchFields.sexo),
  castrado: lenient(searchFields.castrado),
  // Unknown companions are dropped; the known ones still filter.
  convive_com: lenient(
    z.preprocess(
      (value) => (typeof value === "string" ? value.split(",") : value),
      z.array(z.string()).transform((values) => COMPANIONS.filter((companion) => values.includes(companion))),
    ),
  ),
  page: z.coerce.number().int().min(1).max(10_000).catch(1).default(1),
});
export type FeedFilters = z.output<typeof feedFiltersSchema>;

/** A URL's query as the feed's filters read it: repeated parameters kept as lists. */
export function feedParams(searchParams: URLSearchParams): Record<string, unknown> {
  const params: Record<string, unknown> = Object.fromEntries(searchParams);
  const companions = searchParams.getAll("convive_com");
  if (companions.length > 1) params.convive_com = companions;
  return params;
}
