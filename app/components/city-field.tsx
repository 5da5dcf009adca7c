import { getInputProps, type FieldMetadata } from "@conform-to/react";
import {
  useEffect,
  useId,
  useRef,
  useState,
  useSyncExternalStore,
  type InputHTMLAttributes,
  type KeyboardEvent,
} from "react";
import { useErrorFocus } from "./form-fields";

const noChange = () => () => {};

type Suggestion = { ibge: number; nome: string; uf: string; rotulo: string };

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any form's field metadata
type AnyMeta = FieldMetadata<any, any, any>;

/**
 * A city input that suggests Brazilian cities as a person types (ARIA 1.2 combobox with a
 * list): arrows move through the list, Enter chooses, Escape closes. Without JavaScript it
 * is a plain input, and the server resolves the typed name. `ufField` names the form's state
 * select that a choice fills in (the pet form); otherwise the input takes "Cidade (UF)".
 */
export function CityField({
  meta,
  label,
  ufField,
  hint,
}: {
  meta: AnyMeta;
  label: string;
  ufField?: string;
  hint?: string;
}) {
  const focus = useErrorFocus(meta.name);
  const props = getInputProps(meta, { type: "text" });
  const hintId = hint ? `${meta.id}-hint` : undefined;
  const describedBy = [hintId, props["aria-describedby"]].filter(Boolean).join(" ") || undefined;
  return (
    <div className="field city-field">
      <label className="field__label" htmlFor={meta.id}>
        {label}
      </label>
      {hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      <CityInput
        inputProps={{ ...props, "aria-describedby": describedBy, className: "field__control", ...focus }}
        ufField={ufField}
      />
      <p id={meta.errorId} className="field__error" aria-live="polite">
        {meta.errors?.[0] ?? ""}
      </p>
    </div>
  );
}

/** The input and its list of suggestions, for any form (the feed's filters have no Conform). */
export function CityInput({
  inputProps,
  ufField,
}: {
  inputProps: InputHTMLAttributes<HTMLInputElement> & { id: string; name: string };
  ufField?: string;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const listId = useId();
  // The combobox's roles only once its script runs: before that it is a plain input.
  const enhanced = useSyncExternalStore(
    noChange,
    () => true,
    () => false,
  );
  const [options, setOptions] = useState<Suggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const request = useRef<AbortController | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const stateSelect = () =>
    ufField ? (inputRef.current?.form?.elements.namedItem(ufField) as HTMLSelectElement | null) : null;

  function suggest(text: string) {
    clearTimeout(timer.current);
    request.current?.abort();
    if (text.trim().length < 2) {
      setOptions([]);
      setOpen(false);
      return;
    }
    timer.current = setTimeout(async () => {
      const controller = new AbortController();
      request.current = controller;
      const params = new URLSearchParams({ q: text });
      const uf = stateSelect()?.value;
      if (uf) params.set("uf", uf);
      try {
        const response = await fetch(`/adopet/api/cidades?${params}`, { signal: controller.signal });
        if (!response.ok) return;
        const { cidades } = (await response.json()) as { cidades: Suggestion[] };
        // Escape or leaving the field while it came: it opens nothing.
        if (controller.signal.aborted) return;
        setOptions(cidades);
        setActive(-1);
        setOpen(cidades.length > 0);
      } catch {
        // Aborted by the next keystroke, or offline: no suggestions, the field still works.
      }
    }, 150);
  }

  /** Closes the list, and keeps a suggestion still on its way from opening it again. */
  function dismiss() {
    clearTimeout(timer.current);
    request.current?.abort();
    setOpen(false);
    setActive(-1);
  }

  function choose(city: Suggestion) {
    const input = inputRef.current;
    if (!input) return;
    input.value = ufField ? city.nome : city.rotulo;
    // The form's validation listens for input events, as for typing.
    input.dispatchEvent(new Event("input", { bubbles: true }));
    const select = stateSelect();
    if (select) {
      select.value = city.uf;
      select.dispatchEvent(new Event("change", { bubbles: true }));
    }
    dismiss();
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (options.length === 0) return;
      event.preventDefault();
      setOpen(true);
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((current) => {
        const next = current + step;
        return next < 0 ? options.length - 1 : next >= options.length ? 0 : next;
      });
    } else if (event.key === "Enter" && open && active >= 0) {
      event.preventDefault();
      choose(options[active]!);
    } else if (event.key === "Escape") {
      if (open) event.preventDefault();
      dismiss();
    }
  }

  const activeId = open && active >= 0 ? `${listId}-${active}` : undefined;
  return (
    <>
      <div className="city-field__box">
        <input
          {...inputProps}
          ref={inputRef}
          autoComplete="off"
          required={false}
          {...(enhanced
            ? {
                role: "combobox",
                "aria-autocomplete": "list" as const,
                "aria-expanded": open,
                "aria-controls": listId,
                "aria-activedescendant": activeId,
              }
            : {})}
          onChange={(event) => suggest(event.currentTarget.value)}
          onKeyDown={onKeyDown}
          onBlur={dismiss}
        />
        {enhanced ? (
          <ul id={listId} role="listbox" aria-label="Sugestões" className="city-field__list" hidden={!open}>
            {options.map((city, index) => (
              <li
                key={city.ibge}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === active}
                className="city-field__option"
                // Chosen before the input loses focus (blur closes the list).
                onMouseDown={(event) => {
                  event.preventDefault();
                  choose(city);
                }}
              >
                {city.rotulo}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <p className="visually-hidden" aria-live="polite">
        {open ? `${options.length} ${options.length === 1 ? "cidade sugerida" : "cidades sugeridas"}` : ""}
      </p>
    </>
  );
}
