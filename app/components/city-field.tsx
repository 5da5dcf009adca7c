import { getInputProps, type FieldMetadata } from "@conform-to/react";
import type { InputHTMLAttributes } from "react";
import { useErrorFocus } from "./form-fields";
import { SuggestInput } from "./suggest-input";

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
function CityInput({
  inputProps,
  ufField,
}: {
  inputProps: InputHTMLAttributes<HTMLInputElement> & { id: string; name: string };
  ufField?: string;
}) {
  const stateSelect = (input: HTMLInputElement | null) =>
    ufField ? (input?.form?.elements.namedItem(ufField) as HTMLSelectElement | null) : null;
  async function load(text: string, signal: AbortSignal, input: HTMLInputElement): Promise<Suggestion[]> {
    const params = new URLSearchParams({ q: text });
    const uf = stateSelect(input)?.value;
    if (uf) params.set("uf", uf);
    const response = await fetch(`/adopet/api/cidades?${params}`, { signal });
    if (!response.ok) return [];
    return ((await response.json()) as { cidades: Suggestion[] }).cidades;
  }

  function choose(city: Suggestion, input: HTMLInputElement) {
    input.value = ufField ? city.nome : city.rotulo;
    // The form's validation listens for input events, as for typing.
    input.dispatchEvent(new Event("input", { bubbles: true }));
    const select = stateSelect(input);
    if (select) {
      select.value = city.uf;
      select.dispatchEvent(new Event("change", { bubbles: true }));
    }
  }

  return (
    <SuggestInput
      inputProps={inputProps}
      load={load}
      label={(city) => city.rotulo}
      itemKey={(city) => city.ibge}
      onChoose={choose}
      announce={(count) => `${count} ${count === 1 ? "cidade sugerida" : "cidades sugeridas"}`}
    />
  );
}

const CITY_NOT_FOUND = "Cidade não encontrada: escolha uma das sugestões.";

/**
 * `Perto de` and `Raio` of a search form (method get): a city, suggested as it is typed, and a
 * radius from `radii`. `id` prefixes the fields' ids; `notFound` marks a city the search did not
 * find, with its message under the field.
 */
export function NearFilter({
  id,
  perto,
  raio,
  radii,
  notFound = false,
  placeholder = "Cidade (UF)",
}: {
  id: string;
  perto: string;
  raio: number;
  radii: readonly number[];
  notFound?: boolean;
  placeholder?: string;
}) {
  const errorId = `${id}-perto-erro`;
  return (
    <>
      <div className="filters__field filters__field--wide city-field">
        <label htmlFor={`${id}-perto`}>Perto de</label>
        <CityInput
          inputProps={{
            id: `${id}-perto`,
            name: "perto",
            defaultValue: perto,
            maxLength: 60,
            placeholder,
            "aria-describedby": notFound ? errorId : undefined,
            "aria-invalid": notFound || undefined,
          }}
        />
        {notFound ? (
          <p id={errorId} className="field__error">
            {CITY_NOT_FOUND}
          </p>
        ) : null}
      </div>
      <div className="filters__field">
        <label htmlFor={`${id}-raio`}>Raio</label>
        <select id={`${id}-raio`} name="raio" defaultValue={String(raio)}>
          {radii.map((km) => (
            <option key={km} value={km}>
              {km} km
            </option>
          ))}
        </select>
      </div>
    </>
  );
}
