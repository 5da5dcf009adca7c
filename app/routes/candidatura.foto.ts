import type { Route } from "./+types/candidatura.foto";
import { getApplication } from "~/domain/applications/application-views.server";
import { isAdoptionImage } from "~/domain/termos/followups.server";
import { IMAGE_WIDTHS } from "~/lib/image-urls";
import { isId } from "~/lib/ids";
import { findImageVariant } from "~/services/images.server";
import { requireUser } from "~/web/auth.server";

const FILE = /^(\d{2,4})\.webp$/;

/**
 * An adoption's private image (a check-in's photo, the castration certificate):
 * `/adopet/candidaturas/:id/fotos/:imageId/:width.webp`, for the application's two parties only,
 * never kept by a shared cache or the browser's.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context.db);
  const width = Number(FILE.exec(params.file)?.[1]);
  if (!isId(params.id) || !isId(params.imageId) || !(IMAGE_WIDTHS as readonly number[]).includes(width)) {
    return notFound();
  }
  const party = await getApplication(context.db, user.id, params.id);
  if (!party.ok || !(await isAdoptionImage(context.db, params.id, params.imageId))) return notFound();
  const variant = await findImageVariant(context.db, params.imageId, width);
  if (!variant) return notFound();
  return new Response(new Uint8Array(variant.data), {
    headers: {
      "Content-Type": "image/webp",
      "Content-Length": String(variant.bytes),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

function notFound() {
  return new Response("Imagem não encontrada.", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}
