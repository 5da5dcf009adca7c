import { pageId } from "~/web/not-found.server";
import { data, Form, Link, redirect, useLoaderData } from "react-router";
import { overdueCastrations } from "~/domain/termos/followups.server";
import { overdueDoses, overdueText } from "~/domain/health/reminders.server";
import { listInWords } from "~/lib/pets";
import { formatDay } from "~/lib/dates";
import type { Route } from "./+types/meus-pets";
import { imageUrl } from "~/lib/image-urls";
import { STATUS_LABEL } from "~/lib/pets";
import { removePet, updatePet } from "~/domain/pets/pets.server";
import { listCaredForPets } from "~/domain/pets/pet-views.server";
import { countByPet } from "~/domain/applications/application-views.server";
import { requireUser } from "~/web/auth.server";
import { readForm } from "~/web/body.server";
import { pageFailure } from "~/web/forms.server";
import { setNotice, type NoticeKey } from "~/web/notices.server";
import { pageMeta } from "~/lib/meta";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context.db);
  const [pets, counts, overdue] = await Promise.all([
    listCaredForPets(context.db, user.id),
    countByPet(context.db, user.id),
    overdueCastrations(context.db, user.id, new Date()),
  ]);
  // The widget's snippet, for the caretaker's own site (issue 23).
  const widget = `<script src="${context.publicUrl}/adopet/widget.js" data-responsavel="${user.id}" async></script>`;
  const atrasadas = overdue.map((row) => ({
    candidatura: row.applicationId!,
    animal: row.petNome,
    adotante: row.adotanteNome,
    prazo: formatDay(row.prazo!),
  }));
  // Doses past their day, of the animals still with the organisation (an adopter looks after theirs).
  const late = await overdueDoses(
    context.db,
    pets.filter((pet) => pet.status !== "adotado").map((pet) => pet.id),
    new Date(),
  );
  const dosesAtrasadas = Object.fromEntries([...late].map(([petId, doses]) => [petId, doses.map(overdueText)]));
  return { pets, candidaturas: Object.fromEntries(counts), widget, atrasadas, dosesAtrasadas };
}

/** Quick actions from the list: mark adopted or available again, remove. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context.db);
  const form = await readForm(request, { maxFiles: 0 }).catch(() => null);
  const intent = form?.get("intent");
  const petId = pageId(form?.get("pet"), "pet");
  let result;
  let notice: NoticeKey;
  if (intent === "adotado" || intent === "disponivel") {
    result = await updatePet(context.db, user.id, petId, { status: intent });
    notice = intent === "adotado" ? "petAdopted" : "petAvailable";
  } else if (intent === "remover") {
    result = await removePet(context.db, user.id, petId);
    notice = "petRemoved";
  } else {
    throw data("Ação desconhecida.", { status: 400 });
  }
  // Adopted through a termo: the return is recorded on the adoption's page first (its notice says so).
  if (!result.ok && result.failure.kind === "conflict" && result.failure.reason === "adoption-not-returned") {
    notice = "adoptionNotReturned";
  } else if (!result.ok) {
    throw pageFailure(result.failure);
  }
  return redirect("/meus-pets", { headers: { "Set-Cookie": await setNotice(notice) } });
}

export function meta() {
  return pageMeta("Meus animais | Adopet", "Os animais que você publicou: edite, marque como adotado ou remova.");
}

const applicationsInWords = ({ total, novas }: { total: number; novas: number }) =>
  `${total === 1 ? "1 candidatura" : `${total} candidaturas`}${novas ? `, ${novas === 1 ? "1 nova" : `${novas} novas`}` : ""}`;

export default function MyPets() {
  const { pets, candidaturas, widget, atrasadas, dosesAtrasadas } = useLoaderData<typeof loader>();
  return (
    <section className="my-pets">
      <div className="my-pets__header">
        <h1 className="my-pets__title">Meus animais</h1>
        <Link to="/meus-pets/novo" className="button">
          Publicar um animal
        </Link>
      </div>
      <p className="my-pets__links">
        <Link to="/candidaturas/recebidas">Candidaturas recebidas</Link>
        <Link to="/meus-pets/questionario">Questionário de adoção</Link>
        <Link to="/meus-pets/termo">Termo de adoção</Link>
      </p>
      {atrasadas.length > 0 ? (
        <section className="termo-status" aria-labelledby="castracoes-atrasadas">
          <h2 id="castracoes-atrasadas" className="application__subtitle">
            Castrações atrasadas
          </h2>
          <ul>
            {atrasadas.map((row) => (
              <li key={row.candidatura}>
                <Link
                  to={`/candidaturas/${row.candidatura}#acompanhamento`}
                >{`${row.animal}, com ${row.adotante}`}</Link>
                {`: o prazo era ${row.prazo}.`}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {pets.length === 0 ? (
        <p className="empty">Você ainda não publicou nenhum animal.</p>
      ) : (
        <ul className="my-pets__list">
          {pets.map((pet) => (
            <li key={pet.id} className="my-pet">
              {pet.photoIds[0] ? (
                <img className="my-pet__photo" src={imageUrl(pet.photoIds[0], 160)} alt="" width={80} height={80} />
              ) : null}
              <div className="my-pet__body">
                <h2 className="my-pet__name">
                  {pet.oculto ? pet.nome : <Link to={`/pets/${pet.id}`}>{pet.nome}</Link>}
                </h2>
                <p className="my-pet__facts">
                  {pet.idade} · {pet.porte} · {pet.local}
                </p>
                <p className={`my-pet__status my-pet__status--${pet.reservado ? "reservado" : pet.status}`}>
                  {pet.reservado ? "Reservado" : STATUS_LABEL[pet.status]}
                </p>
                {pet.oculto ? <p className="my-pet__flag">{HIDDEN_NOTE[pet.oculto.por]}</p> : null}
                {dosesAtrasadas[pet.id] ? (
                  <p className="my-pet__flag">
                    {`Dose atrasada: ${listInWords(dosesAtrasadas[pet.id]!)}. `}
                    <Link to={`/pets/${pet.id}/saude`}>Registrar no registro de saúde</Link>
                  </p>
                ) : null}
                {pet.cidadeIbge === null ? (
                  <p className="my-pet__flag">
                    {`A cidade “${pet.cidade}” não está na lista de cidades do IBGE: edite o animal e escolha a cidade entre as sugestões, para que ele apareça nas buscas por distância.`}
                  </p>
                ) : null}
              </div>
              <div className="my-pet__actions">
                {candidaturas[pet.id] ? (
                  <Link
                    to={`/candidaturas/recebidas?pet=${pet.id}`}
                    className="my-pet__action"
                    aria-label={`Candidaturas para ${pet.nome}: ${applicationsInWords(candidaturas[pet.id]!)}`}
                  >
                    Candidaturas ({candidaturas[pet.id]!.total})
                  </Link>
                ) : null}
                <Link to={`/meus-pets/${pet.id}`} className="my-pet__action" aria-label={`Editar ${pet.nome}`}>
                  Editar
                </Link>
                <Link to={`/pets/${pet.id}/saude`} className="my-pet__action" aria-label={`Saúde de ${pet.nome}`}>
                  Saúde
                </Link>
                <Form method="post">
                  <input type="hidden" name="pet" value={pet.id} />
                  <button
                    type="submit"
                    name="intent"
                    value={listedAs(pet) === "disponivel" ? "adotado" : "disponivel"}
                    className="my-pet__action"
                    aria-label={
                      listedAs(pet) === "disponivel"
                        ? `Marcar ${pet.nome} como adotado`
                        : `Disponibilizar ${pet.nome} de novo`
                    }
                  >
                    {listedAs(pet) === "disponivel" ? "Marcar como adotado" : "Disponibilizar de novo"}
                  </button>
                </Form>
                <Form
                  method="post"
                  onSubmit={(event) => {
                    if (!window.confirm(`Remover ${pet.nome} da Adopet? Esta ação não pode ser desfeita.`)) {
                      event.preventDefault();
                    }
                  }}
                >
                  <input type="hidden" name="pet" value={pet.id} />
                  <button
                    type="submit"
                    name="intent"
                    value="remover"
                    className="my-pet__action my-pet__action--danger"
                    aria-label={`Remover ${pet.nome}`}
                  >
                    Remover
                  </button>
                </Form>
              </div>
            </li>
          ))}
        </ul>
      )}
      {pets.length > 0 ? (
        <section className="widget-snippet" aria-labelledby="widget-titulo">
          <h2 id="widget-titulo" className="widget-snippet__title">
            Seus animais no seu site
          </h2>
          <p>
            Cole este código na página do seu site, blog ou loja parceira: ele mostra os seus animais disponíveis, com
            link para a página de cada um na Adopet, e se atualiza sozinho.
          </p>
          <label className="field__label" htmlFor="widget-codigo">
            Código para colar no seu site
          </label>
          <textarea
            id="widget-codigo"
            className="field__control widget-snippet__code"
            readOnly
            rows={3}
            value={widget}
            aria-describedby="widget-opcoes"
          />
          <p id="widget-opcoes" className="field__hint">
            Opções: <code>data-limite="12"</code> mostra até 12 animais (6 sem a opção, no máximo 24);{" "}
            <code>data-especie="gato"</code> mostra só gatos (<code>cao</code>, <code>gato</code> ou <code>outro</code>
            ); <code>data-titulo="Nossos gatos"</code> dá o nome que leitores de tela anunciam (útil com dois widgets na
            mesma página).
          </p>
        </section>
      ) : null}
    </section>
  );
}

/** Why a hidden listing is hidden, for its caretaker (issue 22). */
const HIDDEN_NOTE = {
  denuncias:
    "Algumas pessoas denunciaram este anúncio, e ele fica oculto até a equipe de moderação analisá-lo. Você recebe um email com a decisão.",
  operador: "A equipe de moderação ocultou este anúncio. O motivo foi enviado para o seu email.",
  conta_suspensa: "Este anúncio está oculto enquanto a sua conta estiver suspensa.",
} as const;

/** The status a pet has, or goes back to when moderation shows it again. */
const listedAs = (pet: { status: string; oculto: { volta: string } | null }) => pet.oculto?.volta ?? pet.status;
