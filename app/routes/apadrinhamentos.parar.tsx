import { data, Form, Link, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/apadrinhamentos.parar";
import { sponsorshipOfStopToken, stopSponsorshipByToken } from "~/domain/giving/sponsorships.server";
import { pageMeta } from "~/lib/meta";
import { SPONSORSHIP_MESSAGES } from "~/validation/pix";
import { readForm } from "~/web/body.server";
import { failureStatus } from "~/web/failures.server";

/**
 * The monthly e-mail's link to stop, without a login (the token is signed). Opening it asks to
 * confirm with one button: mail filters open every link they see (RFC 8058, section 4) and must
 * not stop anything. Mail programs' own "unsubscribe" POSTs here (List-Unsubscribe-Post).
 */
const tokenOf = (request: Request) => new URL(request.url).searchParams.get("token") ?? "";

export async function loader({ request, context }: Route.LoaderArgs) {
  const found = await sponsorshipOfStopToken(context.db, tokenOf(request));
  if (!found) return data({ estado: "invalido" as const, pet: "", token: "" }, { status: 400 });
  return { estado: found.ativo ? ("ativo" as const) : ("parado" as const), pet: found.pet, token: tokenOf(request) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request, { maxFiles: 0 }).catch(() => null);
  const stopped = await stopSponsorshipByToken(context.db, tokenOf(request) || String(form?.get("token") ?? ""));
  if (!stopped.ok) return data({ parado: false }, { status: failureStatus(stopped.failure, "page") });
  return { parado: true };
}

export function meta() {
  return [
    ...pageMeta("Parar de apadrinhar | Adopet", "Pare de receber os códigos Pix de um apadrinhamento."),
    { name: "robots", content: "noindex" },
  ];
}

export default function StopSponsorship() {
  const loaded = useLoaderData<typeof loader>();
  const done = useActionData<typeof action>();
  const invalid = loaded.estado === "invalido" || done?.parado === false;
  const stopped = loaded.estado === "parado" || done?.parado === true;
  return (
    <section className="profile">
      <h1 className="profile__title">Parar de apadrinhar</h1>
      {invalid ? (
        <p role="alert">{SPONSORSHIP_MESSAGES.linkInvalido}</p>
      ) : stopped ? (
        <>
          <p role="status">{`Apadrinhamento de ${loaded.pet} encerrado: você não recebe mais códigos Pix dele. Obrigado pela ajuda!`}</p>
          <p>
            <Link to="/home">Conheça outros animais</Link>
          </p>
        </>
      ) : (
        <>
          <p>{`Você deixará de receber, todo mês, o código Pix para ${loaded.pet}.`}</p>
          <Form method="post" action={`/apadrinhamentos/parar?token=${encodeURIComponent(loaded.token)}`}>
            <button type="submit" className="button">
              Parar de apadrinhar
            </button>
          </Form>
        </>
      )}
    </section>
  );
}
