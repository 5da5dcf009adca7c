// The upload scenario of the benchmark: a 12-megapixel JPEG of about 4 MB published as
// a pet's photo, timed, while other visitors keep using the site (their latency is
// measured with and without the upload), and the bytes of the card's variants.
import autocannon, { type Result } from "autocannon";
import sharp from "sharp";
import { petArtSvg, PALETTES } from "~/demo/pet-art.server";

export type UploadFigures = {
  jpegBytes: number;
  width: number;
  height: number;
  uploadMs: number;
  card320Bytes: number;
  card640Bytes: number;
  quietP99: number;
  busyP99: number;
  busyRps: number;
};

/** A photo-like 4000×3000 JPEG: a drawn pet with sensor-like noise, about 4 MB. */
async function twelveMegapixelJpeg(): Promise<Buffer> {
  const [width, height] = [4000, 3000];
  const drawing = await sharp(Buffer.from(petArtSvg("cao", PALETTES[0]!)))
    .resize(width, height, { fit: "cover" })
    .removeAlpha()
    .raw()
    .toBuffer();
  const noise = await sharp({
    create: { width, height, channels: 3, background: "#000", noise: { type: "gaussian", mean: 128, sigma: 10 } },
  })
    .raw()
    .toBuffer();
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 1) pixels[i] = Math.max(0, Math.min(255, drawing[i]! + noise[i]! - 128));
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
}

export async function measureUpload(base: string, login: { email: string; senha: string }): Promise<UploadFigures> {
  const jpeg = await twelveMegapixelJpeg();
  const session = await fetch(`${base}/api/session`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: login.email, senha: login.senha }),
  });
  if (session.status !== 200) throw new Error(`login: ${session.status} ${await session.text()}`);
  const cookie = session.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  // Other visitors: a request that reaches the database every time (not cached).
  const visitors = () => autocannon({ url: `${base}/healthz`, connections: 10, duration: 4 }) as Promise<Result>;
  const quiet = await visitors();

  const form = new FormData();
  const fields = {
    nome: "Foto grande",
    especie: "cao",
    idade: "2",
    idade__unidade: "anos",
    porte: "medio",
    perfil: "Medido pelo benchmark",
    cidade: "Niterói",
    uf: "RJ",
    status: "disponivel",
    sexo: "macho",
  };
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  form.append("fotos", new File([new Uint8Array(jpeg)], "foto.jpg", { type: "image/jpeg" }));

  const busyRun = visitors();
  await new Promise((resolve) => setTimeout(resolve, 500));
  const started = performance.now();
  const response = await fetch(`${base}/api/pets`, { method: "POST", headers: { cookie }, body: form });
  const uploadMs = Math.round(performance.now() - started);
  const busy = await busyRun;
  if (response.status !== 201) throw new Error(`upload: ${response.status} ${await response.text()}`);
  const pet = (await response.json()) as { fotos: { url: string }[] };
  const origin = new URL(base).origin;
  const variant = async (width: number) =>
    (await (await fetch(`${origin}${pet.fotos[0]!.url.replace(/\/640\.webp$/, `/${width}.webp`)}`)).arrayBuffer())
      .byteLength;
  return {
    jpegBytes: jpeg.length,
    width: 4000,
    height: 3000,
    uploadMs,
    card320Bytes: await variant(320),
    card640Bytes: await variant(640),
    quietP99: quiet.latency.p99,
    busyP99: busy.latency.p99,
    busyRps: Math.round(busy.requests.average),
  };
}
