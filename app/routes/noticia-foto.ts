import type { Route } from "./+types/noticia-foto";
import { pendingNewsPhoto } from "~/domain/foster/news.server";
import { isId } from "~/lib/ids";
import { findImageVariant } from "~/services/images.server";
import { requireUser } from "~/web/auth.server";

const FILE = /^([0-4])\.webp$/;

/**
 * A photo of news not yet published (issue 44), 640 px: for the animal's team, who decide on
 * it, and its author; 404 for anyone else. Published, a news photo is a public image.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context.db);
  const position = FILE.exec(params.file)?.[1];
  const imageId =
    isId(params.newsId) && position !== undefined
      ? await pendingNewsPhoto(context.db, user.id, params.newsId, Number(position))
      : null;
  const variant = imageId ? await findImageVariant(context.db, imageId, 640) : null;
  if (!variant) {
    return new Response("Imagem não encontrada.", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  return new Response(new Uint8Array(variant.data), {
    headers: {
      "Content-Type": "image/webp",
      "Content-Length": String(variant.bytes),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
