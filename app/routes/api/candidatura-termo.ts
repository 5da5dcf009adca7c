import { data } from "react-router";
import type { Route } from "./+types/candidatura-termo";
import { getTermo, issueTermo } from "~/domain/termos/termos.server";
import { isId } from "~/lib/ids";
import { notFound } from "~/services/outcome.server";
import { issueTermoSchema } from "~/validation/termos";
import { apiFailure, methodNotAllowed, parseJsonBody } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";
import { toApiTermo } from "~/web/termos.server";

const noStore = { "Cache-Control": "no-store" };

/** `GET /api/candidaturas/:id/termo`: the termo, for the application's two parties (404 for anyone else). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireApiUser(request, context.db);
  if (!isId(params.id)) return apiFailure(notFound("application").failure);
  const termo = await getTermo(context.db, context.vault, user.id, params.id);
  if (!termo.ok) return apiFailure(termo.failure);
  return data(toApiTermo(termo.value), { headers: noStore });
}

/**
 * `POST /api/candidaturas/:id/termo` {prazo_castracao?} → 201 with the termo: the caretaker
 * issues it on an approved application (409 otherwise, or when it has one already).
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("GET, POST");
  const user = await requireApiUser(request, context.db);
  if (!isId(params.id)) return apiFailure(notFound("application").failure);
  // No body at all is an issue without options (an animal castrated, or its date scheduled).
  const bodiless = !request.headers.has("Content-Type") && Number(request.headers.get("Content-Length") ?? 0) === 0;
  const parsed = bodiless
    ? ({ ok: true, data: {} as { prazo_castracao?: string } } as const)
    : await parseJsonBody(request, issueTermoSchema);
  if (!parsed.ok) return parsed.response;
  const issued = await issueTermo(context.db, context.jobs, {
    userId: user.id,
    applicationId: params.id,
    prazoCastracao: parsed.data.prazo_castracao,
  });
  if (!issued.ok) return apiFailure(issued.failure);
  const termo = await getTermo(context.db, context.vault, user.id, params.id);
  if (!termo.ok) return apiFailure(termo.failure);
  return data(toApiTermo(termo.value), { status: 201, headers: noStore });
}
