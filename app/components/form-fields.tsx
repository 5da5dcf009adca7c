import { getInputProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import { useState } from "react";

/**
 * Form fields tied to Conform: label, control and the first error, linked by
 * `aria-describedby` and `aria-invalid` so the error is announced with the field.
 */
// Any field's metadata: text inputs also carry numbers (idade) as the strings they hold.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyField = FieldMetadata<any>;

type FieldProps = {
  meta: AnyField;
  label: string;
  placeholder?: string;
  type?: "text" | "email" | "tel";
  autoComplete?: string;
  maxLength?: number;
  readOnly?: boolean;
};

function FieldError({ meta }: { meta: FieldMetadata<unknown> }) {
  const error = meta.errors?.[0];
  return (
    <p id={meta.errorId} className="field__error" aria-live="polite">
      {error ?? ""}
    </p>
  );
}

export function TextField({ meta, label, placeholder, type = "text", autoComplete, maxLength, readOnly }: FieldProps) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={meta.id}>
        {label}
      </label>
      <input
        className="field__control"
        {...getInputProps(meta, { type })}
        placeholder={placeholder}
        autoComplete={autoComplete}
        maxLength={maxLength}
        readOnly={readOnly}
        required={false}
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
}: Omit<FieldProps, "type" | "autoComplete" | "readOnly">) {
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
        rows={5}
        required={false}
      />
      <FieldError meta={meta} />
    </div>
  );
}

/** A password input with a show/hide toggle: a real button with a name and a pressed state. */
export function PasswordField({ meta, label, placeholder, autoComplete }: Omit<FieldProps, "type" | "maxLength">) {
  const [visible, setVisible] = useState(false);
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

/** An error about the whole form (a refused upload, a limit reached), announced at once. */
export function FormError({ errors, id }: { errors?: string[]; id: string }) {
  return (
    <div id={id} className="form-error" role="alert">
      {errors?.[0] ?? null}
    </div>
  );
}
