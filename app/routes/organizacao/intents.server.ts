import type { SubmissionResult } from "@conform-to/react";
import { data, redirect } from "react-router";
import type { Route } from "../+types/organizacoes.configuracoes";
import { cancelInvitation, inviteMember } from "~/domain/organizations/invitations.server";
import { changeMemberRole, removeMember, trustNewAdministrator } from "~/domain/organizations/members.server";
import { updateOrganization } from "~/domain/organizations/organizations.server";
import { setPixKey } from "~/domain/giving/pix.server";
import { pixKeySchema } from "~/validation/pix";
import { acceptTransfer, closeTransfer } from "~/domain/organizations/transfers.server";
import type { Failure } from "~/services/outcome.server";
import {
  invitationSchema,
  memberRoleSchema,
  organizationLogoSchema,
  organizationSchema,
} from "~/validation/organizations";
import { requireUser } from "~/web/auth.server";
import { failureHeaders, failureStatus, failureText } from "~/web/failures.server";
import { formFailure, parseForm } from "~/web/forms.server";
import { foundOr404, pageId } from "~/web/not-found.server";
import { setNotice, type NoticeKey } from "~/web/notices.server";

/** The page's forms, named by `?acao=`: the organisation's data (the default), its members, its transfers. */
export type Intent =
  | "dados"
  | "logo"
  | "tirar_logo"
  | "pix"
  | "convidar"
  | "papel"
  | "remover"
  | "cancelar_convite"
  | "liberar"
  | "sair"
  | "aceitar_transferencia"
  | "recusar_transferencia"
  | "cancelar_transferencia";

/** A form's reply, marked with the form it belongs to (and `alvo`, the member or transfer of a row's form). */
export type IntentAnswer = { intent: Intent; alvo?: string; result: SubmissionResult<string[]> };

const TRANSFER_ANSWERS = {
  aceitar_transferencia: "transferAccepted",
  recusar_transferencia: "transferDeclined",
  cancelar_transferencia: "transferCancelled",
} as const satisfies Partial<Record<Intent, NoticeKey>>;

type Reply = { data: SubmissionResult<string[]>; init: ResponseInit | null };

function withIntent(intent: Intent, response: Reply, alvo?: string) {
  return data({ intent, alvo, result: response.data } satisfies IntentAnswer, response.init ?? undefined);
}

/** A refusal of a form without fields (a button): its text above the button. */
function refused(intent: Intent, failure: Failure, alvo?: string) {
  const result: SubmissionResult<string[]> = { status: "error", error: { "": [failureText(failure)] } };
  return data({ intent, alvo, result } satisfies IntentAnswer, {
    status: failureStatus(failure, "page"),
    headers: failureHeaders(failure),
  });
}

export async function runOrganizationIntent({ request, params, context }: Route.ActionArgs) {
  const user = await requireUser(request, context.db);
  const id = pageId(params.id, "organization");
  const search = new URL(request.url).searchParams;
  const intent = (search.get("acao") ?? "dados") as Intent;
  const back = async (notice: NoticeKey, to = `/organizacoes/${id}/configuracoes`) =>
    redirect(to, { headers: { "Set-Cookie": await setNotice(notice) } });
  // Someone who is not a member is told the organisation does not exist, whatever they sent.
  const notMember = (failure: Failure) =>
    foundOr404(failure.kind !== "not-found" || failure.subject !== "organization", "organization");
  switch (intent) {
    case "dados": {
      const form = await parseForm(request, organizationSchema);
      if (!form.ok) return withIntent("dados", form.response);
      // Every field is sent: an emptied CNPJ or text is removed, not left as it was.
      const updated = await updateOrganization(context.db, user.id, id, {
        ...form.value,
        cnpj: form.value.cnpj ?? null,
        sobre: form.value.sobre ?? null,
      });
      if (!updated.ok) {
        foundOr404(updated.failure.kind !== "not-found", "organization");
        return withIntent("dados", formFailure(form, updated.failure));
      }
      return back("organizationSaved");
    }
    case "logo": {
      const form = await parseForm(request, organizationLogoSchema, { maxFiles: 1, hideFields: ["logo"] });
      if (!form.ok) return withIntent("logo", form.response);
      const logo = Buffer.from(await form.value.logo!.arrayBuffer());
      const updated = await updateOrganization(context.db, user.id, id, { logo });
      if (!updated.ok) {
        notMember(updated.failure);
        return withIntent("logo", formFailure(form, updated.failure));
      }
      return back("organizationLogoSaved");
    }
    case "tirar_logo": {
      const updated = await updateOrganization(context.db, user.id, id, { logo: null });
      if (!updated.ok) {
        notMember(updated.failure);
        return refused("tirar_logo", updated.failure);
      }
      return back("organizationLogoRemoved");
    }
    case "pix": {
      const form = await parseForm(request, pixKeySchema);
      if (!form.ok) return withIntent("pix", form.response);
      const saved = await setPixKey(context.db, context.jobs, user.id, id, form.value);
      if (!saved.ok) {
        notMember(saved.failure);
        return withIntent("pix", formFailure(form, saved.failure));
      }
      return back("pixSaved");
    }
    case "convidar": {
      const form = await parseForm(request, invitationSchema);
      if (!form.ok) return withIntent("convidar", form.response);
      const invited = await inviteMember(context.db, context.jobs, user.id, id, form.value);
      if (!invited.ok) {
        notMember(invited.failure);
        return withIntent("convidar", formFailure(form, invited.failure));
      }
      return back("invitationSent");
    }
    case "papel": {
      const membro = pageId(search.get("membro"), "member");
      const form = await parseForm(request, memberRoleSchema);
      if (!form.ok) return withIntent("papel", form.response, membro);
      const changed = await changeMemberRole(context.db, context.jobs, user.id, id, membro, form.value.papel);
      if (!changed.ok) {
        notMember(changed.failure);
        return withIntent("papel", formFailure(form, changed.failure), membro);
      }
      return back("memberRoleChanged");
    }
    case "remover": {
      const membro = pageId(search.get("membro"), "member");
      const removed = await removeMember(context.db, context.jobs, user.id, id, membro);
      if (!removed.ok) {
        notMember(removed.failure);
        return refused("remover", removed.failure, membro);
      }
      return back(
        membro === user.id ? "organizationLeft" : "memberRemoved",
        membro === user.id ? "/perfil" : undefined,
      );
    }
    case "liberar": {
      const membro = pageId(search.get("membro"), "member");
      const trusted = await trustNewAdministrator(context.db, user.id, id, membro);
      if (!trusted.ok) {
        notMember(trusted.failure);
        return refused("liberar", trusted.failure, membro);
      }
      return back("administratorTrusted");
    }
    case "cancelar_convite": {
      const convite = pageId(search.get("convite"), "invitation");
      const cancelled = await cancelInvitation(context.db, user.id, id, convite);
      if (!cancelled.ok) {
        notMember(cancelled.failure);
        return refused("cancelar_convite", cancelled.failure, convite);
      }
      return back("invitationCancelled");
    }
    case "sair": {
      const left = await removeMember(context.db, context.jobs, user.id, id, user.id);
      if (!left.ok) {
        notMember(left.failure);
        return refused("sair", left.failure);
      }
      return back("organizationLeft", "/perfil");
    }
    case "aceitar_transferencia":
    case "recusar_transferencia":
    case "cancelar_transferencia": {
      const transferencia = pageId(search.get("transferencia"), "transfer");
      const done =
        intent === "aceitar_transferencia"
          ? await acceptTransfer(context.db, context.jobs, user.id, transferencia)
          : await closeTransfer(
              context.db,
              user.id,
              transferencia,
              intent === "recusar_transferencia" ? "recusada" : "cancelada",
            );
      if (!done.ok) return refused(intent, done.failure, transferencia);
      return back(TRANSFER_ANSWERS[intent]);
    }
    default:
      throw data("Ação desconhecida.", { status: 400 });
  }
}
