import { lazy, Suspense } from "react";
import { Form, Link, redirect, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/perdidos-e-achados.anuncio";
import { PointMap, type MapTiles } from "~/components/point-map";
import { findReportConversationOf, writeAboutReport } from "~/domain/conversations/conversations.server";
import { findReport, reportMatches, setReportStatus } from "~/domain/lost-found/reports.server";
import type { SubmissionResult } from "@conform-to/react";
import { formatDay, formatLongDate } from "~/lib/dates";
import { imageSrcSet, imageUrl } from "~/lib/image-urls";
import { REPORT_TYPE_LABEL, reportFacts, reportTitle } from "~/lib/lost-found";
import { shareMeta } from "~/lib/meta";
import { conversationReplyFormSchema } from "~/validation/conversations";
import { reportStatusSchema } from "~/validation/lost-found";
import { getUser, requireUser } from "~/web/auth.server";
import { formFailure, pageFailure, parseForm } from "~/web/forms.server";
import { pageId } from "~/web/not-found.server";
import { setNotice } from "~/web/notices.server";

/**
 * `/perdidos-e-achados/:id` (issue 47), public: a lost or found animal's report, its photos and
 * facts, and its likely matches among the other kind's reports; its author closes it
 * (`Reencontrado`, with the happy ending if they wish, or `Encerrar`) or renews it. Anyone
 * else signed in writes to its author: a conversation, as about a pet (no phone shown).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const id = pageId(params.id, "lost-found-report");
  const [found, matches, viewer] = await Promise.all([
    findReport(context.db, id),
    reportMatches(context.db, id),
    getUser(request, context.db),
  ]);
  if (!found.ok) throw pageFailure(found.failure);
  const report = found.value;
  const mine = viewer?.id === report.autor.id;
  const kind = (tipo: "perdido" | "encontrado") => (tipo === "perdido" ? "Perdido" : "Encontrado");
  return {
    origin: context.publicUrl,
    mapa: context.mapTiles ?? null,
    report: {
      id: report.id,
      tipo: report.tipo,
      status: report.status,
      titulo: reportTitle(report),
      fotos: report.fotos,
      fatos: reportFacts(report),
      descricao: report.descricao,
      ponto: report.ponto,
      finalFeliz: report.finalFeliz,
      autor: report.autor.nome,
      expira: formatLongDate(report.expiraEm),
      // Past its 90 days: out of the list until its author renews it.
      expirado: report.status === "aberto" && report.expiraEm.getTime() < Date.now(),
    },
    mine,
    // Who may write: anyone signed in but the author (`conversa`: theirs, once they wrote); else null.
    contact:
      viewer && !mine
        ? { conversa: await findReportConversationOf(context.db, report.id, viewer.id) }
        : viewer
          ? null
          : { conversa: null, entrar: `/login?voltar=${encodeURIComponent(`/perdidos-e-achados/${report.id}`)}` },
    matches: matches.ok
      ? matches.value.map((match) => ({
          id: match.report.id,
          titulo: reportTitle(match.report),
          tipo: kind(match.report.tipo),
          foto: match.report.fotos[0] ?? null,
          onde: `${match.report.cidade.nome} (${match.report.cidade.uf}), a ${match.distanciaKm.toLocaleString("pt-BR")} km`,
          dia: formatDay(match.report.data),
          parecido: match.pontos >= 60 ? "Muito parecido" : "Parecido",
          aberto: match.report.status === "aberto",
        }))
      : [],
  };
}

/** The author closes or renews the report; `?acao=escrever`, someone else writes to its author. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireUser(request, context.db);
  const id = pageId(params.id, "lost-found-report");
  if (new URL(request.url).searchParams.get("acao") === "escrever") {
    const message = await parseForm(request, conversationReplyFormSchema);
    if (!message.ok) return message.response;
    const sent = await writeAboutReport(context.db, context.jobs, {
      userId: user.id,
      reportId: id,
      texto: message.value.texto,
      clientKey: context.clientKey,
    });
    if (!sent.ok) {
      if (sent.failure.kind === "not-found") throw pageFailure(sent.failure);
      return formFailure(message, sent.failure);
    }
    return redirect(`/mensagens/${sent.value.conversationId}`, {
      headers: { "Set-Cookie": await setNotice("conversationSent") },
    });
  }
  const form = await parseForm(request, reportStatusSchema);
  if (!form.ok) return form.response;
  const changed = await setReportStatus(context.db, user.id, id, form.value);
  if (!changed.ok) throw pageFailure(changed.failure);
  const notice =
    form.value.status === "reencontrado"
      ? "reportReunited"
      : form.value.status === "aberto"
        ? "reportRenewed"
        : "reportClosed";
  return redirect(`/perdidos-e-achados/${id}`, { headers: { "Set-Cookie": await setNotice(notice) } });
}

export function meta({ data: loaded }: Route.MetaArgs) {
  if (!loaded) return [{ title: "Perdidos e achados | Adopet" }];
  const { report, origin } = loaded;
  const description = report.fatos.map(([, value]) => value).join(" · ");
  const url = `${origin}/adopet/perdidos-e-achados/${report.id}`;
  const cover = report.fotos[0];
  // The link preview a shared report shows (WhatsApp, Facebook groups): its title, facts and photo.
  return shareMeta({
    title: `${report.titulo} | Adopet`,
    description,
    url,
    ogTitle: report.titulo,
    image: cover ? { url: `${origin}${imageUrl(cover, 640)}`, alt: "Foto do animal" } : null,
  });
}

export default function Report() {
  const { report, mine, matches, contact, mapa } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as SubmissionResult<string[]> | undefined;
  return (
    <article className="lost-found lost-found--report">
      <div className="panel">
        <p className={`lost-found__kind lost-found__kind--${report.tipo}`}>{REPORT_TYPE_LABEL[report.tipo]}</p>
        <h1 className="page-title">{report.titulo}</h1>
        {report.status === "reencontrado" ? (
          <p className="notice" role="note">
            {`Reencontrado! ${report.finalFeliz ?? ""}`.trim()}
          </p>
        ) : report.status === "encerrado" ? (
          <p className="notice" role="note">
            Anúncio encerrado.
          </p>
        ) : null}
        <div className="lost-found__photos">
          {report.fotos.map((imageId, index) => (
            <img
              key={imageId}
              src={imageUrl(imageId, 640)}
              srcSet={imageSrcSet(imageId)}
              sizes="(min-width: 768px) 480px, 100vw"
              alt={`Foto ${index + 1} do animal`}
              width={640}
              height={480}
            />
          ))}
        </div>
        <dl className="lost-found__facts">
          {report.fatos.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        {report.ponto ? <ReportPoint point={report.ponto} tiles={mapa} tipo={report.tipo} /> : null}
        {report.descricao ? <p className="lost-found__description">{report.descricao}</p> : null}
        <p>{`Anunciado por ${report.autor}.`}</p>
        {report.status === "aberto" && !report.expirado ? (
          <p>
            <a href={`/adopet/perdidos-e-achados/${report.id}/cartaz.pdf`} download>
              Imprimir o cartaz (PDF)
            </a>
          </p>
        ) : null}
        {report.status === "aberto" && !mine ? (
          // A report that asks for money or lies is reported as a listing is (issue 60).
          <p>
            <Link to={`/denunciar?tipo=anuncio&id=${report.id}`} className="report-link">
              Denunciar
            </Link>
          </p>
        ) : null}
      </div>
      {contact && report.status === "aberto" && !report.expirado ? (
        <WriteToAuthor author={report.autor} tipo={report.tipo} contact={contact} result={result} id={report.id} />
      ) : null}
      {mine ? (
        <section className="panel" aria-labelledby="meu-anuncio">
          <h2 className="panel__title" id="meu-anuncio">
            Seu anúncio
          </h2>
          {report.status === "aberto" && !report.expirado ? (
            <>
              <p>
                Quem tiver notícias escreve para você por aqui: as mensagens chegam em{" "}
                <Link to="/mensagens">Mensagens</Link>, e o seu telefone fica guardado.
              </p>
              <p>{`Aberto até ${report.expira}. Encontrou? Conte como foi, se quiser: o final feliz aparece aqui.`}</p>
              <Form method="post" className="lost-found__close">
                <input type="hidden" name="status" value="reencontrado" />
                <div className="field">
                  <label className="field__label" htmlFor="final-feliz">
                    Final feliz (opcional)
                  </label>
                  <textarea className="field__control" id="final-feliz" name="final_feliz" maxLength={1000} rows={3} />
                </div>
                <button type="submit" className="button">
                  Reencontrado
                </button>
              </Form>
              <Form method="post">
                <input type="hidden" name="status" value="encerrado" />
                <button type="submit" className="my-pet__action">
                  Encerrar o anúncio
                </button>
              </Form>
            </>
          ) : (
            <Form method="post">
              {report.expirado ? <p>O anúncio passou de 90 dias e saiu da lista: reabra se ainda procura.</p> : null}
              <input type="hidden" name="status" value="aberto" />
              <button type="submit" className="my-pet__action">
                Reabrir o anúncio por mais 90 dias
              </button>
            </Form>
          )}
        </section>
      ) : null}
      <section className="panel" aria-labelledby="correspondencias">
        <h2 className="panel__title" id="correspondencias">
          Possíveis correspondências
        </h2>
        {matches.length === 0 ? (
          <p>
            {report.tipo === "perdido"
              ? "Nenhum animal encontrado parecido, por enquanto. Quando alguém anunciar um, você recebe um e-mail."
              : "Ninguém procura um animal parecido, por enquanto. Quando alguém anunciar um, você recebe um e-mail."}
          </p>
        ) : (
          <ul className="lost-found__list">
            {matches.map((match) => (
              <li key={match.id} className="lost-found__card">
                {match.foto ? (
                  <img src={imageUrl(match.foto, 320)} alt="" width={320} height={240} loading="lazy" />
                ) : null}
                <p className="lost-found__kind">{`${match.tipo} · ${match.parecido}`}</p>
                <h3 className="lost-found__title">
                  <Link to={`/perdidos-e-achados/${match.id}`}>{match.titulo}</Link>
                </h3>
                <p>{`${match.onde} · ${match.dia}${match.aberto ? "" : " · fechado"}`}</p>
              </li>
            ))}
          </ul>
        )}
      </section>
      <p>
        <Link to="/perdidos-e-achados">Ver todos os perdidos e achados</Link>
      </p>
    </article>
  );
}

// Loaded only for a signed-in reader who may write: visitors and the author carry no form library.
const OpeningMessageForm = lazy(() => import("~/components/opening-message-form"));

/**
 * The box that writes to a report's author (the conversation opens with the first message), or
 * the way to it: the reader's conversation once they wrote, the login page when signed out.
 */
function WriteToAuthor({
  id,
  author,
  tipo,
  contact,
  result,
}: {
  id: string;
  author: string;
  tipo: "perdido" | "encontrado";
  contact: { conversa: string | null; entrar?: string };
  result: SubmissionResult<string[]> | undefined;
}) {
  return (
    <section className="panel" aria-labelledby="escrever">
      <h2 className="panel__title" id="escrever">
        {tipo === "perdido" ? "Viu este animal?" : "É o seu animal?"}
      </h2>
      {contact.conversa ? (
        <p>
          <Link to={`/mensagens/${contact.conversa}`}>{`Ver a sua conversa com ${author}`}</Link>
        </p>
      ) : contact.entrar ? (
        <p>
          <Link to={contact.entrar}>Entre na sua conta</Link>
          {` para escrever para ${author}. O telefone de vocês fica guardado.`}
        </p>
      ) : (
        <Suspense fallback={null}>
          <OpeningMessageForm action={`/perdidos-e-achados/${id}?acao=escrever`} otherName={author} result={result}>
            <p>{`Escreva para ${author} por aqui: o telefone de vocês fica guardado, a não ser que queiram compartilhar.`}</p>
          </OpeningMessageForm>
        </Suspense>
      )}
    </section>
  );
}

/** Where, on the map: the point as stored (rounded to about 500 m), on the tiles if configured. */
function ReportPoint({
  point,
  tiles,
  tipo,
}: {
  point: { latitude: number; longitude: number };
  tiles: MapTiles | null;
  tipo: "perdido" | "encontrado";
}) {
  const where = `latitude ${point.latitude.toLocaleString("pt-BR")}, longitude ${point.longitude.toLocaleString("pt-BR")}`;
  const osm = `https://www.openstreetmap.org/?mlat=${point.latitude}&mlon=${point.longitude}#map=16/${point.latitude}/${point.longitude}`;
  return (
    <div className="lost-found__point">
      {tiles ? (
        <PointMap
          point={point}
          tiles={tiles}
          label={
            tipo === "perdido" ? "Mapa: onde o animal se perdeu, por perto" : "Mapa: onde o animal foi visto, por perto"
          }
        />
      ) : null}
      <p>
        {`Ponto aproximado (cerca de 500 m): ${where}. `}
        <a href={osm} rel="noopener noreferrer external">
          Ver no OpenStreetMap
        </a>
      </p>
    </div>
  );
}
