import { z } from "zod";
import {
  HEALTH_FILE_MAX_BYTES,
  HEALTH_FILE_TYPES,
  HEALTH_FILES_MAX,
  HEALTH_LIMITS,
  HEALTH_MESSAGES,
  SEVERAL_ANIMALS_MAX,
  TIME_PATTERN,
  type HealthType,
} from "~/lib/health";
import { idListField, optionalTextField, requiredText, textField } from "./fields";

/**
 * An entry of an animal's health record (issue 45), one shape per `tipo`, as the JSON API and
 * the page's form send it: the form's empty fields are absent ones, its numbers and lists text.
 * Whether a day is to come is the service's to say (it knows today in Brasília).
 */

const day = (message: string) => z.iso.date(message);
const optionalDay = (message: string) =>
  z.preprocess((value) => (value === "" ? null : value), day(message).nullable().optional());
const observacoes = z.preprocess(
  (value) => (value === "" ? null : value),
  textField(HEALTH_MESSAGES.observacoes, { multiline: true })
    .trim()
    .max(HEALTH_LIMITS.observacoes, HEALTH_MESSAGES.observacoes)
    .transform((value) => value || null)
    .nullable()
    .optional(),
);
/** A weight in kg (`12.5`, or `12,5` as a form in Brazil writes it), kept to the gram. */
const kg = z.preprocess(
  (value) => (typeof value === "string" && value.trim() !== "" ? Number(value.trim().replace(",", ".")) : value),
  z
    .number(HEALTH_MESSAGES.kg)
    .gt(0, HEALTH_MESSAGES.kg)
    .max(HEALTH_LIMITS.kg, HEALTH_MESSAGES.kg)
    .transform((value) => Math.round(value * 1000) / 1000),
);
/** A medication's times of day: a list, or the form's one text (`08:00, 20:00`); sorted, once each. */
const horarios = z.preprocess(
  (value) => (typeof value === "string" ? value.split(/[\s,;]+/).filter(Boolean) : value),
  z
    .array(z.string(HEALTH_MESSAGES.horarios).regex(TIME_PATTERN, HEALTH_MESSAGES.horarios), HEALTH_MESSAGES.horarios)
    .min(1, HEALTH_MESSAGES.horarios)
    .max(HEALTH_LIMITS.horarios, HEALTH_MESSAGES.horarios)
    .transform((list) => [...new Set(list)].sort()),
);
const name = requiredText(HEALTH_MESSAGES.nome.required).max(HEALTH_LIMITS.nome, HEALTH_MESSAGES.nome.max);
const produto = requiredText(HEALTH_MESSAGES.produto.required).max(HEALTH_LIMITS.produto, HEALTH_MESSAGES.produto.max);
const clinica = optionalTextField(HEALTH_LIMITS.clinica, HEALTH_MESSAGES.clinica);

/** A dose, with when the next one is due (after it). */
const doseFields = {
  data: day(HEALTH_MESSAGES.data),
  proxima_dose: optionalDay(HEALTH_MESSAGES.proximaDose),
  observacoes,
};
const nextDoseAfter = (entry: { data: string; proxima_dose?: string | null }) =>
  !entry.proxima_dose || entry.proxima_dose > entry.data;
const nextDoseRule = { path: ["proxima_dose"], message: HEALTH_MESSAGES.proximaDose };

export const HEALTH_ENTRY_SCHEMAS = {
  vacina: z
    .strictObject({
      tipo: z.literal("vacina"),
      nome: name,
      ...doseFields,
      /** The brand; else what the name says besides the vaccine ("V10 Vanguard Plus"). */
      produto: optionalTextField(HEALTH_LIMITS.produto, HEALTH_MESSAGES.produto.max),
      lote: optionalTextField(HEALTH_LIMITS.lote, HEALTH_MESSAGES.lote),
    })
    .refine(nextDoseAfter, nextDoseRule),
  vermifugo: z
    .strictObject({ tipo: z.literal("vermifugo"), produto, ...doseFields })
    .refine(nextDoseAfter, nextDoseRule),
  antipulgas: z
    .strictObject({ tipo: z.literal("antipulgas"), produto, ...doseFields })
    .refine(nextDoseAfter, nextDoseRule),
  castracao: z.strictObject({
    tipo: z.literal("castracao"),
    data: day(HEALTH_MESSAGES.data),
    clinica,
    observacoes,
  }),
  exame: z.strictObject({
    tipo: z.literal("exame"),
    nome: name,
    data: day(HEALTH_MESSAGES.data),
    resultado: optionalTextField(HEALTH_LIMITS.resultado, HEALTH_MESSAGES.resultado),
    observacoes,
  }),
  consulta: z.strictObject({
    tipo: z.literal("consulta"),
    data: day(HEALTH_MESSAGES.data),
    motivo: requiredText(HEALTH_MESSAGES.motivo.required, { multiline: true }).max(
      HEALTH_LIMITS.motivo,
      HEALTH_MESSAGES.motivo.max,
    ),
    clinica,
    observacoes,
  }),
  medicamento: z
    .strictObject({
      tipo: z.literal("medicamento"),
      nome: name,
      dose: requiredText(HEALTH_MESSAGES.dose.required).max(HEALTH_LIMITS.dose, HEALTH_MESSAGES.dose.max),
      horarios,
      de: day(HEALTH_MESSAGES.de),
      ate: optionalDay(HEALTH_MESSAGES.ate),
      observacoes,
    })
    .refine((entry) => !entry.ate || entry.ate >= entry.de, { path: ["ate"], message: HEALTH_MESSAGES.ate }),
  peso: z.strictObject({
    tipo: z.literal("peso"),
    data: day(HEALTH_MESSAGES.data),
    kg,
    observacoes,
  }),
} satisfies Record<HealthType, z.ZodType>;

/** `POST /api/pets/:id/saude`: one entry, its fields by `tipo`. */
export const healthEntrySchema = z.discriminatedUnion(
  "tipo",
  [
    HEALTH_ENTRY_SCHEMAS.vacina,
    HEALTH_ENTRY_SCHEMAS.vermifugo,
    HEALTH_ENTRY_SCHEMAS.antipulgas,
    HEALTH_ENTRY_SCHEMAS.castracao,
    HEALTH_ENTRY_SCHEMAS.exame,
    HEALTH_ENTRY_SCHEMAS.consulta,
    HEALTH_ENTRY_SCHEMAS.medicamento,
    HEALTH_ENTRY_SCHEMAS.peso,
  ],
  { error: HEALTH_MESSAGES.tipo },
);
export type HealthEntryInput = z.output<typeof healthEntrySchema>;

/** A file sent with an entry: its declared type and size here; its content on the server. */
const healthFile = z
  .custom<File>((value) => typeof File !== "undefined" && value instanceof File, HEALTH_MESSAGES.arquivos.type)
  .refine(
    (file) => file.type === "" || (HEALTH_FILE_TYPES as readonly string[]).includes(file.type),
    HEALTH_MESSAGES.arquivos.type,
  )
  .refine((file) => file.size <= HEALTH_FILE_MAX_BYTES, HEALTH_MESSAGES.arquivos.size)
  .meta({ override: { type: "string", format: "binary" } });
const arquivos = z.array(healthFile).max(HEALTH_FILES_MAX, HEALTH_MESSAGES.arquivos.max).prefault([]);

/** The page's form and the API's multipart body: an entry's fields, and its files in `arquivos`. */
export const HEALTH_ENTRY_FORM_SCHEMAS = {
  vacina: HEALTH_ENTRY_SCHEMAS.vacina.safeExtend({ arquivos }),
  vermifugo: HEALTH_ENTRY_SCHEMAS.vermifugo.safeExtend({ arquivos }),
  antipulgas: HEALTH_ENTRY_SCHEMAS.antipulgas.safeExtend({ arquivos }),
  castracao: HEALTH_ENTRY_SCHEMAS.castracao.safeExtend({ arquivos }),
  exame: HEALTH_ENTRY_SCHEMAS.exame.safeExtend({ arquivos }),
  consulta: HEALTH_ENTRY_SCHEMAS.consulta.safeExtend({ arquivos }),
  medicamento: HEALTH_ENTRY_SCHEMAS.medicamento.safeExtend({ arquivos }),
  peso: HEALTH_ENTRY_SCHEMAS.peso.safeExtend({ arquivos }),
} satisfies Record<HealthType, z.ZodType>;
export const healthEntryFormSchema = z.discriminatedUnion(
  "tipo",
  [
    HEALTH_ENTRY_FORM_SCHEMAS.vacina,
    HEALTH_ENTRY_FORM_SCHEMAS.vermifugo,
    HEALTH_ENTRY_FORM_SCHEMAS.antipulgas,
    HEALTH_ENTRY_FORM_SCHEMAS.castracao,
    HEALTH_ENTRY_FORM_SCHEMAS.exame,
    HEALTH_ENTRY_FORM_SCHEMAS.consulta,
    HEALTH_ENTRY_FORM_SCHEMAS.medicamento,
    HEALTH_ENTRY_FORM_SCHEMAS.peso,
  ],
  { error: HEALTH_MESSAGES.tipo },
);

/** The adopter's choice on the record's page: health reminders by e-mail on (`sim`) or off. */
export const healthRemindersSchema = z.object({ lembretes: z.enum(["sim", "nao"], "Escolha sim ou não.") });

/**
 * `PATCH /api/pets/:id/saude/:registroId`: the fields to change (null clears an optional one);
 * merged with the entry's own and checked as a whole, by its kind.
 */
export const healthEntryPatchSchema = z.record(z.string().max(40), z.unknown()).meta({
  description: "Os campos a mudar, como no registro do mesmo tipo; `null` apaga um campo opcional. O `tipo` não muda.",
});

/** The animals one entry is for: `animais`, a list of ids (a form's checkboxes send it once each). */
const severalAnimals = idListField(HEALTH_MESSAGES.animais, SEVERAL_ANIMALS_MAX);

/** The kinds one entry may be for several animals: the doses a litter or a rescue shares. */
export const SEVERAL_HEALTH_TYPES = ["vacina", "vermifugo", "antipulgas"] as const;

/** Each kind's form for several animals: its fields, and `animais`. */
export const SEVERAL_HEALTH_SCHEMAS = {
  vacina: HEALTH_ENTRY_SCHEMAS.vacina.safeExtend({ animais: severalAnimals }),
  vermifugo: HEALTH_ENTRY_SCHEMAS.vermifugo.safeExtend({ animais: severalAnimals }),
  antipulgas: HEALTH_ENTRY_SCHEMAS.antipulgas.safeExtend({ animais: severalAnimals }),
};

/**
 * One dose for several of an organisation's animals (issue 62: a litter's vaccine, a rescue's
 * dewormer): `POST /organizacoes/{id}/saude` and the organisation's `Saúde` page.
 */
export const severalHealthEntrySchema = z.discriminatedUnion(
  "tipo",
  [SEVERAL_HEALTH_SCHEMAS.vacina, SEVERAL_HEALTH_SCHEMAS.vermifugo, SEVERAL_HEALTH_SCHEMAS.antipulgas],
  { error: "Escolha o tipo: vacina, vermifugo ou antipulgas." },
);
