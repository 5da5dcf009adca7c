import type { FieldMetadata } from "@conform-to/react";
import { useEffect, useRef } from "react";
import { Link, redirect, useActionData, useLoaderData } from "react-router";
import { requiredCity } from "~/validation/fields";
import type { Route } from "./+types/perdidos-e-achados.emergencias.animais";
import { CityField } from "~/components/city-field";
import { AnimalFeatureFields } from "~/components/animal-features";
import { FileChoice } from "~/components/file-choice";
import {
  FormError,
  SelectField,
  TextAreaField,
  TextField,
  useErrorFocus,
  ValidatedForm,
} from "~/components/form-fields";
import { useHydrated } from "~/components/use-hydrated";
import { useValidatedForm } from "~/components/use-validated-form";
import { findEmergency, registerShelterAnimals, sheltersAmong } from "~/domain/lost-found/emergencies.server";
import { caringMembershipsOf } from "~/domain/organizations/membership.server";
import { dayInBrasilia, formatDay } from "~/lib/dates";
import { EMERGENCY_ANIMALS_MAX } from "~/lib/lost-found";
import { pageMeta } from "~/lib/meta";
import type { Failure } from "~/services/outcome.server";
import { IMAGE_MAX_BYTES } from "~/validation/fields";
import { shelterAnimalsFormSchema } from "~/validation/emergency-forms";
import { PET_MESSAGES } from "~/validation/pets";
import { requireUser } from "~/web/auth.server";
import { bytesOf } from "~/web/body.server";
import { failureText } from "~/web/failures.server";
import { formFailure, pageFailure, parseForm } from "~/web/forms.server";
import { pageId } from "~/web/not-found.server";
import { setNotice } from "~/web/notices.server";

/**
 * `/perdidos-e-achados/emergencias/:id/animais` (issue 47): a shelter's team (administradores and
 * equipe of an organisation) registers the animals it took in during an emergency, a fieldset and
 * a photo each, as `POST /api/emergencias/:id/animais` does: all or none, each a found report.
 */

/** Fieldsets a page without JavaScript offers; with it, more are added up to the service's limit. */
const FIELDSETS = 3;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context.db);
  const found = await findEmergency(context.db, pageId(params.id, "emergency"));
  if (!found.ok) throw pageFailure(found.failure);
  const emergency = found.value;
  const caring = await caringMembershipsOf(context.db, user.id);
  // Only the organisations that may register here (issue 60): verified, or admitted by an operator.
  const allowed = await sheltersAmong(
    context.db,
    found.value.id,
    caring.map((organization) => organization.id),
  );
  const organizacoes = caring.filter((organization) => allowed.has(organization.id));
  return {
    emergencia: {
      nome: emergency.nome,
      area: emergency.cidades.map((city) => `${city.nome} (${city.uf})`).join(", "),
      dias: emergency.fim
        ? `De ${formatDay(emergency.inicio)} a ${formatDay(emergency.fim)}`
        : `Desde ${formatDay(emergency.inicio)}`,
    },
    encerrada: emergency.ativa ? null : failureText({ kind: "conflict", reason: "emergency-ended" }),
    organizacoes: organizacoes.map(({ id, nome }) => ({ id, nome })),
    // A member of organisations none of which may register: told why, not sent to make another.
    naoAdmitidas: caring.length > 0 && organizacoes.length === 0,
    shelterRefusal: failureText({ kind: "forbidden", rule: "emergency-verified-only" }),
    hoje: dayInBrasilia(new Date()),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireUser(request, context.db);
  const emergencyId = pageId(params.id, "emergency");
  const form = await parseForm(request, shelterAnimalsFormSchema, {
    maxFiles: EMERGENCY_ANIMALS_MAX,
    maxFileSize: IMAGE_MAX_BYTES,
    fileTooLarge: PET_MESSAGES.fotos.size,
    // Each fieldset's fields, its colours, and the organisation.
    maxParts: EMERGENCY_ANIMALS_MAX * 12 + 2,
  });
  if (!form.ok) return form.response;
  const filled = form.value.animais.flatMap((animal, position) => (animal ? [{ animal, position }] : []));
  const made = await registerShelterAnimals(context.db, context.jobs, user.id, emergencyId, {
    organizationId: form.value.organizacao_id,
    animals: filled.map(({ animal: { foto: _foto, ...animal } }) => requiredCity(animal)),
    photos: await bytesOf(filled.map(({ animal }) => animal.foto!)),
  });
  const positions = filled.map(({ position }) => position);
  if (!made.ok) return formFailure(form, onFieldset(made.failure, positions));
  const notice = made.value.length === 1 ? "shelterAnimalRegistered" : "shelterAnimalsRegistered";
  return redirect(`/perdidos-e-achados?emergencia=${emergencyId}`, {
    headers: { "Set-Cookie": await setNotice(notice) },
  });
}

/**
 * The service names an animal by its place among those sent (`animais.1.cidade`, a photo by its
 * item); the page, by the fieldset it was in (`animais[2].cidade`), blank ones left out.
 */
function onFieldset(failure: Failure, positions: number[]): Failure {
  if (failure.kind !== "invalid") return failure;
  const named = /^animais\.(\d+)\.(\w+)$/.exec(failure.field);
  const position = named ? positions[Number(named[1])] : undefined;
  if (named && position !== undefined) return { ...failure, field: `animais[${position}].${named[2]}` };
  const photo = failure.field === "fotos" && failure.item !== undefined ? positions[failure.item] : undefined;
  if (photo !== undefined) return { kind: "invalid", reason: failure.reason, field: `animais[${photo}].foto` };
  return failure;
}

export function meta({ data }: Route.MetaArgs) {
  return [
    ...pageMeta(
      data ? `Registrar animais acolhidos: ${data.emergencia.nome} | Adopet` : "Emergência | Adopet",
      "Os abrigos registram os animais acolhidos numa emergência.",
    ),
    { name: "robots", content: "noindex" },
  ];
}

export default function ShelterAnimals() {
  const { emergencia, encerrada, organizacoes, naoAdmitidas, shelterRefusal } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <section className="profile">
      <h1 className="profile__title">Registrar animais acolhidos</h1>
      <div className="panel emergency__about" role="note">
        <h2 className="panel__title">{`Emergência: ${emergencia.nome}`}</h2>
        <p>{`Área: ${emergencia.area}.`}</p>
        <p>{`${emergencia.dias}.`}</p>
      </div>
      {encerrada ? (
        <p className="emergency__closed">{encerrada}</p>
      ) : organizacoes.length === 0 ? (
        <div className="emergency__closed">
          {/* A refusal of a form sent from elsewhere still shows. */}
          <FormError id="emergencia-erro" errors={lastResult?.error?.[""] ?? undefined} />
          {naoAdmitidas ? (
            <p>{shelterRefusal}</p>
          ) : (
            <p>
              Os animais acolhidos são registrados pela equipe de uma organização verificada (administradores e equipe).
              Peça a um administrador do abrigo para convidar você, ou{" "}
              <Link to="/organizacoes/nova">crie uma organização</Link>.
            </p>
          )}
        </div>
      ) : (
        <AnimalsForm />
      )}
    </section>
  );
}

type AnimalFields = FieldMetadata<Record<string, unknown> | null>;

function AnimalsForm() {
  const { organizacoes, hoje } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const blank = { data: hoje };
  const [form, fields, focus] = useValidatedForm(
    shelterAnimalsFormSchema,
    lastResult,
    {
      organizacao_id: organizacoes[0]!.id,
      animais: Array.from({ length: FIELDSETS }, () => blank),
    },
    fieldOrder(),
  );
  const animals = fields.animais.getFieldList() as unknown as AnimalFields[];
  const hydrated = useHydrated();
  // A fieldset added by the button takes the focus, for whoever uses the keyboard.
  const added = useRef(false);
  const lastSpecies = animals.at(-1)?.getFieldset().especie?.id;
  useEffect(() => {
    if (!added.current || !lastSpecies) return;
    added.current = false;
    document.getElementById(lastSpecies)?.focus();
  }, [lastSpecies]);
  const listFocus = useErrorFocus(fields.animais.name);
  return (
    <ValidatedForm
      form={form}
      focus={focus}
      encType="multipart/form-data"
      className="panel emergency__form"
      aria-label="Animais acolhidos"
    >
      <FormError id={form.errorId} errors={form.errors} />
      <SelectField
        meta={fields.organizacao_id}
        label="Organização que acolheu os animais"
        options={organizacoes.map((organization) => [organization.id, organization.nome])}
      />
      <p className="field__hint">
        Preencha um grupo por animal, com uma foto de cada um; os grupos deixados em branco são ignorados.
      </p>
      <p
        id={fields.animais.errorId}
        className="field__error"
        aria-live="polite"
        {...(listFocus.autoFocus ? { tabIndex: -1, ...listFocus } : {})}
      >
        {fields.animais.errors?.[0] ?? ""}
      </p>
      {animals.map((item, index) => (
        <AnimalFieldset key={item.key} meta={item} index={index} />
      ))}
      {hydrated && animals.length < EMERGENCY_ANIMALS_MAX ? (
        <button
          type="button"
          className="my-pet__action emergency__add"
          onClick={() => {
            added.current = true;
            form.insert({ name: fields.animais.name, defaultValue: blank });
          }}
        >
          Adicionar outro animal
        </button>
      ) : null}
      <button type="submit" className="button panel__submit">
        Registrar animais
      </button>
    </ValidatedForm>
  );
}

/** The fields in the page's order, fieldset by fieldset: a refused page focuses the first with an error. */
function fieldOrder(): string[] {
  const each = ["especie", "porte", "sexo", "cores", "data", "cidade", "bairro", "descricao", "foto"];
  const animals = Array.from({ length: EMERGENCY_ANIMALS_MAX }, (_, index) =>
    each.map((field) => `animais[${index}].${field}`),
  );
  return ["organizacao_id", "animais", ...animals.flat()];
}

function AnimalFieldset({ meta, index }: { meta: AnimalFields; index: number }) {
  const animal = meta.getFieldset();
  const field = (name: string) => animal[name]!;
  return (
    <fieldset className="emergency__animal">
      <legend className="emergency__legend">{`Animal ${index + 1}`}</legend>
      <AnimalFeatureFields
        especie={field("especie")}
        porte={field("porte")}
        sexo={field("sexo")}
        cores={field("cores")}
      />
      <TextField meta={field("data")} label="Dia em que foi encontrado" type="date" />
      <CityField
        meta={field("cidade")}
        label="Cidade onde foi encontrado"
        hint="Uma das cidades da área da emergência, como aparecem acima."
      />
      <TextField
        meta={field("bairro")}
        label="Bairro (opcional)"
        hint="Só o bairro: nunca o endereço."
        maxLength={60}
      />
      <TextAreaField
        meta={field("descricao")}
        label="Descrição (opcional): coleira, marcas, como foi resgatado"
        maxLength={1000}
        rows={3}
      />
      <FileChoice
        name={field("foto").name}
        label="Foto do animal"
        button="Escolher foto"
        empty="Nenhuma foto escolhida"
        accept="image/jpeg,image/png,image/webp"
        error={field("foto").errors?.[0] ?? null}
      />
    </fieldset>
  );
}
