/** Answers to the default questionnaire (app/lib/applications DEFAULT_QUESTIONS), for applying through the API. */
export const ANSWERS = {
  moradia: "Apartamento",
  imovel: "Alugado",
  permite_animais: true,
  telas: true,
  moradores: "Eu e meu filho de 8 anos.",
  outros_animais: "Não.",
  animais_antes: "Uma gata, que viveu 16 anos.",
  horas_sozinho: "Duas",
  viagens: "Minha irmã",
  motivo: "Para fazer companhia ao meu filho.",
  acompanhamento: true,
};
