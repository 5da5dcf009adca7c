import { Form, Link, redirect, useLoaderData } from "react-router";
import type { Route } from "./+types/perdidos-e-achados.anuncio";
import { findReport, reportMatches, setReportStatus } from "~/domain/lost-found/reports.server";
import { formatDay, formatLongDate } from "~/lib/dates";
import { imageSrcSet, imageUrl } from "~/lib/image-urls";
import { COLOR_LABEL, REPORT_TYPE_LABEL } from "~/lib/lost-found";
import { pageMeta } from "~/lib/meta";
import { SEX_LABEL, SIZE_LABEL, SPECIES_LABEL } from "~/lib/pets";
import { reportStatusSchema } from "~/validation/lost-found";
import { getUser, requireUser } from "~/web/auth.server";
import { pageFailure, parseForm } from "~/web/forms.server";
import { reportTitle } from "~/web/lost-found.server";
import { pageId } from "~/web/not-found.server";
import { setNotice } from "~/web/notices.server";

/**
 * `/perdidos-e-achados/:id` (issue 47), public: a lost or found animal's report, its photos and
 * facts, and its likely matches among the other kind's reports; its author closes it
 * (`Reencontrado`, with the happy ending if they wish, or `Encerrar`) or renews it.
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
  const kind = (tipo: "perdido" | "encontrado") => (tipo === "perdido" ? "Perdido" : "Encontrado");
  return {
    report: {
      id: report.id,
      tipo: report.tipo,
      status: report.status,
      titulo: reportTitle(report),
      fotos: report.fotos,
      fatos: [
        ["Espécie", SPECIES_LABEL[report.especie]],
        ["Porte", SIZE_LABEL[report.porte]],
        ["Sexo", report.sexo ? SEX_LABEL[report.sexo] : "Não informado"],
        ["Cores", report.cores.map((color) => COLOR_LABEL[color]).join(", ")],
        [report.tipo === "perdido" ? "Perdido em" : "Encontrado em", formatDay(report.data)],
        ["Onde", `${report.bairro ? `${report.bairro}, ` : ""}${report.cidade.nome} (${report.cidade.uf})`],
      ] as [string, string][],
      descricao: report.descricao,
      finalFeliz: report.finalFeliz,
      autor: report.autor.nome,
      expira: formatLongDate(report.expiraEm),
      // Past its 90 days: out of the list until its author renews it.
      expirado: report.status === "aberto" && report.expiraEm.getTime() < Date.now(),
    },
    mine: viewer?.id === report.autor.id,
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

/** The author closes or renews the report. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireUser(request, context.db);
  const id = pageId(params.id, "lost-found-report");
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
  const { report } = loaded;
  return pageMeta(`${report.titulo} | Adopet`, `${report.fatos.map(([, value]) => value).join(" · ")}`);
}

export default function Report() {
  const { report, mine, matches } = useLoaderData<typeof loader>();
  return (
    <article className="lost-found lost-found--report">
      <div className="panel">
        <p className={`lost-found__kind lost-found__kind--${report.tipo}`}>{REPORT_TYPE_LABEL[report.tipo]}</p>
        <h1 className="panel__title">{report.titulo}</h1>
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
        {report.descricao ? <p className="lost-found__description">{report.descricao}</p> : null}
        <p>{`Anunciado por ${report.autor}.`}</p>
      </div>
      {mine ? (
        <section className="panel" aria-labelledby="meu-anuncio">
          <h2 className="panel__title" id="meu-anuncio">
            Seu anúncio
          </h2>
          {report.status === "aberto" && !report.expirado ? (
            <>
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
