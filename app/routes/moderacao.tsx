import { useEffect } from "react";
import { data, Form, redirect, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/moderacao";
import { listAuditLog, listOngsToVerify, verifyOng } from "~/domain/moderation/operators.server";
import { formatDateTime } from "~/lib/dates";
import { isId } from "~/lib/ids";
import { pageMeta } from "~/lib/meta";
import { REASON_MAX } from "~/lib/applications";
import { requireOperator } from "~/web/auth.server";
import { readForm } from "~/web/body.server";
import { pageFailure } from "~/web/forms.server";
import { setNotice } from "~/web/notices.server";

/** What each action is called in the log. */
const ACTIONS: Record<string, string> = { verificar_ong: "Verificou a ONG" };

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOperator(request, context.db);
  const [ongs, log] = await Promise.all([listOngsToVerify(context.db), listAuditLog(context.db)]);
  return {
    ongs: ongs.map((ong) => ({ ...ong, desde: formatDateTime(ong.desde) })),
    log: log.map((entry) => ({ ...entry, acao: ACTIONS[entry.acao] ?? entry.acao, em: formatDateTime(entry.em) })),
  };
}

const REASON_REQUIRED = "Diga o motivo: ele fica no registro de ações.";

/** Operators' actions, each with its reason (written to the audit log). */
export async function action({ request, context }: Route.ActionArgs) {
  const operator = await requireOperator(request, context.db);
  const form = await readForm(request, { maxFiles: 0 }).catch(() => null);
  const ongId = String(form?.get("ong") ?? "");
  const motivo = String(form?.get("motivo") ?? "").trim();
  if (form?.get("intent") !== "verificar_ong" || !isId(ongId)) throw data("Ação desconhecida.", { status: 400 });
  if (!motivo || motivo.length > REASON_MAX) {
    const error = motivo ? `Use no máximo ${REASON_MAX} caracteres.` : REASON_REQUIRED;
    return data({ ongId, error }, { status: 400 });
  }
  const verified = await verifyOng(context.db, { id: operator.id, nome: operator.nome }, ongId, motivo);
  if (!verified.ok) throw pageFailure(verified.failure);
  return redirect("/moderacao", { headers: { "Set-Cookie": await setNotice("ongVerified") } });
}

export function meta() {
  return [...pageMeta("Moderação | Adopet", "Área dos operadores da Adopet."), { name: "robots", content: "noindex" }];
}

export default function Moderacao() {
  const { ongs, log } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  // A refusal answered in the page (with JavaScript) focuses its field; without, `autoFocus` does.
  useEffect(() => {
    if (refused) document.getElementById(`motivo-${refused.ongId}`)?.focus();
  }, [refused]);
  return (
    <section className="moderation">
      <h1 className="moderation__title">Moderação</h1>
      <section aria-labelledby="ongs">
        <h2 id="ongs" className="moderation__subtitle">
          ONGs a verificar
        </h2>
        {ongs.length === 0 ? (
          <p>Nenhuma ONG esperando verificação.</p>
        ) : (
          <ul className="moderation__list">
            {ongs.map((ong) => {
              const error = refused?.ongId === ong.id ? refused.error : null;
              const field = `motivo-${ong.id}`;
              return (
                <li key={ong.id} className="application-card">
                  <h3 className="application-card__pet">{ong.nomePublico}</h3>
                  <p className="application-card__meta">
                    CNPJ {ong.cnpj} · conta de {ong.nome}
                    {ong.local ? ` · ${ong.local}` : ""} · desde {ong.desde}
                  </p>
                  <Form method="post" className="moderation__form">
                    <input type="hidden" name="ong" value={ong.id} />
                    <div className="field">
                      <label className="field__label" htmlFor={field}>
                        Motivo (como o CNPJ foi conferido)
                      </label>
                      <textarea
                        id={field}
                        name="motivo"
                        rows={2}
                        maxLength={REASON_MAX}
                        className="field__control"
                        aria-invalid={error ? true : undefined}
                        aria-describedby={error ? `${field}-erro` : undefined}
                        autoFocus={error ? true : undefined}
                      />
                      <p id={`${field}-erro`} className="field__error">
                        {error ?? ""}
                      </p>
                    </div>
                    <button type="submit" name="intent" value="verificar_ong" className="my-pet__action">
                      Verificar {ong.nomePublico}
                    </button>
                  </Form>
                </li>
              );
            })}
          </ul>
        )}
      </section>
      <section aria-labelledby="registro">
        <h2 id="registro" className="moderation__subtitle">
          Registro de ações
        </h2>
        {log.length === 0 ? (
          <p>Nenhuma ação registrada.</p>
        ) : (
          <ol className="moderation__log">
            {log.map((entry) => (
              <li key={entry.id}>
                <p className="moderation__log-line">
                  <strong>{entry.em}</strong> · {entry.operador} · {entry.acao}: {entry.alvo}
                </p>
                <p className="moderation__reason">Motivo: {entry.motivo}</p>
              </li>
            ))}
          </ol>
        )}
      </section>
    </section>
  );
}
