import { data } from "react-router";
import type { Route } from "./+types/candidaturas";
import { countReceivedByStatus, listReceived, listSent } from "~/domain/applications/applications.server";
import { APPLICATION_STATUSES, type ApplicationStatus } from "~/lib/applications";
import { isId } from "~/lib/ids";
import { apiError, methodNotAllowed } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";
import { toApiApplication } from "~/web/applications.server";

/**
 * `GET /api/candidaturas` → {enviadas, recebidas}: yours, and those for your animals (newest
 * first; `recebidas` narrowed by `?pet=`, `?animal=` (name), and `?status=`, 50 a `?pagina=`).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireApiUser(request, context.db);
  const params = new URL(request.url).searchParams;
  const pet = params.get("pet") ?? undefined;
  const typed = params.get("animal");
  const animal = typed?.trim() || undefined;
  const status = params.get("status") ?? undefined;
  const page = Number(params.get("pagina") ?? "1");
  if (pet !== undefined && !isId(pet)) return apiError(400, "Dados inválidos.", { pet: ["Animal inválido."] });
  if (typed && typed.length > 60) {
    return apiError(400, "Dados inválidos.", { animal: ["O nome do animal deve ter no máximo 60 caracteres."] });
  }
  if (status !== undefined && !APPLICATION_STATUSES.includes(status as ApplicationStatus)) {
    return apiError(400, "Dados inválidos.", { status: ["Status inválido."] });
  }
  if (!Number.isInteger(page) || page < 1 || page > 10_000) {
    return apiError(400, "Dados inválidos.", { pagina: ["Página inválida."] });
  }
  const [enviadas, counts] = await Promise.all([
    listSent(context.db, user.id),
    countReceivedByStatus(context.db, user.id),
  ]);
  const filters = { pet, animal, status: status as ApplicationStatus | undefined, page };
  const recebidas = await listReceived(context.db, user.id, filters, counts);
  return data(
    {
      enviadas: enviadas.map(toApiApplication),
      recebidas: recebidas.items.map(toApiApplication),
      recebidas_total: recebidas.total,
      pagina: recebidas.page,
      paginas: recebidas.pageCount,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export function action() {
  return methodNotAllowed("GET");
}
