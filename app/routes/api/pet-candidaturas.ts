import { data } from "react-router";
import type { Route } from "./+types/pet-candidaturas";
import { apply, canApply } from "~/domain/applications/applications.server";
import { isId } from "~/lib/ids";
import { notFound } from "~/services/outcome.server";
import { applicationSchema } from "~/validation/applications";
import { apiFailure, methodNotAllowed, parseJsonBody } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";

export function loader() {
  return methodNotAllowed("POST");
}

/**
 * `POST /api/pets/:id/candidaturas` {respostas: {<pergunta id>: valor}} → 201 {id, status}:
 * 401 without a session, 404 for a pet that cannot be adopted (gone, adopted, reserved),
 * 403 for your own pet, 409 (with `candidatura_id`) for a second open application.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const user = await requireApiUser(request, context.db);
  if (!isId(params.id)) return apiFailure(notFound("pet").failure);
  const allowed = await canApply(context.db, user.id, params.id);
  if (!allowed.ok) return refusal(allowed.failure);
  const { perguntas } = allowed.value;
  const parsed = await parseJsonBody(request, applicationSchema(perguntas));
  if (!parsed.ok) return parsed.response;
  const created = await apply(context.db, context.jobs, {
    adopterId: user.id,
    petId: params.id,
    caretakerId: allowed.value.pet.caretakerId,
    perguntas,
    respostas: parsed.data.respostas,
  });
  if (!created.ok) return refusal(created.failure);
  return data(created.value, {
    status: 201,
    headers: { Location: `/adopet/api/candidaturas/${created.value.id}`, "Cache-Control": "no-store" },
  });
}

/** A refusal; a second application also names the first. */
function refusal(failure: Parameters<typeof apiFailure>[0]) {
  const answer = apiFailure(failure);
  if (failure.kind === "conflict" && failure.id) {
    return data({ ...answer.data, candidatura_id: failure.id }, answer.init ?? undefined);
  }
  return answer;
}
