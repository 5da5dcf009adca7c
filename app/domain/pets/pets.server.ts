import { randomUUID } from "node:crypto";
import { and, asc, count, desc, eq, gt, gte, inArray, isNotNull, isNull, lte, ne, sql, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import type { hiddenBy } from "~/db/schema";
import { adoptions, petCounts, petPhotos, pets, users } from "~/db/schema";
import { cachedRead, publicDataChanged } from "~/domain/pets/public-reads.server";
import {
  AGE_GROUPS,
  ageInDays,
  COUNT_CAP,
  DEFAULT_RADIUS_KM,
  formatAge,
  formatPlace,
  formatSize,
  searchKey,
  type AgeUnit,
  type Castration,
  type Companion,
  type PetStatus,
  type Sex,
  type Size,
  type Species,
  type Vaccine,
} from "~/lib/pets";
import { vaccinesOutsideList, type FeedFilters } from "~/validation/pets";
import { deleteUnusedImages, imageRefusal, prepareImage, saveImage, InvalidImageError } from "~/services/images.server";
import { fail, forbidden, invalid, notFound, ok, unlessStorageFull, type Result } from "~/services/outcome.server";
import { takeAllowance } from "~/services/rate-limits.server";
import type { Jobs } from "~/services/jobs.server";
import { requireConfirmedEmail } from "~/domain/accounts/email-confirmation.server";
import { citiesWithin, resolveCity, type City, type Nearby } from "~/domain/places/cities.server";

/** A pet's fields as forms and the API send them. */
export type PetInput = {
  nome: string;
  especie: Species;
  idade: number;
  idade__unidade: AgeUnit;
  porte: Size;
  perfil: string;
  cidade: string;
  uf: string;
  status?: "disponivel" | "adotado";
} & Partial<PetRecordInput>;

/** The record beyond the specification's fields; `null` clears a field. */
type PetRecordInput = {
  sexo: Sex | null;
  castrado: Castration | null;
  /** ISO day, kept only while the castration is scheduled. */
  castracao_data: string | null;
  vacinas: Vaccine[];
  vermifugado: boolean | null;
  microchip: string | null;
  convive_com: Companion[];
  necessidades_especiais: string | null;
  historia: string | null;
  /** In cents. */
  taxa_adocao: number | null;
};

/** What the public sees of the record. */
type PetRecord = {
  sexo: Sex | null;
  castrado: Castration | null;
  castracaoData: string | null;
  vacinas: Vaccine[];
  vermifugado: boolean | null;
  microchip: string | null;
  conviveCom: Companion[];
  necessidadesEspeciais: string | null;
  historia: string | null;
  taxaAdocaoCentavos: number | null;
};

/** What a card, a page or the API shows of a pet. Never the caretaker's phone or e-mail. */
type HiddenBy = (typeof hiddenBy.enumValues)[number];

export type PetView = {
  id: string;
  nome: string;
  especie: Species;
  idade: string;
  idadeValor: number;
  idadeUnidade: AgeUnit;
  porte: string;
  porteCodigo: Size;
  perfil: string;
  cidade: string;
  uf: string;
  /** The IBGE code; null for a city typed before the list, to be chosen again by its caretaker. */
  cidadeIbge: number | null;
  local: string;
  status: PetStatus;
  /** Available, and promised to an approved application (shown as "Reservado", without `Quero adotar`). */
  reservado: boolean;
  /** Why moderation hides the listing (status `oculto`), and the status it goes back to; its caretaker reads it. */
  oculto: { por: HiddenBy; volta: PetStatus } | null;
  /** Image ids, the first being the cover. */
  photoIds: string[];
  caretaker: {
    id: string;
    /** An ONG's public name, or the person's name. */
    nome: string;
    cidade: string | null;
    uf: string | null;
    tipo: "pessoa" | "ong";
    verificada: boolean;
  };
  createdAt: Date;
  /** From the city of a search by distance, rounded. */
  distanciaKm?: number;
} & PetRecord;

export const FEED_PAGE_SIZE = 12;
export const API_MAX_LIMIT = 50;

const PHOTO_FORMATS = ["jpeg", "png", "webp"] as const;

/** An uploaded file, or an image already stored (bulk seeding shares a few portraits). */
export type PhotoSource = Buffer | { imageId: string };

type PreparedPhoto = Awaited<ReturnType<typeof prepareImage>> | { imageId: string };

/**
 * Every photo checked and resized, as `account`'s uploads; the first refused one is the `fotos`
 * input's failure, by its position.
 */
async function preparePhotos(photos: PhotoSource[], account: string): Promise<Result<PreparedPhoto[]>> {
  const prepared: PreparedPhoto[] = [];
  // One at a time: resizing is CPU- and memory-heavy, and uploads are small in number.
  for (const [index, photo] of photos.entries()) {
    if (!Buffer.isBuffer(photo)) {
      prepared.push(photo);
      continue;
    }
    try {
      prepared.push(await prepareImage(photo, PHOTO_FORMATS, account));
    } catch (error) {
      if (error instanceof InvalidImageError) return invalid("fotos", imageRefusal(error), index);
      throw error;
    }
  }
  return ok(prepared);
}

/** Changes as saved: the fields, and the city's code once resolved. */
type PetChanges = Partial<PetInput> & { cidadeIbge?: number };

function columnsOf(input: PetChanges) {
  return {
    ...(input.cidadeIbge !== undefined && { cidadeIbge: input.cidadeIbge }),
    ...(input.nome !== undefined && { nome: input.nome.trim(), nomeBusca: searchKey(input.nome) }),
    ...(input.especie !== undefined && { species: input.especie }),
    ...(input.porte !== undefined && { porte: input.porte }),
    ...(input.perfil !== undefined && { perfil: input.perfil.trim() }),
    ...(input.cidade !== undefined && { cidade: input.cidade.trim(), cidadeBusca: searchKey(input.cidade) }),
    ...(input.uf !== undefined && { uf: input.uf }),
    ...(input.status !== undefined && { status: input.status }),
    ...(input.sexo !== undefined && { sexo: input.sexo }),
    ...(input.castrado !== undefined && {
      castrado: input.castrado,
      castracaoData: input.castrado === "agendado" ? (input.castracao_data ?? null) : null,
    }),
    ...(input.castrado === undefined && input.castracao_data !== undefined && { castracaoData: input.castracao_data }),
    ...(input.vacinas !== undefined && { vacinas: input.vacinas }),
    ...(input.vermifugado !== undefined && { vermifugado: input.vermifugado }),
    ...(input.microchip !== undefined && { microchip: input.microchip }),
    ...(input.convive_com !== undefined && { conviveCom: input.convive_com }),
    ...(input.necessidades_especiais !== undefined && {
      necessidadesEspeciais: input.necessidades_especiais?.trim() || null,
    }),
    ...(input.historia !== undefined && { historia: input.historia?.trim() || null }),
    ...(input.taxa_adocao !== undefined && { taxaAdocaoCentavos: input.taxa_adocao }),
  };
}

/** The job that follows a pet's publication (the alerts it matches are e-mailed). */
export const PET_PUBLISHED_JOB = "pet-published";

/**
 * A caretaker publishes a pet: an account whose e-mail is confirmed (issue 41), within the
 * pets and photos an account may publish in an hour, then as createPet, with the job that tells who is waiting for such a pet.
 * Returns the new pet's id.
 */
export function publishPet(
  db: Db,
  jobs: Jobs,
  caretakerId: string,
  input: PetInput,
  photos: Buffer[],
): Promise<Result<string>> {
  return unlessStorageFull(async () => {
    const confirmed = await requireConfirmedEmail(db, caretakerId);
    if (!confirmed.ok) return confirmed;
    const pets = await takeAllowance(db, "publish-account", caretakerId);
    if (!pets.ok) return pets;
    const uploads = await takeAllowance(db, "upload-account", caretakerId, photos.length);
    if (!uploads.ok) return uploads;
    const created = await createPet(db, caretakerId, input, photos, { jobs });
    if (created.ok) jobs.wake(PET_PUBLISHED_JOB);
    return created;
  });
}

/**
 * Saves a pet with its photos: all checked and resized first, then the pet
 * and every photo saved in one transaction (all or nothing). Returns its id.
 */
export async function createPet(
  db: Db,
  caretakerId: string,
  input: PetInput,
  photos: PhotoSource[],
  { createdAt, jobs }: { createdAt?: Date; jobs?: Jobs } = {},
): Promise<Result<string>> {
  const place = await resolveCity(db, input.cidade, input.uf);
  if (!place.ok) return place;
  const prepared = await preparePhotos(photos, caretakerId);
  if (!prepared.ok) return prepared;
  const created = await unlessStorageFull(() =>
    insertPet(db, caretakerId, { ...input, ...placeInput(place.value) }, place.value, prepared.value, {
      createdAt,
      jobs,
    }),
  );
  if (created.ok) publicDataChanged(db);
  return created;
}

/** The city's own spelling and state. */
const placeInput = (city: City) => ({ cidade: city.nome, uf: city.uf as PetInput["uf"] });

/** A new pet's row: the input's columns, its city's, and what is derived from them. */
function newPetRow(caretakerId: string, input: PetInput, city: City, createdAt: Date | undefined) {
  return {
    ...columnsOf(input),
    caretakerId,
    nome: input.nome.trim(),
    nomeBusca: searchKey(input.nome),
    species: input.especie,
    ageValue: input.idade,
    ageUnit: input.idade__unidade,
    ageDays: ageInDays(input.idade, input.idade__unidade),
    porte: input.porte,
    perfil: input.perfil.trim(),
    cidade: input.cidade.trim(),
    cidadeBusca: searchKey(input.cidade),
    uf: input.uf,
    cidadeIbge: city.codigo,
    status: input.status ?? "disponivel",
    ...(createdAt && { createdAt, updatedAt: createdAt }),
  };
}

function insertPet(
  db: Db,
  caretakerId: string,
  input: PetInput,
  city: City,
  prepared: PreparedPhoto[],
  { createdAt, jobs }: { createdAt?: Date; jobs?: Jobs },
): Promise<Result<string>> {
  return db.transaction(async (tx) => {
    const [pet] = await tx
      .insert(pets)
      .values(newPetRow(caretakerId, input, city, createdAt))
      .returning({ id: pets.id });
    await savePhotos(tx as unknown as Db, pet!.id, prepared);
    // With the pet or not at all: a pet published is always matched against the alerts.
    if (jobs && (input.status ?? "disponivel") === "disponivel") {
      await jobs.send(PET_PUBLISHED_JOB, { petId: pet!.id }, { tx: tx as unknown as Db });
    }
    return ok(pet!.id);
  });
}

/** A pet for insertPetsInBulk: its fields as checked, its city, and photos already stored. */
export type BulkPet = { caretakerId: string; input: PetInput; city: City; createdAt: Date; imageIds: string[] };

/**
 * Many pets in one transaction, a statement per table: the rows `createPet` writes, for
 * loading a large data set (`npm run seed -- --pets 1000000`). The input is trusted (made by
 * code, not sent by a person), and no alert is told.
 */
export async function insertPetsInBulk(db: Db, batch: BulkPet[]): Promise<void> {
  if (batch.length === 0) return;
  await db.transaction(async (tx) => {
    // Ids made here, so that each pet's photos follow it whatever order the rows come back in.
    const ids = batch.map(() => randomUUID());
    await tx.insert(pets).values(
      batch.map((pet, index) => ({
        id: ids[index],
        ...newPetRow(pet.caretakerId, pet.input, pet.city, pet.createdAt),
      })),
    );
    const photos = batch.flatMap((pet, index) =>
      pet.imageIds.map((imageId, position) => ({ petId: ids[index]!, position, imageId })),
    );
    if (photos.length > 0) await tx.insert(petPhotos).values(photos);
  });
  publicDataChanged(db);
}

async function savePhotos(db: Db, petId: string, prepared: PreparedPhoto[]) {
  for (const [position, image] of prepared.entries()) {
    const imageId = "imageId" in image ? image.imageId : await saveImage(db, image);
    await db.insert(petPhotos).values({ petId, position, imageId });
  }
}

/** Deletes a pet's photo links, and the images nothing else uses. */
async function dropPhotos(db: Db, petId: string) {
  const old = await db.delete(petPhotos).where(eq(petPhotos.petId, petId)).returning({ imageId: petPhotos.imageId });
  await deleteUnusedImages(
    db,
    old.map((row) => row.imageId),
  );
}

/** Only a pet's caretaker changes it; a removed pet is not found, for everyone. */
function ownership<Pet extends { status: PetStatus; caretakerId: string }>(
  pet: Pet | undefined,
  actorId: string,
): Result<Pet> {
  if (!pet || pet.status === "removido") return notFound("pet");
  if (pet.caretakerId !== actorId) return forbidden("pet-caretaker-only");
  return ok(pet);
}

/** The pet, locked for the change, if `actorId` may change it. */
async function ownedPet(db: Db, actorId: string, petId: string) {
  const [pet] = await db.select().from(pets).where(eq(pets.id, petId)).for("update").limit(1);
  return ownership(pet, actorId);
}

/**
 * Whether the animal's adoption through a termo (issue 21) was not returned: published again,
 * its follow-up would go on for an animal no longer with the adopter. The return comes first.
 */
async function adoptedNotReturned(db: Db, petId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: adoptions.id })
    .from(adoptions)
    // An adopter who deleted their account ended the follow-up: nothing to record the return on.
    .where(and(eq(adoptions.petId, petId), isNull(adoptions.devolvidaEm), isNotNull(adoptions.adopterId)))
    .limit(1);
  return Boolean(row);
}

/** Whether `actorId` may change the pet (before reading an upload for it). */
export async function checkPetOwner(db: Db, actorId: string, petId: string): Promise<Result> {
  const [pet] = await db
    .select({ status: pets.status, caretakerId: pets.caretakerId })
    .from(pets)
    .where(eq(pets.id, petId))
    .limit(1);
  const owned = ownership(pet, actorId);
  return owned.ok ? ok() : owned;
}

/** Changes a pet's fields; new photos, when given, replace the old ones. Only its caretaker may. */
export function updatePet(
  db: Db,
  actorId: string,
  petId: string,
  changes: Partial<PetInput>,
  photos?: PhotoSource[],
): Promise<Result> {
  return unlessStorageFull(() => changePet(db, actorId, petId, changes, photos));
}

async function changePet(
  db: Db,
  actorId: string,
  petId: string,
  changes: Partial<PetInput>,
  photos?: PhotoSource[],
): Promise<Result> {
  let placed: PetChanges = changes;
  if (changes.cidade !== undefined || changes.uf !== undefined) {
    // Resolved before the transaction: the city list may have to be read first.
    const [current] = await db
      .select({ cidade: pets.cidade, uf: pets.uf })
      .from(pets)
      .where(eq(pets.id, petId))
      .limit(1);
    if (current) {
      const place = await resolveCity(db, changes.cidade ?? current.cidade, changes.uf ?? current.uf);
      if (!place.ok) return place;
      placed = { ...changes, ...placeInput(place.value), cidadeIbge: place.value.codigo };
    }
  }
  let prepared: PreparedPhoto[] | null = null;
  if (photos && photos.length > 0) {
    // Who may change the pet, then the allowance, before any photo is decoded (the transaction
    // checks ownership again, under its lock).
    const owned = await checkPetOwner(db, actorId, petId);
    if (!owned.ok) return owned;
    const allowed = await takeAllowance(db, "upload-account", actorId, photos.length);
    if (!allowed.ok) return allowed;
    const checked = await preparePhotos(photos, actorId);
    if (!checked.ok) return checked;
    prepared = checked.value;
  }
  const result = await savePet(db, actorId, petId, placed, prepared);
  if (result.ok) publicDataChanged(db);
  return result;
}

function savePet(
  db: Db,
  actorId: string,
  petId: string,
  changes: PetChanges,
  prepared: PreparedPhoto[] | null,
): Promise<Result> {
  return db.transaction(async (tx) => {
    const owned = await ownedPet(tx as unknown as Db, actorId, petId);
    if (!owned.ok) return owned;
    const listed = owned.value.status === "oculto" ? owned.value.statusBeforeHidden : owned.value.status;
    if (
      changes.status === "disponivel" &&
      listed !== "disponivel" &&
      (await adoptedNotReturned(tx as unknown as Db, petId))
    ) {
      return fail({ kind: "conflict", reason: "adoption-not-returned", field: "status" });
    }
    const species = changes.especie ?? owned.value.species;
    const vaccines = changes.vacinas ?? (owned.value.vacinas as Vaccine[]);
    if (vaccinesOutsideList(species, vaccines)) {
      if (changes.vacinas) return invalid("vacinas", "vaccine-species");
      // A new species drops the vaccines of the old one's list.
      changes = { ...changes, vacinas: vaccines.filter((vaccine) => !vaccinesOutsideList(species, [vaccine])) };
    }
    const castration = changes.castrado === undefined ? owned.value.castrado : changes.castrado;
    if (castration === "agendado" && !(changes.castracao_data ?? owned.value.castracaoData)) {
      return invalid("castracao_data", "castration-date");
    }
    const ageValue = changes.idade ?? owned.value.ageValue;
    const ageUnit = changes.idade__unidade ?? owned.value.ageUnit;
    // A listing hidden by moderation stays hidden: the status its caretaker chooses is the one
    // it goes back to when an operator restores it.
    const hidden = owned.value.status === "oculto" && changes.status !== undefined;
    const columns = columnsOf(changes);
    if (hidden) delete columns.status;
    await tx
      .update(pets)
      .set({
        ...columns,
        ...(hidden && { statusBeforeHidden: changes.status }),
        // Marked adopted, a pet is no longer promised; available again, it is reserved if an
        // application is still approved for it (declining that one reopens it).
        ...(!hidden &&
          changes.status !== undefined &&
          changes.status !== owned.value.status && {
            reservedAt:
              changes.status === "disponivel"
                ? sql`(select now() from applications a where a.pet_id = ${petId} and a.status = 'aprovada')`
                : null,
          }),
        ageValue,
        ageUnit,
        ageDays: ageInDays(ageValue, ageUnit),
        updatedAt: new Date(),
      })
      .where(eq(pets.id, petId));
    if (prepared) {
      await dropPhotos(tx as unknown as Db, petId);
      await savePhotos(tx as unknown as Db, petId, prepared);
    }
    return ok();
  });
}

/** Takes a pet off the site. Its page then says it was removed; its photos are deleted. */
export async function removePet(db: Db, actorId: string, petId: string): Promise<Result> {
  const result = await db.transaction(async (tx): Promise<Result> => {
    const owned = await ownedPet(tx as unknown as Db, actorId, petId);
    if (!owned.ok) return owned;
    await tx.update(pets).set({ status: "removido", updatedAt: new Date() }).where(eq(pets.id, petId));
    await dropPhotos(tx as unknown as Db, petId);
    return ok();
  });
  if (result.ok) publicDataChanged(db);
  return result;
}

/** The name a caretaker is shown by: an ONG's public name, or the person's name. */
export const publicName = sql<string>`case when ${users.tipo} = 'ong' and ${users.nomePublico} is not null
  then ${users.nomePublico} else ${users.nome} end`;

const petColumns = {
  id: pets.id,
  nome: pets.nome,
  species: pets.species,
  ageValue: pets.ageValue,
  ageUnit: pets.ageUnit,
  porte: pets.porte,
  perfil: pets.perfil,
  cidade: pets.cidade,
  uf: pets.uf,
  cidadeIbge: pets.cidadeIbge,
  status: pets.status,
  reservedAt: pets.reservedAt,
  hiddenBy: pets.hiddenBy,
  statusBeforeHidden: pets.statusBeforeHidden,
  createdAt: pets.createdAt,
  caretakerId: users.id,
  caretakerNome: publicName,
  caretakerCidade: users.cidade,
  caretakerUf: users.uf,
  caretakerTipo: users.tipo,
  caretakerVerifiedAt: users.verifiedAt,
  sexo: pets.sexo,
  castrado: pets.castrado,
  castracaoData: pets.castracaoData,
  vacinas: pets.vacinas,
  vermifugado: pets.vermifugado,
  microchip: pets.microchip,
  conviveCom: pets.conviveCom,
  necessidadesEspeciais: pets.necessidadesEspeciais,
  historia: pets.historia,
  taxaAdocaoCentavos: pets.taxaAdocaoCentavos,
  // The photos' image ids in order, gathered in the same query (no N+1).
  photoIds: sql<string[] | null>`(
    select array_agg(${petPhotos.imageId}::text order by ${petPhotos.position})
    from ${petPhotos} where ${petPhotos.petId} = ${pets.id}
  )`,
};

type PetRow = {
  id: string;
  nome: string;
  species: Species;
  ageValue: number;
  ageUnit: AgeUnit;
  porte: Size;
  perfil: string;
  cidade: string;
  uf: string;
  cidadeIbge: number | null;
  status: PetStatus;
  reservedAt: Date | string | null;
  hiddenBy: HiddenBy | null;
  statusBeforeHidden: PetStatus | null;
  createdAt: Date;
  caretakerId: string;
  caretakerNome: string;
  caretakerCidade: string | null;
  caretakerUf: string | null;
  caretakerTipo: "pessoa" | "ong";
  caretakerVerifiedAt: Date | string | null;
  photoIds: string[] | string | null;
  vacinas: string[];
  conviveCom: string[];
} & Omit<PetRecord, "vacinas" | "conviveCom">;

function toView(row: PetRow): PetView {
  return {
    id: row.id,
    nome: row.nome,
    especie: row.species,
    idade: formatAge(row.ageValue, row.ageUnit),
    idadeValor: row.ageValue,
    idadeUnidade: row.ageUnit,
    porte: formatSize(row.porte),
    porteCodigo: row.porte,
    perfil: row.perfil,
    cidade: row.cidade,
    uf: row.uf,
    cidadeIbge: row.cidadeIbge,
    local: formatPlace(row.cidade, row.uf),
    status: row.status,
    reservado: row.status === "disponivel" && row.reservedAt !== null,
    oculto:
      row.status === "oculto" && row.hiddenBy
        ? { por: row.hiddenBy, volta: row.statusBeforeHidden ?? "disponivel" }
        : null,
    photoIds: parseIdArray(row.photoIds),
    caretaker: {
      id: row.caretakerId,
      nome: row.caretakerNome,
      cidade: row.caretakerCidade,
      uf: row.caretakerUf,
      tipo: row.caretakerTipo,
      verificada: row.caretakerTipo === "ong" && row.caretakerVerifiedAt !== null,
    },
    createdAt: new Date(row.createdAt),
    sexo: row.sexo,
    castrado: row.castrado,
    castracaoData: row.castracaoData,
    vacinas: row.vacinas as Vaccine[],
    vermifugado: row.vermifugado,
    microchip: row.microchip,
    conviveCom: row.conviveCom as Companion[],
    necessidadesEspeciais: row.necessidadesEspeciais,
    historia: row.historia,
    taxaAdocaoCentavos: row.taxaAdocaoCentavos,
  };
}

/** node-postgres parses uuid arrays to string[]; PGlite may hand back the `{a,b}` text form. */
function parseIdArray(value: string[] | string | null): string[] {
  if (!value) return [];
  if (Array.isArray(value)) return value;
  return value
    .replace(/^\{|\}$/g, "")
    .split(",")
    .filter(Boolean);
}

export async function findPet(db: Db, id: string): Promise<PetView | null> {
  const [row] = await db
    .select(petColumns)
    .from(pets)
    .innerJoin(users, eq(users.id, pets.caretakerId))
    .where(eq(pets.id, id))
    .limit(1);
  return row ? toView(row as PetRow) : null;
}

/** Several pets by id, in one query (whatever their status). */
export async function findPets(db: Db, ids: string[]): Promise<Map<string, PetView>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select(petColumns)
    .from(pets)
    .innerJoin(users, eq(users.id, pets.caretakerId))
    .where(inArray(pets.id, ids));
  return new Map(rows.map((row) => [row.id, toView(row as PetRow)]));
}

export type FeedPage = {
  items: PetView[];
  /** How many match: exact for the plain filters, up to COUNT_CAP with words, places or companions. */
  total: number;
  /** More than COUNT_CAP match (words, places or companions). */
  totalLimitado?: boolean;
  page: number;
  pageCount: number;
  limit: number;
  /** The city of `perto`, when it was asked for: found, or not (then no pets). */
  perto?: { encontrada: true; rotulo: string; codigo: number } | { encontrada: false };
};

/** A pet as the public sees it, from the public read cache: a listing hidden by moderation is not found. */
export function findPublicPet(db: Db, id: string): Promise<PetView | null> {
  return cachedRead(db, `pet:${id}`, async () => {
    const pet = await findPet(db, id);
    return pet && pet.status !== "oculto" ? pet : null;
  });
}

/** Available pets, newest first, narrowed by the filters, one page at a time (from the public read cache). */
export function listFeed(db: Db, filters: FeedFilters, limit = FEED_PAGE_SIZE): Promise<FeedPage> {
  return cachedRead(db, `feed:${limit}:${JSON.stringify(filters)}`, () => queryFeed(db, filters, limit));
}

/** Narrows a feed query to pets published within a window, and not by one caretaker (an alert's own pets). */
export type FeedWindow = { after: Date; until: Date; notBy: string };

/**
 * Available pets matching the filters, published after `after` and up to `until`, not the
 * caretaker's own (what an alert e-mails): the feed's own query, so an alert and the feed
 * it links to agree. Not cached.
 */
export function listNewInFeed(db: Db, filters: FeedFilters, window: FeedWindow, limit: number): Promise<FeedPage> {
  return queryFeed(db, filters, limit, window);
}

async function queryFeed(db: Db, filters: FeedFilters, limit: number, window?: FeedWindow): Promise<FeedPage> {
  const page = filters.page ?? 1;
  const conditions: SQL[] = [eq(pets.status, "disponivel")];
  if (window) {
    conditions.push(gt(pets.createdAt, window.after), lte(pets.createdAt, window.until));
    conditions.push(ne(pets.caretakerId, window.notBy));
  }
  if (filters.cidade) conditions.push(eq(pets.cidadeBusca, searchKey(filters.cidade)));
  if (filters.uf) conditions.push(eq(pets.uf, filters.uf));
  if (filters.especie) conditions.push(eq(pets.species, filters.especie));
  if (filters.porte) conditions.push(eq(pets.porte, filters.porte));
  if (filters.idade) {
    const group = AGE_GROUPS[filters.idade];
    conditions.push(gte(pets.ageDays, group.min), lte(pets.ageDays, group.max));
  }
  if (filters.sexo) conditions.push(eq(pets.sexo, filters.sexo));
  if (filters.castrado) conditions.push(eq(pets.castrado, filters.castrado));
  if (filters.convive_com?.length) {
    conditions.push(sql`${pets.conviveCom} @> ${`{${filters.convive_com.join(",")}}`}::text[]`);
  }
  // Words without accents, stemmed as the column was ("gatinhas" finds "gatinha").
  if (filters.q) conditions.push(sql`${pets.busca} @@ plainto_tsquery('portuguese', ${searchKey(filters.q)})`);
  let nearby: Nearby | null = null;
  if (filters.perto) {
    nearby = await citiesWithin(db, filters.perto, filters.raio ?? DEFAULT_RADIUS_KM);
    if (!nearby) return { items: [], total: 0, page, limit, pageCount: 1, perto: { encontrada: false } };
  }
  const where = and(...conditions)!;
  const codes = nearby ? `{${nearby.cities.map((city) => city.codigo).join(",")}}` : "";
  const offset = (page - 1) * limit;
  const exact = countsFromCells(filters, window);
  const countMatches = () =>
    exact
      ? countFromCells(db, filters)
      : countUpTo(db, nearby ? and(where, sql`${pets.cidadeIbge} = any(${codes}::int[])`)! : where, COUNT_CAP);
  // The page and the count at once, each one query. The same filters share a count, whatever
  // the page (from the public read cache); an alert's window is its own.
  const [found, counted] = await Promise.all([
    pageOfPets(db, where, nearby ? codes : null, limit, offset),
    window ? countMatches() : cachedRead(db, `count:${JSON.stringify({ ...filters, page: undefined })}`, countMatches),
  ]);
  const kmByCode = new Map(nearby?.cities.map((city) => [city.codigo, Math.round(city.km)]));
  const limited = !exact && counted > COUNT_CAP;
  const total = limited ? COUNT_CAP : counted;
  return {
    items: found.map((pet) =>
      nearby && pet.cidadeIbge !== null ? { ...pet, distanciaKm: kmByCode.get(pet.cidadeIbge) } : pet,
    ),
    total,
    ...(limited && { totalLimitado: true }),
    page,
    limit,
    pageCount: Math.max(1, Math.ceil(total / limit)),
    ...(nearby && { perto: { encontrada: true, rotulo: nearby.center.rotulo, codigo: nearby.center.codigo } }),
  };
}

/**
 * A page of matching pets with their photos and caretaker, in one query: the page's ids are
 * read off an index first (newest first, or nearest first when `codes` lists the cities in
 * reach), and only those rows are joined.
 */
async function pageOfPets(db: Db, where: SQL, codes: string | null, limit: number, offset: number): Promise<PetView[]> {
  const ids = codes ? nearestIds(where, codes, limit, offset) : newestIds(db, where, limit, offset);
  const rows = await db
    .select(petColumns)
    .from(pets)
    .innerJoin(users, eq(users.id, pets.caretakerId))
    .where(sql`${pets.id} in (${ids})`)
    // The ids' own order: the cities' (nearest first), then the newest.
    .orderBy(
      ...(codes ? [sql`array_position(${codes}::int[], ${pets.cidadeIbge})`] : []),
      desc(pets.createdAt),
      desc(pets.id),
    );
  return rows.map((row) => toView(row as PetRow));
}

/** The ids of a page of the newest matching pets, off the feed's indexes. */
function newestIds(db: Db, where: SQL, limit: number, offset: number): SQL {
  const query = db
    .select({ id: pets.id })
    .from(pets)
    .where(where)
    .orderBy(desc(pets.createdAt), desc(pets.id))
    .limit(limit)
    .offset(offset);
  return sql`${query}`;
}

/**
 * The ids of a page of matching pets nearest first (the cities in `codes` are in order of
 * distance), the newest first within a city: each city's newest read off the place index, at
 * most as many as the page needs, so a big city's thousands are never all read and sorted.
 */
function nearestIds(where: SQL, codes: string, limit: number, offset: number): SQL {
  return sql`
    select nearest.id from unnest(${codes}::int[]) with ordinality as reach(code, rank)
    cross join lateral (
      select ${pets.id} as id, ${pets.createdAt} as created_at from ${pets}
      where ${where} and ${pets.cidadeIbge} = reach.code
      order by ${pets.createdAt} desc, ${pets.id} desc
      limit ${offset + limit}
    ) as nearest
    order by reach.rank, nearest.created_at desc, nearest.id desc
    limit ${limit} offset ${offset}`;
}

/** Filters the counts table answers: only the plain ones (words, places and companions have indexes of their own). */
function countsFromCells(filters: FeedFilters, window: FeedWindow | undefined): boolean {
  return !window && !filters.q && !filters.cidade && !filters.perto && !filters.convive_com?.length;
}

/** The exact count of available pets for the plain filters, added up from `pet_counts`. */
async function countFromCells(db: Db, filters: FeedFilters): Promise<number> {
  const conditions = [
    filters.especie && eq(petCounts.species, filters.especie),
    filters.porte && eq(petCounts.porte, filters.porte),
    filters.idade && eq(petCounts.idade, filters.idade),
    filters.sexo && eq(petCounts.sexo, filters.sexo),
    filters.castrado && eq(petCounts.castrado, filters.castrado),
    filters.uf && eq(petCounts.uf, filters.uf),
  ].filter((condition): condition is SQL => Boolean(condition));
  const [row] = await db
    .select({ total: sql<string | null>`sum(${petCounts.n})` })
    .from(petCounts)
    .where(and(...conditions));
  return Number(row?.total ?? 0);
}

/** How many pets match, counting no further than `cap` + 1. */
async function countUpTo(db: Db, where: SQL, cap: number): Promise<number> {
  const capped = db
    .select({ one: sql`1` })
    .from(pets)
    .where(where)
    .limit(cap + 1)
    .as("capped");
  const [row] = await db.select({ total: count() }).from(capped);
  return row?.total ?? 0;
}

/** A caretaker's own pets (by default those not removed, hidden ones too), newest first. */
export async function listCaretakerPets(
  db: Db,
  caretakerId: string,
  statuses: PetStatus[] = ["disponivel", "adotado", "oculto"],
): Promise<PetView[]> {
  const rows = await db
    .select(petColumns)
    .from(pets)
    .innerJoin(users, eq(users.id, pets.caretakerId))
    .where(and(eq(pets.caretakerId, caretakerId), inArray(pets.status, statuses)))
    .orderBy(asc(pets.status), desc(pets.createdAt));
  return rows.map((row) => toView(row as PetRow));
}

// A feed page in the API's shape, made once per page read: a page the public read cache
// keeps is answered many times a second.
