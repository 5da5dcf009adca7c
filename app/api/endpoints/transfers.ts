import type { AppLoadContext } from "react-router";
import type { SessionUser } from "~/domain/accounts/sessions.server";
import {
  acceptTransfer,
  closeTransfer,
  listTransfers,
  requestTransfer,
  type TransferView,
} from "~/domain/organizations/transfers.server";
import type { Result } from "~/services/outcome.server";
import { transferSchema, transfersSchema } from "~/openapi/responses";
import { transferSchema as transferInputSchema } from "~/validation/organizations";
import { apiFailure, parseJsonBody } from "~/web/api.server";
import { endpoint, idParam } from "../endpoint";
import { answer, json } from "../openapi/operation";
import { toApiTransfer } from "~/presenters/transfers";

/**
 * Transfers of animals between organisations (issue 43): asked by an administrador of the one
 * that has the animal, accepted or declined by one of the other.
 */

const pet = idParam("pet", "do animal");
const organization = idParam("organization", "da organização");
const transfer = idParam("transfer", "da transferência");
const NO_STORE = { "Cache-Control": "no-store" };

/** `aceitar`, `recusar` and `cancelar`: one declaration each, one shape. */
function answerTransfer(
  path: "/transferencias/{id}/aceitar" | "/transferencias/{id}/recusar" | "/transferencias/{id}/cancelar",
  summary: string,
  description: string,
  run: (call: { params: { id: string }; context: AppLoadContext; user: SessionUser }) => Promise<Result<TransferView>>,
) {
  return endpoint({
    method: "post",
    path,
    access: "signed-in",
    params: { id: transfer },
    doc: {
      tags: ["Organizações"],
      summary,
      description,
      ok: { 200: answer("A transferência como ficou.", transferSchema) },
      errors: {
        403: "Só quem administra a organização responde (ou o pedido veio de outro site).",
        404: "Transferência não encontrada, ou o animal foi adotado ou removido.",
        409: "A transferência já foi respondida ou cancelada, ou o animal foi reservado para uma candidatura aprovada.",
      },
    },
    async handle(call) {
      const done = await run(call);
      if (!done.ok) return apiFailure(done.failure);
      return Response.json(toApiTransfer(done.value), { headers: NO_STORE });
    },
  });
}

export const transferEndpoints = [
  endpoint({
    method: "post",
    path: "/pets/{id}/transferencias",
    access: "signed-in",
    params: { id: pet },
    doc: {
      tags: ["Organizações"],
      summary: "Transferir um animal para outra organização",
      description:
        "Só quem administra a organização dona do animal. `organizacao_id`: a organização que vai recebê-lo; um administrador dela aceita (ou recusa). Aceita, o animal passa a ela com o cadastro e as fotos, e as candidaturas em aberto são encerradas com o motivo (quem se candidatou recebe um e-mail). Uma pendente por animal; 30 pedidos por hora.",
      requestBody: { content: json(transferInputSchema) },
      ok: { 201: answer("A transferência, esperando resposta.", transferSchema) },
      errors: {
        400: "Organização inválida (ou a mesma do animal).",
        403: "Só quem administra a organização transfere (ou o pedido veio de outro site).",
        404: "Animal (ou organização) não encontrado, ou o animal foi adotado ou removido.",
        409: "O animal já tem uma transferência esperando resposta, ou está reservado para uma candidatura aprovada.",
        429: "Muitos pedidos.",
      },
      traits: { body: true, limited: true },
    },
    async handle({ request, params, context, user }) {
      const parsed = await parseJsonBody(request, transferInputSchema);
      if (!parsed.ok) return parsed.response;
      const asked = await requestTransfer(context.db, context.jobs, user.id, params.id, parsed.data.organizacao_id);
      if (!asked.ok) return apiFailure(asked.failure);
      return Response.json(toApiTransfer(asked.value), { status: 201, headers: NO_STORE });
    },
  }),
  answerTransfer(
    "/transferencias/{id}/aceitar",
    "Aceitar a transferência de um animal",
    "Só quem administra a organização que recebe. O animal passa a ela; as candidaturas dele em aberto são encerradas com o motivo.",
    ({ params, context, user }) => acceptTransfer(context.db, context.jobs, user.id, params.id),
  ),
  answerTransfer(
    "/transferencias/{id}/recusar",
    "Recusar a transferência de um animal",
    "Só quem administra a organização que receberia. O animal continua onde está.",
    ({ params, context, user }) => closeTransfer(context.db, user.id, params.id, "recusada"),
  ),
  answerTransfer(
    "/transferencias/{id}/cancelar",
    "Cancelar um pedido de transferência",
    "Só quem administra a organização que pediu, enquanto não houver resposta.",
    ({ params, context, user }) => closeTransfer(context.db, user.id, params.id, "cancelada"),
  ),
  endpoint({
    method: "get",
    path: "/organizacoes/{id}/transferencias",
    access: "signed-in",
    params: { id: organization },
    doc: {
      tags: ["Organizações"],
      summary: "As transferências de uma organização",
      description: "Só administradores: as enviadas e as recebidas, as pendentes primeiro (até 50).",
      ok: { 200: answer("As transferências.", transfersSchema) },
      errors: { 403: "Só quem administra a organização as vê.", 404: "Organização não encontrada." },
    },
    async handle({ params, context, user }) {
      const listed = await listTransfers(context.db, user.id, params.id);
      if (!listed.ok) return apiFailure(listed.failure);
      return Response.json({ transferencias: listed.value.map(toApiTransfer) }, { headers: NO_STORE });
    },
  }),
];
