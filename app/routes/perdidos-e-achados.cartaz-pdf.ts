import type { Route } from "./+types/perdidos-e-achados.cartaz-pdf";
import { reportPoster } from "~/domain/lost-found/poster.server";
import { publicPdfResponse } from "~/web/downloads.server";
import { pageFailure } from "~/web/forms.server";
import { pageId } from "~/web/not-found.server";

/** `/perdidos-e-achados/:id/cartaz.pdf` (issue 47), public: an open report's poster, to print. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const id = pageId(params.id, "lost-found-report");
  const poster = await reportPoster(context.db, id, context.publicUrl);
  if (!poster.ok) throw pageFailure(poster.failure);
  return publicPdfResponse(poster.value);
}
