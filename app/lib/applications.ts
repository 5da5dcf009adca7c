import { formatDateTime } from "./dates";

/**
 * Adoption applications (issue 19): the questionnaire's shapes, the statuses and who moves
 * them. Shared by the services, the pages and the browser.
 */

export const QUESTION_TYPES = ["texto", "texto_longo", "sim_nao", "escolha_unica", "escolha_multipla"] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

export const QUESTION_TYPE_LABEL: Record<QuestionType, string> = {
  texto: "Resposta curta",
  texto_longo: "Resposta longa",
  sim_nao: "Sim ou não",
  escolha_unica: "Uma opção",
  escolha_multipla: "Várias opções",
};

export type Question = {
  id: string;
  tipo: QuestionType;
  enunciado: string;
  obrigatoria: boolean;
  /** Only for escolha_unica and escolha_multipla. */
  opcoes?: string[];
};

/** An answer: text, yes/no, one option, or several. */
export type Answer = string | boolean | string[];
export type Answers = Record<string, Answer>;

export const QUESTIONS_MAX = 40;
export const OPTIONS_MAX = 20;
export const STATEMENT_MAX = 200;
export const OPTION_MAX = 100;
export const SHORT_ANSWER_MAX = 300;
export const LONG_ANSWER_MAX = 2000;
export const REASON_MAX = 500;
export const NOTE_MAX = 1000;

/** What a question id may be: it is also part of a form field's name. */
export const QUESTION_ID_PATTERN = /^[a-z][a-z0-9_]{0,39}$/;

const question = (
  id: string,
  tipo: QuestionType,
  enunciado: string,
  opcoes?: string[],
  obrigatoria = true,
): Question => ({ id, tipo, enunciado, obrigatoria, ...(opcoes && { opcoes }) });

/** The questions Brazilian ONGs ask, where every caretaker's questionnaire starts. */
export const DEFAULT_QUESTIONS: readonly Question[] = [
  question("moradia", "escolha_unica", "Você mora em casa ou apartamento?", ["Casa", "Apartamento", "Outro"]),
  question("imovel", "escolha_unica", "O imóvel é próprio ou alugado?", ["Próprio", "Alugado", "Cedido"]),
  question("permite_animais", "sim_nao", "O condomínio ou o proprietário permite animais?"),
  question("telas", "sim_nao", "As janelas e sacadas têm telas de proteção?"),
  question("moradores", "texto_longo", "Quem mora com você? Se houver crianças, quais as idades delas?"),
  question("outros_animais", "texto_longo", "Você tem outros animais? Eles são castrados e vacinados?"),
  question("animais_antes", "texto_longo", "Você já teve animais antes? O que aconteceu com eles?"),
  question("horas_sozinho", "texto", "Quantas horas por dia o animal ficará sozinho?"),
  question("viagens", "texto", "Quem cuidará dele quando você viajar?"),
  question("motivo", "texto_longo", "Por que você quer adotar?"),
  question("acompanhamento", "sim_nao", "Você concorda com visitas e com o acompanhamento após a adoção?"),
];

export const APPLICATION_STATUSES = [
  "nova",
  "em_analise",
  "entrevista",
  "visita",
  "aprovada",
  "recusada",
  "desistiu",
  "em_espera",
  // Both parties signed the termo de adoção (issue 21).
  "adotada",
  // The animal went back to its caretaker after the adoption (issue 21).
  "devolvida",
] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

export const STATUS_LABEL: Record<ApplicationStatus, string> = {
  nova: "Nova",
  em_analise: "Em análise",
  entrevista: "Entrevista",
  visita: "Visita",
  aprovada: "Aprovada",
  recusada: "Recusada",
  desistiu: "Desistência",
  em_espera: "Lista de espera",
  adotada: "Adotada",
  devolvida: "Devolvida",
};

/** What the status means for the adopter, and what happens next (their page and e-mails). */
const STATUS_FOR_ADOPTER: Record<ApplicationStatus, string> = {
  nova: "Sua candidatura foi enviada. Quem cuida do animal vai ler suas respostas.",
  em_analise: "Quem cuida do animal está analisando suas respostas.",
  entrevista: "Quem cuida do animal quer conversar com você: aguarde o contato para marcar a entrevista.",
  visita: "Quem cuida do animal quer visitar sua casa: aguarde o contato para combinar o dia.",
  aprovada:
    "Sua candidatura foi aprovada! O animal está reservado para você: combine a entrega com quem cuida dele, que vai lhe mandar o termo de adoção para assinar.",
  recusada: "Sua candidatura não foi aprovada.",
  desistiu: "Você desistiu desta candidatura.",
  adotada:
    "A adoção foi concluída: você e quem cuidava do animal assinaram o termo de adoção. Baixe o termo assinado na página da candidatura.",
  devolvida:
    "A devolução do animal a quem cuidava dele foi registrada. O acompanhamento terminou; o termo assinado continua na página da candidatura.",
  em_espera:
    "Outra candidatura foi aprovada, e a sua está na lista de espera: se a adoção não se concretizar, ela volta a ser analisada.",
};

/** Where the `visita` step happens (issue 44): the adopter's home, or the foster home the animal is in. */
export const VISIT_PLACES = ["casa_de_quem_adota", "lar_temporario"] as const;
export type VisitPlace = (typeof VISIT_PLACES)[number];
export type Visit = { local: VisitPlace; em: Date | null };

export const VISIT_PLACE_LABEL: Record<VisitPlace, string> = {
  casa_de_quem_adota: "Na casa de quem adota",
  lar_temporario: "No lar temporário onde o animal está",
};

/**
 * What the status means for the adopter: the visit says where and, once agreed, when (the
 * foster's address comes from the team, never from the site).
 */
export function statusForAdopter(status: ApplicationStatus, visit: Visit | null): string {
  if (status !== "visita" || !visit) return STATUS_FOR_ADOPTER[status];
  const when = visit.em ? formatDateTime(visit.em) : null;
  if (visit.local === "lar_temporario") {
    return when
      ? `Você vai conhecer o animal no lar temporário onde ele está, em ${when}. Quem cuida dele vai lhe passar o endereço.`
      : "Você vai conhecer o animal no lar temporário onde ele está: aguarde o contato de quem cuida dele para combinar o dia.";
  }
  return when ? `Quem cuida do animal vai visitar sua casa em ${when}.` : STATUS_FOR_ADOPTER.visita;
}

/** Statuses of an application still in play: one such per adopter and pet. */
export const OPEN_STATUSES: readonly ApplicationStatus[] = [
  "nova",
  "em_analise",
  "entrevista",
  "visita",
  "aprovada",
  "em_espera",
];
export const isOpen = (status: ApplicationStatus) => OPEN_STATUSES.includes(status);

/**
 * Where the caretaker may move an application from each status: forward, skipping steps if
 * they wish, to a decision. Declining an approved one means the adoption fell through: the
 * animal is available again. The waiting list comes back by itself when that happens.
 */
const CARETAKER_MOVES: Partial<Record<ApplicationStatus, readonly ApplicationStatus[]>> = {
  nova: ["em_analise", "entrevista", "visita", "aprovada", "recusada"],
  em_analise: ["entrevista", "visita", "aprovada", "recusada"],
  entrevista: ["visita", "aprovada", "recusada"],
  visita: ["aprovada", "recusada"],
  aprovada: ["recusada"],
  em_espera: ["recusada"],
};

export type ApplicationParty = "adotante" | "responsavel";

/** The statuses `party` may move an application to from `status`. */
export function allowedMoves(status: ApplicationStatus, party: ApplicationParty): readonly ApplicationStatus[] {
  if (party === "adotante") return isOpen(status) ? ["desistiu"] : [];
  return CARETAKER_MOVES[status] ?? [];
}

export const APPLICATION_MESSAGES = {
  answerRequired: "Responda esta pergunta.",
  shortMax: `Use no máximo ${SHORT_ANSWER_MAX} caracteres.`,
  longMax: "Use no máximo 2.000 caracteres.",
  yesNo: "Responda sim ou não.",
  oneOption: "Escolha uma das opções.",
  options: "Escolha entre as opções oferecidas.",
  respostas: "Envie as respostas como um objeto: {<id da pergunta>: resposta}.",
  status: "Status inválido: use em_analise, entrevista, visita, aprovada, recusada ou desistiu.",
  motivoRequired: "Diga o motivo: quem se candidatou vai ler.",
  motivoMax: `Use no máximo ${REASON_MAX} caracteres.`,
  notaMax: "Use no máximo 1.000 caracteres.",
  notaRequired: "Escreva a nota.",
  confirm: "Confirme a decisão.",
  nothingToDo: "Informe o novo status, uma nota ou a quem atribuir a candidatura.",
  visitaOnlyThen: "A visita se combina no passo Visita: mova a candidatura para Visita.",
  visitaLocal: "Onde será a visita: use casa_de_quem_adota ou lar_temporario.",
  visitaEm: "Informe o dia e a hora da visita (por exemplo 2026-12-05T15:00:00-03:00).",
  visitaPast: "O dia da visita já passou.",
  visitaNoFoster: "Este animal não está em um lar temporário: a visita é na casa de quem adota.",
  atribuidaA: "Informe o id de um membro da organização, ou null para deixar a candidatura com toda a equipe.",
  // The questionnaire
  perguntas: "Envie as perguntas como uma lista.",
  perguntasMax: `Use no máximo ${QUESTIONS_MAX} perguntas.`,
  perguntasMin: "O questionário precisa de ao menos uma pergunta.",
  enunciadoRequired: "Escreva a pergunta.",
  enunciadoMax: `Use no máximo ${STATEMENT_MAX} caracteres.`,
  tipo: "Tipo inválido: use texto, texto_longo, sim_nao, escolha_unica ou escolha_multipla.",
  opcoesMin: "Dê ao menos duas opções, uma por linha.",
  opcoesMax: `Use no máximo ${OPTIONS_MAX} opções.`,
  opcaoMax: `Cada opção pode ter no máximo ${OPTION_MAX} caracteres.`,
  opcoesRepeated: "Há opções repetidas.",
  opcoesNotHere: "Só perguntas de escolha têm opções.",
  id: "Identificador inválido: comece com uma letra minúscula e use letras, números e _ (até 40).",
  idRepeated: "Há perguntas com o mesmo identificador.",
} as const;
