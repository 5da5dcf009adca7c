import { randomUUID } from "node:crypto";
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
  /** Confirmed by default (the demo's accounts, and most tests'); false for an account that has not opened its link yet. */
  emailConfirmed?: boolean;
  /** When the account was made (an account old enough for some rules, issue 41). */
  createdAt?: Date;
};

export const DEFAULT_PASSWORD = "Adote@123";

export async function createUser(db: Db, input: NewUser = {}) {
  // A city not on the IBGE list stays as typed: an account from before the list.
  const city = input.cidade ? await resolveCity(db, input.cidade, input.uf) : null;
  const [user] = await db
    .insert(users)
    .values({
      email: input.email ?? `pessoa-${randomUUID().slice(0, 8)}@exemplo.com.br`,
      nome: input.nome ?? "Maria da Silva",
      passwordHash: await hashPassword(input.senha ?? DEFAULT_PASSWORD),
      telefone: input.telefone ?? null,
      cidade: city?.ok ? city.value.nome : (input.cidade ?? null),
      uf: city?.ok ? city.value.uf : (input.uf ?? null),
      cidadeIbge: city?.ok ? city.value.codigo : null,
      perfilSobre: input.perfilSobre ?? null,
      emailConfirmedAt: input.emailConfirmed === false ? null : (input.createdAt ?? new Date()),
      ...(input.createdAt && { createdAt: input.createdAt, updatedAt: input.createdAt }),
    })
    .returning();
  return user!;
}

export type NewPet = Partial<PetInput> & {
  caretakerId: string;
  /** By default the caretaker's own organisation. */
  organizationId?: string;
  createdAt?: Date;
  /** Photos as encoded images (jpeg/png/webp) or stored image ids; by default one drawn portrait. */
  photos?: PhotoSource[];
};

let artCounter = 0;
/**
 * Each portrait drawn once per process: rendering the SVG took about 100 ms, paid again by each of
 * the tests' hundreds of pets. Only the drawing is kept; every pet's photo still goes through the
 * upload's checks and resizing.
 */
const portraits = new Map<string, Promise<Buffer>>();

/** A drawn portrait of a pet as a PNG, as a caretaker's upload would arrive. */
export async function petPortrait(species: Species, paletteIndex = artCounter++): Promise<Buffer> {
  const palette = PALETTES[paletteIndex % PALETTES.length]!;
  const key = `${species}:${paletteIndex % PALETTES.length}`;
  let portrait = portraits.get(key);
  if (!portrait) {
    portrait = loadSharp().then((sharp) =>
      sharp(Buffer.from(petArtSvg(species, palette)))
        .png()
        .toBuffer(),
    );
    portraits.set(key, portrait);
    // A failed drawing is not kept: the next call tries again.
    portrait.catch(() => portraits.delete(key));
  }
  // A copy: a caller may change its bytes (a test of a damaged upload).
  return Buffer.from(await portrait);
}

/** Publishes a pet through the same service the pages use; returns its id. */
export async function createPet(db: Db, input: NewPet): Promise<string> {
  const especie = input.especie ?? "cao";
  const photos = input.photos ?? [await petPortrait(especie)];
  const created = await savePet(
    db,
    input.caretakerId,
    {
      nome: input.nome ?? "Thor",
      especie,
      idade: input.idade ?? 2,
      idade__unidade: input.idade__unidade ?? "anos",
      porte: input.porte ?? "medio",
      perfil: input.perfil ?? "Brincalhão e carinhoso",
      cidade: input.cidade ?? "Rio de Janeiro",
      uf: input.uf ?? "RJ",
      status: input.status ?? "disponivel",
      sexo: input.sexo ?? null,
      castrado: input.castrado ?? null,
      castracao_data: input.castracao_data ?? null,
      vacinas: input.vacinas ?? [],
      vermifugado: input.vermifugado ?? null,
      microchip: input.microchip ?? null,
      raca: input.raca ?? null,
      pelagem: input.pelagem ?? null,
      convive_com: input.convive_com ?? [],
      necessidades_especiais: input.necessidades_especiais ?? null,
      historia: input.historia ?? null,
      taxa_adocao: input.taxa_adocao ?? null,
    },
    photos,
    { createdAt: input.createdAt, organizationId: input.organizationId },
  );
  // The builders' defaults are valid: a refusal is a bug here, not an outcome.
  if (!created.ok) throw new Error(`Animal de exemplo recusado: ${JSON.stringify(created.failure)}`);
  return created.value;
}

/** A member added to an organisation, as an accepted invitation will. */
export async function addMember(db: Db, organizationId: string, userId: string, papel: OrganizationRole) {
  await db.insert(organizationMembers).values({ organizationId, userId, papel });
}
