import type { Route } from "./+types/image";
import { findImageVariant } from "~/services/images.server";
import { IMAGE_WIDTHS } from "~/lib/image-urls";
import { isId } from "~/lib/ids";
import { imageAccess } from "~/domain/termos/followups.server";
import { newsImageAccess } from "~/domain/foster/news.server";

const FILE = /^(\d{2,4})\.webp$/;

/** Serves one stored image variant: `/adopet/imagens/:id/:width.webp`. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const width = Number(FILE.exec(params.file)?.[1]);
  if (!isId(params.imageId) || !(IMAGE_WIDTHS as readonly number[]).includes(width)) {
    return notFound();
  }
  // A check-in's photo, a castration certificate, an unpublished story's photo: the adoption's
  // parties only (their route); a photo of news not yet published: the animal's team and the
  // author only (theirs).
  const [variant, adoption, news] = await Promise.all([
    findImageVariant(context.db, params.imageId, width),
    imageAccess(context.db, params.imageId),
    newsImageAccess(context.db, params.imageId),
  ]);
  const access = news === "none" ? adoption : adoption === "private" ? "private" : news;
  if (!variant || access === "private") return notFound();
  return new Response(new Uint8Array(variant.data), {
    headers: {
      "Content-Type": "image/webp",
      "Content-Length": String(variant.bytes),
      // An image id never changes content; a story's photo goes when the story does.
      "Cache-Control": access === "revocable" ? "public, max-age=600" : "public, max-age=31536000, immutable",
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
