import { Form, Link, redirect, useLoaderData } from "react-router";
import type { Route } from "./+types/apadrinhamentos";
import { PixCodePanel } from "~/components/pix-gift";
import { currentCharge, listSponsorships, moveSponsorship, stopSponsorship } from "~/domain/giving/sponsorships.server";
import { formatDay, dayInBrasilia } from "~/lib/dates";
import { pageMeta } from "~/lib/meta";
import { formatReais } from "~/lib/pix";
import { monthLabel } from "~/lib/panel";
import { requireUser } from "~/web/auth.server";
import { pageFailure } from "~/web/forms.server";
import { toGiftCode } from "~/web/gift-page.server";
import { pageId } from "~/web/not-found.server";
import { setNotice } from "~/web/notices.server";

/**
 * `/apadrinhamentos` (issue 46): the animals a person sponsors, each with this month's code
 * (`?codigo=<id>` shows its QR code), the receipts of the months that arrived, and `Parar de
 * apadrinhar`.
 */
const ENDED: Record<"padrinho" | "adotado" | "removido", string> = {
  padrinho: "Você parou",
  adotado: "Foi adotado",
  removido: "Saiu da Adopet",
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context.db);
  const list = await listSponsorships(context.db, user.id);
  const shown = new URL(request.url).searchParams.get("codigo");
  const charge = shown ? await currentCharge(context.db, user.id, pageId(shown, "sponsorship")) : null;
  if (charge && !charge.ok) throw pageFailure(charge.failure);
  return {
    apadrinhamentos: list.map((item) => ({
      id: item.id,
      pet: item.pet,
      organizacao: item.organizacao.nome,
      valor: formatReais(item.valorMensalCentavos),
      dia: item.dia,
      desde: formatDay(dayInBrasilia(item.createdAt)),
      fim:
        item.endedAt && item.motivoFim ? `${ENDED[item.motivoFim]} em ${formatDay(dayInBrasilia(item.endedAt))}` : null,
      recibos: item.recibos,
      transferidoPara: item.transferidoPara,
    })),
    codigo: charge?.ok ? { id: shown!, mes: charge.value.mes, ...toGiftCode(charge.value.code) } : null,
  };
}

/** `Parar de apadrinhar` (`?id=`), or, for an animal transferred, `Continuar com …` (`?id=&acao=continuar`). */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context.db);
  const search = new URL(request.url).searchParams;
  const id = pageId(search.get("id"), "sponsorship");
  if (search.get("acao") === "continuar") {
    const moved = await moveSponsorship(context.db, user.id, id);
    if (!moved.ok) throw pageFailure(moved.failure);
    return redirect("/apadrinhamentos", { headers: { "Set-Cookie": await setNotice("sponsorshipMoved") } });
  }
  const stopped = await stopSponsorship(context.db, user.id, id);
  if (!stopped.ok) throw pageFailure(stopped.failure);
  return redirect("/apadrinhamentos", { headers: { "Set-Cookie": await setNotice("sponsorshipStopped") } });
}

export function meta() {
  return pageMeta("Meus apadrinhamentos | Adopet", "Os animais que você apadrinha, e o código Pix de cada mês.");
}

export default function Sponsorships() {
  const { apadrinhamentos, codigo } = useLoaderData<typeof loader>();
  return (
    <section className="profile">
      <h1 className="profile__title">Meus apadrinhamentos</h1>
      {apadrinhamentos.length === 0 ? (
        <p>
          {"Você ainda não apadrinha nenhum animal. "}
          <Link to="/home">Conheça os animais que esperam um lar</Link>
        </p>
      ) : (
        <ul className="sponsorships" aria-label="Apadrinhamentos">
          {apadrinhamentos.map((item) => (
            <li key={item.id} className="panel sponsorship">
              <h2 className="panel__title">
                <Link to={`/pets/${item.pet.id}`}>{item.pet.nome}</Link>
              </h2>
              <p>{`${item.valor} por mês, todo dia ${item.dia}, para ${item.organizacao}. Desde ${item.desde}.`}</p>
              {item.fim ? (
                <p className="sponsorship__ended">{item.fim}.</p>
              ) : item.transferidoPara ? (
                <div className="sponsorship__transferred">
                  <p>
                    {`${item.pet.nome} agora está com ${item.transferidoPara.nome}${item.transferidoPara.verificada ? " (organização verificada)" : " (organização ainda não verificada pela Adopet)"}. O apadrinhamento está parado, sem códigos Pix, até você escolher.`}
                  </p>
                  <div className="sponsorship__actions">
                    <Form method="post" action={`?id=${item.id}&acao=continuar`}>
                      <button type="submit" className="button">
                        {`Continuar com ${item.transferidoPara.nome}`}
                      </button>
                    </Form>
                    <Form method="post" action={`?id=${item.id}`}>
                      <button type="submit" className="my-pet__action">
                        Parar de apadrinhar
                      </button>
                    </Form>
                  </div>
                </div>
              ) : (
                <div className="sponsorship__actions">
                  <Link to={`?codigo=${item.id}`} preventScrollReset>
                    Ver o código Pix do mês
                  </Link>
                  <Form method="post" action={`?id=${item.id}`}>
                    <button type="submit" className="my-pet__action">
                      Parar de apadrinhar
                    </button>
                  </Form>
                </div>
              )}
              {item.recibos.length > 0 ? (
                <p className="sponsorship__receipts">
                  {"Recibos: "}
                  {item.recibos.map((receipt, index) => (
                    <span key={receipt.doacaoId}>
                      {index > 0 ? ", " : ""}
                      <a href={`/adopet/apadrinhamentos/recibos/${receipt.doacaoId}`} download>
                        {monthLabel(receipt.mes)}
                      </a>
                    </span>
                  ))}
                </p>
              ) : null}
              {codigo?.id === item.id ? (
                <PixCodePanel
                  code={codigo}
                  recipient={item.organizacao}
                  level={3}
                  heading={`Pix de ${codigo.valor ?? ""} de ${monthLabel(codigo.mes)}`}
                />
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
