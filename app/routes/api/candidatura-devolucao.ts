import { data } from "react-router";
import type { Route } from "./+types/candidatura-devolucao";
import { recordReturn } from "~/domain/termos/returns.server";
import { isId } from "~/lib/ids";
import type { ApiReturnRecorded } from "~/openapi/responses";
import { notFound } from "~/services/outcome.server";
import { returnSchema } from "~/validation/termos";
import { apiFailure, methodNotAllowed, parseJsonBody } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";

/** The route answers POST only. */
export function loader() {
  return methodNotAllowed("POST");
}

/**
 * `POST /api/candidaturas/:id/devolucao` {motivo, publicar?} → 201: either party of an adoption
 * records that the animal went back to its caretaker (404 for anyone else, 409 when the
 * application is not an adoption, or its return was recorded already).
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const user = await requireApiUser(request, context.db);
  if (!isId(params.id)) return apiFailure(notFound("application").failure);
  const parsed = await parseJsonBody(request, returnSchema);
  if (!parsed.ok) return parsed.response;
  const now = new Date();
  const recorded = await recordReturn(context.db, context.jobs, user.id, params.id, parsed.data, now);
  if (!recorded.ok) return apiFailure(recorded.failure);
  const answer: ApiReturnRecorded = {
    status: "devolvida",
    devolvida_em: now.toISOString(),
    registrada_por: recorded.value.party,
  };
  return data(answer, { status: 201, headers: { "Cache-Control": "no-store" } });
}
