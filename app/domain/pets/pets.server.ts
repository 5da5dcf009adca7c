import { randomUUID } from "node:crypto";
import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { adoptions, petPhotos, pets } from "~/db/schema";
import { publicDataChanged } from "~/domain/pets/public-reads.server";
import {
  AGE_MAX,
  ageInDays,
  searchKey,
  STATUS_LABEL,
  type AgeUnit,
  type Castration,
  type Companion,
  type PetStatus,
  type Sex,
  type Size,
  type Species,
  type Vaccine,
} from "~/lib/pets";
import { dayInBrasilia } from "~/lib/dates";
import type { FosterUrgency } from "~/lib/foster";
import { vaccinesOutsideList } from "~/validation/pets";
import { deleteUnusedImages, imageRefusal, prepareImage, saveImage, InvalidImageError } from "~/services/images.server";
import { fail, forbidden, invalid, notFound, ok, unlessStorageFull, type Result } from "~/services/outcome.server";
import { takeAllowance } from "~/services/rate-limits.server";
import type { Jobs } from "~/services/jobs.server";
import { requireConfirmedEmail } from "~/domain/accounts/email-confirmation.server";
import { resolveCity, type City } from "~/domain/places/cities.server";
import { caresFor, ownOrganization, publishingOrganization } from "~/domain/organizations/membership.server";
import { recordActivity } from "~/domain/organizations/activity-records.server";
import { endPlacementsLeft } from "~/domain/foster/placements.server";
import { dropNewsPhotos } from "~/domain/foster/news.server";
import { deriveFromRecord } from "~/domain/health/records.server";

/** A pet's fields as forms and the API send them. */
export type PetInput = {
  nome: string;
  especie: Species;
  idade: number;
  idade__unidade: AgeUnit;
  porte: Size;
  perfil: string;
  /** A name, "Niterói (RJ)", or an IBGE code; with `uf` unless the name or the code tells the state. */
  cidade: string;
  uf?: string;
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
  raca: string | null;
  pelagem: string | null;
  convive_com: Companion[];
  necessidades_especiais: string | null;
  historia: string | null;
  /** In cents. */
  taxa_adocao: number | null;
  /** The organisation looks for a foster home for it (issue 44). */
  precisa_lar_temporario: boolean;
  urgencia: FosterUrgency;
  /** ISO day by which a home is needed. */
  prazo_lar: string | null;
};

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
    ...(input.raca !== undefined && { raca: input.raca || null }),
    ...(input.pelagem !== undefined && { pelagem: input.pelagem || null }),
    ...(input.convive_com !== undefined && { conviveCom: input.convive_com }),
    ...(input.necessidades_especiais !== undefined && {
      necessidadesEspeciais: input.necessidades_especiais?.trim() || null,
    }),
    ...(input.historia !== undefined && { historia: input.historia?.trim() || null }),
    ...(input.taxa_adocao !== undefined && { taxaAdocaoCentavos: input.taxa_adocao }),
    ...(input.precisa_lar_temporario !== undefined && { precisaLarTemporario: input.precisa_lar_temporario }),
    ...(input.urgencia !== undefined && { larUrgente: input.urgencia === "urgente" }),
    ...(input.prazo_lar !== undefined && { prazoLar: input.prazo_lar }),
    // No longer looking for a home: nothing is urgent, no deadline.
    ...(input.precisa_lar_temporario === false && { larUrgente: false, prazoLar: null }),
  };
}

/** A deadline for a foster home is a day to come (in Brasília). */
function checkFosterDeadline(input: Partial<PetInput>): Result {
  return input.prazo_lar && input.prazo_lar < dayInBrasilia(new Date()) ? invalid("prazo_lar", "past-date") : ok();
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
  { organizationId }: { organizationId?: string } = {},
): Promise<Result<string>> {
  return unlessStorageFull(async () => {
    const confirmed = await requireConfirmedEmail(db, caretakerId);
    if (!confirmed.ok) return confirmed;
    const organization = await publishingOrganization(db, caretakerId, organizationId);
    if (!organization.ok) return organization;
    const pets = await takeAllowance(db, "publish-account", caretakerId);
    if (!pets.ok) return pets;
    const uploads = await takeAllowance(db, "upload-account", caretakerId, photos.length);
    if (!uploads.ok) return uploads;
    const created = await createPet(db, caretakerId, input, photos, { jobs, organizationId: organization.value });
    if (created.ok) jobs.wake(PET_PUBLISHED_JOB);
    return created;
  });
}

/**
 * Saves a pet with its photos: all checked and resized first, then the pet
 * and every photo saved in one transaction (all or nothing). Returns its id.
 * It belongs to `organizationId`, by default the caretaker's own organisation.
 */
export async function createPet(
  db: Db,
  caretakerId: string,
  input: PetInput,
  photos: PhotoSource[],
  { createdAt, jobs, organizationId }: { createdAt?: Date; jobs?: Jobs; organizationId?: string } = {},
): Promise<Result<string>> {
  const place = await resolveCity(db, input.cidade, input.uf);
  if (!place.ok) return place;
  const deadline = checkFosterDeadline(input);
  if (!deadline.ok) return deadline;
  const prepared = await preparePhotos(photos, caretakerId);
  if (!prepared.ok) return prepared;
  const owner = { caretakerId, organizationId: organizationId ?? (await ownOrganization(db, caretakerId)) };
  const created = await unlessStorageFull(() =>
    insertPet(db, owner, { ...input, ...placeInput(place.value) }, place.value, prepared.value, {
      createdAt,
      jobs,
    }),
  );
  if (created.ok) publicDataChanged(db);
  return created;
}

/** The city's own spelling and state. */
const placeInput = (city: City) => ({ cidade: city.nome, uf: city.uf as PetInput["uf"] });

/** Who published a pet, and the organisation it belongs to. */
type PetOwner = { caretakerId: string; organizationId: string };

/** A new pet's row: the input's columns, its city's (as the list names it), and what is derived from them. */
function newPetRow(owner: PetOwner, input: PetInput, city: City, createdAt: Date | undefined) {
  return {
    ...columnsOf(input),
    caretakerId: owner.caretakerId,
    organizationId: owner.organizationId,
    nome: input.nome.trim(),
    nomeBusca: searchKey(input.nome),
    species: input.especie,
    ageValue: input.idade,
    ageUnit: input.idade__unidade,
    ageDays: ageInDays(input.idade, input.idade__unidade),
    porte: input.porte,
    perfil: input.perfil.trim(),
    cidade: city.nome,
    cidadeBusca: searchKey(city.nome),
    uf: city.uf,
    cidadeIbge: city.codigo,
    status: input.status ?? "disponivel",
    ...(createdAt && { createdAt, updatedAt: createdAt }),
  };
}

function insertPet(
  db: Db,
  owner: PetOwner,
  input: PetInput,
  city: City,
  prepared: PreparedPhoto[],
  { createdAt, jobs }: { createdAt?: Date; jobs?: Jobs },
): Promise<Result<string>> {
  return db.transaction(async (tx) => {
    const [pet] = await tx
      .insert(pets)
      .values(newPetRow(owner, input, city, createdAt))
      .returning({ id: pets.id });
    await savePhotos(tx as unknown as Db, pet!.id, prepared);
    await recordActivity(tx as unknown as Db, {
      organizationId: owner.organizationId,
      actorId: owner.caretakerId,
      acao: "animal_publicado",
      alvoId: pet!.id,
      alvoNome: input.nome.trim(),
    });
    // With the pet or not at all: a pet published is always matched against the alerts.
    if (jobs && (input.status ?? "disponivel") === "disponivel") {
      await jobs.send(PET_PUBLISHED_JOB, { petId: pet!.id }, { tx: tx as unknown as Db });
    }
    return ok(pet!.id);
  });
}

/** A pet for insertPetsInBulk: its fields as checked, its city, and photos already stored. */
export type BulkPet = PetOwner & { input: PetInput; city: City; createdAt: Date; imageIds: string[] };

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
        ...newPetRow(pet, pet.input, pet.city, pet.createdAt),
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

/**
 * Only those who take care of the organisation's animals (administrador, equipe) change a
 * pet; a removed pet is not found, for everyone.
 */
async function ownership<Pet extends { status: PetStatus; organizationId: string }>(
  db: Db,
  pet: Pet | undefined,
  actorId: string,
): Promise<Result<Pet>> {
  if (!pet || pet.status === "removido") return notFound("pet");
  if (!(await caresFor(db, actorId, pet.organizationId))) return forbidden("pet-caretaker-only");
  return ok(pet);
}

/** The pet, locked for the change, if `actorId` may change it. */
async function ownedPet(db: Db, actorId: string, petId: string) {
  const [pet] = await db.select().from(pets).where(eq(pets.id, petId)).for("update").limit(1);
  return ownership(db, pet, actorId);
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
    .select({ status: pets.status, organizationId: pets.organizationId })
    .from(pets)
    .where(eq(pets.id, petId))
    .limit(1);
  const owned = await ownership(db, pet, actorId);
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
  const deadline = checkFosterDeadline(changes);
  if (!deadline.ok) return deadline;
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
    // The form's range check needs both; a number sent alone is checked against the stored unit.
    if (ageValue > AGE_MAX[ageUnit]) return invalid("idade", "age-max");
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
    // What the health record says of castration, vaccines and deworming wins over the form.
    await deriveFromRecord(tx as unknown as Db, petId);
    // Adopted, it leaves its foster home (the adopter takes it from there).
    if (changes.status === "adotado") await endPlacementsLeft(tx as unknown as Db, { petId });
    await recordActivity(tx as unknown as Db, {
      organizationId: owned.value.organizationId,
      actorId,
      acao: "animal_alterado",
      alvoId: petId,
      alvoNome: changes.nome?.trim() ?? owned.value.nome,
      detalhe:
        changes.status !== undefined && changes.status !== listed
          ? `agora ${STATUS_LABEL[changes.status].toLowerCase()}`
          : null,
    });
    return ok();
  });
}

/** Takes a pet off the site. Its page then says it was removed; its photos are deleted. */
export async function removePet(db: Db, actorId: string, petId: string): Promise<Result> {
  const result = await db.transaction(async (tx): Promise<Result> => {
    const owned = await ownedPet(tx as unknown as Db, actorId, petId);
    if (!owned.ok) return owned;
    await tx.update(pets).set({ status: "removido", updatedAt: new Date() }).where(eq(pets.id, petId));
    await endPlacementsLeft(tx as unknown as Db, { petId });
    await dropPhotos(tx as unknown as Db, petId);
    await dropNewsPhotos(tx as unknown as Db, petId);
    await recordActivity(tx as unknown as Db, {
      organizationId: owned.value.organizationId,
      actorId,
      acao: "animal_removido",
      alvoId: petId,
      alvoNome: owned.value.nome,
    });
    return ok();
  });
  if (result.ok) publicDataChanged(db);
  return result;
}
