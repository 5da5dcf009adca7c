import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { petPhotos, pets, users } from "./schema";
import type { Db } from "./client.server";
import { PALETTES, petArtSvg } from "./pet-art.server";
import { hashPassword } from "~/services/passwords.server";
import { prepareImage, saveImage } from "~/services/images.server";

/**
 * Builders of valid records, shared by the demo seed and the tests: every
 * default passes the app's own validation rules.
 */

export type NewUser = {
  email?: string;
  nome?: string;
  senha?: string;
  telefone?: string | null;
  cidade?: string | null;
  uf?: string | null;
  perfilSobre?: string | null;
};

export const DEFAULT_PASSWORD = "Adote@123";

export async function createUser(db: Db, input: NewUser = {}) {
  const [user] = await db
    .insert(users)
    .values({
      email: input.email ?? `pessoa-${randomUUID().slice(0, 8)}@exemplo.com.br`,
      nome: input.nome ?? "Maria da Silva",
      passwordHash: await hashPassword(input.senha ?? DEFAULT_PASSWORD),
      telefone: input.telefone ?? null,
      cidade: input.cidade ?? null,
      uf: input.uf ?? null,
      perfilSobre: input.perfilSobre ?? null,
    })
    .returning();
  return user!;
}

export type NewPet = {
  caretakerId: string;
  nome?: string;
  species?: "cao" | "gato" | "outro";
  ageValue?: number;
  ageUnit?: "dias" | "meses" | "anos";
  porte?: "pequeno" | "medio" | "medio_grande" | "grande";
  perfil?: string;
  cidade?: string;
  uf?: string;
  status?: "disponivel" | "adotado" | "removido";
  createdAt?: Date;
  /** Photos as encoded images (jpeg/png/webp); by default one drawn portrait. */
  photos?: Buffer[];
};

let artCounter = 0;

/** A drawn portrait of a pet as a PNG, as a caretaker's upload would arrive. */
export async function petPortrait(species: "cao" | "gato" | "outro", paletteIndex = artCounter++): Promise<Buffer> {
  const palette = PALETTES[paletteIndex % PALETTES.length]!;
  return sharp(Buffer.from(petArtSvg(species, palette))).png().toBuffer();
}

export async function createPet(db: Db, input: NewPet) {
  const species = input.species ?? "cao";
  const photos = input.photos ?? [await petPortrait(species)];
  // Image processing is slow: do it before the transaction that stores the pet.
  const prepared = await Promise.all(photos.map((photo) => prepareImage(photo, ["jpeg", "png", "webp"])));
  return db.transaction(async (tx) => {
    const [pet] = await tx
      .insert(pets)
      .values({
        caretakerId: input.caretakerId,
        nome: input.nome ?? "Thor",
        species,
        ageValue: input.ageValue ?? 2,
        ageUnit: input.ageUnit ?? "anos",
        porte: input.porte ?? "medio",
        perfil: input.perfil ?? "Brincalhão e carinhoso",
        cidade: input.cidade ?? "Rio de Janeiro",
        uf: input.uf ?? "RJ",
        status: input.status ?? "disponivel",
        ...(input.createdAt ? { createdAt: input.createdAt, updatedAt: input.createdAt } : {}),
      })
      .returning();
    for (const [position, image] of prepared.entries()) {
      const imageId = await saveImage(tx as unknown as Db, image);
      await tx.insert(petPhotos).values({ petId: pet!.id, position, imageId });
    }
    return pet!;
  });
}
