import { z } from "zod";
import {
  FOSTER_MAX_ANIMALS,
  FOSTER_NEWS_MAX,
  FOSTER_NOTES_MAX,
  FOSTER_RADIUS_KM,
  FOSTER_SPECIES,
  NEWS_STATUSES,
} from "~/lib/foster";
import { DEFAULT_RADIUS_KM, SIZES, SPECIES, UFS } from "~/lib/pets";
import type { requiredCity } from "./fields";
import { cidadeField, cidadeIbgeField, cityRequired, requiredText, textField } from "./fields";
import { MESSAGES } from "./messages";
import { photos, searchFields } from "./pets";

/** The foster network (issue 44): an offer of a home, as the page's form and the API take it. */

export const FOSTER_MESSAGES = {
  especies: "Escolha ao menos uma espécie: cão ou gato.",
  portes: "Escolha ao menos um porte.",
  quantos: `Informe quantos animais você pode receber de uma vez: de 1 a ${FOSTER_MAX_ANIMALS}.`,
  disponivelAte: "Informe uma data válida, a partir de hoje.",
  uf: "Escolha o estado (UF).",
  observacoes: `As observações devem ter no máximo ${FOSTER_NOTES_MAX} caracteres.`,
  simNao: "Responda sim ou não.",
  unconfirmed:
    "Confirme seu e-mail para oferecer um lar temporário: o link está no e-mail que enviamos quando você criou a conta. Se ele não chegou, peça outro no seu perfil.",
  raio: `Informe o raio em km, de 1 a ${FOSTER_RADIUS_KM}.`,
  larId: "Escolha o lar temporário: uma oferta da busca ou um membro da organização.",
  animal: "Escolha o animal.",
  inicio: "Informe a data de chegada ao lar temporário (dd/mm/aaaa), hoje ou antes.",
  fimPrevisto: "Informe o fim previsto como dd/mm/aaaa, depois da chegada.",
  especie: "Escolha a espécie: cão, gato ou outro.",
  pagina: "Informe a página: um número a partir de 1.",
  noticia: {
    required: "Escreva como o animal está.",
    max: `As notícias devem ter no máximo ${FOSTER_NEWS_MAX} caracteres.`,
    status: "Escolha publicada ou recusada.",
    filtro: "Escolha pendente, publicada ou recusada.",
  },
} as const;

const especies = z
  .array(z.enum(FOSTER_SPECIES, FOSTER_MESSAGES.especies), FOSTER_MESSAGES.especies)
  .min(1, FOSTER_MESSAGES.especies)
  .max(FOSTER_SPECIES.length, FOSTER_MESSAGES.especies)
  .transform((list) => [...new Set(list)]);
const portes = z
  .array(z.enum(SIZES, FOSTER_MESSAGES.portes), FOSTER_MESSAGES.portes)
  .min(1, FOSTER_MESSAGES.portes)
  .max(SIZES.length, FOSTER_MESSAGES.portes)
  .transform((list) => [...new Set(list)]);
const quantos = z
  .int(FOSTER_MESSAGES.quantos)
  .min(1, FOSTER_MESSAGES.quantos)
  .max(FOSTER_MAX_ANIMALS, FOSTER_MESSAGES.quantos);
/** A day (AAAA-MM-DD); whether it is past is the service's to say (it knows today in Brasília). */
const disponivelAte = z.iso.date(FOSTER_MESSAGES.disponivelAte);
const observacoes = textField(FOSTER_MESSAGES.observacoes, { multiline: true })
  .trim()
  .max(FOSTER_NOTES_MAX, FOSTER_MESSAGES.observacoes)
  .transform((value) => value || null);
const yesNo = z.boolean(FOSTER_MESSAGES.simNao);

/** `PUT /api/lares/meu`: the whole offer; its city as every API body names one (cityRequired). */
export const fosterOfferSchema = z
  .strictObject({
    cidade: cidadeField.optional(),
    cidade_ibge: cidadeIbgeField.optional(),
    uf: z.enum(UFS, FOSTER_MESSAGES.uf).optional(),
    especies,
    portes,
    quantos,
    disponivel_ate: disponivelAte.nullable().optional(),
    tem_animais: yesNo,
    tem_criancas: yesNo,
    tela_nas_janelas: yesNo,
    observacoes: observacoes.nullable().optional(),
    pausado: yesNo.optional(),
  })
  .superRefine(cityRequired({ cidade: MESSAGES.cidade.required, uf: FOSTER_MESSAGES.uf }));
/** An offer as the domain saves it: the page's form, or the API's body with its city named (requiredCity). */
export type FosterOfferInput = ReturnType<typeof requiredCity<z.output<typeof fosterOfferSchema>>>;

/** A yes-or-no question, answered on the page by one of two radio buttons. */
const answer = z.enum(["sim", "nao"], FOSTER_MESSAGES.simNao).transform((value) => value === "sim");
const oneOrMany = <T extends z.ZodType>(item: T) =>
  z.preprocess((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]), z.array(item));

/** The page's form: the same offer, as a form sends it (ticked boxes, text fields). */
export const fosterOfferFormSchema = z.object({
  cidade: cidadeField,
  uf: z.enum(UFS, FOSTER_MESSAGES.uf),
  especies: oneOrMany(z.enum(FOSTER_SPECIES, FOSTER_MESSAGES.especies)).pipe(especies),
  portes: oneOrMany(z.enum(SIZES, FOSTER_MESSAGES.portes)).pipe(portes),
  quantos: z.coerce.number(FOSTER_MESSAGES.quantos).pipe(quantos),
  disponivel_ate: disponivelAte.optional(),
  tem_animais: answer,
  tem_criancas: answer,
  tela_nas_janelas: answer,
  observacoes: observacoes.optional(),
});

/** `POST /api/pets/:id/lar`: with whom, from when, until when (expected). */
export const placementSchema = z.strictObject({
  lar_id: z.uuid(FOSTER_MESSAGES.larId),
  inicio: z.iso.date(FOSTER_MESSAGES.inicio),
  fim_previsto: z.iso.date(FOSTER_MESSAGES.fimPrevisto).nullable().optional(),
});

/** `GET /api/lar-temporario/precisam` and its page: near where, how far, which species, which page. */
export const fosterNeedsQuerySchema = z.object({
  perto: searchFields.perto.optional().meta({ description: "A cidade: o código IBGE, ou o nome.", example: "3303302" }),
  raio: searchFields.raio
    .optional()
    .meta({ description: `Até quantos km de \`perto\`: 10, 25, 50, 100 ou 200 (padrão: ${DEFAULT_RADIUS_KM}).` }),
  especie: z.enum(SPECIES, FOSTER_MESSAGES.especie).optional(),
  pagina: z.coerce
    .number(FOSTER_MESSAGES.pagina)
    .int(FOSTER_MESSAGES.pagina)
    .min(1, FOSTER_MESSAGES.pagina)
    .max(1000, FOSTER_MESSAGES.pagina)
    .optional(),
});

/** The team's page form that places an animal: which animal, with whom, from when, until when. */
export const placementFormSchema = z.object({
  animal: z.uuid(FOSTER_MESSAGES.animal),
  lar_id: z.uuid(FOSTER_MESSAGES.larId),
  inicio: z.iso.date(FOSTER_MESSAGES.inicio),
  fim_previsto: z.iso.date(FOSTER_MESSAGES.fimPrevisto).optional(),
});

/** `POST /api/pets/:id/noticias` and `Enviar notícias`: a few words, and up to 5 photos. */
export const newsFormSchema = z.object({
  texto: requiredText(FOSTER_MESSAGES.noticia.required, { multiline: true }).max(
    FOSTER_NEWS_MAX,
    FOSTER_MESSAGES.noticia.max,
  ),
  fotos: photos.prefault([]),
});

/** `PATCH /api/pets/:id/noticias/:noticiaId`: the team publishes or declines a foster's news. */
export const newsDecisionSchema = z.strictObject({
  status: z.enum(["publicada", "recusada"], FOSTER_MESSAGES.noticia.status),
});

/** `PATCH /api/lares/meu`: the offer paused (nobody finds it) or resumed. */
export const offerPauseSchema = z.strictObject({ pausado: z.boolean(FOSTER_MESSAGES.simNao) });

/** `PUT /api/organizacoes/:id/noticias/aprovacao`: fosters' news published at once, or after the team approves. */
export const apiNewsApprovalSchema = z.strictObject({ sem_aprovacao: z.boolean(FOSTER_MESSAGES.simNao) });

/** `GET /api/pets/:id/noticias?status=`: the news of one status. */
export const newsQuerySchema = z.object({
  status: z.enum(NEWS_STATUSES, FOSTER_MESSAGES.noticia.filtro).optional().meta({ description: "Só as deste status." }),
});

/** `Enviar notícias` on `/meus-lares`: which of the foster's animals, and the news. */
export const newsPageSchema = newsFormSchema.extend({ animal: z.uuid(FOSTER_MESSAGES.animal) });

/** The team's choice on its page: its fosters' news published at once (`sim`) or after approval. */
export const newsApprovalSchema = z.object({ sem_aprovacao: z.enum(["sim", "nao"], FOSTER_MESSAGES.simNao) });
