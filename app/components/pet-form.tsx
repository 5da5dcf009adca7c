import { getInputProps, type SubmissionResult } from "@conform-to/react";
import {
  AGE_UNITS,
  CASTRATION,
  CASTRATION_LABEL,
  COMPANION_LABEL,
  COMPANIONS,
  SEX_LABEL,
  SEXES,
  SIZE_LABEL,
  SIZES,
  SPECIES,
  SPECIES_LABEL,
  UFS,
  VACCINE_LABEL,
  VACCINES,
  VACCINES_BY_SPECIES,
  type Species,
} from "~/lib/pets";
import { MAX_PET_PHOTOS, petCreateSchema, petEditSchema } from "~/validation/pets";
import {
  ChoiceGroup,
  FormError,
  SelectField,
  TextAreaField,
  TextField,
  useErrorFocus,
  ValidatedForm,
} from "./form-fields";
import { useValidatedForm } from "./use-validated-form";
import { CityField } from "./city-field";
import { useEffect, useRef, useState } from "react";
import { useHydrated } from "./use-hydrated";

export type PetFormValues = {
  nome: string;
  especie: string;
  idade: string;
  idade__unidade: string;
  porte: string;
  perfil: string;
  cidade: string;
  uf: string;
  status: string;
  sexo: string;
  castrado: string;
  castracao_data: string;
  vacinas: string[];
  vermifugado: string;
  microchip: string;
  raca: string;
  pelagem: string;
  convive_com: string[];
  necessidades_especiais: string;
  historia: string;
  taxa_adocao: string;
  precisa_lar_temporario: string;
  urgencia: string;
  prazo_lar: string;
};

const EMPTY: PetFormValues = {
  nome: "",
  especie: "",
  idade: "",
  idade__unidade: "anos",
  porte: "",
  perfil: "",
  cidade: "",
  uf: "",
  status: "disponivel",
  sexo: "",
  castrado: "",
  castracao_data: "",
  vacinas: [],
  vermifugado: "",
  microchip: "",
  raca: "",
  pelagem: "",
  convive_com: [],
  necessidades_especiais: "",
  historia: "",
  taxa_adocao: "",
  precisa_lar_temporario: "nao",
  urgencia: "normal",
  prazo_lar: "",
};

// The fields as the page shows them: a refused form focuses the first with an error.
const FIELD_ORDER = [
  "organizacao_id",
  "nome",
  "especie",
  "sexo",
  "idade",
  "idade__unidade",
  "porte",
  "perfil",
  "historia",
  "castrado",
  "castracao_data",
  "vacinas",
  "vermifugado",
  "raca",
  "pelagem",
  "microchip",
  "convive_com",
  "necessidades_especiais",
  "precisa_lar_temporario",
  "urgencia",
  "prazo_lar",
  "cidade",
  "uf",
  "taxa_adocao",
  "status",
  "fotos",
] as const;

/** The vaccines offered: the chosen species' list, or every one while no species is chosen. */
function vaccineOptions(species: string | undefined): [string, string][] {
  const list = species && species in VACCINES_BY_SPECIES ? VACCINES_BY_SPECIES[species as Species] : VACCINES;
  return list.map((vaccine) => [vaccine, VACCINE_LABEL[vaccine]]);
}

/** The form to publish or edit a pet; the same fields and rules as the API. */
export function PetForm({
  mode,
  lastResult,
  defaultValue = EMPTY,
  organizations = [],
}: {
  mode: "create" | "edit";
  lastResult: SubmissionResult<string[]> | undefined;
  defaultValue?: PetFormValues;
  /** When publishing, the organisations the person may publish for, if more than one (issue 43). */
  organizations?: { id: string; nome: string }[];
}) {
  const schema = mode === "create" ? petCreateSchema : petEditSchema;
  const [form, fields, focus] = useValidatedForm(schema, lastResult, defaultValue, FIELD_ORDER);
  return (
    <ValidatedForm form={form} focus={focus} encType="multipart/form-data" className="panel pet-form">
      <FormError id={form.errorId} errors={form.errors} />
      {organizations.length > 1 ? (
        <SelectField
          meta={fields.organizacao_id}
          label="Publicar em nome de"
          placeholder="Escolha a organização"
          options={organizations.map(({ id, nome }) => [id, nome])}
        />
      ) : null}
      <TextField meta={fields.nome} label="Nome do animal" placeholder="Como ele se chama?" />
      <SelectField
        meta={fields.especie}
        label="Espécie"
        placeholder="Escolha"
        options={SPECIES.map((value) => [value, SPECIES_LABEL[value]])}
      />
      <SelectField
        meta={fields.sexo}
        label="Sexo"
        placeholder={mode === "create" ? "Escolha" : "Não informado"}
        options={SEXES.map((value) => [value, SEX_LABEL[value]])}
      />
      <div className="pet-form__age">
        <TextField meta={fields.idade} label="Idade" type="text" />
        <SelectField meta={fields.idade__unidade} label="Unidade" options={AGE_UNITS.map((unit) => [unit, unit])} />
      </div>
      <SelectField
        meta={fields.porte}
        label="Porte"
        placeholder="Escolha"
        options={SIZES.map((value) => [value, SIZE_LABEL[value]])}
      />
      <TextAreaField meta={fields.perfil} label="Perfil" placeholder="Como ele é? Calmo, brincalhão…" maxLength={300} />
      <TextAreaField
        meta={fields.historia}
        label="História (opcional)"
        placeholder="Como ele chegou até você, do que gosta, o que já viveu…"
        maxLength={2000}
        rows={8}
      />
      <fieldset className="pet-form__group">
        <legend className="pet-form__legend">Saúde</legend>
        <SelectField
          meta={fields.castrado}
          label="Castração"
          placeholder="Não informado"
          options={CASTRATION.map((value) => [value, CASTRATION_LABEL[value]])}
        />
        <TextField
          meta={fields.castracao_data}
          label="Data agendada da castração"
          type="date"
          hint="Só se a castração estiver agendada."
        />
        {fields.especie.value === "outro" ? (
          <p className="field__hint">Não há vacinas listadas para esta espécie.</p>
        ) : (
          <ChoiceGroup
            meta={fields.vacinas}
            legend="Vacinas"
            options={vaccineOptions(fields.especie.value)}
            hint={fields.especie.value ? undefined : "Cães: V8, V10 e antirrábica. Gatos: V3, V4, V5 e antirrábica."}
          />
        )}
        <SelectField
          meta={fields.vermifugado}
          label="Vermifugado"
          placeholder="Não informado"
          options={[
            ["sim", "Sim"],
            ["nao", "Não"],
          ]}
        />
        <TextField meta={fields.raca} label="Raça (opcional)" placeholder="SRD" maxLength={40} />
        <TextField meta={fields.pelagem} label="Pelagem (opcional)" placeholder="Caramelo, pelo curto" maxLength={40} />
        <TextField
          meta={fields.microchip}
          label="Microchip (opcional)"
          inputMode="numeric"
          hint="Os 15 dígitos do microchip."
        />
      </fieldset>
      <fieldset className="pet-form__group">
        <legend className="pet-form__legend">Convivência</legend>
        <ChoiceGroup
          meta={fields.convive_com}
          legend="Convive bem com"
          options={COMPANIONS.map((value) => [value, COMPANION_LABEL[value]])}
        />
        <TextAreaField
          meta={fields.necessidades_especiais}
          label="Necessidades especiais (opcional)"
          placeholder="Medicação, dieta, cuidados com a mobilidade…"
          maxLength={300}
          rows={3}
        />
      </fieldset>
      <fieldset className="pet-form__group">
        <legend className="pet-form__legend">Lar temporário</legend>
        <p className="field__hint">
          Marcado, o animal aparece em Precisam de lar temporário, onde voluntários perto podem se oferecer.
        </p>
        <SelectField
          meta={fields.precisa_lar_temporario}
          label="Precisa de lar temporário"
          options={[
            ["nao", "Não"],
            ["sim", "Sim"],
          ]}
        />
        <SelectField
          meta={fields.urgencia}
          label="Urgência"
          options={[
            ["normal", "Normal"],
            ["urgente", "Urgente"],
          ]}
        />
        <TextField
          meta={fields.prazo_lar}
          label="Prazo para o lar temporário (opcional)"
          type="date"
          hint="Até quando o animal precisa sair de onde está."
        />
      </fieldset>
      <div className="pet-form__place">
        <CityField meta={fields.cidade} label="Cidade" ufField="uf" />
        <SelectField meta={fields.uf} label="Estado (UF)" placeholder="UF" options={UFS.map((uf) => [uf, uf])} />
      </div>
      <TextField
        meta={fields.taxa_adocao}
        label="Taxa de adoção (opcional)"
        inputMode="decimal"
        placeholder="0,00"
        hint="Em reais, até R$ 1.000,00. A Adopet é só para adoção: nada de venda."
      />
      <SelectField
        meta={fields.status}
        label="Situação"
        options={[
          ["disponivel", "Disponível para adoção"],
          ["adotado", "Adotado"],
        ]}
      />
      <PhotosField meta={fields.fotos} mode={mode} />
      <button type="submit" className="button panel__submit">
        {mode === "create" ? "Publicar" : "Salvar"}
      </button>
    </ValidatedForm>
  );
}

function PhotosField({ meta, mode }: { meta: Parameters<typeof getInputProps>[0]; mode: "create" | "edit" }) {
  const focus = useErrorFocus(meta.name);
  const enhanced = useHydrated();
  const input = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<{ file: File; url: string }[]>([]);
  const [announcement, setAnnouncement] = useState("");

  useEffect(() => () => chosen.forEach((photo) => URL.revokeObjectURL(photo.url)), [chosen]);

  function show(files: File[]) {
    setChosen(files.map((file) => ({ file, url: URL.createObjectURL(file) })));
  }

  /** The input's files in a new order (its list is what the form sends). */
  function reorder(files: File[], said: string) {
    const transfer = new DataTransfer();
    for (const file of files) transfer.items.add(file);
    if (input.current) input.current.files = transfer.files;
    show(files);
    setAnnouncement(said);
  }

  const files = chosen.map((photo) => photo.file);
  const move = (from: number, to: number) => {
    const next = [...files];
    const [photo] = next.splice(from, 1);
    next.splice(to, 0, photo!);
    return next;
  };
  return (
    <div className="field photos-field">
      <label className="field__label" htmlFor={meta.id}>
        {mode === "create"
          ? `Fotos (de 1 a ${MAX_PET_PHOTOS})`
          : `Novas fotos (substituem as atuais; até ${MAX_PET_PHOTOS})`}
      </label>
      <input
        ref={input}
        className={enhanced ? "photos-field__input" : "field__control"}
        {...getInputProps(meta, { type: "file" })}
        multiple
        accept=".jpeg,.jpg,.png,.webp,image/jpeg,image/png,image/webp"
        required={false}
        onChange={(event) => show(Array.from(event.currentTarget.files ?? []))}
        {...focus}
      />
      {enhanced ? (
        // A second label: the button the person sees, in Portuguese (the browser's own reads "Choose Files").
        <label htmlFor={meta.id} className="photos-field__choose">
          {chosen.length ? "Escolher outras fotos" : "Escolher fotos"}
        </label>
      ) : null}
      {chosen.length ? (
        <ol className="photos-field__list" aria-label="Prévia das fotos escolhidas">
          {chosen.map((photo, index) => (
            <li key={photo.url} className="photos-field__item">
              <img src={photo.url} alt={`Foto ${index + 1} escolhida`} width={96} height={96} />
              <span className="photos-field__caption">{index === 0 ? "Capa" : `Foto ${index + 1}`}</span>
              <span className="photos-field__actions">
                {index > 0 ? (
                  <button
                    type="button"
                    aria-label={`Usar a foto ${index + 1} como capa`}
                    onClick={() => reorder(move(index, 0), `A foto ${index + 1} agora é a capa.`)}
                  >
                    Capa
                  </button>
                ) : null}
                {index > 0 ? (
                  <button
                    type="button"
                    aria-label={`Mover a foto ${index + 1} para antes`}
                    onClick={() => reorder(move(index, index - 1), `Foto movida para a posição ${index}.`)}
                  >
                    ←
                  </button>
                ) : null}
                {index < chosen.length - 1 ? (
                  <button
                    type="button"
                    aria-label={`Mover a foto ${index + 1} para depois`}
                    onClick={() => reorder(move(index, index + 1), `Foto movida para a posição ${index + 2}.`)}
                  >
                    →
                  </button>
                ) : null}
                <button
                  type="button"
                  aria-label={`Tirar a foto ${index + 1}`}
                  onClick={() =>
                    reorder(
                      files.filter((_, other) => other !== index),
                      `Foto ${index + 1} retirada.`,
                    )
                  }
                >
                  ✕
                </button>
              </span>
            </li>
          ))}
        </ol>
      ) : null}
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
      <p id={meta.errorId} className="field__error" aria-live="polite">
        {meta.errors?.[0] ?? ""}
      </p>
    </div>
  );
}
