/**
 * Finais felizes (issue 21): the adopter's story of the animal at home. Shared by the services,
 * the pages and the browser.
 */

export const STORY_MAX = 2000;
/** Stories on a page of `/finais-felizes`. */
export const STORIES_PER_PAGE = 12;

/** A story waits for the caretaker's approval, is published, or was declined (with a reason). */
export const STORY_STATUSES = ["pendente", "publicado", "recusado"] as const;
export type StoryStatus = (typeof STORY_STATUSES)[number];

export const STORY_MESSAGES = {
  historia: "Conte a história: como está a vida com o animal?",
  historiaMax: "Use no máximo 2.000 caracteres.",
  decisao: "Escolha publicar ou recusar.",
  motivo: "Diga o motivo: quem adotou vai ler.",
  motivoMax: "Use no máximo 500 caracteres.",
  versao: "Recarregue a página e decida de novo.",
} as const;
