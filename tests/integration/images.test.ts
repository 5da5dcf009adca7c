import sharp from "sharp";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { InvalidImageError, prepareImage } from "~/services/images.server";
import { petPortrait } from "../support/factories";

async function photoWithGps(width = 2000, height = 1500) {
  return sharp({ create: { width, height, channels: 3, background: "#c98b4f" } })
    .jpeg()
    .withExif({
      IFD0: { Make: "Camera", Model: "Telefone" },
      IFD3: { GPSLatitudeRef: "S", GPSLatitude: "22/1 54/1 0/1" },
    })
    .toBuffer();
}

describe("image uploads", () => {
  it("are resized to every variant as WebP, with the metadata (GPS included) stripped", async () => {
    const input = await photoWithGps();
    expect((await sharp(input).metadata()).exif).toBeDefined();

    const prepared = await prepareImage(input, ["jpeg", "png"], "conta");
    expect(prepared.variants.map((variant) => variant.width)).toEqual([160, 320, 640, 1280]);
    for (const variant of prepared.variants) {
      const metadata = await sharp(variant.data).metadata();
      expect(metadata.format).toBe("webp");
      expect(metadata.exif).toBeUndefined();
      expect(metadata.width).toBe(variant.width);
    }
  });

  it("are prepared one at a time, however many arrive at once", async () => {
    const photos = await Promise.all([1, 2, 3, 4, 5, 6].map((index) => photoWithGps(1600 + index * 100, 1200)));
    // sharp's own counters: tasks being worked on by libvips, and waiting for it. As one task
    // hands over to the next, both may count for an instant: two at most, where six photos
    // prepared at once counted six.
    let most = 0;
    const sampler = setInterval(() => {
      const { queue, process } = sharp.counters();
      most = Math.max(most, queue + process);
    }, 1);
    try {
      const prepared = await Promise.all(photos.map((photo) => prepareImage(photo, ["jpeg"], "conta")));
      expect(prepared.map((image) => image.variants.length)).toEqual([4, 4, 4, 4, 4, 4]);
    } finally {
      clearInterval(sampler);
    }
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThanOrEqual(2);
  });

  it("take turns between accounts: one account's many photos do not hold back another's", async () => {
    // Six large certificates from one account, then one profile photo from another, all at once.
    const certificates = await Promise.all([1, 2, 3, 4, 5, 6].map((index) => photoWithGps(3000 + index * 10, 2000)));
    const profile = await photoWithGps(800, 600);
    const finished: string[] = [];
    const prepare = (photo: Buffer, account: string, name: string) =>
      prepareImage(photo, ["jpeg"], account).then(() => finished.push(name));
    await Promise.all([
      ...certificates.map((photo, index) => prepare(photo, "quem-envia-muito", `certificado ${index + 1}`)),
      prepare(profile, "outra-pessoa", "perfil"),
    ]);
    // The profile photo waits for the certificate already being prepared, not for the other five.
    expect(finished).toEqual([
      "certificado 1",
      "perfil",
      "certificado 2",
      "certificado 3",
      "certificado 4",
      "certificado 5",
      "certificado 6",
    ]);
  });

  it("never enlarge a small image", async () => {
    const small = await sharp({ create: { width: 200, height: 100, channels: 3, background: "#fff" } })
      .png()
      .toBuffer();
    const prepared = await prepareImage(small, ["png"], "conta");
    // Every nominal width exists (URLs stay predictable); none is wider than the original.
    expect(prepared.variants.map((variant) => variant.width)).toEqual([160, 320, 640, 1280]);
    const widths = await Promise.all(
      prepared.variants.map(async (variant) => (await sharp(variant.data).metadata()).width),
    );
    expect(widths).toEqual([160, 200, 200, 200]);
  });

  it("are judged by their content, not their name or declared type", async () => {
    const text = Buffer.from("<script>alert(1)</script>");
    await expect(prepareImage(text, ["jpeg", "png"], "conta")).rejects.toMatchObject({ reason: "not-an-image" });

    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: "#000" } })
      .gif()
      .toBuffer();
    await expect(prepareImage(gif, ["jpeg", "png"], "conta")).rejects.toMatchObject({ reason: "format" });

    const webp = await petPortrait("gato");
    await expect(prepareImage(await sharp(webp).webp().toBuffer(), ["jpeg", "png"], "conta")).rejects.toBeInstanceOf(
      InvalidImageError,
    );
  });

  it("re-encode polyglots: a script riding on a real image does not survive", async () => {
    const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: "#fff" } })
      .png()
      .toBuffer();
    const polyglot = Buffer.concat([png, Buffer.from("<html><script>alert(document.cookie)</script></html>")]);
    const prepared = await prepareImage(polyglot, ["png"], "conta");
    for (const variant of prepared.variants) {
      expect(variant.data.includes("<script")).toBe(false);
      expect(variant.data.subarray(0, 4).toString()).toBe("RIFF");
    }
  });

  it("refuse truncated files", async () => {
    const whole = await photoWithGps(800, 600);
    const truncated = whole.subarray(0, Math.floor(whole.length / 2));
    await expect(prepareImage(truncated, ["jpeg"], "conta")).rejects.toMatchObject({ reason: "not-an-image" });
  });

  it("refuse image bombs by their declared dimensions, before decoding", async () => {
    // A PNG header claiming 20000×20000 pixels: tiny on disk, 1.6 GB once decoded.
    const bomb = await pngClaiming(20_000, 20_000);
    await expect(prepareImage(bomb, ["png"], "conta")).rejects.toMatchObject({ reason: "too-large" });
  });
});

/** A real 1×1 PNG whose header is rewritten to claim other dimensions. */
async function pngClaiming(width: number, height: number) {
  const png = Buffer.from(
    await sharp({ create: { width: 1, height: 1, channels: 3, background: "#000" } })
      .png()
      .toBuffer(),
  );
  // IHDR: length (4) + type (4) at offset 8; width and height at 16 and 20; CRC at 29.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(zlib.crc32(png.subarray(12, 29)), 29);
  return png;
}
