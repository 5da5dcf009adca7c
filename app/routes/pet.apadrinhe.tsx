import { Link, useLoaderData } from "react-router";
import type { Route } from "./+types/pet.apadrinhe";
import { PixGift } from "~/components/pix-gift";
import { petPixCode } from "~/domain/giving/pix.server";
import { pageMeta } from "~/lib/meta";
import { pageFailure } from "~/web/forms.server";
import { giftPageAmount, toGiftCode } from "~/web/gift-page.server";
import { pageId } from "~/web/not-found.server";

/**
 * `/pets/:id/apadrinhe` (issue 46): a gift towards an animal waiting for a home, by Pix, straight
 * to the organisation that takes care of it. Anyone may give; nothing of the giver is kept.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const id = pageId(params.id, "pet");
  const amount = giftPageAmount(request);
  const code = await petPixCode(context.db, id, amount.centavos);
  if (!code.ok) throw pageFailure(code.failure);
  const { pet, organizacao } = code.value;
  return {
    pet,
    organizacao,
    chosen: amount.chosen,
    error: amount.error,
    code: amount.wanted ? toGiftCode(code.value) : null,
  };
}

export function meta({ data: loaded }: Route.MetaArgs) {
  if (!loaded) return [{ title: "Apadrinhe | Adopet" }];
  return pageMeta(
    `Apadrinhe ${loaded.pet.nome} | Adopet`,
    `Ajude ${loaded.organizacao.nome} com a ração e o veterinário de ${loaded.pet.nome}, por Pix.`,
  );
}

export default function SponsorPet() {
  const { pet, organizacao, chosen, error, code } = useLoaderData<typeof loader>();
  return (
    <section className="profile">
      <h1 className="profile__title">{`Apadrinhe ${pet.nome}`}</h1>
      <p>
        {`Enquanto espera um lar, ${pet.nome} precisa de ração, vacinas e veterinário. A sua doação vai por Pix direto para ${organizacao.nome}, que cuida dele.`}
      </p>
      <PixGift
        code={code}
        chosen={chosen}
        error={error}
        recipient={organizacao.nome}
        verified={organizacao.verificada}
      />
      <p>
        <Link to={`/pets/${pet.id}`}>{`Voltar para ${pet.nome}`}</Link>
      </p>
    </section>
  );
}
