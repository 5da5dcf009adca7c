import { data, Form, Link, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/organizacoes.resumo-cancelar";
import { stopDailySummary, summaryOfToken } from "~/domain/organizations/daily-summary.server";
import { pageMeta } from "~/lib/meta";
import { NOTICES } from "~/validation/messages";
import { readForm } from "~/web/body.server";
import { failureStatus } from "~/web/failures.server";

/**
 * The morning summary's stop link (issue 62), without a login (the token is signed). Opening it
 * asks to confirm with one button: mail filters open every link they see (RFC 8058, section 4).
 * Mail programs' own "unsubscribe" POSTs here (List-Unsubscribe-Post).
 */
const tokenOf = (request: Request) => new URL(request.url).searchParams.get("token") ?? "";

export async function loader({ request, context }: Route.LoaderArgs) {
  const found = await summaryOfToken(context.db, tokenOf(request));
  if (!found) return data({ valido: false as const, organizacao: null, token: "" }, { status: 400 });
  return { valido: true as const, organizacao: found.organizacao, token: tokenOf(request) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request, { maxFiles: 0 }).catch(() => null);
  const token = tokenOf(request) || String(form?.get("token") ?? "");
  const stopped = await stopDailySummary(context.db, token);
  if (!stopped.ok) return data({ parado: false }, { status: failureStatus(stopped.failure, "page") });
  return { parado: true };
}

export function meta() {
  return [
    ...pageMeta("Resumo diário | Adopet", "Pare de receber o resumo diário da organização."),
    { name: "robots", content: "noindex" },
  ];
}

export default function StopDailySummary() {
  const loaded = useLoaderData<typeof loader>();
  const done = useActionData<typeof action>();
  return (
    <section className="alerts alerts--narrow">
      <h1 className="page-title">Resumo diário</h1>
      {!loaded.valido || done?.parado === false ? (
        <p role="alert">Este link não é válido. Você pode desligar o resumo diário em Hoje, depois de entrar.</p>
      ) : done?.parado ? (
        <>
          <p role="status">{NOTICES.dailySummaryOff}</p>
          <p>
            Para voltar a receber, abra <strong>Hoje</strong> na organização. <Link to="/login">Entrar</Link>
          </p>
        </>
      ) : (
        <>
          <p>
            {loaded.organizacao
              ? `Você deixará de receber, todo dia às 7h, o resumo de ${loaded.organizacao}.`
              : "Você deixará de receber o resumo diário desta organização."}
          </p>
          <Form method="post" action={`/organizacoes/resumo-diario/cancelar?token=${encodeURIComponent(loaded.token)}`}>
            <button type="submit" className="button">
              Não receber mais
            </button>
          </Form>
        </>
      )}
    </section>
  );
}
