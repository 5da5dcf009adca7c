import { loadSharp } from "./images.server";

/**
 * A picture's perceptual hash (dHash, 64 bits as 16 hex digits): the picture in grey at 9×8,
 * each bit whether a pixel is brighter than its right neighbour. The same photo resized,
 * recompressed or lightly cropped keeps nearly every bit; another picture differs in about half.
 * Compared by `photoLikeness` (app/lib/lost-found.ts).
 */
export async function perceptualHash(image: Buffer): Promise<string> {
  const sharp = await loadSharp();
  const pixels = await sharp(image).grayscale().resize(9, 8, { fit: "fill" }).raw().toBuffer();
  let hex = "";
  for (let row = 0; row < 8; row++) {
    for (let column = 0; column < 8; column += 4) {
      let nibble = 0;
      for (let bit = 0; bit < 4; bit++) {
        const at = row * 9 + column + bit;
        nibble = (nibble << 1) | (pixels[at]! > pixels[at + 1]! ? 1 : 0);
      }
      hex += nibble.toString(16);
    }
  }
  return hex;
}
