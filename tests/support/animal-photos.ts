import sharp from "sharp";

/**
 * Synthetic photos of animals for the lost and found tests (issue 47): a textured ground
 * (seeded noise) and an animal's body and head, with patches where told. Perceptual hashes read
 * the picture at 9×8, so what tells two animals apart is where the body stands and its patches;
 * the noise only makes each file its own.
 */

type Patch = { x: number; y: number; r: number; color: string };

export async function animalPhoto(
  seed: number,
  {
    bodyX = 200 + (seed % 5) * 80,
    patches = [],
    coat = "#c98b4f",
  }: { bodyX?: number; patches?: Patch[]; coat?: string } = {},
): Promise<Buffer> {
  const width = 1200;
  const height = 900;
  let state = seed;
  const noise = Buffer.alloc(width * height * 3);
  for (let index = 0; index < noise.length; index += 3) {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    const shade = 90 + (state % 60);
    noise[index] = shade;
    noise[index + 1] = shade + 20;
    noise[index + 2] = shade - 10;
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <ellipse cx="${bodyX}" cy="520" rx="300" ry="170" fill="${coat}"/>
    <circle cx="${bodyX + 300}" cy="330" r="130" fill="${coat}"/>
    <ellipse cx="${bodyX + 360}" cy="240" rx="40" ry="80" fill="#6b3e1d"/>
    ${patches.map((patch) => `<circle cx="${patch.x}" cy="${patch.y}" r="${patch.r}" fill="${patch.color}"/>`).join("")}
  </svg>`;
  return sharp(noise, { raw: { width, height, channels: 3 } })
    .composite([{ input: Buffer.from(svg) }])
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** The same photo as a second phone would take it: cropped a little, smaller, brighter, compressed more. */
export async function photographedAgain(original: Buffer): Promise<Buffer> {
  return sharp(original)
    .extract({ left: 40, top: 30, width: 1120, height: 840 })
    .resize(1000, 750)
    .modulate({ brightness: 1.08 })
    .jpeg({ quality: 70 })
    .toBuffer();
}
