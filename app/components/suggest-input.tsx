import {
  useEffect,
  useId,
  useRef,
  useState,
  type InputHTMLAttributes,
  type KeyboardEvent,
  type RefObject,
} from "react";
import { useHydrated } from "./use-hydrated";

export type SuggestInputProps<T> = {
  inputProps: InputHTMLAttributes<HTMLInputElement> & { id: string; name: string };
  /** The input, for a parent that sets its text (the field is uncontrolled). */
  inputRef?: RefObject<HTMLInputElement | null>;
  /** The suggestions for what is typed into `input`; a failed or aborted fetch is no suggestion. */
  load: (text: string, signal: AbortSignal, input: HTMLInputElement) => Promise<T[]>;
  /** What to show and key each suggestion by. */
  label: (item: T) => string;
  itemKey: (item: T) => string | number;
  /** What a choice does beyond closing the list (fill the input, other fields). */
  onChoose: (item: T, input: HTMLInputElement) => void;
  /** Typing (not choosing) changes the text: for fields that hold what was chosen. */
  onType?: (text: string) => void;
  /** The screen reader's count: "3 cidades sugeridas". */
  announce: (count: number) => string;
  /** Characters typed before suggestions are asked for. */
  minLength?: number;
};

/**
 * A text input that suggests as a person types (ARIA 1.2 combobox with a list): arrows move
 * through the list, Enter chooses, Escape closes. Without JavaScript it is a plain input, and
 * the server reads the typed text. The list's roles come only once its script runs.
 */
export function SuggestInput<T>({
  inputProps,
  inputRef: givenRef,
  load,
  label,
  itemKey,
  onChoose,
  onType,
  announce,
  minLength = 2,
}: SuggestInputProps<T>) {
  const ownRef = useRef<HTMLInputElement>(null);
  const inputRef = givenRef ?? ownRef;
  const listId = useId();
  const enhanced = useHydrated();
  const [options, setOptions] = useState<T[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const request = useRef<AbortController | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(
    () => () => {
      clearTimeout(timer.current);
      request.current?.abort();
    },
    [],
  );

  function suggest(input: HTMLInputElement) {
    const text = input.value;
    clearTimeout(timer.current);
    request.current?.abort();
    if (text.trim().length < minLength) {
      setOptions([]);
      setOpen(false);
      return;
    }
    timer.current = setTimeout(async () => {
      const controller = new AbortController();
      request.current = controller;
      try {
        const found = await load(text, controller.signal, input);
        // Escape or leaving the field while it came: it opens nothing.
        if (controller.signal.aborted) return;
        setOptions(found);
        setActive(-1);
        setOpen(found.length > 0);
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

  function choose(item: T) {
    const input = inputRef.current;
    if (!input) return;
    onChoose(item, input);
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
      <div className="suggest__box">
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
          onChange={(event) => {
            onType?.(event.currentTarget.value);
            suggest(event.currentTarget);
          }}
          onKeyDown={onKeyDown}
          onBlur={dismiss}
        />
        {enhanced ? (
          <ul id={listId} role="listbox" aria-label="Sugestões" className="suggest__list" hidden={!open}>
            {options.map((item, index) => (
              <li
                key={itemKey(item)}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === active}
                className="suggest__option"
                // Chosen before the input loses focus (blur closes the list).
                onMouseDown={(event) => {
                  event.preventDefault();
                  choose(item);
                }}
              >
                {label(item)}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <p className="visually-hidden" aria-live="polite">
        {open ? announce(options.length) : ""}
      </p>
    </>
  );
}
