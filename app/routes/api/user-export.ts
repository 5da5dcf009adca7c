import type { Route } from "./+types/user-export";
import { exportUserData } from "~/domain/accounts/privacy.server";
import { apiFailure, methodNotAllowed } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";
import { dataExportResponse } from "~/web/data-export.server";

/** `GET /api/users/:id/export`: your own data as JSON; nobody else's. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const viewer = await requireApiUser(request, context.db);
  const exported = await exportUserData(context.db, context.vault, viewer.id, params.id);
  if (!exported.ok) return apiFailure(exported.failure);
  return dataExportResponse(exported.value);
}

export function action() {
  return methodNotAllowed("GET");
}
