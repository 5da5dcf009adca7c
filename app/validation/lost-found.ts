import { z } from "zod";
import { COLORS, EMERGENCY_ANIMALS_MAX, EMERGENCY_CITIES_MAX, REPORT_STATUSES, REPORT_TYPES } from "~/lib/lost-found";
import { SEXES, SIZES, SPECIES } from "~/lib/pets";
import type { requiredCity } from "./fields";
import { blankToUndefined, cidadeIbgeField, cityRequired, optionalTextField, requiredText } from "./fields";
import { PET_MESSAGES, photos } from "./pets";

/**
 * A lost or found animal's report (issue 47), as the page's form and the API's multipart body
 * send it: the form's lists are text, its empty fields absent. Whether a day has come and
 * whether a point lies in the city are the service's to say.
 */

export const LOST_FOUND_MESSAGES = {
  tipo: "Escolha se o animal está perdido ou foi encontrado.",
  especie: "Escolha a espécie: cão, gato ou outro.",
  porte: "Escolha o porte: pequeno, médio, médio a grande ou grande.",
  sexo: "Escolha macho ou fêmea, ou deixe em branco se não souber.",
  cores: "Escolha de 1 a 3 cores da lista.",
  nome: "O nome deve ter até 60 caracteres.",
  nomeEncontrado: "Um animal encontrado ainda não tem nome: deixe o nome em branco.",
  data: "Informe o dia em que o animal se perdeu ou foi encontrado (até hoje), como 2026-11-05.",
  cidade: "Informe a cidade, como Niterói (RJ).",
  bairro: "O bairro deve ter até 60 caracteres.",
  ponto: "Marque o ponto no mapa com latitude e longitude (as duas), dentro da cidade informada.",
  descricao: "A descrição deve ter até 1000 caracteres.",
  descricaoDinheiro:
    "Um anúncio de animal encontrado não pede dinheiro nem chave Pix: a família não paga para ter o animal de volta. Tire da descrição o pedido de pagamento.",
  status: "O status deve ser aberto, reencontrado ou encerrado.",
  finalFeliz: "Conte o final feliz em até 1000 caracteres.",
  raio: "O raio deve ser de 1 a 100 km.",
  desde: "Informe a data como 2026-11-05.",
  emergencia: "Emergência inválida: use o id de uma emergência.",
  emergenciaNome: "Dê um nome à emergência, de 3 a 80 caracteres.",
  emergenciaCidades: `Informe de 1 a ${EMERGENCY_CITIES_MAX} cidades da área, como Porto Alegre (RS).`,
  emergenciaInicio: "Informe o primeiro dia da emergência, como 2026-11-05.",
  emergenciaFim: "O último dia vem depois do primeiro, como 2026-12-05 (ou deixe em branco).",
  animais: `Envie de 1 a ${EMERGENCY_ANIMALS_MAX} animais em \`animais\`: uma lista em JSON, com uma foto para cada um em \`fotos\`, na mesma ordem.`,
  organizacao: "Informe a organização que acolheu os animais (organizacao_id).",
  foto: "Envie uma foto do seu animal (JPEG, PNG ou WebP).",
} as const;

const coordinate = (min: number, max: number) =>
  z.preprocess(
    (value) => (value === "" || value === undefined ? undefined : typeof value === "string" ? Number(value) : value),
    z
      .number(LOST_FOUND_MESSAGES.ponto)
      .min(min, LOST_FOUND_MESSAGES.ponto)
      .max(max, LOST_FOUND_MESSAGES.ponto)
      .optional(),
  );

// A form's checkboxes send the list; text (`preto, branco`) is read as one.
const colorList = z.preprocess(
  (value) =>
    typeof value === "string"
      ? value
          .split(",")
          .map((color) => color.trim())
          .filter(Boolean)
      : value,
  z
    .array(z.enum(COLORS, LOST_FOUND_MESSAGES.cores), LOST_FOUND_MESSAGES.cores)
    .min(1, LOST_FOUND_MESSAGES.cores)
    .max(3, LOST_FOUND_MESSAGES.cores)
    .transform((list) => [...new Set(list)]),
);

const reportFields = {
  tipo: z.enum(REPORT_TYPES, LOST_FOUND_MESSAGES.tipo),
  especie: z.enum(SPECIES, LOST_FOUND_MESSAGES.especie),
  porte: z.enum(SIZES, LOST_FOUND_MESSAGES.porte),
  sexo: z.preprocess(blankToUndefined, z.enum(SEXES, LOST_FOUND_MESSAGES.sexo).optional()),
  cores: colorList,
  nome: optionalTextField(60, LOST_FOUND_MESSAGES.nome),
  data: z.iso.date(LOST_FOUND_MESSAGES.data),
  cidade: requiredText(LOST_FOUND_MESSAGES.cidade).max(60, LOST_FOUND_MESSAGES.cidade).optional(),
  cidade_ibge: cidadeIbgeField.optional(),
  bairro: optionalTextField(60, LOST_FOUND_MESSAGES.bairro),
  // Brazil lies between these; the service checks the point against the city.
  latitude: coordinate(-34, 6),
  longitude: coordinate(-74, -28),
  descricao: optionalTextField(1000, LOST_FOUND_MESSAGES.descricao, { multiline: true }),
  fotos: photos.min(1, PET_MESSAGES.fotos.required),
};

/**
 * Whether a found animal's description asks for money (issue 60): a "taxa de resgate" by Pix was
 * the scam. Pix, payment, deposit, fee and amounts in reais.
 */
function asksForMoney(text: string): boolean {
  const plain = text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();
  return /\bpix\b|\btaxa\b|\bpag(ar|amento|ue|a)\b|\bdeposit|\btransfer(e|ir|encia)\b|\brecompensa\b|r\$\s*\d|\d+\s*(reais|conto)\b|\bchave\b/.test(
    plain,
  );
}

/** `POST /api/perdidos-e-achados` (multipart) and the report page's form. */
export const reportFormSchema = z.strictObject(reportFields).superRefine((input, context) => {
  cityRequired({ cidade: LOST_FOUND_MESSAGES.cidade })(input, context);
  if ((input.latitude === undefined) !== (input.longitude === undefined))
    context.addIssue({ code: "custom", path: ["latitude"], message: LOST_FOUND_MESSAGES.ponto });
  if (input.tipo === "encontrado" && input.nome)
    context.addIssue({ code: "custom", path: ["nome"], message: LOST_FOUND_MESSAGES.nomeEncontrado });
  if (input.tipo === "encontrado" && input.descricao && asksForMoney(input.descricao))
    context.addIssue({ code: "custom", path: ["descricao"], message: LOST_FOUND_MESSAGES.descricaoDinheiro });
});
/** A report as the domain makes it: its city named (requiredCity), its photos apart. */
export type ReportInput = Omit<ReturnType<typeof requiredCity<z.output<typeof reportFormSchema>>>, "fotos">;

/** `PATCH /api/perdidos-e-achados/:id`: closed (`reencontrado`, with its happy ending if told, or `encerrado`), or renewed (`aberto`). */
export const reportStatusSchema = z.strictObject({
  status: z.enum(REPORT_STATUSES, LOST_FOUND_MESSAGES.status),
  final_feliz: optionalTextField(1000, LOST_FOUND_MESSAGES.finalFeliz, { multiline: true }),
});
export type ReportStatusInput = z.output<typeof reportStatusSchema>;

/** `GET /api/perdidos-e-achados`'s query and the list page's filters. */
export const reportQuerySchema = z.object({
  tipo: z.preprocess(blankToUndefined, z.enum(REPORT_TYPES, LOST_FOUND_MESSAGES.tipo).optional()),
  perto: z.preprocess(blankToUndefined, z.string().trim().max(60, LOST_FOUND_MESSAGES.cidade).optional()),
  raio: z.preprocess(
    blankToUndefined,
    z.coerce
      .number(LOST_FOUND_MESSAGES.raio)
      .int(LOST_FOUND_MESSAGES.raio)
      .min(1, LOST_FOUND_MESSAGES.raio)
      .max(100, LOST_FOUND_MESSAGES.raio)
      .optional(),
  ),
  especie: z.preprocess(blankToUndefined, z.enum(SPECIES, LOST_FOUND_MESSAGES.especie).optional()),
  desde: z.preprocess(blankToUndefined, z.iso.date(LOST_FOUND_MESSAGES.desde).optional()),
  emergencia: z.preprocess(blankToUndefined, z.uuid(LOST_FOUND_MESSAGES.emergencia).optional()),
});
export type ReportQuery = z.output<typeof reportQuerySchema>;

/** `POST /api/emergencias` (operators): a name, the area's cities, its first day and, if known, its last. */
/** `POST /emergencias/:id/abrigos`: the organisation an operator admits to the emergency's intake. */
export const admitShelterSchema = z.strictObject({ organizacao_id: z.uuid(LOST_FOUND_MESSAGES.organizacao) });

export const emergencySchema = z
  .strictObject({
    nome: requiredText(LOST_FOUND_MESSAGES.emergenciaNome)
      .min(3, LOST_FOUND_MESSAGES.emergenciaNome)
      .max(80, LOST_FOUND_MESSAGES.emergenciaNome),
    cidades: z
      .array(
        z.string(LOST_FOUND_MESSAGES.emergenciaCidades).trim().min(1).max(60),
        LOST_FOUND_MESSAGES.emergenciaCidades,
      )
      .min(1, LOST_FOUND_MESSAGES.emergenciaCidades)
      .max(EMERGENCY_CITIES_MAX, LOST_FOUND_MESSAGES.emergenciaCidades),
    inicio: z.iso.date(LOST_FOUND_MESSAGES.emergenciaInicio),
    fim: z.iso.date(LOST_FOUND_MESSAGES.emergenciaFim).nullable().optional(),
  })
  .refine((input) => !input.fim || input.fim >= input.inicio, {
    message: LOST_FOUND_MESSAGES.emergenciaFim,
    path: ["fim"],
  });
export type EmergencyInput = z.output<typeof emergencySchema>;

/** One animal a shelter took in during an emergency: a found report's fields, without a name. */
const shelterAnimalSchema = z
  .strictObject(reportFields)
  .omit({ tipo: true, nome: true, fotos: true })
  .superRefine((input, context) => {
    cityRequired({ cidade: LOST_FOUND_MESSAGES.cidade })(input, context);
    if ((input.latitude === undefined) !== (input.longitude === undefined))
      context.addIssue({ code: "custom", path: ["latitude"], message: LOST_FOUND_MESSAGES.ponto });
    if (input.descricao && asksForMoney(input.descricao))
      context.addIssue({ code: "custom", path: ["descricao"], message: LOST_FOUND_MESSAGES.descricaoDinheiro });
  });

/** `POST /api/emergencias/:id/animais` (multipart): the organisation, the animals as JSON, a photo each. */
export const shelterAnimalsSchema = z.strictObject({
  organizacao_id: z.uuid(LOST_FOUND_MESSAGES.organizacao),
  animais: z
    .array(shelterAnimalSchema, LOST_FOUND_MESSAGES.animais)
    .min(1, LOST_FOUND_MESSAGES.animais)
    .max(EMERGENCY_ANIMALS_MAX, LOST_FOUND_MESSAGES.animais),
});
/** An animal as the domain registers it: its city named (requiredCity). */
export type ShelterAnimal = ReturnType<typeof requiredCity<z.output<typeof shelterAnimalSchema>>>;
export type ShelterAnimalsInput = z.output<typeof shelterAnimalsSchema>;

/**
 * `POST /api/emergencias/:id/busca` and the emergency's page: a family looks for their animal
 * among those the shelters took in, by a photo of it, and the species and colours if they say.
 */
export const photoSearchSchema = z.strictObject({
  especie: z.preprocess(blankToUndefined, z.enum(SPECIES, LOST_FOUND_MESSAGES.especie).optional()),
  cores: colorList.optional(),
  foto: photos.min(1, LOST_FOUND_MESSAGES.foto).max(1, LOST_FOUND_MESSAGES.foto),
});
export type PhotoSearchInput = Omit<z.output<typeof photoSearchSchema>, "foto">;
