import { eq } from "drizzle-orm";
import { type Db } from "~/db/client.server";
import { questionnaires } from "~/db/schema";
import { DEFAULT_QUESTIONS, type Question } from "~/lib/applications";
import type { QuestionInput } from "~/validation/applications";

/** The caretaker's questionnaire (issue 19), which every adopter of their animals answers. */

/** The caretaker's questions: their own, or the default template until they save one. */
export async function getQuestionnaire(db: Db, caretakerId: string): Promise<Question[]> {
  const [row] = await db
    .select({ perguntas: questionnaires.perguntas })
    .from(questionnaires)
    .where(eq(questionnaires.caretakerId, caretakerId))
    .limit(1);
  return row ? (row.perguntas as Question[]) : DEFAULT_QUESTIONS.map((question) => ({ ...question }));
}

/** A new question's id: short, and unlike the others'. */
function newQuestionId(taken: Set<string>): string {
  for (;;) {
    const id = `p_${Math.random().toString(36).slice(2, 10)}`;
    if (!taken.has(id)) return id;
  }
}

/**
 * Saves the caretaker's questions, in the order given; a question without an id is new.
 * Applications already made keep the questions as they were (each has its own copy).
 */
export async function saveQuestionnaire(db: Db, caretakerId: string, input: QuestionInput[]): Promise<Question[]> {
  const taken = new Set(input.flatMap((question) => (question.id ? [question.id] : [])));
  const perguntas: Question[] = input.map((question) => {
    const id = question.id ?? newQuestionId(taken);
    taken.add(id);
    const choice = question.tipo === "escolha_unica" || question.tipo === "escolha_multipla";
    return {
      id,
      tipo: question.tipo,
      enunciado: question.enunciado,
      obrigatoria: question.obrigatoria,
      ...(choice && { opcoes: question.opcoes ?? [] }),
    };
  });
  await db
    .insert(questionnaires)
    .values({ caretakerId, perguntas })
    .onConflictDoUpdate({ target: questionnaires.caretakerId, set: { perguntas, updatedAt: new Date() } });
  return perguntas;
}
