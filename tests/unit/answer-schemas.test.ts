import { describe, expect, it } from "vitest";
import { DEFAULT_QUESTIONS, type Question } from "~/lib/applications";
import { applicationSchema } from "~/validation/applications";

const copy = (questions: readonly Question[]): Question[] =>
  questions.map((question) => ({ ...question, ...(question.opcoes && { opcoes: [...question.opcoes] }) }));

describe("the answers' schema, kept per questionnaire", () => {
  it("is made once for the same questions, whichever array holds them", () => {
    expect(applicationSchema(copy(DEFAULT_QUESTIONS))).toBe(applicationSchema(copy(DEFAULT_QUESTIONS)));
  });

  it("is another for other questions, and checks by them", () => {
    const questions: Question[] = [
      { id: "cor", tipo: "escolha_unica", enunciado: "Qual cor?", obrigatoria: true, opcoes: ["Azul", "Verde"] },
    ];
    const schema = applicationSchema(questions);
    expect(schema).not.toBe(applicationSchema(copy(DEFAULT_QUESTIONS)));
    expect(schema.safeParse({ respostas: { cor: "Azul" } }).success).toBe(true);
    // The caller's array changed afterwards does not change the kept schema.
    questions[0]!.opcoes!.push("Roxo");
    expect(applicationSchema([{ ...questions[0]!, opcoes: ["Azul", "Verde"] }])).toBe(schema);
    expect(schema.safeParse({ respostas: { cor: "Roxo" } }).success).toBe(false);
  });

  it("keeps a bounded number: the oldest is made again after many others", () => {
    const first = applicationSchema(copy(DEFAULT_QUESTIONS));
    for (let index = 0; index < 70; index++) {
      applicationSchema([{ id: `q${index}`, tipo: "texto", enunciado: `Pergunta ${index}?`, obrigatoria: false }]);
    }
    const again = applicationSchema(copy(DEFAULT_QUESTIONS));
    expect(again).not.toBe(first);
    expect(again.safeParse({ respostas: {} }).success).toBe(first.safeParse({ respostas: {} }).success);
  });
});
