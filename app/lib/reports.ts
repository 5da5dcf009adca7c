/**
 * Denúncias (issue 22): what may be reported, the categories, and the texts the report form,
 * the API and the moderation page share, in the browser and on the server.
 */

/** `anuncio`: a lost-and-found report, an emergency's sheltered animals included (issue 60). */
export const REPORT_TARGETS = ["pet", "usuario", "conversa", "anuncio"] as const;
export type ReportTarget = (typeof REPORT_TARGETS)[number];

export const REPORT_CATEGORIES = [
  "maus_tratos",
  "venda_ou_golpe",
  "anuncio_falso",
  "conteudo_improprio",
  "outro",
] as const;
export type ReportCategory = (typeof REPORT_CATEGORIES)[number];

export const CATEGORY_LABEL: Record<ReportCategory, string> = {
  maus_tratos: "Maus-tratos",
  venda_ou_golpe: "Venda de animais ou golpe",
  anuncio_falso: "Anúncio falso ou enganoso",
  conteudo_improprio: "Conteúdo impróprio",
  outro: "Outro",
};

export const REPORT_TEXT_MAX = 1000;

/** Days a report is kept once an operator closed it (the decision stays in the audit log). */
export const REPORTS_KEPT_DAYS = 365;

/** Distinct people whose reports hide a listing until an operator looks (REPORTS_TO_HIDE). */
export const DEFAULT_REPORTS_TO_HIDE = 3;

export const REPORT_MESSAGES = {
  tipo: "Diga o que está sendo denunciado: pet, usuario, conversa ou anuncio.",
  id: "Informe o identificador do que está sendo denunciado.",
  categoria: "Escolha o motivo da denúncia.",
  textoRequired: "Conte o que aconteceu.",
  textoMax: `Use no máximo ${REPORT_TEXT_MAX} caracteres.`,
  sent: "Recebemos sua denúncia. A equipe de moderação vai analisá-la; quem foi denunciado não sabe quem denunciou.",
} as const;
