import type { Route } from "./+types/pet.saude-pdf";
import { healthCarteira } from "~/domain/health/carteira.server";
import { requireUser } from "~/web/auth.server";
import { pageFailure } from "~/web/forms.server";
import { pageId } from "~/web/not-found.server";
import { privatePdfResponse } from "~/web/downloads.server";

/** `/pets/:id/saude.pdf`: the animal's `Carteira de saúde`, for who may read its record (issue 45). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context.db);
  const id = pageId(params.id, "pet");
  const carteira = await healthCarteira(context.db, user.id, id, new Date());
  if (!carteira.ok) throw pageFailure(carteira.failure);
  return privatePdfResponse(carteira.value);
}
