import { randomUUID } from "node:crypto";
import type { Db } from "~/db/client.server";
import type { Species } from "~/lib/pets";
import { PALETTES } from "~/demo/pet-art.server";
import { drawPortrait, insertAccount, publishPet, type AccountRecord, type PetRecord } from "~/demo/records.server";

/**
 * The tests' builders of valid records, on the demo seed's (app/demo/records.server.ts): each
 * fills what a test leaves out with a default that passes the app's own validation rules.
 */

export { addMember } from "~/demo/records.server";

export type NewUser = Partial<Omit<AccountRecord, "emailConfirmedAt">> & {
  /** Confirmed by default (most tests' accounts); false for an account that has not opened its link yet. */
  emailConfirmed?: boolean;
  /** When the account was made (an account old enough for some rules, issue 41); confirmed then. */
  createdAt?: Date;
};

export const DEFAULT_PASSWORD = "Adote@123";

/** An account: a fresh e-mail, "Maria da Silva", DEFAULT_PASSWORD, confirmed, unless told otherwise. */
export async function createUser(db: Db, input: NewUser = {}) {
  const { emailConfirmed, ...record } = input;
  return insertAccount(db, {
    ...record,
    email: input.email ?? `pessoa-${randomUUID().slice(0, 8)}@exemplo.com.br`,
    nome: input.nome ?? "Maria da Silva",
    senha: input.senha ?? DEFAULT_PASSWORD,
    emailConfirmedAt: emailConfirmed === false ? null : (input.createdAt ?? new Date()),
  });
}

let artCounter = 0;
/**
 * Each portrait drawn once per process: rendering the SVG took about 100 ms, paid again by each of
 * the tests' hundreds of pets. Only the drawing is kept; every pet's photo still goes through the
 * upload's checks and resizing.
 */
const portraits = new Map<string, Promise<Buffer>>();

/** A drawn portrait of a pet as a PNG, as a caretaker's upload would arrive; by default the next palette. */
export async function petPortrait(species: Species, paletteIndex = artCounter++): Promise<Buffer> {
  const key = `${species}:${paletteIndex % PALETTES.length}`;
  let portrait = portraits.get(key);
  if (!portrait) {
    portrait = drawPortrait(species, paletteIndex);
    portraits.set(key, portrait);
    // A failed drawing is not kept: the next call tries again.
    portrait.catch(() => portraits.delete(key));
  }
  // A copy: a caller may change its bytes (a test of a damaged upload).
  return Buffer.from(await portrait);
}

type NewPet = Partial<PetRecord> & Pick<PetRecord, "caretakerId">;

/**
 * A pet published as its caretaker's: a two-year-old medium dog "Thor" in Rio de Janeiro, with
 * one drawn portrait, unless told otherwise; the record's other fields are left unsaid.
 */
export async function createPet(db: Db, input: NewPet): Promise<string> {
  const {
    especie = "cao",
    nome = "Thor",
    idade = 2,
    idade__unidade = "anos",
    porte = "medio",
    perfil = "Brincalhão e carinhoso",
    cidade = "Rio de Janeiro",
    uf = "RJ",
    photos,
    ...record
  } = input;
  return publishPet(db, {
    ...record,
    especie,
    nome,
    idade,
    idade__unidade,
    porte,
    perfil,
    cidade,
    uf,
    photos: photos ?? [await petPortrait(especie)],
  });
}
