import { useEffect, type ReactNode } from "react";
import { data, Form, Link, redirect, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/moderacao";
import { verifyOng, type Operator } from "~/domain/moderation/operators.server";
import {
  ACTION_LABEL,
  dismissReports,
  hideListing,
  restoreAccount,
  restoreListing,
  suspendAccount,
} from "~/domain/moderation/actions.server";
import type { QueueOrder } from "~/domain/moderation/reports.server";
import { moderationWork } from "~/domain/moderation/work.server";
import { formatDateTime } from "~/lib/dates";
import { isId } from "~/lib/ids";
import { pageMeta } from "~/lib/meta";
import { REASON_MAX } from "~/lib/applications";
import { REPORT_TARGETS, type ReportTarget } from "~/lib/reports";
import { moderationReasonSchema } from "~/validation/moderation";
import type { Result } from "~/services/outcome.server";
import { requireOperator } from "~/web/auth.server";
import { readForm } from "~/web/body.server";
import { failureText } from "~/web/failures.server";
import { setNotice, type NoticeKey } from "~/web/notices.server";

const HIDDEN_BY: Record<string, string> = {
  denuncias: "Oculto por denúncias, à espera da moderação",
  operador: "Oculto pela moderação",
  conta_suspensa: "Oculto com a conta suspensa",
};

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOperator(request, context.db);
  const ordem: QueueOrder =
    new URL(request.url).searchParams.get("ordem") === "recentes" ? "recentes" : "mais_denunciados";
  const { queue, hidden, suspended, ongs, log } = await moderationWork(context.db, ordem);
  return {
    ordem,
    queue: queue.map((target) => ({
      ...target,
      ultima: formatDateTime(target.ultima),
      estado: target.oculto ? HIDDEN_BY[target.oculto]! : null,
      denuncias: target.denuncias.map((report) => ({ ...report, em: formatDateTime(report.em) })),
    })),
    hidden: hidden.map((pet) => ({ ...pet, desde: formatDateTime(pet.desde), estado: HIDDEN_BY[pet.por]! })),
    suspended: suspended.map((account) => ({ ...account, desde: formatDateTime(account.desde) })),
    ongs: ongs.map((ong) => ({ ...ong, desde: formatDateTime(ong.desde) })),
    log: log.map((entry) => ({
      ...entry,
      acao: ACTION_LABEL[entry.acao as keyof typeof ACTION_LABEL] ?? entry.acao,
      em: formatDateTime(entry.em),
    })),
  };
}

const NOTICE: Record<string, NoticeKey> = {
  verificar_ong: "ongVerified",
  ocultar_anuncio: "listingHidden",
  restaurar_anuncio: "listingRestored",
  arquivar_denuncias: "reportsDismissed",
  suspender_conta: "accountSuspended",
  restaurar_conta: "accountRestored",
};

/**
 * Operators' actions, each with its reason (written to the audit log). A button's value names
 * the action and its target (`ocultar_anuncio:<id>`, `arquivar_denuncias:<tipo>:<id>`); `form`
 * names the form, whose reason field a refusal focuses.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireOperator(request, context.db);
  const operator: Operator = { id: user.id, nome: user.nome };
  const form = await readForm(request, { maxFiles: 0 }).catch(() => null);
  const formKey = String(form?.get("form") ?? "");
  const [intent = "", ...rest] = String(form?.get("intent") ?? "").split(":");
  const id = rest.at(-1) ?? "";
  const tipo = rest.length === 2 ? (rest[0] as ReportTarget) : null;
  if (!(intent in NOTICE) || !isId(id) || (intent === "arquivar_denuncias" && !REPORT_TARGETS.includes(tipo!))) {
    throw data("Ação desconhecida.", { status: 400 });
  }
  const refuse = (error: string, status = 400) => data({ formKey, error }, { status });
  const reason = moderationReasonSchema.safeParse({ motivo: form?.get("motivo") ?? "" });
  if (!reason.success) return refuse(reason.error.issues[0]!.message);
  const { motivo } = reason.data;
  const { db, jobs } = context;
  const run: Record<string, () => Promise<Result>> = {
    verificar_ong: () => verifyOng(db, operator, id, motivo),
    ocultar_anuncio: () => hideListing(db, jobs, operator, id, motivo),
    restaurar_anuncio: () => restoreListing(db, jobs, operator, id, motivo),
    arquivar_denuncias: () => dismissReports(db, jobs, operator, { tipo: tipo!, id }, motivo),
    suspender_conta: () => suspendAccount(db, jobs, operator, id, motivo),
    restaurar_conta: () => restoreAccount(db, jobs, operator, id, motivo),
  };
  const done = await run[intent]!();
  if (!done.ok) return refuse(failureText(done.failure), done.failure.kind === "not-found" ? 404 : 409);
  const back = new URL(request.url).search;
  return redirect(`/moderacao${back}`, { headers: { "Set-Cookie": await setNotice(NOTICE[intent]!) } });
}

export function meta() {
  return [...pageMeta("Moderação | Adopet", "Área dos operadores da Adopet."), { name: "robots", content: "noindex" }];
}

type Refusal = { formKey: string; error: string } | undefined;

/** A form for one target: the reason, then a button per action (each names its target in its value). */
function ActionForm({
  formKey,
  label,
  refused,
  actions,
  describedBy,
}: {
  formKey: string;
  label: string;
  refused: Refusal;
  actions: { value: string; text: string }[];
  /** What the buttons act on, when their names do not say (the queue's cards). */
  describedBy?: string;
}) {
  const error = refused?.formKey === formKey ? refused.error : null;
  const field = `motivo-${formKey}`;
  return (
    <Form method="post" className="moderation__form">
      <input type="hidden" name="form" value={formKey} />
      <div className="field">
        <label className="field__label" htmlFor={field}>
          {label}
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
      <div className="moderation__actions">
        {actions.map((action) => (
          <button
            key={action.value}
            type="submit"
            name="intent"
            value={action.value}
            className="my-pet__action"
            aria-describedby={describedBy}
          >
            {action.text}
          </button>
        ))}
      </div>
    </Form>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="moderation__subtitle">
        {title}
      </h2>
      {children}
    </section>
  );
}

export default function Moderacao() {
  const { ordem, queue, hidden, suspended, ongs, log } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  // A refusal answered in the page (with JavaScript) focuses its field; without, `autoFocus` does.
  useEffect(() => {
    if (refused) document.getElementById(`motivo-${refused.formKey}`)?.focus();
  }, [refused]);
  return (
    <section className="moderation">
      <h1 className="moderation__title">Moderação</h1>
      <Section id="denuncias" title="Denúncias">
        <nav aria-label="Ordem das denúncias" className="moderation__order">
          <Link to="/moderacao" aria-current={ordem === "mais_denunciados" ? "page" : undefined}>
            Mais denunciados primeiro
          </Link>
          <Link to="/moderacao?ordem=recentes" aria-current={ordem === "recentes" ? "page" : undefined}>
            Mais recentes primeiro
          </Link>
        </nav>
        {queue.length === 0 ? (
          <p>Nenhuma denúncia esperando análise.</p>
        ) : (
          <ul className="moderation__list">
            {queue.map((target) => {
              const key = `${target.tipo}-${target.id}`;
              const actions: { value: string; text: string }[] = [];
              if (target.tipo === "pet" && target.oculto !== "conta_suspensa") {
                if (target.oculto !== "operador") {
                  actions.push({
                    value: `ocultar_anuncio:${target.id}`,
                    text: target.oculto ? "Manter oculto" : "Ocultar anúncio",
                  });
                }
                if (target.oculto && !target.conta?.suspensa) {
                  actions.push({ value: `restaurar_anuncio:${target.id}`, text: "Restaurar anúncio" });
                }
              }
              if (target.conta && !target.conta.suspensa) {
                actions.push({
                  value: `suspender_conta:${target.conta.id}`,
                  text: `Suspender a conta de ${target.conta.nome}`,
                });
              }
              actions.push({ value: `arquivar_denuncias:${target.tipo}:${target.id}`, text: "Arquivar denúncias" });
              return (
                <li key={key} className="application-card">
                  <h3 className="application-card__pet" id={`alvo-${key}`}>
                    {target.href ? <Link to={target.href}>{target.titulo}</Link> : target.titulo}
                  </h3>
                  <p className="application-card__meta">
                    {target.pessoas === 1 ? "1 pessoa denunciou" : `${target.pessoas} pessoas denunciaram`}
                    {target.total > target.pessoas ? ` (${target.total} denúncias)` : ""} · última em {target.ultima}
                    {target.estado ? ` · ${target.estado}` : ""}
                    {target.conta?.suspensa ? " · conta suspensa" : ""}
                  </p>
                  {target.trecho ? <blockquote className="moderation__quote">{target.trecho}</blockquote> : null}
                  <ul className="moderation__reports">
                    {target.denuncias.map((report) => (
                      <li key={report.id}>
                        <p className="moderation__log-line">
                          <strong>{report.categoriaTexto}</strong> · {report.quem} · {report.em}
                        </p>
                        {report.texto ? <p className="moderation__reason">{report.texto}</p> : null}
                      </li>
                    ))}
                  </ul>
                  <ActionForm
                    formKey={key}
                    label="Motivo da decisão"
                    refused={refused}
                    actions={actions}
                    describedBy={`alvo-${key}`}
                  />
                </li>
              );
            })}
          </ul>
        )}
      </Section>
      <Section id="ocultos" title="Anúncios ocultos">
        {hidden.length === 0 ? (
          <p>Nenhum anúncio oculto.</p>
        ) : (
          <ul className="moderation__list">
            {hidden.map((pet) => (
              <li key={pet.id} className="application-card">
                <h3 className="application-card__pet">
                  {pet.nome}, de {pet.dono}
                </h3>
                <p className="application-card__meta">
                  {pet.estado} · desde {pet.desde}
                </p>
                <ActionForm
                  formKey={`oculto-${pet.id}`}
                  label="Motivo para restaurar"
                  refused={refused}
                  actions={[{ value: `restaurar_anuncio:${pet.id}`, text: `Restaurar o anúncio de ${pet.nome}` }]}
                />
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section id="suspensas" title="Contas suspensas">
        {suspended.length === 0 ? (
          <p>Nenhuma conta suspensa.</p>
        ) : (
          <ul className="moderation__list">
            {suspended.map((account) => (
              <li key={account.id} className="application-card">
                <h3 className="application-card__pet">{account.nome}</h3>
                <p className="application-card__meta">Suspensa em {account.desde}</p>
                <p className="moderation__reason">Motivo: {account.motivo}</p>
                <ActionForm
                  formKey={`suspensa-${account.id}`}
                  label="Motivo para restaurar"
                  refused={refused}
                  actions={[{ value: `restaurar_conta:${account.id}`, text: `Restaurar a conta de ${account.nome}` }]}
                />
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section id="ongs" title="ONGs a verificar">
        {ongs.length === 0 ? (
          <p>Nenhuma ONG esperando verificação.</p>
        ) : (
          <ul className="moderation__list">
            {ongs.map((ong) => (
              <li key={ong.id} className="application-card">
                <h3 className="application-card__pet">{ong.nomePublico}</h3>
                <p className="application-card__meta">
                  CNPJ {ong.cnpj} · conta de {ong.nome}
                  {ong.local ? ` · ${ong.local}` : ""} · desde {ong.desde}
                </p>
                {ong.concorrentes.length > 0 ? (
                  <div className="moderation__claims">
                    <p>
                      Outras contas pedem este CNPJ. Ao verificar esta, as outras deixam de ser ONG e voltam a ser
                      pessoas:
                    </p>
                    <ul>
                      {ong.concorrentes.map((other) => (
                        <li key={other.id}>{`${other.nomePublico} · conta de ${other.nome} (${other.email})`}</li>
                      ))}
                    </ul>
                  </div>
                ) : null}
                <ActionForm
                  formKey={`ong-${ong.id}`}
                  label="Motivo (como o CNPJ foi conferido)"
                  refused={refused}
                  actions={[{ value: `verificar_ong:${ong.id}`, text: `Verificar ${ong.nomePublico}` }]}
                />
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section id="emergencias" title="Emergências">
        <p>
          Numa enchente ou num desastre, abra uma emergência para a área: os abrigos registram os animais acolhidos e as
          famílias os encontram num só lugar.
        </p>
        <p>
          <Link to="/perdidos-e-achados/emergencias/nova">Abrir uma emergência</Link>
        </p>
      </Section>
      <Section id="registro" title="Registro de ações">
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
      </Section>
    </section>
  );
}
