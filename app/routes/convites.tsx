import { data, Form, Link, redirect, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/convites";
import { AuthPage } from "~/components/auth-page";
import { FormError } from "~/components/form-fields";
import { OrganizationTrust } from "~/components/caretaker-kind";
import {
  acceptInvitation,
  declineInvitation,
  findInvitation,
  invitationSeenBy,
} from "~/domain/organizations/invitations.server";
import { ORGANIZATION_ROLE_LABEL, type OrganizationRole } from "~/lib/organizations";
import { forbidden, invalid } from "~/services/outcome.server";
import { endSession, getUser, requireUser } from "~/web/auth.server";
import { failureStatus, failureText } from "~/web/failures.server";
import { foundOr404 } from "~/web/not-found.server";
import { setNotice } from "~/web/notices.server";

/**
 * An invitation's link (issue 43): `/convites/:token`, as e-mailed. Opening it changes nothing
 * (a mail program's preview must not accept); its buttons accept, with the account of the
 * invited e-mail, or decline, which needs no account.
 */

/** What each role may do, said before accepting it. */
const ROLE_MEANS: Record<OrganizationRole, string> = {
  administrador:
    "cuidar dos animais, das candidaturas e das conversas da organização, e também dos membros, convites e dados dela",
  equipe: "cuidar dos animais, das candidaturas e das conversas da organização",
  lar_temporario: "receber em casa os animais que a organização deixar com você",
};

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const invitation = await findInvitation(context.db, params.token);
  foundOr404(invitation, "invitation");
  const user = await getUser(request, context.db);
  const { viewer, email } = invitationSeenBy(invitation, user);
  const own = viewer === "convidado";
  return {
    organizacao: invitation.organizacao,
    verificada: invitation.verificada,
    convidadoPor: invitation.convidadoPor,
    papel: invitation.papel,
    viewer,
    email,
    // The way back here after login or sign-up.
    voltar: `/convites/${params.token}`,
    // Told to another account: it cannot accept.
    otherAccount: user !== null && !own ? failureText(forbidden("invitation-other-account").failure) : null,
    // Told instead of the buttons once the invitation is answered, expired or replaced.
    answered: invitation.status === "pendente" ? null : failureText(invalid("token", "invitation-token").failure),
    // Whoever accepted it, coming back to the link, is led to the organisation.
    organizationId: own && invitation.status === "aceito" ? invitation.organizationId : null,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const intent = new URL(request.url).searchParams.get("acao");
  const here = `/convites/${params.token}`;
  switch (intent) {
    case "aceitar": {
      const user = await requireUser(request, context.db);
      const accepted = await acceptInvitation(context.db, user.id, params.token);
      if (!accepted.ok) {
        foundOr404(accepted.failure.kind !== "not-found", "invitation");
        return data({ error: failureText(accepted.failure) }, { status: failureStatus(accepted.failure, "page") });
      }
      return redirect(`/organizacoes/${accepted.value.organizationId}/configuracoes`, {
        headers: { "Set-Cookie": await setNotice("invitationAccepted") },
      });
    }
    case "recusar": {
      const declined = await declineInvitation(context.db, params.token);
      if (!declined.ok) {
        foundOr404(declined.failure.kind !== "not-found", "invitation");
        return data({ error: failureText(declined.failure) }, { status: failureStatus(declined.failure, "page") });
      }
      return redirect(here, { headers: { "Set-Cookie": await setNotice("invitationDeclined") } });
    }
    case "trocar-conta": {
      // Signed in with another account: out of it, and to login, coming back here.
      return redirect(`/login?voltar=${encodeURIComponent(here)}`, {
        headers: { "Set-Cookie": await endSession(request, context) },
      });
    }
    default:
      throw data("Ação desconhecida.", { status: 400 });
  }
}

export function meta({ data: loaded }: Route.MetaArgs) {
  return [
    // The organisation's name, never the link's token.
    { title: loaded ? `Convite para ${loaded.organizacao} | Adopet` : "Convite | Adopet" },
    { name: "description", content: "Um convite para fazer parte de uma organização na Adopet." },
    // A personal link: never indexed.
    { name: "robots", content: "noindex" },
  ];
}

export default function Convite() {
  const invitation = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const {
    organizacao,
    verificada,
    convidadoPor,
    papel,
    viewer,
    email,
    voltar,
    answered,
    otherAccount,
    organizationId,
  } = invitation;
  const role = ORGANIZATION_ROLE_LABEL[papel].toLowerCase();
  const who = convidadoPor ? `${convidadoPor} convidou você` : "Você recebeu um convite";
  return (
    <AuthPage title={`Convite para ${organizacao}`}>
      <div className="invitation">
        <p className="invitation__lead">
          {who} para <strong>{organizacao}</strong> como <strong>{role}</strong>.
        </p>
        <OrganizationTrust nome={organizacao} verificada={verificada} />
        {answered === null ? (
          <>
            <p>
              Como {role}, você poderá {ROLE_MEANS[papel]}.
            </p>
            <FormError id="convite-erro" errors={answer ? [answer.error] : undefined} />
            {viewer === "convidado" ? (
              <p>O convite foi enviado para {email}, o e-mail da sua conta.</p>
            ) : viewer === "outra-conta" ? (
              <>
                <p className="invitation__warning">{otherAccount}</p>
                <p>
                  O convite foi enviado para <span className="invitation__email">{email}</span>.
                </p>
                <Form method="post" action="?acao=trocar-conta" className="invitation__actions">
                  <button type="submit" className="button">
                    Sair e entrar com outra conta
                  </button>
                </Form>
              </>
            ) : (
              <>
                <p>
                  Para aceitar, entre com a conta do e-mail para onde o convite foi enviado (
                  <span className="invitation__email">{email}</span>), ou crie uma conta com esse e-mail.
                </p>
                <div className="invitation__actions">
                  <Link to={`/login?voltar=${encodeURIComponent(voltar)}`} className="button">
                    Entrar para aceitar
                  </Link>
                  <Link to={`/cadastro?voltar=${encodeURIComponent(voltar)}`} className="my-pet__action">
                    Criar conta
                  </Link>
                </div>
              </>
            )}
            <div className="invitation__actions">
              {viewer === "convidado" ? (
                <Form method="post" action="?acao=aceitar">
                  <button type="submit" className="button">
                    Aceitar convite
                  </button>
                </Form>
              ) : null}
              <Form method="post" action="?acao=recusar">
                <button type="submit" className="my-pet__action my-pet__action--danger">
                  Recusar
                </button>
              </Form>
            </div>
          </>
        ) : (
          <>
            <p className="invitation__warning">{answered}</p>
            <div className="invitation__actions">
              {organizationId ? (
                <Link to={`/organizacoes/${organizationId}/configuracoes`} className="button">
                  Abrir a organização
                </Link>
              ) : (
                <Link to="/" className="button">
                  Voltar ao início
                </Link>
              )}
            </div>
          </>
        )}
      </div>
    </AuthPage>
  );
}
