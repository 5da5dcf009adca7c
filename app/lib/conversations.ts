/** Conversations (issue 20): limits and texts shared by the pages, the API and the browser. */

export const CONVERSATION_TEXT_MAX = 1000;

export const CONVERSATION_MESSAGES = {
  textoRequired: "Escreva a mensagem.",
  textoMax: `A mensagem deve ter no máximo ${CONVERSATION_TEXT_MAX} caracteres.`,
  atribuidaA: "Informe o id de um membro da organização, ou null para deixar a conversa com toda a equipe.",
  simNao: "Responda true ou false.",
  umCampo: "Envie um campo por vez: atribuida_a, compartilhar_whatsapp ou bloquear.",
  mensagemId: "Informe o id de uma mensagem que um visitante (sem conta) escreveu para você.",
} as const;

/** Who wrote a message, for the team, once that member's account was deleted (issue 43). */
export const FORMER_MEMBER = "Ex-membro da equipe";

/** The first words of a WhatsApp message to the other party of a conversation: the animal they talk about. */
export function whatsAppGreeting(otherName: string, petName: string): string {
  return `Olá, ${otherName}! Estou escrevendo sobre ${petName}, da nossa conversa na Adopet.`;
}
