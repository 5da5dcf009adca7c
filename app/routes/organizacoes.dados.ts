import type { Route } from "./+types/organizacoes.dados";
import { exportOrganization } from "~/domain/organizations/organization-export.server";
import { requireUser } from "~/web/auth.server";
import { pageFailure } from "~/web/forms.server";
import { pageId } from "~/web/not-found.server";
import { organizationExportResponse } from "~/web/organization-export.server";

/**
 * `/organizacoes/:id/dados`: the organisation's records as a JSON file (issue 43), for its
 * administradores; another member is told why (403), anyone else finds no organisation (404).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context.db);
  const id = pageId(params.id, "organization");
  const exported = await exportOrganization(context.db, user.id, id);
  if (!exported.ok) throw pageFailure(exported.failure);
  return organizationExportResponse(exported.value);
}
