import type { SubmissionResult } from "@conform-to/react";
import { Form, Link } from "react-router";
import { CityField } from "~/components/city-field";
import { ChoiceGroup, FormError, SelectField, TextAreaField, TextField, ValidatedForm } from "~/components/form-fields";
import { useValidatedForm } from "~/components/use-validated-form";
import { FOSTER_MAX_ANIMALS, FOSTER_NOTES_MAX, FOSTER_SPECIES } from "~/lib/foster";
import { SIZE_LABEL, SIZES, SPECIES_LABEL, UFS } from "~/lib/pets";
import { FOSTER_MESSAGES, fosterOfferFormSchema } from "~/validation/foster";

const YES_NO: [string, string][] = [
  ["sim", "Sim"],
  ["nao", "Não"],
];

type Props = {
  confirmed: boolean;
  /** The person's offer, as the form shows it, if they made one. */
  offer: { pausado: boolean; values: Record<string, string | string[]> } | null;
  /** The animal of `?animal=`, whose team gets the offer once saved. */
  animalId: string | undefined;
  lastResult: SubmissionResult<string[]> | undefined;
};

/**
 * A signed-in person's offer of a foster home on `/lar-temporario` (issue 44): where it stands and
 * the form that makes or changes it, or what stops them offering yet (an unconfirmed e-mail). Its
 * own module, loaded only for them: a visitor's page carries no form library.
 */
export default function FosterOffer({ confirmed, offer, animalId, lastResult }: Props) {
  if (!confirmed) {
    return (
      <p className="panel foster__login">
        {FOSTER_MESSAGES.unconfirmed} <Link to="/perfil">Ir para o perfil</Link>
      </p>
    );
  }
  return (
    <>
      {offer ? <OfferStatus pausado={offer.pausado} /> : null}
      <OfferForm saved={offer} animalId={animalId} lastResult={lastResult} />
    </>
  );
}

/** Where the offer stands, with its buttons: pause or resume, withdraw. */
function OfferStatus({ pausado }: { pausado: boolean }) {
  return (
    <section className="panel foster__status" aria-labelledby="sua-oferta">
      <h2 className="panel__title" id="sua-oferta">
        Sua oferta
      </h2>
      <p>
        {pausado
          ? "Pausada: nenhuma organização encontra a sua oferta até você retomá-la."
          : "Ativa: organizações perto de você podem encontrá-la e convidar você."}
      </p>
      <div className="foster__actions">
        <Form method="post" action={`?acao=${pausado ? "retomar" : "pausar"}`}>
          <button type="submit" className="my-pet__action">
            {pausado ? "Retomar a oferta" : "Pausar a oferta"}
          </button>
        </Form>
        <Form method="post" action="?acao=retirar">
          <button type="submit" className="my-pet__action my-pet__action--danger">
            Retirar a oferta
          </button>
        </Form>
      </div>
    </section>
  );
}

function OfferForm({ saved, animalId, lastResult }: Omit<Props, "confirmed" | "offer"> & { saved: Props["offer"] }) {
  const [form, fields, focus] = useValidatedForm(
    fosterOfferFormSchema,
    lastResult,
    saved?.values ?? { quantos: "1", especies: [], portes: [] },
  );
  return (
    <ValidatedForm
      form={form}
      focus={focus}
      action={`?acao=salvar${animalId ? `&animal=${animalId}` : ""}`}
      className="panel"
      aria-labelledby="oferta"
    >
      <h2 className="panel__title" id="oferta">
        {saved ? "Mudar a sua oferta" : "Oferecer meu lar"}
      </h2>
      <FormError id={form.errorId} errors={form.errors} />
      <div className="organization__place">
        <CityField meta={fields.cidade} label="Cidade" ufField="uf" />
        <SelectField meta={fields.uf} label="Estado (UF)" placeholder="UF" options={UFS.map((uf) => [uf, uf])} />
      </div>
      <ChoiceGroup
        meta={fields.especies}
        legend="Quais animais você pode receber"
        options={FOSTER_SPECIES.map((especie) => [especie, SPECIES_LABEL[especie]])}
      />
      <ChoiceGroup meta={fields.portes} legend="De que porte" options={SIZES.map((size) => [size, SIZE_LABEL[size]])} />
      <TextField
        meta={fields.quantos}
        label="Quantos de uma vez"
        inputMode="numeric"
        maxLength={2}
        hint={`De 1 a ${FOSTER_MAX_ANIMALS}.`}
      />
      <TextField
        meta={fields.disponivel_ate}
        label="Disponível até (opcional)"
        type="date"
        hint="Deixe em branco se não há uma data para acabar."
      />
      <ChoiceGroup meta={fields.tem_animais} legend="Você tem outros animais em casa?" type="radio" options={YES_NO} />
      <ChoiceGroup meta={fields.tem_criancas} legend="Há crianças em casa?" type="radio" options={YES_NO} />
      <ChoiceGroup
        meta={fields.tela_nas_janelas}
        legend="As janelas têm tela de proteção?"
        type="radio"
        options={YES_NO}
      />
      <TextAreaField
        meta={fields.observacoes}
        label="Observações (opcional)"
        placeholder="Rotina da casa, quintal, experiência com animais… (sem telefone nem endereço: organizações próximas leem)"
        maxLength={FOSTER_NOTES_MAX}
      />
      <button type="submit" className="button panel__submit">
        {saved ? "Salvar a oferta" : "Oferecer meu lar"}
      </button>
    </ValidatedForm>
  );
}
