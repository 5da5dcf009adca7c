import { organizationMembers, users } from "~/db/schema";
import type { Db } from "~/db/client.server";
import { PALETTES, petArtSvg } from "./pet-art.server";
import { loadSharp } from "~/services/images.server";
import { hashPassword } from "~/domain/accounts/passwords.server";
import type { Species } from "~/lib/pets";
import type { OrganizationRole } from "~/lib/organizations";
import { createPet as savePet, type PetInput, type PhotoSource } from "~/domain/pets/pets.server";
import { resolveCity } from "~/domain/places/cities.server";

/**
 * The demo seed's records, written as the site writes them: every value given by the caller
 * (the seed), nothing made up here. The tests' builders (tests/support/factories.ts) call these
 * with their own defaults.
 */

export type AccountRecord = {
  email: string;
  nome: string;
  /** The password as typed; stored hashed. */
  senha: string;
  telefone?: string | null;
  cidade?: string | null;
  uf?: string | null;
  perfilSobre?: string | null;
  /** When the account opened its confirmation link; null for one that has not yet. */
  emailConfirmedAt: Date | null;
  /** When the account was made (by default, now). */
  createdAt?: Date;
};

/** An account, its city resolved as the profile form resolves it. */
export async function insertAccount(db: Db, record: AccountRecord) {
  // A city not on the IBGE list stays as typed: an account from before the list.
  const city = record.cidade ? await resolveCity(db, record.cidade, record.uf) : null;
  const [user] = await db
    .insert(users)
    .values({
      email: record.email,
      nome: record.nome,
      passwordHash: await hashPassword(record.senha),
      telefone: record.telefone ?? null,
      cidade: city?.ok ? city.value.nome : (record.cidade ?? null),
      uf: city?.ok ? city.value.uf : (record.uf ?? null),
      cidadeIbge: city?.ok ? city.value.codigo : null,
      perfilSobre: record.perfilSobre ?? null,
      emailConfirmedAt: record.emailConfirmedAt,
      ...(record.createdAt && { createdAt: record.createdAt, updatedAt: record.createdAt }),
    })
    .returning();
  return user!;
}

/** A member added to an organisation, as an accepted invitation will. */
export async function addMember(db: Db, organizationId: string, userId: string, papel: OrganizationRole) {
  await db.insert(organizationMembers).values({ organizationId, userId, papel });
}

/** A drawn portrait of a pet as a PNG, as a caretaker's upload would arrive; one palette of PALETTES per index. */
export async function drawPortrait(species: Species, paletteIndex: number): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(Buffer.from(petArtSvg(species, PALETTES[paletteIndex % PALETTES.length]!)))
    .png()
    .toBuffer();
}

export type PetRecord = PetInput & {
  caretakerId: string;
  /** By default the caretaker's own organisation. */
  organizationId?: string;
  /** When it was published (by default, now). */
  createdAt?: Date;
  /** Photos as encoded images (jpeg/png/webp) or stored image ids. */
  photos: PhotoSource[];
};

/** Publishes a pet through the same service the pages use; returns its id. */
export async function publishPet(db: Db, record: PetRecord): Promise<string> {
  const { caretakerId, organizationId, createdAt, photos, ...input } = record;
  const created = await savePet(db, caretakerId, input, photos, { createdAt, organizationId });
  // The records given are meant valid: a refusal is a bug here, not an outcome.
  if (!created.ok) throw new Error(`Animal de exemplo recusado: ${JSON.stringify(created.failure)}`);
  return created.value;
}
