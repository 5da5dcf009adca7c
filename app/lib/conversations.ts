/** Conversations (issue 20): limits and texts shared by the pages, the API and the browser. */

export const CONVERSATION_TEXT_MAX = 1000;

export const CONVERSATION_MESSAGES = {
  textoRequired: "Escreva a mensagem.",
  textoMax: `A mensagem deve ter no máximo ${CONVERSATION_TEXT_MAX} caracteres.`,
} as const;
