import type { Route } from "./+types/candidatura-termo-pdf";
import { termoPdf } from "~/domain/termos/termos.server";
import { isId } from "~/lib/ids";
import { notFound } from "~/services/outcome.server";
import { apiFailure, methodNotAllowed } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";

/** `GET /api/candidaturas/:id/termo.pdf`: the signed termo, to the byte as made, for its two parties. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireApiUser(request, context.db);
  if (!isId(params.id)) return apiFailure(notFound("application").failure);
  const found = await termoPdf(context.db, context.vault, user.id, params.id);
  if (!found.ok) return apiFailure(found.failure);
  return new Response(new Uint8Array(found.value.pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${found.value.fileName}"`,
      "Content-Length": String(found.value.pdf.length),
      // Personal data (CPF, address): never in a shared cache, nor in the browser's.
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

export function action() {
  return methodNotAllowed("GET");
}
