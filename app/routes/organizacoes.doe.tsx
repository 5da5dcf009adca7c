import { Link, useLoaderData } from "react-router";
import type { Route } from "./+types/organizacoes.doe";
import { PixGift } from "~/components/pix-gift";
import { OrganizationTrust } from "~/components/caretaker-kind";
import { organizationPixCode } from "~/domain/giving/pix.server";
import { pageMeta } from "~/lib/meta";
import { pageFailure } from "~/web/forms.server";
import { giftPageAmount, toGiftCode } from "~/web/gift-page.server";
import { pageId } from "~/web/not-found.server";

/** `/organizacoes/:id/doe` (issue 46): a gift to an organisation, by Pix, straight to its account. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const id = pageId(params.id, "organization");
  const amount = giftPageAmount(request);
  const code = await organizationPixCode(context.db, id, amount.centavos);
  if (!code.ok) throw pageFailure(code.failure);
  return {
    organizacao: code.value.organizacao,
    chosen: amount.chosen,
    error: amount.error,
    code: amount.wanted ? toGiftCode(code.value) : null,
    recebedor: code.value.nomeRecebedor,
  };
}

export function meta({ data: loaded }: Route.MetaArgs) {
  if (!loaded) return [{ title: "Doe | Adopet" }];
  return pageMeta(
    `Doe para ${loaded.organizacao.nome} | Adopet`,
    `Ajude ${loaded.organizacao.nome} a cuidar dos animais que resgata, por Pix.`,
  );
}

export default function Donate() {
  const { organizacao, chosen, error, code, recebedor } = useLoaderData<typeof loader>();
  return (
    <section className="profile">
      <h1 className="profile__title">{`Doe para ${organizacao.nome}`}</h1>
      <OrganizationTrust nome={organizacao.nome} verificada={organizacao.verificada} recebedor={recebedor} />
      <p>
        {`Ração, vacinas, castrações e resgates: ${organizacao.nome} cuida dos animais até que encontrem um lar. A sua doação vai por Pix direto para a conta da organização.`}
      </p>
      <PixGift
        code={code}
        chosen={chosen}
        error={error}
        recipient={organizacao.nome}
        verified={organizacao.verificada}
      />
      <p>
        <Link to="/home">Ver os animais para adoção</Link>
      </p>
    </section>
  );
}
