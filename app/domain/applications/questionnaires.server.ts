import { eq } from "drizzle-orm";
import { type Db } from "~/db/client.server";
import { questionnaires } from "~/db/schema";
import { DEFAULT_QUESTIONS, type Question } from "~/lib/applications";
import type { QuestionInput } from "~/validation/applications";
import { recordActivity } from "~/domain/organizations/activity-records.server";

/** The organisation's questionnaire (issues 19, 43), which every adopter of its animals answers. */

/** The organisation's questions: its own, or the default template until it saves some (null: none yet). */
export async function getQuestionnaire(db: Db, organizationId: string | null): Promise<Question[]> {
  if (!organizationId) return DEFAULT_QUESTIONS.map((question) => ({ ...question }));
  const [row] = await db
    .select({ perguntas: questionnaires.perguntas })
    .from(questionnaires)
    .where(eq(questionnaires.organizationId, organizationId))
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
 * Saves the organisation's questions, in the order given; a question without an id is new.
 * Applications already made keep the questions as they were (each has its own copy). The
 * caller checked that `actorId` takes care of the organisation's animals; its log records it.
 */
export async function saveQuestionnaire(
  db: Db,
  actorId: string,
  organizationId: string,
  input: QuestionInput[],
): Promise<Question[]> {
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
  await db.transaction(async (tx) => {
    await tx
      .insert(questionnaires)
      .values({ organizationId, perguntas })
      .onConflictDoUpdate({ target: questionnaires.organizationId, set: { perguntas, updatedAt: new Date() } });
    await recordActivity(tx, { organizationId, actorId, acao: "questionario_alterado" });
  });
  return perguntas;
}
