import type { Route } from "./+types/user-export";
import { exportUserData } from "~/services/privacy.server";
import { apiError } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";
import { dataExportResponse } from "~/web/data-export.server";

/** `GET /api/users/:id/export`: your own data as JSON; nobody else's. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const viewer = await requireApiUser(request, context.db);
  if (viewer.id !== params.id) return apiError(403, "Você só pode exportar os seus próprios dados.");
  const body = await exportUserData(context.db, viewer.id);
  if (!body) return apiError(404, "Usuário não encontrado.");
  return dataExportResponse(body);
}
