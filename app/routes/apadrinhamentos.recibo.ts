import type { Route } from "./+types/apadrinhamentos.recibo";
import { donationReceipt } from "~/domain/giving/receipts.server";
import { requireUser } from "~/web/auth.server";
import { pageFailure } from "~/web/forms.server";
import { pageId } from "~/web/not-found.server";
import { privatePdfResponse } from "~/web/downloads.server";

/** `/apadrinhamentos/recibos/:doacaoId` (issue 46): a padrinho's receipt for a month that arrived, as the e-mail links it. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context.db);
  const id = pageId(params.doacaoId, "donation");
  const receipt = await donationReceipt(context.db, user.id, id);
  if (!receipt.ok) throw pageFailure(receipt.failure);
  return privatePdfResponse(receipt.value);
}
