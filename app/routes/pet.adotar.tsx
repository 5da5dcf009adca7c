import { foundOr404, pageId } from "~/web/not-found.server";
import { useMemo } from "react";
import { Link, redirect, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/pet.adotar";
import { ChoiceGroup, FormError, TextAreaField, TextField, ValidatedForm } from "~/components/form-fields";
import { CityField } from "~/components/city-field";
import { useValidatedForm } from "~/components/use-validated-form";
import { findUser, updateProfile } from "~/domain/accounts/accounts.server";
import { resolveCity } from "~/domain/places/cities.server";
import { apply, canApply } from "~/domain/applications/applications.server";
import { findPublicPet } from "~/domain/pets/pet-views.server";
import { LONG_ANSWER_MAX, SHORT_ANSWER_MAX, type Question } from "~/lib/applications";
import { imageUrl } from "~/lib/image-urls";
import { pageMeta } from "~/lib/meta";
import type { Failure } from "~/services/outcome.server";
import { applicationFormSchema } from "~/validation/applications";
import { requireUser } from "~/web/auth.server";
import { failureText } from "~/web/failures.server";
import { formFailure, parseForm } from "~/web/forms.server";
import { setNotice } from "~/web/notices.server";

/** Why this person cannot apply for this pet now, in words, with the way on. */
type Blocked = { text: string; link: { to: string; label: string } };

function blocked(failure: Failure, petId: string): Blocked {
  if (failure.kind === "conflict" && failure.id) {
    return { text: failureText(failure), link: { to: `/candidaturas/${failure.id}`, label: "Ver a sua candidatura" } };
  }
  if (failure.kind === "forbidden" && failure.rule === "blocked-by-recipient") {
    return { text: failureText(failure), link: { to: "/home", label: "Ver outros animais" } };
  }
  if (failure.kind === "forbidden" && failure.rule === "blocked-by-you") {
    return { text: failureText(failure), link: { to: "/mensagens", label: "Ver os seus bloqueios" } };
  }
  if (failure.kind === "forbidden") {
    return {
      text: failureText(failure),
      link: { to: "/candidaturas/recebidas", label: "Ver as candidaturas recebidas" },
    };
  }
  return { text: failureText(failure), link: { to: `/pets/${petId}`, label: "Voltar para o animal" } };
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  // Signed out: to login (or cadastro from there), and back here.
  const user = await requireUser(request, context.db);
  const pet = await findPublicPet(context.db, pageId(params.id, "pet"));
  foundOr404(pet, "pet");
  const allowed = await canApply(context.db, user.id, pet.id);
  const profile = await findUser(context.db, user.id);
  return {
    pet: {
      id: pet.id,
      nome: pet.nome,
      local: pet.local,
      foto: pet.photoIds[0] ? imageUrl(pet.photoIds[0], 160) : null,
    },
    blocked: allowed.ok ? null : blocked(allowed.failure, pet.id),
    perguntas: allowed.ok ? allowed.value.perguntas : [],
    profile: {
      nome: profile?.nome ?? "",
      telefone: profile?.telefone ?? "",
      cidade: profile?.cidade && profile.uf ? `${profile.cidade} (${profile.uf})` : (profile?.cidade ?? ""),
    },
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireUser(request, context.db);
  pageId(params.id, "pet");
  const allowed = await canApply(context.db, user.id, params.id);
  if (!allowed.ok) return redirect(`/pets/${params.id}/adotar`);
  // The answers are checked against the questions as they are now (the server's word).
  const { perguntas } = allowed.value;
  // Nome, telefone, cidade, and an answer a question (a checkbox each, for several choices).
  const parts = perguntas.reduce((sum, question) => sum + Math.max(1, question.opcoes?.length ?? 0), 3);
  const form = await parseForm(request, applicationFormSchema(perguntas), { maxParts: parts + 5 });
  if (!form.ok) return form.response;
  const { nome, telefone, cidade, respostas } = form.value;
  // The city is checked before anything is written; the profile is saved once the application is.
  const city = await resolveCity(context.db, cidade);
  if (!city.ok) return formFailure(form, city.failure);
  const created = await apply(context.db, context.jobs, {
    adopterId: user.id,
    petId: params.id,
    caretakerId: allowed.value.pet.caretakerId,
    perguntas,
    respostas,
  });
  if (!created.ok) return formFailure(form, created.failure);
  await updateProfile(context.db, user.id, { nome, telefone, cidade });
  return redirect(`/candidaturas/${created.value.id}`, {
    headers: { "Set-Cookie": await setNotice("applicationSent") },
  });
}

export function meta({ data: loaded }: Route.MetaArgs) {
  const nome = loaded?.pet.nome ?? "um animal";
  return pageMeta(`Quero adotar ${nome} | Adopet`, `Responda ao questionário para adotar ${nome}.`);
}

const choices = (question: Question): [string, string][] => (question.opcoes ?? []).map((option) => [option, option]);

export default function Adotar() {
  const { pet, blocked, perguntas, profile } = useLoaderData<typeof loader>();
  return (
    <section className="apply">
      <div className="apply__pet">
        {pet.foto ? <img src={pet.foto} alt="" width={80} height={80} className="apply__photo" /> : null}
        <div>
          <h1 className="apply__title">Quero adotar {pet.nome}</h1>
          <p className="apply__place">{pet.local}</p>
        </div>
      </div>
      {blocked ? (
        <div className="apply__blocked" role="note">
          <p>{blocked.text}</p>
          <Link to={blocked.link.to} className="button">
            {blocked.link.label}
          </Link>
        </div>
      ) : (
        <ApplicationForm perguntas={perguntas} profile={profile} />
      )}
    </section>
  );
}

function ApplicationForm({ perguntas, profile }: { perguntas: Question[]; profile: Record<string, string> }) {
  const lastResult = useActionData<typeof action>();
  const schema = useMemo(() => applicationFormSchema(perguntas), [perguntas]);
  const order = useMemo(
    () => ["nome", "telefone", "cidade", ...perguntas.map((question) => `respostas.${question.id}`)],
    [perguntas],
  );
  const [form, fields, focus] = useValidatedForm(schema, lastResult, profile, order);
  const answers = fields.respostas.getFieldset();
  return (
    <ValidatedForm form={form} focus={focus} className="panel apply__form">
      <FormError id={form.errorId} errors={form.errors} />
      <h2 className="panel__title">Seus dados</h2>
      <p className="apply__hint">Quem cuida do animal verá estes dados; eles também ficam salvos no seu perfil.</p>
      <TextField meta={fields.nome} label="Nome" autoComplete="name" />
      <TextField meta={fields.telefone} label="Telefone" type="tel" autoComplete="tel" />
      <CityField meta={fields.cidade} label="Cidade" />
      <h2 className="panel__title">Questionário</h2>
      <p className="apply__hint">Perguntas marcadas com * são obrigatórias.</p>
      {perguntas.map((question) => {
        const meta = answers[question.id]!;
        const label = `${question.enunciado}${question.obrigatoria ? " *" : ""}`;
        switch (question.tipo) {
          case "texto":
            return <TextField key={question.id} meta={meta} label={label} maxLength={SHORT_ANSWER_MAX} />;
          case "texto_longo":
            return <TextAreaField key={question.id} meta={meta} label={label} maxLength={LONG_ANSWER_MAX} rows={4} />;
          case "sim_nao":
            return (
              <ChoiceGroup
                key={question.id}
                meta={meta}
                legend={label}
                type="radio"
                options={[
                  ["sim", "Sim"],
                  ["nao", "Não"],
                ]}
              />
            );
          case "escolha_unica":
            return (
              <ChoiceGroup key={question.id} meta={meta} legend={label} type="radio" options={choices(question)} />
            );
          case "escolha_multipla":
            return (
              <ChoiceGroup
                key={question.id}
                meta={meta}
                legend={label}
                hint="Marque todas as que valem."
                options={choices(question)}
              />
            );
        }
      })}
      <button type="submit" className="button panel__submit">
        Enviar candidatura
      </button>
    </ValidatedForm>
  );
}
