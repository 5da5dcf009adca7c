import { data, Form, Link, redirect, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/organizacoes.lares";
import { NearFilter } from "~/components/city-field";
import { NewsPhotos } from "~/components/news-photos";
import { FormError, SelectField, TextField, ValidatedForm } from "~/components/form-fields";
import { useValidatedForm } from "~/components/use-validated-form";
import { decideNews, pendingNews, publishesNewsAtOnce, setNewsApproval } from "~/domain/foster/news.server";
import { endPlacement, organizationPlacements, placePet } from "~/domain/foster/placements.server";
import { offersNear } from "~/domain/foster/search.server";
import { inviteFoster } from "~/domain/organizations/invitations.server";
import { listMembers, organizationForMember } from "~/domain/organizations/organizations.server";
import { listOrganizationPets } from "~/domain/pets/pet-views.server";
import { dayInBrasilia, formatDay } from "~/lib/dates";
import { FOSTER_RADII_KM, FOSTER_RADIUS_KM, newsPhotoUrl, offerInWords } from "~/lib/foster";
import { pageMeta } from "~/lib/meta";
import { ORGANIZATION_ROLE_LABEL } from "~/lib/organizations";
import { isId } from "~/lib/ids";
import { newsApprovalSchema, placementFormSchema } from "~/validation/foster";
import { requireUser } from "~/web/auth.server";
import { formFailure, pageFailure, parseForm } from "~/web/forms.server";
import { foundOr404, pageId } from "~/web/not-found.server";
import { setNotice } from "~/web/notices.server";

/**
 * `/organizacoes/:id/lares` (issue 44): the team's foster work. Its animals in foster homes
 * (with the foster's contact) and those that need one; offers of homes near a city, to invite;
 * an animal taken to a member's home, and brought back. For administradores and equipe; a
 * foster of the organisation is told why not (403), anyone else finds nothing (404).
 */

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context.db);
  const id = pageId(params.id, "organization");
  const organization = await organizationForMember(context.db, user.id, id);
  foundOr404(organization.ok, "organization");
  const placements = await organizationPlacements(context.db, user.id, id);
  if (!placements.ok) throw pageFailure(placements.failure);
  const url = new URL(request.url);
  const perto = url.searchParams.get("perto")?.trim() || undefined;
  const raio = Number(url.searchParams.get("raio")) || FOSTER_RADIUS_KM;
  const [offers, members, animals, waiting, atOnce] = await Promise.all([
    offersNear(
      context.db,
      user.id,
      id,
      { perto, raio: (FOSTER_RADII_KM as readonly number[]).includes(raio) ? raio : FOSTER_RADIUS_KM },
      new Date(),
    ),
    listMembers(context.db, user.id, id),
    listOrganizationPets(context.db, id),
    pendingNews(context.db, id),
    publishesNewsAtOnce(context.db, id),
  ]);
  const available = animals.filter((pet) => pet.status === "disponivel");
  return {
    organization: { id, nome: organization.value.nome, temCidade: organization.value.cidade !== null },
    hoje: dayInBrasilia(new Date()),
    noticiasNaHora: atOnce,
    waiting: waiting.map((item) => ({
      id: item.id,
      petId: item.petId,
      pet: item.pet,
      texto: item.texto,
      em: formatDay(dayInBrasilia(item.criadaEm)),
      fotos: item.fotos.map((imageId, position) => newsPhotoUrl(item, imageId, position)),
    })),
    busca: { perto: perto ?? "", raio },
    placements: placements.value.map((placement) => ({
      petId: placement.petId,
      pet: placement.pet,
      lar: placement.lar,
      desde: formatDay(placement.inicio),
      ate: placement.fimPrevisto ? formatDay(placement.fimPrevisto) : null,
    })),
    offers: offers.ok
      ? {
          perto: offers.value.center.rotulo,
          lares: offers.value.lares.map((offer) => ({
            id: offer.id,
            nome: offer.nome,
            lugar: `${offer.cidade} (${offer.uf})`,
            distanciaKm: offer.distanciaKm,
            membro: offer.membro,
            oferta: offerInWords(offer),
            observacoes: offer.observacoes,
          })),
        }
      : null,
    needing: available
      .filter((pet) => pet.precisaLarTemporario)
      .map((pet) => ({
        id: pet.id,
        nome: pet.nome,
        urgente: pet.larUrgente,
        prazo: pet.prazoLar ? formatDay(pet.prazoLar) : null,
      })),
    // What can go to a foster home: the available animals not in one now.
    animals: available.filter((pet) => !pet.emLarTemporario).map((pet) => ({ id: pet.id, nome: pet.nome })),
    fosters: members.ok
      ? members.value
          .map((member) => ({ id: member.id, nome: member.nome, papel: member.papel }))
          .sort((a, b) => Number(b.papel === "lar_temporario") - Number(a.papel === "lar_temporario"))
      : [],
  };
}

/** Invites an offer's holder, places an animal, or ends a placement (`?acao=`). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireUser(request, context.db);
  const id = pageId(params.id, "organization");
  const url = new URL(request.url);
  const intent = url.searchParams.get("acao");
  const back = async (
    notice: "fosterInvited" | "fosterPlaced" | "fosterEnded" | "newsPublished" | "newsDeclined" | "newsApprovalChanged",
  ) => redirect(`/organizacoes/${id}/lares`, { headers: { "Set-Cookie": await setNotice(notice) } });
  if (intent === "convidar") {
    const offer = url.searchParams.get("lar");
    if (!offer || !isId(offer)) throw data("Oferta não encontrada.", { status: 404 });
    const invited = await inviteFoster(context.db, context.jobs, user.id, id, offer);
    if (!invited.ok) throw pageFailure(invited.failure);
    return back("fosterInvited");
  }
  if (intent === "encerrar") {
    const pet = url.searchParams.get("animal");
    if (!pet || !isId(pet)) throw data("Animal não encontrado.", { status: 404 });
    const ended = await endPlacement(context.db, user.id, pet, new Date());
    if (!ended.ok) throw pageFailure(ended.failure);
    return back("fosterEnded");
  }
  if (intent === "publicar" || intent === "recusar") {
    const newsId = url.searchParams.get("noticia");
    const pet = url.searchParams.get("animal");
    if (!newsId || !isId(newsId) || !pet || !isId(pet)) throw data("Notícia não encontrada.", { status: 404 });
    const status = intent === "publicar" ? "publicada" : "recusada";
    const decided = await decideNews(context.db, context.jobs, user.id, pet, newsId, status, new Date());
    if (!decided.ok) throw pageFailure(decided.failure);
    return back(intent === "publicar" ? "newsPublished" : "newsDeclined");
  }
  if (intent === "aprovacao") {
    const form = await parseForm(request, newsApprovalSchema);
    if (!form.ok) return form.response;
    const changed = await setNewsApproval(context.db, user.id, id, form.value.sem_aprovacao === "sim");
    if (!changed.ok) throw pageFailure(changed.failure);
    return back("newsApprovalChanged");
  }
  if (intent !== "levar") throw data("Ação desconhecida.", { status: 400 });
  const form = await parseForm(request, placementFormSchema);
  if (!form.ok) return form.response;
  const { animal, ...placement } = form.value;
  const placed = await placePet(context.db, user.id, animal, placement, new Date());
  if (!placed.ok) return formFailure(form, placed.failure, { fields: { pet: "animal" } });
  return back("fosterPlaced");
}

export function meta({ data: loaded }: Route.MetaArgs) {
  return pageMeta(
    loaded ? `Lares temporários de ${loaded.organization.nome} | Adopet` : "Lares temporários | Adopet",
    "Os animais da organização em lares temporários, e as ofertas de lares perto.",
  );
}

export default function OrganizationFosters() {
  const { organization, placements, needing } = useLoaderData<typeof loader>();
  return (
    <section className="profile organization-fosters">
      <h1 className="profile__title">Lares temporários de {organization.nome}</h1>
      <p>
        <Link to={`/organizacoes/${organization.id}/configuracoes`}>Voltar à organização</Link> ·{" "}
        <Link to="/lar-temporario/precisam">Ver a lista pública</Link>
      </p>
      <section className="panel" aria-labelledby="em-lares">
        <h2 className="panel__title" id="em-lares">
          Animais em lares temporários
        </h2>
        {placements.length === 0 ? (
          <p>Nenhum animal da organização está em um lar temporário agora.</p>
        ) : (
          <ul className="organization-fosters__list">
            {placements.map((placement) => (
              <li key={placement.petId} className="organization-fosters__item">
                <p>
                  <Link to={`/pets/${placement.petId}`}>
                    <strong>{placement.pet}</strong>
                  </Link>{" "}
                  com {placement.lar.nome ?? "uma conta excluída"} desde {placement.desde}
                  {placement.ate ? `, previsto até ${placement.ate}` : ""}.
                </p>
                {placement.lar.email ? (
                  <p className="organization-fosters__contact">
                    {placement.lar.email}
                    {placement.lar.telefone ? ` · ${placement.lar.telefone}` : ""}
                  </p>
                ) : null}
                <Form method="post" action={`?acao=encerrar&animal=${placement.petId}`}>
                  <button type="submit" className="my-pet__action">
                    {`Encerrar a estadia de ${placement.pet}`}
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="panel" aria-labelledby="precisam">
        <h2 className="panel__title" id="precisam">
          Precisam de lar temporário
        </h2>
        {needing.length === 0 ? (
          <p>
            Nenhum animal marcado. Para marcar, edite o animal em <Link to="/meus-pets">Meus animais</Link> e escolha
            Precisa de lar temporário.
          </p>
        ) : (
          <ul className="organization-fosters__list">
            {needing.map((pet) => (
              <li key={pet.id}>
                <Link to={`/meus-pets/${pet.id}`}>{pet.nome}</Link>{" "}
                {pet.urgente ? <span className="urgent-badge">Urgente</span> : null}
                {pet.prazo ? ` até ${pet.prazo}` : ""}
              </li>
            ))}
          </ul>
        )}
      </section>
      <NewsReview />
      <PlacementForm />
      <OfferSearch />
    </section>
  );
}

/** Takes an available animal to a member's home. */
function PlacementForm() {
  const { animals, fosters, hoje } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields, focus] = useValidatedForm(placementFormSchema, lastResult, { inicio: hoje });
  return (
    <ValidatedForm form={form} focus={focus} action="?acao=levar" className="panel" aria-labelledby="levar">
      <h2 className="panel__title" id="levar">
        Levar um animal para um lar temporário
      </h2>
      <p>
        O lar temporário é um membro da organização: quem ofereceu um lar entra ao aceitar o convite. O animal continua
        disponível para adoção, e a página dele diz Em lar temporário, nunca onde.
      </p>
      <FormError id={form.errorId} errors={form.errors} />
      <SelectField
        meta={fields.animal}
        label="Animal"
        placeholder="Escolha o animal"
        options={animals.map((pet) => [pet.id, pet.nome])}
      />
      <SelectField
        meta={fields.lar_id}
        label="Lar temporário"
        placeholder="Escolha quem vai acolher"
        options={fosters.map((member) => [member.id, `${member.nome} (${ORGANIZATION_ROLE_LABEL[member.papel]})`])}
      />
      <TextField meta={fields.inicio} label="Chegada" type="date" hint="Hoje, ou o dia em que o animal chegou." />
      <TextField meta={fields.fim_previsto} label="Fim previsto (opcional)" type="date" />
      <button type="submit" className="button panel__submit">
        Levar para o lar temporário
      </button>
    </ValidatedForm>
  );
}

/** Offers of foster homes near a city: a first name, a city and what is offered, to invite. */
function OfferSearch() {
  const { organization, offers, busca } = useLoaderData<typeof loader>();
  return (
    <section className="panel" aria-labelledby="procurar">
      <h2 className="panel__title" id="procurar">
        Procurar lares temporários
      </h2>
      <Form method="get" className="filters organization-fosters__search">
        <NearFilter
          id="lares"
          perto={busca.perto}
          raio={busca.raio}
          radii={FOSTER_RADII_KM}
          notFound={offers === null && busca.perto !== ""}
          placeholder={organization.temCidade ? "A cidade da organização" : "Cidade (UF)"}
        />
        <div className="filters__actions">
          <button type="submit" className="button">
            Procurar
          </button>
        </div>
      </Form>
      {offers === null ? (
        <p role="status">
          {busca.perto
            ? "Nenhuma oferta: a cidade não foi encontrada."
            : "Diga perto de qual cidade procurar (a organização não tem cidade cadastrada)."}
        </p>
      ) : (
        <>
          <p role="status">
            {offers.lares.length === 1 ? "1 oferta" : `${offers.lares.length} ofertas`} perto de {offers.perto}
          </p>
          <ul className="organization-fosters__list">
            {offers.lares.map((offer) => (
              <li key={offer.id} className="organization-fosters__item">
                <p>
                  <strong>{offer.nome}</strong>, {offer.lugar}
                  {offer.distanciaKm === 0 ? "" : `, a ${offer.distanciaKm} km`}
                </p>
                <p>{offer.oferta}</p>
                {offer.observacoes ? <p className="organization-fosters__notes">{offer.observacoes}</p> : null}
                {offer.membro ? (
                  <p className="organization-fosters__member">Já faz parte da organização.</p>
                ) : (
                  <Form method="post" action={`?acao=convidar&lar=${offer.id}`}>
                    <button type="submit" className="my-pet__action">
                      {`Convidar ${offer.nome}`}
                    </button>
                  </Form>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/** News from the foster homes waiting for the team, and whether they need its approval at all. */
function NewsReview() {
  const { waiting, noticiasNaHora } = useLoaderData<typeof loader>();
  return (
    <section className="panel" aria-labelledby="noticias-pendentes">
      <h2 className="panel__title" id="noticias-pendentes">
        Notícias dos lares temporários
      </h2>
      {waiting.length === 0 ? (
        <p>Nenhuma notícia esperando aprovação.</p>
      ) : (
        <ul className="organization-fosters__list">
          {waiting.map((item) => (
            <li key={item.id} className="organization-fosters__item">
              <p>
                <strong>{item.pet}</strong>, {item.em}
              </p>
              <p className="organization-fosters__notes">{item.texto}</p>
              <NewsPhotos fotos={item.fotos} alt={(n) => `Foto ${n} das notícias de ${item.pet}`} />
              <div className="foster__actions">
                <Form method="post" action={`?acao=publicar&noticia=${item.id}&animal=${item.petId}`}>
                  <button type="submit" className="my-pet__action">
                    {`Publicar as notícias de ${item.pet}`}
                  </button>
                </Form>
                <Form method="post" action={`?acao=recusar&noticia=${item.id}&animal=${item.petId}`}>
                  <button type="submit" className="my-pet__action my-pet__action--danger">
                    Recusar
                  </button>
                </Form>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Form method="post" action="?acao=aprovacao" className="organization-fosters__approval">
        <input type="hidden" name="sem_aprovacao" value={noticiasNaHora ? "nao" : "sim"} />
        <p>
          {noticiasNaHora
            ? "As notícias dos lares temporários são publicadas na hora, sem aprovação."
            : "As notícias dos lares temporários esperam alguém da equipe publicar."}
        </p>
        <button type="submit" className="my-pet__action">
          {noticiasNaHora ? "Passar a aprovar antes de publicar" : "Publicar na hora, sem aprovação"}
        </button>
      </Form>
    </section>
  );
}
