import { useState } from "react";
import { useFocusOnError } from "./form-fields";

/**
 * A file input whose button and state read in Portuguese (the browser's own says "Choose
 * File"): the input is visually hidden inside its label, which shows the button and the names
 * chosen; the group's title names the input for assistive technology. Works without JavaScript
 * (the names then stay unshown). A refused file's message describes the input and focuses it.
 */
export function FileChoice({
  name,
  label,
  button,
  empty,
  accept,
  multiple = false,
  error,
}: {
  name: string;
  label: string;
  button: string;
  /** What shows before a file is chosen. */
  empty: string;
  accept: string;
  multiple?: boolean;
  error: string | null;
}) {
  const [chosen, setChosen] = useState<string[]>([]);
  const focus = useFocusOnError(name, Boolean(error));
  return (
    <div className="field">
      <span className="field__label" id={`${name}-titulo`}>
        {label}
      </span>
      <label className="file-choice" htmlFor={name}>
        <span className="my-pet__action file-choice__button">{button}</span>
        <span className="file-choice__name">{chosen.length > 0 ? chosen.join(", ") : empty}</span>
        <input
          className="visually-hidden"
          id={name}
          name={name}
          type="file"
          multiple={multiple}
          accept={accept}
          aria-labelledby={`${name}-titulo`}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${name}-erro`}
          autoFocus={focus || undefined}
          onChange={(event) => setChosen([...(event.currentTarget.files ?? [])].map((file) => file.name))}
        />
      </label>
      <p id={`${name}-erro`} className="field__error" aria-live="polite">
        {error ?? ""}
      </p>
    </div>
  );
}
