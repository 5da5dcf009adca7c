/** Widths kept for every image; a card's 148 px photo uses the first two. */
export const IMAGE_WIDTHS = [160, 320, 640, 1280] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

/** Public URL of one variant; an id never changes content, so it is cached for good. */
export function imageUrl(imageId: string, width: ImageWidth): string {
  return `/adopet/imagens/${imageId}/${width}.webp`;
}

/** A `srcset` listing every variant of an image. */
export function imageSrcSet(imageId: string): string {
  return IMAGE_WIDTHS.map((width) => `${imageUrl(imageId, width)} ${width}w`).join(", ");
}

/**
 * A photo private to an adoption's two parties (its story before publication, the check-ins, the
 * castration's certificate): served by the application's own route, never the public one.
 */
export function adoptionImageUrl(applicationId: string, imageId: string, width: 320 | 1280): string {
  return `/adopet/candidaturas/${applicationId}/fotos/${imageId}/${width}.webp`;
}
