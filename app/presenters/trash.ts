import type { z } from "zod";
import type { TrashItem } from "~/domain/organizations/trash.server";
import type { trashSchema } from "~/openapi/responses";

/** The Lixeira (issue 63) in the API's shape. */
export function toApiTrash(items: TrashItem[]): z.input<typeof trashSchema> {
  return {
    itens: items.map((item) => ({
      id: item.id,
      tipo: item.tipo,
      registro_id: item.registroId,
      resumo: item.resumo,
      apagado_por: item.apagadoPor,
      apagado_em: item.apagadoEm.toISOString(),
      expira_em: item.expiraEm.toISOString(),
    })),
  };
}
