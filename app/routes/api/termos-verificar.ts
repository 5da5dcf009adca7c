import { data } from "react-router";
import type { Route } from "./+types/termos-verificar";
import { apiError, methodNotAllowed } from "~/web/api.server";
import { toApiVerification } from "~/web/termos.server";
import { verifyFromRequest } from "~/web/termos-verification.server";

/**
 * `POST /api/termos/verificar`: JSON {codigo}, or multipart with the PDF in `arquivo` →
 * {valido, …}: whether it is a termo signed on Adopet, by whom (names only) and when. Public.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const read = await verifyFromRequest(context.db, request);
  if (!read.ok) return apiError(read.status, read.message, { [read.field]: [read.message] });
  return data(toApiVerification(read.verification), { headers: { "Cache-Control": "no-store" } });
}

export function loader() {
  return methodNotAllowed("POST");
}
