import { listTrash, restoreFromTrash } from "~/domain/organizations/trash.server";
import { restoredSchema, trashSchema } from "~/openapi/responses";
import { toApiTrash } from "~/presenters/trash";
import { apiFailure } from "~/web/api.server";
import { endpoint, idParam } from "../endpoint";
import { answer } from "../openapi/operation";

const organization = idParam("organization", "da organização");
const item = idParam("trash-item", "do item da Lixeira");
const NO_STORE = { "Cache-Control": "no-store" };

/** An organisation's Lixeira (issue 63): what its team deleted, for 30 days. */
export const trashEndpoints = [
  endpoint({
    method: "get",
    path: "/organizacoes/{id}/lixeira",
    access: "signed-in",
    params: { id: organization },
    doc: {
      tags: ["Lixeira"],
      summary: "O que a equipe apagou nos últimos 30 dias",
      description:
        "Despesas (com o comprovante) e registros de saúde (com os arquivos) apagados pela equipe, os mais recentes primeiro, por até 30 dias; depois, são apagados de vez. Para administradores e equipe.",
      ok: { 200: answer("Os itens da Lixeira.", trashSchema) },
      errors: {
        403: "Lar temporário da organização.",
        404: "Organização não encontrada (ou você não é membro dela).",
      },
    },
    async handle({ params, context, user }) {
      const items = await listTrash(context.db, user.id, params.id);
      if (!items.ok) return apiFailure(items.failure);
      return Response.json(toApiTrash(items.value), { headers: NO_STORE });
    },
  }),
  endpoint({
    method: "post",
    path: "/organizacoes/{id}/lixeira/{itemId}/restaurar",
    access: "signed-in",
    params: { id: organization, itemId: item },
    doc: {
      tags: ["Lixeira"],
      summary: "Restaurar um item da Lixeira",
      description:
        "O registro volta com o mesmo identificador, o comprovante ou os arquivos, e sai da Lixeira; a atividade da organização registra quem restaurou. Só administradores.",
      ok: { 200: answer("O registro restaurado.", restoredSchema) },
      errors: {
        403: "Membro que não é administrador.",
        404: "Organização não encontrada (ou você não é membro dela), ou item que não está mais na Lixeira.",
        409: "Registro já restaurado, ou registro de saúde de um animal que não está mais no Adopet.",
      },
    },
    async handle({ params, context, user }) {
      const restored = await restoreFromTrash(context.db, user.id, params.id, params.itemId);
      if (!restored.ok) return apiFailure(restored.failure);
      return Response.json({ tipo: restored.value.tipo, registro_id: restored.value.registroId });
    },
  }),
];
