import { data, Form, Link, redirect, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/lar-temporario";
import { CityField } from "~/components/city-field";
import { ChoiceGroup, FormError, SelectField, TextAreaField, TextField, ValidatedForm } from "~/components/form-fields";
import { useValidatedForm } from "~/components/use-validated-form";
import { isEmailConfirmed } from "~/domain/accounts/email-confirmation.server";
import { offerHomeFor } from "~/domain/foster/interest.server";
import { ownOffer, pauseOffer, saveOffer, withdrawOffer, type FosterOffer } from "~/domain/foster/offers.server";
import { findPublicPet } from "~/domain/pets/pet-views.server";
import { isId } from "~/lib/ids";
import { FOSTER_MAX_ANIMALS, FOSTER_NOTES_MAX, FOSTER_RADIUS_KM, FOSTER_SPECIES } from "~/lib/foster";
import { pageMeta } from "~/lib/meta";
import { SIZE_LABEL, SIZES, SPECIES_LABEL, UFS } from "~/lib/pets";
import { FOSTER_MESSAGES, fosterOfferFormSchema } from "~/validation/foster";
import { getUser, requireUser } from "~/web/auth.server";
import { formFailure, pageFailure, parseForm } from "~/web/forms.server";
import { setNotice } from "~/web/notices.server";

/**
 * `/lar-temporario` (issue 44): what fostering means, and for a signed-in person their offer of
 * a home: made, changed, paused, resumed or withdrawn. Anyone reads the page; offering needs an
 * account with a confirmed e-mail. Come from an animal's `Posso ser lar temporário`
 * (`?animal=`), the offer saved goes to that animal's team.
 */

/** The animal of `?animal=`, when it is one that needs a foster home. */
async function animalInNeed(request: Request, db: Parameters<typeof findPublicPet>[0]) {
  const id = new URL(request.url).searchParams.get("animal");
  const pet = id && isId(id) ? await findPublicPet(db, id) : null;
  return pet && pet.status === "disponivel" && pet.precisaLarTemporario ? { id: pet.id, nome: pet.nome } : null;
}

const YES_NO: [string, string][] = [
  ["sim", "Sim"],
  ["nao", "Não"],
];
const yesNo = (value: boolean) => (value ? "sim" : "nao");

/** The form's values from a saved offer. */
const formValues = (offer: FosterOffer) => ({
  cidade: offer.cidade,
  uf: offer.uf,
  especies: offer.especies,
  portes: offer.portes,
  quantos: String(offer.quantos),
  disponivel_ate: offer.disponivelAte ?? "",
  tem_animais: yesNo(offer.temAnimais),
  tem_criancas: yesNo(offer.temCriancas),
  tela_nas_janelas: yesNo(offer.telaNasJanelas),
  observacoes: offer.observacoes ?? "",
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getUser(request, context.db);
  const animal = await animalInNeed(request, context.db);
  if (!user) return { signedIn: false as const, animal };
  const [offer, confirmed] = await Promise.all([ownOffer(context.db, user.id), isEmailConfirmed(context.db, user.id)]);
  return {
    signedIn: true as const,
    animal,
    confirmed,
    offer: offer && { pausado: offer.pausado, values: formValues(offer) },
  };
}

/** Saves the offer (the form), or pauses, resumes or withdraws it (`?acao=`). */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context.db);
  const intent = new URL(request.url).searchParams.get("acao") ?? "salvar";
  const now = new Date();
  const back = async (
    notice: "fosterOfferSaved" | "fosterOfferPaused" | "fosterOfferResumed" | "fosterOfferWithdrawn",
  ) => redirect("/lar-temporario", { headers: { "Set-Cookie": await setNotice(notice) } });
  if (intent === "pausar" || intent === "retomar") {
    const changed = await pauseOffer(context.db, user.id, intent === "pausar", now);
    if (!changed.ok) throw pageFailure(changed.failure);
    return back(intent === "pausar" ? "fosterOfferPaused" : "fosterOfferResumed");
  }
  if (intent === "retirar") {
    const withdrawn = await withdrawOffer(context.db, user.id);
    if (!withdrawn.ok) throw pageFailure(withdrawn.failure);
    return back("fosterOfferWithdrawn");
  }
  if (intent !== "salvar") throw data("Ação desconhecida.", { status: 400 });
  const form = await parseForm(request, fosterOfferFormSchema);
  if (!form.ok) return form.response;
  const saved = await saveOffer(context.db, user.id, form.value, now);
  if (!saved.ok) return formFailure(form, saved.failure);
  const animal = await animalInNeed(request, context.db);
  if (animal && !saved.value.pausado) {
    const sent = await offerHomeFor(context.db, context.jobs, user.id, animal.id);
    if (!sent.ok) throw pageFailure(sent.failure);
    return redirect(`/pets/${animal.id}`, { headers: { "Set-Cookie": await setNotice("fosterInterestSent") } });
  }
  return back("fosterOfferSaved");
}

export function meta() {
  return pageMeta(
    "Lar temporário | Adopet",
    "Ofereça um lar temporário: um animal espera pela adoção na sua casa, com o apoio de uma ONG perto de você.",
  );
}

export default function FosterHome() {
  const loaded = useLoaderData<typeof loader>();
  return (
    <section className="foster">
      <h1 className="foster__title">Lar temporário</h1>
      <div className="foster__about">
        <p>
          Um lar temporário recebe em casa, por um tempo, um animal resgatado que espera ser adotado. A ONG ou o grupo
          de protetores continua responsável por ele: cuida das consultas, das vacinas e da adoção, e fica em contato
          com você. Você dá abrigo, carinho e rotina, e conta como ele está.
        </p>
        <p>
          É o que mais falta no resgate: cada lar temporário é um animal a mais que pode sair da rua. Ofereça o seu lar
          dizendo a cidade e quais animais você pode receber. Organizações a até {FOSTER_RADIUS_KM} km veem o seu
          primeiro nome, a cidade e o que você oferece; telefone, e-mail e endereço só depois que você aceitar receber
          um animal.
        </p>
      </div>
      {loaded.animal ? (
        <p className="panel foster__animal" role="note">
          Ao salvar a sua oferta, ela vai para a equipe que cuida de{" "}
          <Link to={`/pets/${loaded.animal.id}`}>{loaded.animal.nome}</Link>, que precisa de um lar temporário.
        </p>
      ) : null}
      {!loaded.signedIn ? (
        <p className="panel foster__login">
          <Link
            to={`/login?voltar=${encodeURIComponent(`/adopet/lar-temporario${loaded.animal ? `?animal=${loaded.animal.id}` : ""}`)}`}
          >
            Entre na sua conta
          </Link>{" "}
          ou <Link to="/cadastro">crie uma</Link> para oferecer um lar temporário.
        </p>
      ) : !loaded.confirmed ? (
        <p className="panel foster__login">
          {FOSTER_MESSAGES.unconfirmed} <Link to="/perfil">Ir para o perfil</Link>
        </p>
      ) : (
        <>
          {loaded.offer ? <OfferStatus pausado={loaded.offer.pausado} /> : null}
          <OfferForm />
        </>
      )}
    </section>
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

function OfferForm() {
  const loaded = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const saved = loaded.signedIn ? loaded.offer : null;
  const [form, fields, focus] = useValidatedForm(
    fosterOfferFormSchema,
    lastResult,
    saved?.values ?? { quantos: "1", especies: [], portes: [] },
  );
  return (
    <ValidatedForm
      form={form}
      focus={focus}
      action={`?acao=salvar${loaded.animal ? `&animal=${loaded.animal.id}` : ""}`}
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
