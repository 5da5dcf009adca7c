import type { TransferView } from "~/domain/organizations/transfers.server";
import type { ApiTransfer } from "~/openapi/responses";

/** A transfer of an animal between organisations, in the API's shape. */
export function toApiTransfer(transfer: TransferView): ApiTransfer {
  return {
    id: transfer.id,
    status: transfer.status,
    pet: transfer.pet,
    de: transfer.from,
    para: transfer.to,
    criada_em: transfer.createdAt.toISOString(),
    respondida_em: transfer.decidedAt?.toISOString() ?? null,
  };
}
