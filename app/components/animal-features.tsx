import { ChoiceGroup, SelectField, type AnyField } from "./form-fields";
import { COLOR_LABEL, COLORS } from "~/lib/lost-found";
import { SEX_LABEL, SEXES, SIZE_LABEL, SIZES, SPECIES, SPECIES_LABEL } from "~/lib/pets";

/**
 * What tells a lost or found animal apart (issue 47): species, size, sex if known, and up to three
 * colours from the list. The report form and each of a shelter's fieldsets ask them alike.
 */
export function AnimalFeatureFields({
  especie,
  porte,
  sexo,
  cores,
}: {
  especie: AnyField;
  porte: AnyField;
  sexo: AnyField;
  cores: AnyField;
}) {
  return (
    <>
      <SelectField
        meta={especie}
        label="Espécie"
        placeholder="Escolha a espécie"
        options={SPECIES.map((value) => [value, SPECIES_LABEL[value]])}
      />
      <SelectField
        meta={porte}
        label="Porte"
        placeholder="Escolha o porte"
        options={SIZES.map((value) => [value, SIZE_LABEL[value]])}
      />
      <SelectField
        meta={sexo}
        label="Sexo"
        placeholder="Não sei"
        options={SEXES.map((value) => [value, SEX_LABEL[value]])}
      />
      <ChoiceGroup meta={cores} legend="Cores (até 3)" options={COLORS.map((color) => [color, COLOR_LABEL[color]])} />
    </>
  );
}
