import { foundOr404, pageId } from "~/web/not-found.server";
import { Form, Link, redirect, useLoaderData } from "react-router";
import type { Route } from "./+types/candidaturas";
import { SignedTermos } from "~/components/signed-termos";
import { signedTermosOnPage } from "~/web/termos.server";
import { StatusBadge, Timeline } from "~/components/application-parts";
import { changeApplication } from "~/domain/applications/application-moves.server";
import { listSent, timelines } from "~/domain/applications/application-views.server";
import { isOpen, statusForAdopter } from "~/lib/applications";
import { formatDateTime } from "~/lib/dates";
import { imageUrl } from "~/lib/image-urls";
import { pageMeta } from "~/lib/meta";
import { requireUser } from "~/web/auth.server";
import { readForm } from "~/web/body.server";
import { pageFailure } from "~/web/forms.server";
import { setNotice } from "~/web/notices.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context.db);
  const sent = await listSent(context.db, user.id);
  const events = await timelines(
    context.db,
    sent.map((application) => application.id),
  );
  return {
    applications: sent.map((application) => ({
      id: application.id,
      status: application.status,
      aberta: isOpen(application.status),
      situacao: statusForAdopter(application.status, application.visit),
      motivo: application.motivo,
      pet: {
        id: application.pet.id,
        nome: application.pet.nome,
        foto: application.pet.photoId ? imageUrl(application.pet.photoId, 160) : null,
      },
      responsavel: application.caretaker.nome,
      historico: (events.get(application.id) ?? []).map((event) => ({
        status: event.status,
        por: event.actor,
        motivo: event.motivo,
        em: formatDateTime(event.at),
      })),
    })),
    termosAssinados: await signedTermosOnPage(context.db, user.id),
  };
}

/** `Desistir`: the adopter withdraws one of their applications. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context.db);
  const form = await readForm(request, { maxFiles: 0 }).catch(() => null);
  const id = pageId(form?.get("candidatura"), "application");
  foundOr404(form?.get("intent") === "desistir", "application");
  const changed = await changeApplication(context.db, context.jobs, user.id, id, { status: "desistiu" });
  if (!changed.ok) throw pageFailure(changed.failure);
  const back = form.get("voltar") === "detalhe" ? `/candidaturas/${id}` : "/candidaturas";
  return redirect(back, { headers: { "Set-Cookie": await setNotice("applicationWithdrawn") } });
}

export function meta() {
  return pageMeta("Candidaturas | Adopet", "As suas candidaturas para adotar, e em que pé está cada uma.");
}

export default function Candidaturas() {
  const { applications, termosAssinados } = useLoaderData<typeof loader>();
  return (
    <section className="applications">
      <h1 className="applications__title">Minhas candidaturas</h1>
      {applications.length === 0 ? (
        <div className="empty">
          <p className="empty__title">Você ainda não se candidatou para adotar.</p>
          <p>Na página de um animal, toque em “Quero adotar” e responda ao questionário de quem cuida dele.</p>
          <Link to="/home" className="button">
            Ver animais
          </Link>
        </div>
      ) : (
        <ul className="applications__list">
          {applications.map((application) => (
            <li key={application.id} className="application-card" aria-labelledby={`candidatura-${application.id}`}>
              <div className="application-card__head">
                {application.pet.foto ? (
                  <img src={application.pet.foto} alt="" width={64} height={64} className="application-card__photo" />
                ) : null}
                <div>
                  <h2 className="application-card__pet" id={`candidatura-${application.id}`}>
                    <Link to={`/candidaturas/${application.id}`}>{application.pet.nome}</Link>
                  </h2>
                  <p className="application-card__meta">Com {application.responsavel}</p>
                </div>
                <StatusBadge status={application.status} />
              </div>
              <p className="application-card__explanation">{application.situacao}</p>
              {application.motivo && application.status === "recusada" ? (
                <p className="application-card__reason">Motivo: {application.motivo}</p>
              ) : null}
              <Timeline
                entries={application.historico}
                label={`Histórico da candidatura para ${application.pet.nome}`}
              />
              <div className="application-card__actions">
                <Link to={`/candidaturas/${application.id}`} className="my-pet__action">
                  Ver candidatura
                </Link>
                {application.aberta ? (
                  <Form method="post">
                    <input type="hidden" name="candidatura" value={application.id} />
                    <button
                      type="submit"
                      name="intent"
                      value="desistir"
                      className="my-pet__action my-pet__action--danger"
                      aria-label={`Desistir da candidatura para ${application.pet.nome}`}
                    >
                      Desistir
                    </button>
                  </Form>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
      <SignedTermos termos={termosAssinados} />
    </section>
  );
}
