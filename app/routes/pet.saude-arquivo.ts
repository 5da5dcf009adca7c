import type { Route } from "./+types/pet.saude-arquivo";
import { healthFile } from "~/domain/health/records.server";
import { requireUser } from "~/web/auth.server";
import { pageFailure } from "~/web/forms.server";
import { pageId } from "~/web/not-found.server";
import { privateDocumentResponse } from "~/web/downloads.server";

/**
 * `/pets/:id/saude/arquivos/:arquivoId`: a file of the animal's health record (issue 45), for
 * who may read the record only; never cached, never sniffed, a PDF downloaded rather than shown.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context.db);
  const petId = pageId(params.id, "pet");
  const fileId = pageId(params.arquivoId, "health-entry");
  const file = await healthFile(context.db, user.id, petId, fileId);
  if (!file.ok) throw pageFailure(file.failure);
  return privateDocumentResponse(file.value, `saude-${fileId}`);
}
