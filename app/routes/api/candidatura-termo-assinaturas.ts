import { data } from "react-router";
import type { Route } from "./+types/candidatura-termo-assinaturas";
import { getTermo, signTermo } from "~/domain/termos/termos.server";
import { isId } from "~/lib/ids";
import { notFound } from "~/services/outcome.server";
import { adopterSignatureSchema, caretakerSignatureSchema } from "~/validation/termos";
import { apiFailure, methodNotAllowed, parseJsonBody } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";
import { signatureContext, toApiTermo } from "~/web/termos.server";

/**
 * `POST /api/candidaturas/:id/termo/assinaturas`: the adopter signs {nome_completo, cpf,
 * endereco, cep, concordo: true}, then the caretaker {nome_completo, concordo: true}; 201
 * with the termo. Which party signs is the session's; out of turn, 409.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const user = await requireApiUser(request, context.db);
  if (!isId(params.id)) return apiFailure(notFound("application").failure);
  const current = await getTermo(context.db, context.vault, user.id, params.id);
  if (!current.ok) return apiFailure(current.failure);
  const schema = current.value.party === "adotante" ? adopterSignatureSchema : caretakerSignatureSchema;
  const parsed = await parseJsonBody(request, schema);
  if (!parsed.ok) return parsed.response;
  const signed = await signTermo(
    context.db,
    context.vault,
    context.jobs,
    signatureContext(request, context, user.id, params.id),
    parsed.data,
  );
  if (!signed.ok) return apiFailure(signed.failure);
  const termo = await getTermo(context.db, context.vault, user.id, params.id);
  if (!termo.ok) return apiFailure(termo.failure);
  return data(toApiTermo(termo.value), { status: 201, headers: { "Cache-Control": "no-store" } });
}

export function loader() {
  return methodNotAllowed("POST");
}
