import { z } from "zod";
import {
  APPLICATION_MESSAGES as M,
  APPLICATION_STATUSES,
  LONG_ANSWER_MAX,
  NOTE_MAX,
  OPTION_MAX,
  OPTIONS_MAX,
  QUESTION_ID_PATTERN,
  QUESTION_TYPES,
  QUESTIONS_MAX,
  REASON_MAX,
  SHORT_ANSWER_MAX,
  STATEMENT_MAX,
  VISIT_PLACES,
  type Answer,
  type Question,
} from "~/lib/applications";
import { dayInBrasilia } from "~/lib/dates";
import { cidadeField, nomeField, requiredText, telefoneField, textField } from "./fields";

/**
 * The questionnaire and its answers (issue 19), for the API and the forms, in the browser and
 * on the server. The answers' schema is built from the questions they answer.
 */

const statement = requiredText(M.enunciadoRequired).max(STATEMENT_MAX, M.enunciadoMax);
const option = requiredText(M.opcoesMin).max(OPTION_MAX, M.opcaoMax);

/** A question as the API takes it; `id` may be left out for a new one. */
const questionInput = z
  .strictObject({
    id: z
      .string()
      .regex(QUESTION_ID_PATTERN, M.id)
      // Answers are keyed by id: a name objects already have would read as an answer.
      .refine((id) => !(id in Object.prototype), M.id)
      .optional(),
    tipo: z.enum(QUESTION_TYPES, M.tipo),
    enunciado: statement,
    obrigatoria: z.boolean({ error: "Use true ou false." }),
    opcoes: z.array(option, M.opcoesMin).max(OPTIONS_MAX, M.opcoesMax).optional(),
  })
  .superRefine((question, context) => {
    const choice = question.tipo === "escolha_unica" || question.tipo === "escolha_multipla";
    if (!choice) {
      if (question.opcoes?.length) context.addIssue({ code: "custom", path: ["opcoes"], message: M.opcoesNotHere });
      return;
    }
    const opcoes = question.opcoes ?? [];
    if (opcoes.length < 2) context.addIssue({ code: "custom", path: ["opcoes"], message: M.opcoesMin });
    if (new Set(opcoes.map((text) => text.toLocaleLowerCase("pt-BR"))).size !== opcoes.length) {
      context.addIssue({ code: "custom", path: ["opcoes"], message: M.opcoesRepeated });
    }
  });
export type QuestionInput = z.output<typeof questionInput>;

/** `PUT /api/questionario` {perguntas}. */
export const questionnaireSchema = z.strictObject({
  perguntas: z
    .array(questionInput, M.perguntas)
    .min(1, M.perguntasMin)
    .max(QUESTIONS_MAX, M.perguntasMax)
    .superRefine((questions, context) => {
      const ids = questions.flatMap((question) => (question.id ? [question.id] : []));
      if (new Set(ids).size !== ids.length) context.addIssue({ code: "custom", message: M.idRepeated });
    }),
});

/** The editor's form: the same rules, with options typed one per line and the checkbox's "on". */
export const questionnaireFormSchema = z.object({
  perguntas: z
    .array(
      z.object({
        id: z.string().optional(),
        tipo: z.string().optional(),
        enunciado: z.string().optional(),
        obrigatoria: z.string().optional(),
        opcoes: z.string().optional(),
      }),
    )
    .max(QUESTIONS_MAX, M.perguntasMax)
    .default([]),
});

/** The editor's rows as the API's questions (the same validation follows). */
export function questionsFromForm(rows: z.output<typeof questionnaireFormSchema>["perguntas"]) {
  return rows.map((row) => {
    const choice = row.tipo === "escolha_unica" || row.tipo === "escolha_multipla";
    const opcoes = (row.opcoes ?? "")
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter(Boolean);
    return {
      ...(row.id && { id: row.id }),
      tipo: row.tipo,
      enunciado: row.enunciado ?? "",
      obrigatoria: row.obrigatoria === "on",
      ...(choice && { opcoes }),
    };
  });
}

/** No answer: nothing, blank text, or no option ticked. */
const isEmpty = (value: unknown) =>
  value === undefined ||
  value === null ||
  (typeof value === "string" && value.trim() === "") ||
  (Array.isArray(value) && value.length === 0);

/**
 * One question's answer. `form`: as a form sends it (strings; sim_nao as "sim"/"nao"; one
 * checked box as a string); otherwise as the API takes it (sim_nao a boolean).
 */
function answerSchema(question: Question, form: boolean): z.ZodType<Answer | undefined> {
  // A copy: a kept schema must not follow later changes to the caller's array.
  const options = [...(question.opcoes ?? [])];
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each type's input differs (a form's strings, JSON)
  let schema: z.ZodType<Answer, any>;
  switch (question.tipo) {
    case "texto":
      schema = textField(M.answerRequired).trim().max(SHORT_ANSWER_MAX, M.shortMax);
      break;
    case "texto_longo":
      schema = textField(M.answerRequired, { multiline: true }).trim().max(LONG_ANSWER_MAX, M.longMax);
      break;
    case "sim_nao":
      schema = form
        ? z.enum(["sim", "nao"], M.yesNo).transform((value) => value === "sim")
        : z.boolean({ error: M.yesNo });
      break;
    case "escolha_unica":
      schema = z.string({ error: M.oneOption }).refine((value) => options.includes(value), M.oneOption);
      break;
    case "escolha_multipla": {
      const list = z
        .array(z.string({ error: M.options }), M.options)
        .max(options.length, M.options)
        .refine((values) => values.every((value) => options.includes(value)), M.options)
        .refine((values) => new Set(values).size === values.length, M.options);
      schema = form ? z.preprocess((value) => (typeof value === "string" ? [value] : value), list) : list;
      break;
    }
  }
  // A missing answer and an empty one are the same: required, or nothing.
  return z.preprocess(
    (value) => (isEmpty(value) ? undefined : value),
    question.obrigatoria
      ? z
          .any()
          .refine((value) => value !== undefined, M.answerRequired)
          .pipe(schema)
      : schema.optional(),
  );
}

function answersShape(questions: readonly Question[], form: boolean) {
  return Object.fromEntries(questions.map((question) => [question.id, answerSchema(question, form)]));
}

/** How much questionnaire text the kept schemas may hold (a questionnaire is at most ~90 KB). */
const MEMO_TEXT_MAX = 1_000_000;

/**
 * Schemas made from a questionnaire, kept by its questions' text: making one costs about half a
 * millisecond, more than checking the answers, and most of a caretaker's applications answer
 * the same questions. The oldest go first past 64 questionnaires or a megabyte of their text.
 */
function memoByQuestions<T>(make: (questions: readonly Question[]) => T): (questions: readonly Question[]) => T {
  const made = new Map<string, T>();
  let text = 0;
  return (questions) => {
    const key = JSON.stringify(questions);
    let schema = made.get(key);
    if (schema === undefined) {
      schema = make(questions);
      made.set(key, schema);
      text += key.length;
      for (const oldest of made.keys()) {
        if (made.size <= 64 && text <= MEMO_TEXT_MAX) break;
        made.delete(oldest);
        text -= oldest.length;
      }
    }
    return schema;
  };
}

/** `POST /api/pets/:id/candidaturas` {respostas}: every answer checked against its question. */
export const applicationSchema = memoByQuestions((questions) =>
  z.strictObject({
    respostas: z.strictObject(answersShape(questions, false), M.respostas),
  }),
);

/** The application form: the adopter's nome, telefone and cidade (saved to the profile), and the answers. */
export const applicationFormSchema = memoByQuestions((questions) =>
  z.object({
    nome: nomeField,
    telefone: telefoneField,
    cidade: cidadeField,
    respostas: z.object(answersShape(questions, true)).default({}),
  }),
);

const reason = requiredText(M.motivoRequired, { multiline: true }).max(REASON_MAX, M.motivoMax);
const note = requiredText(M.notaRequired, { multiline: true }).max(NOTE_MAX, M.notaMax);
const status = z.enum(
  // `adotada` comes of the signed termo (issue 21), `devolvida` of a return recorded: never of a move.
  APPLICATION_STATUSES.filter(
    (value) => value !== "nova" && value !== "em_espera" && value !== "adotada" && value !== "devolvida",
  ),
  M.status,
);

/** A visit's moment as ISO 8601 with its offset (the API), not before today in Brasília. */
const visitMoment = z
  .string(M.visitaEm)
  .max(40, M.visitaEm)
  .pipe(z.iso.datetime({ offset: true, local: false, error: M.visitaEm }))
  .transform((value) => new Date(value))
  .refine((moment) => dayInBrasilia(moment) >= dayInBrasilia(new Date()), M.visitaPast);

/** `visita` {local, em?}: where the visit is and, once agreed, when (null: to be arranged). */
const visitInput = z.strictObject(
  {
    local: z.enum(VISIT_PLACES, M.visitaLocal),
    em: visitMoment.nullable().optional(),
  },
  M.visitaLocal,
);

/** The member an application is assigned to (issue 43); null: back to the whole team. */
const assignee = z.union([z.uuid(M.atribuidaA), z.null()], M.atribuidaA);

/**
 * `PATCH /api/candidaturas/:id` {status?, motivo?, nota?, atribuida_a?}: a move, a private note,
 * an assignment, or several.
 */
export const applicationPatchSchema = z
  .strictObject({
    status: status.optional(),
    motivo: reason.optional(),
    nota: note.optional(),
    atribuida_a: assignee.optional(),
    visita: visitInput.optional(),
  })
  .superRefine((patch, context) => {
    if (!patch.status && !patch.nota && patch.atribuida_a === undefined && !patch.visita) {
      context.addIssue({ code: "custom", path: ["status"], message: M.nothingToDo });
    }
    if (patch.status === "recusada" && !patch.motivo) {
      context.addIssue({ code: "custom", path: ["motivo"], message: M.motivoRequired });
    }
    if (patch.visita && patch.status && patch.status !== "visita") {
      context.addIssue({ code: "custom", path: ["visita"], message: M.visitaOnlyThen });
    }
  });
export type ApplicationPatch = z.output<typeof applicationPatchSchema>;

/** A datetime-local field ("2026-12-05T15:00") read as Brasília time; empty: to be arranged. */
const visitFormMoment = z
  .string()
  .trim()
  .optional()
  .transform((value) => {
    if (!value) return null;
    const local = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.exec(value);
    return local ? `${value}${local[1] ? "" : ":00"}-03:00` : value;
  })
  .pipe(visitMoment.nullable());

/** The caretaker's form to change the visit's place or day while the application is at `visita`. */
export const visitFormSchema = z.object({
  visita_local: z.enum(VISIT_PLACES, M.visitaLocal).default("casa_de_quem_adota"),
  visita_em: visitFormMoment,
});

/** The caretaker's form on an application's page: a move (a decision confirmed), with its reason. */
export const applicationMoveFormSchema = z
  .object({
    status,
    motivo: reason.optional(),
    confirmo: z.string().optional(),
    // Read only for a move to `visita` (visitFormSchema's rules): left over from another choice, ignored.
    visita_local: z.string().optional(),
    visita_em: z.string().optional(),
  })
  .superRefine((move, context) => {
    if (move.status === "recusada" && !move.motivo) {
      context.addIssue({ code: "custom", path: ["motivo"], message: M.motivoRequired });
    }
    if ((move.status === "aprovada" || move.status === "recusada") && move.confirmo !== "on") {
      context.addIssue({ code: "custom", path: ["confirmo"], message: M.confirm });
    }
    if (move.status === "visita") {
      const visit = visitFormSchema.safeParse(move);
      for (const issue of visit.error?.issues ?? []) context.addIssue({ ...issue, code: "custom" });
    }
  });

export const applicationNoteFormSchema = z.object({ nota: note });
export const waitingListFormSchema = z.object({ motivo: reason });
/** `POST /api/pets/:id/lista-de-espera/recusa` {motivo}. */
export const apiWaitingListSchema = z.strictObject({ motivo: reason });
