import type { AppLoadContext } from "react-router";
import { z } from "zod";
import type { SessionUser } from "~/domain/accounts/sessions.server";
import {
  acceptTransfer,
  closeTransfer,
  listTransfers,
  requestTransfer,
  requestTransfers,
  transferTargets,
  type TransferView,
} from "~/domain/organizations/transfers.server";
import type { Result } from "~/services/outcome.server";
import { transferSchema, transfersMadeSchema, transfersSchema, transferTargetsSchema } from "~/openapi/responses";
import { TRANSFER_MANY_MAX } from "~/lib/organizations";
import { transferSchema as transferInputSchema, transferManySchema } from "~/validation/organizations";
import { apiError, apiFailure, parseJsonBody } from "~/web/api.server";
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
      tags: ["Transferências"],
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
      tags: ["Transferências"],
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
      tags: ["Transferências"],
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
  endpoint({
    method: "post",
    path: "/organizacoes/{id}/transferencias",
    access: "signed-in",
    params: { id: organization },
    doc: {
      tags: ["Transferências"],
      summary: "Transferir vários animais para outra organização",
      description: `Só administradores. \`animais\`: os ids de 1 a ${TRANSFER_MANY_MAX} animais da organização (uma ninhada, a mudança de um abrigo); \`organizacao_id\`: a que vai recebê-los. Uma transferência por animal, todas ou nenhuma, como em \`POST /pets/{id}/transferencias\`; cada animal conta no limite de pedidos por hora.`,
      requestBody: { content: json(transferManySchema) },
      ok: { 201: answer("As transferências, esperando resposta.", transfersMadeSchema) },
      errors: {
        400: "Animais que não são da organização, ou organização inválida (ou a mesma).",
        403: "Só quem administra a organização transfere (ou o pedido veio de outro site).",
        404: "Organização não encontrada, ou um dos animais foi adotado ou removido.",
        409: "Um dos animais já tem uma transferência esperando resposta, ou está reservado para uma candidatura aprovada.",
        429: "Muitos pedidos.",
      },
      traits: { body: true, limited: true },
    },
    async handle({ request, params, context, user }) {
      const parsed = await parseJsonBody(request, transferManySchema);
      if (!parsed.ok) return parsed.response;
      const { animais, organizacao_id } = parsed.data;
      const asked = await requestTransfers(context.db, context.jobs, user.id, params.id, animais, organizacao_id);
      if (!asked.ok) return apiFailure(asked.failure);
      return Response.json({ transferencias: asked.value.map(toApiTransfer) }, { status: 201, headers: NO_STORE });
    },
  }),
  endpoint({
    method: "get",
    path: "/organizacoes/{id}/transferencias/destinos",
    access: "signed-in",
    params: { id: organization },
    doc: {
      tags: ["Transferências"],
      summary: "Buscar a organização que vai receber um animal",
      description:
        "Só administradores. `q`: o nome (ou parte dele, 2 letras ao menos), o CNPJ (com ou sem pontuação) ou o código " +
        "da organização. Até 10, as verificadas primeiro, com a cidade para conferir antes de transferir; nunca a sua.",
      query: z.object({ q: z.string().min(1).max(80).meta({ description: "Nome, CNPJ ou código." }) }),
      ok: { 200: answer("As organizações encontradas.", transferTargetsSchema) },
      errors: {
        400: "Busca vazia ou longa demais.",
        403: "Só quem administra a organização transfere.",
        404: "Organização não encontrada.",
      },
    },
    async handle({ request, params, context, user }) {
      const q = new URL(request.url).searchParams.get("q") ?? "";
      if (q.trim() === "" || q.length > 80) {
        return apiError(400, "Dados inválidos.", { q: ["Informe o nome, o CNPJ ou o código, com até 80 caracteres."] });
      }
      const found = await transferTargets(context.db, user.id, params.id, q);
      if (!found.ok) return apiFailure(found.failure);
      return Response.json({ organizacoes: found.value }, { headers: NO_STORE });
    },
  }),
];
