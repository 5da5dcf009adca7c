import { lazy, Suspense } from "react";
import { data, Link, redirect, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/lar-temporario";
import { isEmailConfirmed } from "~/domain/accounts/email-confirmation.server";
import { offerHomeFor } from "~/domain/foster/interest.server";
import { ownOffer, pauseOffer, saveOffer, withdrawOffer, type FosterOffer } from "~/domain/foster/offers.server";
import { findPublicPet } from "~/domain/pets/pet-views.server";
import { isId } from "~/lib/ids";
import { FOSTER_RADIUS_KM } from "~/lib/foster";
import { pageMeta } from "~/lib/meta";
import { fosterOfferFormSchema } from "~/validation/foster";
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

// Loaded only for a signed-in person: a visitor reads the page without the form's library.
const FosterOffer = lazy(() => import("~/components/foster-offer"));

export default function FosterHome() {
  const loaded = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
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
      ) : (
        <Suspense fallback={null}>
          <FosterOffer
            confirmed={loaded.confirmed}
            offer={loaded.offer}
            animalId={loaded.animal?.id}
            lastResult={lastResult}
          />
        </Suspense>
      )}
    </section>
  );
}
