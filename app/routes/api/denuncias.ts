import type { Route } from "./+types/denuncias";
import { fileReport } from "~/domain/moderation/reports.server";
import { REPORT_MESSAGES } from "~/lib/reports";
import { apiReportSchema } from "~/validation/reports";
import { apiFailure, methodNotAllowed, parseJsonBody } from "~/web/api.server";
import { getUser, requireApiUser } from "~/web/auth.server";

export function loader() {
  return methodNotAllowed("POST");
}

/**
 * `POST /api/denuncias` {alvo: {tipo, id}, categoria, texto} → 201 {id}. Anyone may report a
 * listing or a profile; a conversation, only a party to it (signed in: 401 otherwise).
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const parsed = await parseJsonBody(request, apiReportSchema);
  if (!parsed.ok) return parsed.response;
  const user =
    parsed.data.alvo.tipo === "conversa"
      ? await requireApiUser(request, context.db)
      : await getUser(request, context.db);
  const filed = await fileReport(
    context.db,
    context.jobs,
    parsed.data,
    { userId: user?.id ?? null, clientKey: context.clientKey },
    context.moderation,
  );
  if (!filed.ok) return apiFailure(filed.failure);
  return Response.json(
    { id: filed.value.id, message: REPORT_MESSAGES.sent },
    { status: 201, headers: { "Cache-Control": "no-store" } },
  );
}
