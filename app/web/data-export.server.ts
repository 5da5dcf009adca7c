import { toOwnUser } from "~/presenters/accounts";
import { toApiPet } from "~/presenters/pets";
import type { DataExport } from "~/domain/accounts/privacy.server";

/** A person's data as a JSON download, never cached on the way. */
export function dataExportResponse(body: DataExport): Response {
  const conta = {
    ...toOwnUser(body.conta),
    criada_em: body.conta.createdAt.toISOString(),
    atualizada_em: body.conta.updatedAt.toISOString(),
  };
  return new Response(JSON.stringify({ ...body, conta, animais: body.animais.map(toApiPet) }, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="adopet-meus-dados-${body.exportado_em.slice(0, 10)}.json"`,
      "Cache-Control": "private, no-store",
    },
  });
}
