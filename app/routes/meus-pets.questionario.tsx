import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useMemo, useRef, useState, type MouseEvent } from "react";
import { data, Form, Link, redirect, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/meus-pets.questionario";
import { getQuestionnaire, saveQuestionnaire } from "~/domain/applications/questionnaires.server";
import {
  APPLICATION_MESSAGES,
  DEFAULT_QUESTIONS,
  QUESTION_TYPE_LABEL,
  QUESTION_TYPES,
  QUESTIONS_MAX,
  STATEMENT_MAX,
  type Question,
} from "~/lib/applications";
import { pageMeta } from "~/lib/meta";
import { questionnaireFormSchema, questionnaireSchema, questionsFromForm } from "~/validation/applications";
import { requireUser } from "~/web/auth.server";
import { BodyError, readForm } from "~/web/body.server";
import { setNotice } from "~/web/notices.server";
import { organizationToSave, settingsOrganization } from "~/web/settings-organization.server";
import { settingsPath } from "~/lib/organizations";
import { OrganizationPicker } from "~/components/organization-picker";

/** A question as the editor holds it: options as the lines of a text box. */
type Row = { id?: string; tipo: string; enunciado: string; obrigatoria: boolean; opcoes: string };

const toRow = (question: Question): Row => ({
  id: question.id,
  tipo: question.tipo,
  enunciado: question.enunciado,
  obrigatoria: question.obrigatoria,
  opcoes: (question.opcoes ?? []).join("\n"),
});

const EMPTY_ROW: Row = { tipo: "texto", enunciado: "", obrigatoria: true, opcoes: "" };
const isChoice = (tipo: string) => tipo === "escolha_unica" || tipo === "escolha_multipla";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context.db);
  const organization = await settingsOrganization(context.db, user.id, request);
  return { rows: (await getQuestionnaire(context.db, organization.id)).map(toRow), organization };
}

/**
 * Saves the questionnaire (`salvar`), or changes the draft without saving it: add a question,
 * move one up or down, remove one, start again from the default template. Without JavaScript
 * every button posts the whole draft, and the page comes back with it changed.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context.db);
  const organization = await settingsOrganization(context.db, user.id, request);
  let form: FormData;
  try {
    // Five fields a question, the button's intent, and one question too many (refused below).
    form = await readForm(request, { maxFiles: 0, maxParts: 5 * (QUESTIONS_MAX + 1) + 1 });
  } catch (error) {
    if (error instanceof BodyError) throw data(error.message, { status: error.status });
    throw error;
  }
  const submission = parseWithZod(form, { schema: questionnaireFormSchema });
  if (submission.status !== "success") throw data(APPLICATION_MESSAGES.perguntasMax, { status: 400 });
  const rows: Row[] = submission.value.perguntas.map((row) => ({
    ...(row.id && { id: row.id }),
    tipo: row.tipo ?? "texto",
    enunciado: row.enunciado ?? "",
    obrigatoria: row.obrigatoria === "on",
    opcoes: row.opcoes ?? "",
  }));
  const [intent, at] = String(form.get("intent") ?? "salvar").split(":");
  const index = Number(at);
  if (intent !== "salvar") return { rows: changeDraft(rows, intent!, index), errors: {} };
  const parsed = questionnaireSchema.safeParse({ perguntas: questionsFromForm(submission.value.perguntas) });
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const [, row, field] = issue.path;
      // A field the editor shows takes its error; anything else (an id, the list) is the list's.
      const shown = typeof row === "number" && ["enunciado", "tipo", "opcoes"].includes(String(field ?? "enunciado"));
      const name = shown ? `perguntas[${row as number}].${String(field ?? "enunciado")}` : "perguntas";
      errors[name] ??= issue.message;
    }
    return data({ rows, errors }, { status: 400 });
  }
  await saveQuestionnaire(
    context.db,
    user.id,
    await organizationToSave(context.db, user.id, organization),
    parsed.data.perguntas,
  );
  return redirect(settingsPath("/meus-pets/questionario", organization), {
    headers: { "Set-Cookie": await setNotice("questionnaireSaved") },
  });
}

/** The draft after one of the editor's buttons. */
function changeDraft(rows: Row[], intent: string, index: number): Row[] {
  const next = [...rows];
  const valid = Number.isInteger(index) && index >= 0 && index < rows.length;
  if (intent === "adicionar" && rows.length < QUESTIONS_MAX) next.push({ ...EMPTY_ROW });
  else if (intent === "padrao") return DEFAULT_QUESTIONS.map(toRow);
  else if (intent === "remover" && valid) next.splice(index, 1);
  else if (intent === "subir" && valid && index > 0) [next[index - 1], next[index]] = [next[index]!, next[index - 1]!];
  else if (intent === "descer" && valid && index < rows.length - 1) {
    [next[index], next[index + 1]] = [next[index + 1]!, next[index]!];
  }
  return next;
}

export function meta() {
  return pageMeta("Questionário de adoção | Adopet", "As perguntas que quem quer adotar os seus animais responde.");
}

type KeyedRow = Row & { key: string };
/** Keys the same on the server and in the browser (they are part of the fields' ids). */
const keyed = (rows: Row[], generation: number): KeyedRow[] =>
  rows.map((row, index) => ({ ...row, key: `g${generation}-${index}` }));

export default function Questionario() {
  const loaded = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const source = answer && "rows" in answer ? answer.rows : loaded.rows;
  const errors: Record<string, string> = useMemo(() => (answer && "errors" in answer ? answer.errors : {}), [answer]);
  const [rows, setRows] = useState<KeyedRow[]>(() => keyed(source, 0));
  const [shown, setShown] = useState({ source, generation: 0 });
  const added = useRef(0);
  // A new draft from the server (a refusal, a reset): its rows replace the editor's.
  if (shown.source !== source) {
    const generation = shown.generation + 1;
    setShown({ source, generation });
    setRows(keyed(source, generation));
  }
  const list = useRef<HTMLOListElement>(null);
  const form = useRef<HTMLFormElement>(null);
  // The list's own error comes before the questions'.
  const firstError = errors.perguntas ? "perguntas" : Object.keys(errors)[0];
  // A refusal focuses its first field (without JavaScript, `autoFocus` does).
  useEffect(() => {
    const first = firstError === "perguntas" ? form.current?.querySelector<HTMLElement>(".form-error") : null;
    (first ?? list.current?.querySelector<HTMLElement>('[aria-invalid="true"]'))?.focus();
  }, [errors, firstError]);

  /** With JavaScript, the draft changes here, without a round trip; the focus follows the question. */
  const change = (event: MouseEvent<HTMLButtonElement>, intent: string, index: number) => {
    event.preventDefault();
    const next = changeDraft(rows, intent, index) as KeyedRow[];
    const withKeys = next.map((row) => (row.key ? row : { ...row, key: `novo-${added.current++}` }));
    setRows(withKeys);
    const target =
      intent === "subir"
        ? index - 1
        : intent === "descer"
          ? index + 1
          : intent === "adicionar"
            ? next.length - 1
            : Math.min(index, next.length - 1);
    requestAnimationFrame(() => {
      const selector =
        intent === "adicionar" || intent === "remover" ? "input[type=text]" : `button[value="${intent}:${target}"]`;
      const item = list.current?.children[target] as HTMLElement | undefined;
      (item?.querySelector<HTMLElement>(selector) ?? item?.querySelector<HTMLElement>("input[type=text]"))?.focus();
    });
  };

  const update = (index: number, changes: Partial<Row>) =>
    setRows((current) => current.map((row, at) => (at === index ? { ...row, ...changes } : row)));

  return (
    <section className="questionnaire">
      <h1 className="questionnaire__title">Questionário de adoção</h1>
      <OrganizationPicker page={loaded.organization} />
      <p className="questionnaire__lead">
        {loaded.organization.choices.length > 0
          ? `Quem quiser adotar um dos animais de ${loaded.organization.nome} responde a estas perguntas.`
          : "Quem quiser adotar um dos seus animais responde a estas perguntas."}{" "}
        Mudar o questionário não muda as candidaturas já enviadas: cada uma guarda as perguntas que respondeu.{" "}
        <Link to="/candidaturas/recebidas">Candidaturas recebidas</Link>
      </p>
      <Form method="post" className="questionnaire__form" noValidate ref={form}>
        {errors.perguntas ? (
          <p className="form-error" role="alert" tabIndex={-1} {...(firstError === "perguntas" && { autoFocus: true })}>
            {errors.perguntas}
          </p>
        ) : null}
        <ol className="questionnaire__list" ref={list}>
          {rows.map((row, index) => {
            const name = (field: string) => `perguntas[${index}].${field}`;
            const id = (field: string) => `pergunta-${row.key}-${field}`;
            const fieldError = (field: string) => errors[name(field)];
            const invalid = (field: string) =>
              fieldError(field)
                ? {
                    "aria-invalid": true as const,
                    "aria-describedby": `${id(field)}-erro`,
                    ...(firstError === name(field) && { autoFocus: true }),
                  }
                : {};
            return (
              <li key={row.key} className="question-editor">
                <fieldset className="question-editor__group">
                  <legend className="question-editor__legend">Pergunta {index + 1}</legend>
                  {row.id ? <input type="hidden" name={name("id")} value={row.id} /> : null}
                  <div className="field">
                    <label className="field__label" htmlFor={id("enunciado")}>
                      Pergunta
                    </label>
                    <input
                      type="text"
                      className="field__control"
                      id={id("enunciado")}
                      name={name("enunciado")}
                      defaultValue={row.enunciado}
                      maxLength={STATEMENT_MAX}
                      onChange={(event) => update(index, { enunciado: event.target.value })}
                      {...invalid("enunciado")}
                    />
                    <p className="field__error" id={`${id("enunciado")}-erro`}>
                      {fieldError("enunciado") ?? ""}
                    </p>
                  </div>
                  <div className="question-editor__row">
                    <div className="field">
                      <label className="field__label" htmlFor={id("tipo")}>
                        Tipo de resposta
                      </label>
                      <select
                        className="field__control"
                        id={id("tipo")}
                        name={name("tipo")}
                        value={row.tipo}
                        onChange={(event) => update(index, { tipo: event.target.value })}
                        {...invalid("tipo")}
                      >
                        {QUESTION_TYPES.map((tipo) => (
                          <option key={tipo} value={tipo}>
                            {QUESTION_TYPE_LABEL[tipo]}
                          </option>
                        ))}
                      </select>
                      <p className="field__error" id={`${id("tipo")}-erro`}>
                        {fieldError("tipo") ?? ""}
                      </p>
                    </div>
                    <label className="choice question-editor__required">
                      <input
                        type="checkbox"
                        name={name("obrigatoria")}
                        checked={row.obrigatoria}
                        onChange={(event) => update(index, { obrigatoria: event.target.checked })}
                      />
                      Obrigatória
                    </label>
                  </div>
                  {isChoice(row.tipo) || fieldError("opcoes") ? (
                    <div className="field">
                      <label className="field__label" htmlFor={id("opcoes")}>
                        Opções, uma por linha
                      </label>
                      <textarea
                        className="field__control question-editor__options"
                        id={id("opcoes")}
                        name={name("opcoes")}
                        defaultValue={row.opcoes}
                        rows={4}
                        onChange={(event) => update(index, { opcoes: event.target.value })}
                        {...invalid("opcoes")}
                      />
                      <p className="field__error" id={`${id("opcoes")}-erro`}>
                        {fieldError("opcoes") ?? ""}
                      </p>
                    </div>
                  ) : null}
                  <div className="question-editor__actions">
                    <button
                      type="submit"
                      name="intent"
                      value={`subir:${index}`}
                      className="my-pet__action"
                      disabled={index === 0}
                      aria-label={`Subir a pergunta ${index + 1}`}
                      onClick={(event) => change(event, "subir", index)}
                    >
                      Subir
                    </button>
                    <button
                      type="submit"
                      name="intent"
                      value={`descer:${index}`}
                      className="my-pet__action"
                      disabled={index === rows.length - 1}
                      aria-label={`Descer a pergunta ${index + 1}`}
                      onClick={(event) => change(event, "descer", index)}
                    >
                      Descer
                    </button>
                    <button
                      type="submit"
                      name="intent"
                      value={`remover:${index}`}
                      className="my-pet__action my-pet__action--danger"
                      aria-label={`Remover a pergunta ${index + 1}`}
                      onClick={(event) => change(event, "remover", index)}
                    >
                      Remover
                    </button>
                  </div>
                </fieldset>
              </li>
            );
          })}
        </ol>
        <div className="questionnaire__buttons">
          {rows.length < QUESTIONS_MAX ? (
            <button
              type="submit"
              name="intent"
              value="adicionar"
              className="my-pet__action"
              onClick={(event) => change(event, "adicionar", rows.length)}
            >
              Adicionar pergunta
            </button>
          ) : null}
          <button type="submit" name="intent" value="padrao" className="my-pet__action">
            Voltar ao modelo padrão
          </button>
          <button type="submit" name="intent" value="salvar" className="button">
            Salvar questionário
          </button>
        </div>
      </Form>
    </section>
  );
}
