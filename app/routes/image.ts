import type { Route } from "./+types/image";
import { findImageVariant } from "~/services/images.server";
import { IMAGE_WIDTHS } from "~/lib/image-urls";
import { isId } from "~/lib/ids";
import { isPrivateImage } from "~/domain/termos/followups.server";

const FILE = /^(\d{2,4})\.webp$/;

/** Serves one stored image variant: `/adopet/imagens/:id/:width.webp`. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const width = Number(FILE.exec(params.file)?.[1]);
  if (!isId(params.imageId) || !(IMAGE_WIDTHS as readonly number[]).includes(width)) {
    return notFound();
  }
  // A check-in's photo or a castration certificate is for the adoption's parties only (their route).
  const [variant, restricted] = await Promise.all([
    findImageVariant(context.db, params.imageId, width),
    isPrivateImage(context.db, params.imageId),
  ]);
  if (!variant || restricted) return notFound();
  return new Response(new Uint8Array(variant.data), {
    headers: {
      "Content-Type": "image/webp",
      "Content-Length": String(variant.bytes),
      // An image id never changes content.
      "Cache-Control": "public, max-age=31536000, immutable",
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
