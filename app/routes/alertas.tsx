import { pageId } from "~/web/not-found.server";
import { data, Form, Link, redirect, useLoaderData } from "react-router";
import type { Route } from "./+types/alertas";
import { createAlert, deleteAlert, listAlerts, setAlertFrequency } from "~/domain/alerts/alerts.server";
import { pageMeta } from "~/lib/meta";
import { safeReturnPath } from "~/lib/return-to";
import { ALERT_FREQUENCIES, FREQUENCY_LABEL } from "~/lib/alerts";
import { alertFiltersSchema, formFilters } from "~/validation/alerts";
import { getUser, requireUser } from "~/web/auth.server";
import { readForm } from "~/web/body.server";
import { pageFailure } from "~/web/forms.server";
import { setNotice, type NoticeKey } from "~/web/notices.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context.db);
  const alerts = await listAlerts(context.db, user.id);
  return {
    alerts: alerts.map((alert) => ({
      id: alert.id,
      descricao: alert.descricao,
      frequencia: alert.frequencia,
      href: alert.href,
      criadoEm: alert.createdAt.toLocaleDateString("pt-BR", { timeZone: "America/Sao_Paulo" }),
    })),
  };
}

const frequencyOf = (value: FormDataEntryValue | null | undefined) =>
  ALERT_FREQUENCIES.find((frequency) => frequency === value);

/**
 * Creates an alert from the feed's search (`criar`; signed out, to login and back to that
 * search), changes one's frequency or deletes it.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request, { maxFiles: 0 }).catch(() => null);
  const intent = form?.get("intent");
  const user = await getUser(request, context.db);
  if (!user) {
    const back = intent === "criar" ? safeReturnPath(form?.get("voltar")) : "/alertas";
    return redirect(back ? `/login?voltar=${encodeURIComponent(back)}` : "/login");
  }
  let notice: NoticeKey;
  if (intent === "criar") {
    const filtros = alertFiltersSchema.safeParse(formFilters(form!));
    if (!filtros.success) throw data(filtros.error.issues[0]!.message, { status: 400 });
    const created = await createAlert(context.db, user.id, {
      filtros: filtros.data,
      frequencia: frequencyOf(form?.get("frequencia")) ?? "diaria",
    });
    if (!created.ok) throw pageFailure(created.failure);
    notice = created.value.created ? "alertCreated" : "alertExists";
  } else {
    const alertId = pageId(form?.get("alerta"), "alert");
    const frequencia = frequencyOf(form?.get("frequencia"));
    let result;
    if (intent === "frequencia" && frequencia) {
      result = await setAlertFrequency(context.db, user.id, alertId, frequencia);
      notice = "alertSaved";
    } else if (intent === "excluir") {
      result = await deleteAlert(context.db, user.id, alertId);
      notice = "alertDeleted";
    } else {
      throw data("Ação desconhecida.", { status: 400 });
    }
    if (!result.ok) throw pageFailure(result.failure);
  }
  return redirect("/alertas", { headers: { "Set-Cookie": await setNotice(notice) } });
}

export function meta() {
  return pageMeta("Alertas | Adopet", "Receba um e-mail quando chegar um animal como o que você procura.");
}

export default function Alertas() {
  const { alerts } = useLoaderData<typeof loader>();
  return (
    <section className="alerts">
      <h1 className="alerts__title">Alertas</h1>
      <p className="alerts__lead">
        Receba um e-mail quando chegar à Adopet um animal como o que você procura: um resumo por dia, ou assim que ele
        for publicado.
      </p>
      {alerts.length === 0 ? (
        <div className="empty">
          <p className="empty__title">Você ainda não tem alertas.</p>
          <p>Faça uma busca na página inicial e toque em “Avise-me sobre novos animais”.</p>
          <Link to="/home" className="button">
            Buscar animais
          </Link>
        </div>
      ) : (
        <ul className="alerts__list">
          {alerts.map((alert) => (
            <li key={alert.id} className="alert-item" aria-labelledby={`alerta-${alert.id}`}>
              <h2 className="alert-item__search" id={`alerta-${alert.id}`}>
                {alert.descricao}
              </h2>
              <p className="alert-item__since">Criado em {alert.criadoEm}</p>
              <Form method="post" className="alert-item__frequency">
                <input type="hidden" name="alerta" value={alert.id} />
                <label htmlFor={`frequencia-${alert.id}`}>Receber</label>
                <select id={`frequencia-${alert.id}`} name="frequencia" defaultValue={alert.frequencia}>
                  {ALERT_FREQUENCIES.map((frequency) => (
                    <option key={frequency} value={frequency}>
                      {FREQUENCY_LABEL[frequency]}
                    </option>
                  ))}
                </select>
                <button type="submit" name="intent" value="frequencia" className="my-pet__action">
                  Salvar
                </button>
              </Form>
              <div className="alert-item__actions">
                <Link to={alert.href} className="my-pet__action">
                  Ver animais
                </Link>
                <Form method="post">
                  <input type="hidden" name="alerta" value={alert.id} />
                  <button
                    type="submit"
                    name="intent"
                    value="excluir"
                    className="my-pet__action my-pet__action--danger"
                    aria-label={`Excluir o alerta ${alert.descricao}`}
                  >
                    Excluir
                  </button>
                </Form>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
