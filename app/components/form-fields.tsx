import {
  getCollectionProps,
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type FieldMetadata,
  type FormMetadata,
} from "@conform-to/react";
import { createContext, use, useState } from "react";
import { Form, useRouteLoaderData, type FormProps } from "react-router";
import { SUBMISSION_KEY_FIELD } from "~/lib/submission-keys";

/**
 * Form fields tied to Conform: label, control and the first error, linked by
 * `aria-describedby` and `aria-invalid` so the error is announced with the field.
 */

/** The name of the field a page answering a refused form focuses ("" for the form's message). */
const ErrorFocus = createContext<string | undefined | null>(null);

/**
 * Every form of the app. A refusal answered with a new page (no JavaScript, or a form
 * sent before the page's scripts arrived) focuses its first invalid field: the field
 * gets `autoFocus`, which React writes into the server's HTML as `autofocus` and does
 * not act on while hydrating, so the browser focuses the field as the page loads and
 * the focus stays there when the scripts arrive; a screen reader then reads the field
 * with its message, its accessible description. A refusal in the browser is focused
 * by Conform, on controls already mounted, where `autoFocus` does nothing.
 */
export function ValidatedForm({
  form,
  focus,
  children,
  ...props
}: Omit<FormProps, "id" | "onSubmit" | "noValidate"> & {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  form: FormMetadata<any, string[]>;
  /** useValidatedForm's third value. */
  focus: string | undefined;
}) {
  return (
    <Form method="post" {...props} {...getFormProps(form)}>
      <SubmissionKeyField />
      <ErrorFocus value={focus}>{children}</ErrorFocus>
    </Form>
  );
}

/**
 * The form's submission key (app/lib/submission-keys.ts), new with each page the server gives:
 * the same form sent twice (a double tap) is made once. Every ValidatedForm has it; a plain form
 * that makes something adds it.
 */
export function SubmissionKeyField() {
  // The root's data, read by its name: this module is below the root's.
  const key = (useRouteLoaderData("root") as { chaveDeEnvio?: string | null } | undefined)?.chaveDeEnvio;
  return key ? <input type="hidden" name={SUBMISSION_KEY_FIELD} value={key} /> : null;
}

/** Props that focus a field when it is the one a refused form's page should focus. */
export function useErrorFocus(name: string): { autoFocus?: true } {
  return use(ErrorFocus) === name ? { autoFocus: true } : {};
}

/**
 * Whether a control with an error takes the focus: in a ValidatedForm, only the one its refused
 * page focuses (a page has one autofocus); in a plain form, any with an error (it is the form's
 * only control that can have one).
 */
export function useFocusOnError(name: string, hasError: boolean): boolean {
  const target = use(ErrorFocus);
  return target === null ? hasError : target === name;
}

// Any field's metadata: text inputs also carry numbers (idade) as the strings they hold.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyField = FieldMetadata<any>;

type FieldProps = {
  meta: AnyField;
  label: string;
  placeholder?: string;
  type?: "text" | "email" | "tel" | "date" | "datetime-local";
  inputMode?: "decimal" | "numeric";
  hint?: string;
  autoComplete?: string;
  maxLength?: number;
  readOnly?: boolean;
  /** A field the page fills in too (a map's point): its value held by the page. */
  control?: { value: string; onChange: (text: string) => void };
};

function FieldError({ meta }: { meta: FieldMetadata<unknown> }) {
  const error = meta.errors?.[0];
  return (
    <p id={meta.errorId} className="field__error" aria-live="polite">
      {error ?? ""}
    </p>
  );
}

export function TextField({
  meta,
  label,
  placeholder,
  type = "text",
  autoComplete,
  maxLength,
  readOnly,
  inputMode,
  hint,
  control,
}: FieldProps) {
  const focus = useErrorFocus(meta.name);
  const { defaultValue, ...props } = getInputProps(meta, { type });
  const value = control
    ? {
        value: control.value,
        onChange: (event: React.ChangeEvent<HTMLInputElement>) => control.onChange(event.target.value),
      }
    : { defaultValue };
  return (
    <div className="field">
      <label className="field__label" htmlFor={meta.id}>
        {label}
      </label>
      {hint ? (
        <p className="field__hint" id={`${meta.id}-hint`}>
          {hint}
        </p>
      ) : null}
      <input
        className="field__control"
        {...props}
        aria-describedby={
          hint ? `${meta.id}-hint ${props["aria-describedby"] ?? ""}`.trim() : props["aria-describedby"]
        }
        inputMode={inputMode}
        placeholder={placeholder}
        autoComplete={autoComplete}
        maxLength={maxLength}
        readOnly={readOnly}
        required={false}
        {...value}
        {...focus}
      />
      <FieldError meta={meta} />
    </div>
  );
}

export function TextAreaField({
  meta,
  label,
  placeholder,
  maxLength,
  rows = 5,
}: Omit<FieldProps, "type" | "autoComplete" | "readOnly" | "inputMode" | "hint"> & { rows?: number }) {
  const focus = useErrorFocus(meta.name);
  return (
    <div className="field">
      <label className="field__label" htmlFor={meta.id}>
        {label}
      </label>
      <textarea
        className="field__control field__control--textarea"
        {...getTextareaProps(meta)}
        placeholder={placeholder}
        maxLength={maxLength}
        rows={rows}
        required={false}
        {...focus}
      />
      <FieldError meta={meta} />
    </div>
  );
}

/** A select with its label; `placeholder` is a first, empty choice. */
export function SelectField({
  meta,
  label,
  options,
  placeholder,
}: {
  meta: AnyField;
  label: string;
  options: [string, string][];
  placeholder?: string;
}) {
  const focus = useErrorFocus(meta.name);
  return (
    <div className="field">
      <label className="field__label" htmlFor={meta.id}>
        {label}
      </label>
      <select className="field__control" {...getSelectProps(meta)} required={false} {...focus}>
        {placeholder ? <option value="">{placeholder}</option> : null}
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
      <p id={meta.errorId} className="field__error" aria-live="polite">
        {meta.errors?.[0] ?? ""}
      </p>
    </div>
  );
}

/**
 * Several choices in a fieldset, its legend naming them: checkboxes (any of them) or radio
 * buttons (one). The group's error describes the group.
 */
export function ChoiceGroup({
  meta,
  legend,
  options,
  hint,
  type = "checkbox",
  descriptions = {},
}: {
  meta: AnyField;
  legend: string;
  /** [value, label] */
  options: [string, string][];
  hint?: string;
  type?: "checkbox" | "radio";
  /** The id of what describes a choice, by its value (read with it by screen readers). */
  descriptions?: Record<string, string>;
}) {
  const focus = useErrorFocus(meta.name);
  const boxes = getCollectionProps(meta, { type, options: options.map(([value]) => value) });
  return (
    <fieldset className="field choice-group" aria-describedby={meta.errorId}>
      <legend className="field__label">{legend}</legend>
      {hint ? <p className="field__hint">{hint}</p> : null}
      <div className="choice-group__options">
        {/* Conform's props carry a `key` (it remounts the boxes on a reset): React wants it on the element, not spread. */}
        {boxes.map(({ key, ...box }, index) => (
          <label key={key ?? box.value} className="choice">
            <input
              {...box}
              required={false}
              aria-describedby={descriptions[box.value]}
              {...(index === 0 ? focus : {})}
            />
            {options[index]![1]}
          </label>
        ))}
      </div>
      <p id={meta.errorId} className="field__error" aria-live="polite">
        {meta.errors?.[0] ?? ""}
      </p>
    </fieldset>
  );
}

/** A password input with a show/hide toggle: a real button with a name and a pressed state. */
export function PasswordField({ meta, label, placeholder, autoComplete }: Omit<FieldProps, "type" | "maxLength">) {
  const [visible, setVisible] = useState(false);
  const focus = useErrorFocus(meta.name);
  return (
    <div className="field">
      <label className="field__label" htmlFor={meta.id}>
        {label}
      </label>
      <div className="password">
        <input
          className="field__control password__input"
          {...getInputProps(meta, { type: visible ? "text" : "password" })}
          placeholder={placeholder}
          autoComplete={autoComplete}
          autoCapitalize="none"
          spellCheck={false}
          required={false}
          {...focus}
        />
        <button
          type="button"
          className="password__toggle"
          aria-label="Mostrar senha"
          aria-pressed={visible}
          aria-controls={meta.id}
          onClick={() => setVisible((value) => !value)}
        >
          <EyeIcon open={visible} />
        </button>
      </div>
      <FieldError meta={meta} />
    </div>
  );
}

function EyeIcon({ open }: { open: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path
        d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="2" />
      {open ? null : <path d="M4 4l16 16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />}
    </svg>
  );
}

/**
 * An error about the whole form (a limit reached, a choice to make), announced at once;
 * focused on a page answering a refusal, when no field has an error of its own.
 */
export function FormError({ errors, id }: { errors?: string[]; id: string }) {
  const focus = useErrorFocus("");
  return (
    <div id={id} className="form-error" role="alert" {...(focus.autoFocus ? { tabIndex: -1, ...focus } : {})}>
      {errors?.[0] ?? null}
    </div>
  );
}
