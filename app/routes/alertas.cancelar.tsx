import { data, Form, Link, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/alertas.cancelar";
import { alertOfToken, unsubscribe } from "~/domain/alerts/alerts.server";
import { pageMeta } from "~/lib/meta";
import { ALERT_MESSAGES } from "~/lib/alerts";
import { readForm } from "~/web/body.server";
import { failureStatus } from "~/web/failures.server";

/**
 * An e-mail's unsubscribe link, without a login (the token is signed). Opening it asks to
 * confirm with one button: mail filters open every link they see (RFC 8058, section 4), and
 * must not cancel anything. Mail programs' own "unsubscribe" POSTs here (List-Unsubscribe-Post).
 */
const tokenOf = (request: Request) => new URL(request.url).searchParams.get("token") ?? "";

export async function loader({ request, context }: Route.LoaderArgs) {
  const found = await alertOfToken(context.db, tokenOf(request));
  if (!found) return data({ estado: "invalido" as const, token: "" }, { status: 400 });
  if (!found.alert) return { estado: "cancelado" as const, token: "" };
  return { estado: "ativo" as const, descricao: found.alert.descricao, token: tokenOf(request) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request, { maxFiles: 0 }).catch(() => null);
  const token = tokenOf(request) || String(form?.get("token") ?? "");
  const cancelled = await unsubscribe(context.db, token);
  if (!cancelled.ok) return data({ cancelado: false }, { status: failureStatus(cancelled.failure, "page") });
  return { cancelado: true };
}

export function meta() {
  return [
    ...pageMeta("Cancelar alerta | Adopet", "Pare de receber os e-mails de um alerta."),
    { name: "robots", content: "noindex" },
  ];
}

export default function CancelarAlerta() {
  const loaded = useLoaderData<typeof loader>();
  const done = useActionData<typeof action>();
  const invalid = loaded.estado === "invalido" || done?.cancelado === false;
  const cancelled = loaded.estado === "cancelado" || done?.cancelado === true;
  return (
    <section className="alerts alerts--narrow">
      <h1 className="alerts__title">Cancelar alerta</h1>
      {invalid ? (
        <p role="alert">{ALERT_MESSAGES.invalidLink}</p>
      ) : cancelled ? (
        <>
          <p role="status">Alerta cancelado. Você não receberá mais e-mails dele.</p>
          <p>
            <Link to="/alertas">Gerenciar alertas</Link> · <Link to="/home">Buscar animais</Link>
          </p>
        </>
      ) : (
        <>
          <p>Você deixará de receber os e-mails deste alerta:</p>
          <p className="alert-item__search">{loaded.estado === "ativo" ? loaded.descricao : ""}</p>
          <Form method="post" action={`/alertas/cancelar?token=${encodeURIComponent(loaded.token)}`}>
            <button type="submit" className="button">
              Cancelar alerta
            </button>
          </Form>
        </>
      )}
    </section>
  );
}
