import { redirect } from "react-router";
import type { Route } from "./+types/perfil.dados";
import { exportUserData } from "~/domain/accounts/privacy.server";
import { requireUser } from "~/web/auth.server";
import { dataExportResponse } from "~/web/data-export.server";

/** `GET /perfil/dados`: the signed-in person's data as a JSON file (LGPD, art. 18). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context.db);
  const exported = await exportUserData(context.db, context.vault, user.id, user.id);
  if (!exported.ok) throw redirect("/login");
  return dataExportResponse(exported.value);
}
