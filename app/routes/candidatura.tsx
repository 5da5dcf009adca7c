import { Form, Link, useLoaderData } from "react-router";
import type { Route } from "./+types/candidatura";
import { Answers, StatusBadge, Timeline } from "~/components/application-parts";
import { pageMeta } from "~/lib/meta";
import { StorySection } from "~/components/story-section";

import { loadApplicationPage } from "./candidatura/page.server";
import { runApplicationIntent } from "./candidatura/intents.server";
import { AssignForm } from "~/components/assign-form";
import {
  Conversation,
  Followup,
  MoveForm,
  Notes,
  ReturnForm,
  TermoLink,
  HealthLink,
  useIntentResult,
  VisitForm,
  WaitingListForm,
} from "./candidatura/sections";

/** `/candidaturas/:id`: one application, for its adopter or its caretaker. */
export const loader = (args: Route.LoaderArgs) => loadApplicationPage(args);

/** The team moves the application, assigns it, notes on it or declines the waiting list; the adopter withdraws. */
export const action = (args: Route.ActionArgs) => runApplicationIntent(args);

export function meta({ data: loaded }: Route.MetaArgs) {
  return pageMeta(`Candidatura para ${loaded?.pet.nome ?? "adoção"} | Adopet`, "Uma candidatura para adotar.");
}

export default function Candidatura() {
  const application = useLoaderData<typeof loader>();
  const caretaker = application.party === "responsavel";
  const { pet } = application;
  const storyShareResult = useIntentResult("historia");
  const assignResult = useIntentResult("atribuir");
  const storyReviewResult = useIntentResult("aprovar_historia");
  return (
    <article className="application">
      <div className="application__head">
        {pet.foto ? <img src={pet.foto} alt="" width={80} height={80} className="application__photo" /> : null}
        <div>
          <h1 className="application__title">
            {caretaker ? `${application.adotante.nome} quer adotar ${pet.nome}` : `Sua candidatura para ${pet.nome}`}
          </h1>
          <p className="application__meta">
            Enviada em {application.criadaEm}
            {caretaker ? null : ` · com ${application.responsavel}`} · <Link to={`/pets/${pet.id}`}>ver o animal</Link>
          </p>
        </div>
        <StatusBadge status={application.status} />
      </div>
      {caretaker ? null : <p className="application__explanation">{application.situacao}</p>}
      {application.motivo && application.status === "recusada" ? (
        <p className="application__reason">Motivo: {application.motivo}</p>
      ) : null}

      {caretaker ? (
        <section className="application__section" aria-labelledby="contato-adotante">
          <h2 id="contato-adotante" className="application__subtitle">
            Quem se candidatou
          </h2>
          <dl className="answers">
            <div className="answers__item">
              <dt>Nome</dt>
              <dd>{application.adotante.nome}</dd>
            </div>
            {application.adotante.telefone ? (
              <div className="answers__item">
                <dt>Telefone</dt>
                <dd>
                  <a href={`tel:${application.adotante.telefone.replace(/[^\d+]/g, "")}`}>
                    {application.adotante.telefone}
                  </a>
                </dd>
              </div>
            ) : null}
            {application.adotante.cidade ? (
              <div className="answers__item">
                <dt>Cidade</dt>
                <dd>{application.adotante.cidade}</dd>
              </div>
            ) : null}
          </dl>
        </section>
      ) : null}

      {application.status === "aprovada" || application.status === "adotada" || application.status === "devolvida" ? (
        <TermoLink />
      ) : null}
      {caretaker && application.visita ? <VisitForm /> : null}
      {caretaker && application.moves.length > 0 ? <MoveForm /> : null}
      {caretaker && application.espera > 0 ? <WaitingListForm /> : null}
      {caretaker && (application.equipe.length > 1 || application.atribuidaA) ? (
        <AssignForm
          team={application.equipe}
          assigned={application.atribuidaA}
          action="?acao=atribuir"
          result={assignResult}
        />
      ) : null}

      <section className="application__section" aria-labelledby="respostas">
        <h2 id="respostas" className="application__subtitle">
          Respostas
        </h2>
        {application.perguntas && application.respostas ? (
          <Answers perguntas={application.perguntas} respostas={application.respostas} />
        ) : (
          <p>
            As respostas foram apagadas em {application.apagadasEm}: a Adopet guarda as respostas de uma candidatura
            encerrada só pelo prazo de guarda, e depois as apaga.
          </p>
        )}
      </section>

      <section className="application__section" aria-labelledby="historico">
        <h2 id="historico" className="application__subtitle">
          Histórico
        </h2>
        <Timeline entries={application.historico} label="Mudanças da candidatura" />
      </section>

      {application.acompanhamento ? <Followup /> : null}
      {application.status === "adotada" ? (
        <StorySection
          story={application.historia}
          party={application.party}
          petNome={pet.nome}
          responsavel={application.responsavel}
          shareResult={storyShareResult}
          reviewResult={storyReviewResult}
        />
      ) : null}
      {application.status === "adotada" ? <HealthLink /> : null}
      {application.status === "adotada" ? <ReturnForm /> : null}
      {application.conversa ? <Conversation /> : null}

      {caretaker ? <Notes /> : null}

      {!caretaker && application.aberta ? (
        <Form method="post" action="?acao=desistir" className="application__withdraw">
          <button type="submit" className="my-pet__action my-pet__action--danger">
            Desistir da candidatura
          </button>
        </Form>
      ) : null}
      <p className="application__back">
        <Link to={caretaker ? "/candidaturas/recebidas" : "/candidaturas"}>
          {caretaker ? "Todas as candidaturas recebidas" : "Todas as minhas candidaturas"}
        </Link>
      </p>
    </article>
  );
}

/** The adoption's termo (issue 21): issued, signed and downloaded on its own page. */
