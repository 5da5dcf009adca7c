import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import type { hiddenBy } from "~/db/schema";
import { fosterPlacements, organizations, petPhotos, pets, users } from "~/db/schema";
import { cachedRead } from "~/domain/pets/public-reads.server";
import { organizationsCaredForBy } from "~/domain/organizations/membership.server";
import {
  formatAge,
  formatPlace,
  formatSize,
  type AgeUnit,
  type Castration,
  type Companion,
  type PetStatus,
  type Sex,
  type Size,
  type Species,
  type Vaccine,
} from "~/lib/pets";

/** A pet as cards, pages and the API show it: read by id, by ids, or by caretaker. */

/** What the public sees of the record. */
type PetRecord = {
  sexo: Sex | null;
  castrado: Castration | null;
  castracaoData: string | null;
  vacinas: Vaccine[];
  vermifugado: boolean | null;
  /** Tested negative for FIV and FeLV, by its health record (issue 45). */
  fivFelvNegativo: boolean;
  microchip: string | null;
  raca: string | null;
  pelagem: string | null;
  conviveCom: Companion[];
  necessidadesEspeciais: string | null;
  historia: string | null;
  taxaAdocaoCentavos: number | null;
  /** The organisation looks for a foster home for it (issue 44), how urgently, by when. */
  precisaLarTemporario: boolean;
  larUrgente: boolean;
  prazoLar: string | null;
  /** In a foster home now: said, never where. */
  emLarTemporario: boolean;
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
  /** The organisation that owns the animal (issue 43). */
  organizacao: { id: string; nome: string; verificada: boolean };
  createdAt: Date;
  /** From the city of a search by distance, rounded. */
  distanciaKm?: number;
} & PetRecord;

/** The name a caretaker is shown by: an ONG's public name, or the person's name. */
export const publicName = sql<string>`case when ${users.tipo} = 'ong' and ${users.nomePublico} is not null
  then ${users.nomePublico} else ${users.nome} end`;

export const petColumns = {
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
  // The owner organisation's name and badge, by its primary key (no join for every reader of pets).
  organizationId: pets.organizationId,
  organizacaoNome: sql<string>`(select ${organizations.nome} from ${organizations} where ${organizations.id} = ${pets.organizationId})`,
  organizacaoVerificada: sql<boolean>`(select ${organizations.verifiedAt} is not null from ${organizations} where ${organizations.id} = ${pets.organizationId})`,
  sexo: pets.sexo,
  castrado: pets.castrado,
  castracaoData: pets.castracaoData,
  vacinas: pets.vacinas,
  vermifugado: pets.vermifugado,
  fivFelvNegativo: pets.fivFelvNegativo,
  microchip: pets.microchip,
  raca: pets.raca,
  pelagem: pets.pelagem,
  conviveCom: pets.conviveCom,
  necessidadesEspeciais: pets.necessidadesEspeciais,
  historia: pets.historia,
  taxaAdocaoCentavos: pets.taxaAdocaoCentavos,
  precisaLarTemporario: pets.precisaLarTemporario,
  larUrgente: pets.larUrgente,
  prazoLar: pets.prazoLar,
  emLarTemporario: sql<boolean>`exists (select 1 from ${fosterPlacements} where ${fosterPlacements.petId} = ${pets.id} and ${fosterPlacements.fim} is null)`,
  // The photos' image ids in order, gathered in the same query (no N+1).
  photoIds: sql<string[] | null>`(
    select array_agg(${petPhotos.imageId}::text order by ${petPhotos.position})
    from ${petPhotos} where ${petPhotos.petId} = ${pets.id}
  )`,
};

export type PetRow = {
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
  organizationId: string;
  organizacaoNome: string;
  organizacaoVerificada: boolean;
  photoIds: string[] | string | null;
  vacinas: string[];
  conviveCom: string[];
} & Omit<PetRecord, "vacinas" | "conviveCom">;

export function toView(row: PetRow): PetView {
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
    organizacao: { id: row.organizationId, nome: row.organizacaoNome, verificada: row.organizacaoVerificada },
    createdAt: new Date(row.createdAt),
    sexo: row.sexo,
    castrado: row.castrado,
    castracaoData: row.castracaoData,
    vacinas: row.vacinas as Vaccine[],
    vermifugado: row.vermifugado,
    fivFelvNegativo: row.fivFelvNegativo,
    microchip: row.microchip,
    raca: row.raca,
    pelagem: row.pelagem,
    conviveCom: row.conviveCom as Companion[],
    necessidadesEspeciais: row.necessidadesEspeciais,
    historia: row.historia,
    taxaAdocaoCentavos: row.taxaAdocaoCentavos,
    precisaLarTemporario: row.precisaLarTemporario,
    larUrgente: row.larUrgente,
    prazoLar: row.prazoLar,
    emLarTemporario: row.emLarTemporario,
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

/** A pet as the public sees it, from the public read cache: a listing hidden by moderation is not found. */
export function findPublicPet(db: Db, id: string): Promise<PetView | null> {
  return cachedRead(db, `pet:${id}`, async () => {
    const pet = await findPet(db, id);
    return pet && pet.status !== "oculto" ? pet : null;
  });
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

/** Every animal of one organisation, removed ones too, newest first (its export). */
export async function listOrganizationPets(db: Db, organizationId: string): Promise<PetView[]> {
  const rows = await db
    .select(petColumns)
    .from(pets)
    .innerJoin(users, eq(users.id, pets.caretakerId))
    .where(eq(pets.organizationId, organizationId))
    .orderBy(desc(pets.createdAt));
  return rows.map((row) => toView(row as PetRow));
}

/**
 * The animals of every organisation whose animals `userId` takes care of (administrador,
 * equipe; issue 43), not removed, newest first: `Meus animais` of a team member too.
 */
export async function listCaredForPets(db: Db, userId: string): Promise<PetView[]> {
  const rows = await db
    .select(petColumns)
    .from(pets)
    .innerJoin(users, eq(users.id, pets.caretakerId))
    .where(
      and(
        inArray(pets.organizationId, organizationsCaredForBy(db, userId)),
        inArray(pets.status, ["disponivel", "adotado", "oculto"]),
      ),
    )
    .orderBy(asc(pets.status), desc(pets.createdAt));
  return rows.map((row) => toView(row as PetRow));
}
