import { and, desc, eq, isNotNull, isNull } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { adoptions, organizations } from "~/db/schema";
import { requirePower, roleIn } from "~/domain/organizations/membership.server";
import { recordActivity } from "~/domain/organizations/activity-records.server";
import { findPet, listOrganizationPets, type PetView } from "~/domain/pets/pet-views.server";
import { termoAdopter } from "~/domain/termos/termo-reads.server";
import { dayInBrasilia, formatDay } from "~/lib/dates";
import { readsPositive, vaccineKey, type HealthEntry } from "~/lib/health";
import { formatCnpj, roleMay } from "~/lib/organizations";
import { CASTRATION_LABEL, SEX_LABEL, SPECIES_LABEL } from "~/lib/pets";
import { forbidden, notFound, ok, type Result } from "~/services/outcome.server";
import type { Vault } from "~/services/vault.server";
import { entriesOfPets, healthReaderOf } from "./records.server";

/**
 * What the national register of dogs and cats asks of each animal (Lei 15.046/2024, art. 2º:
 * species, breed, sex, real or presumed age, coat, vaccines, diseases, microchip, origin, and its
 * tutor's name, CPF and address), as its readers export it (issue 45). The register has no public
 * API: a file a person uploads or types from is the honest way. An adopted animal's tutor is its
 * adopter, from the signed termo; one still with the organisation, the organisation.
 */

export type RegisterRow = Record<(typeof REGISTER_COLUMNS)[number], string>;

/** The columns, in the order the register's form asks for them. */
export const REGISTER_COLUMNS = [
  "nome",
  "especie",
  "raca",
  "sexo",
  "idade",
  "idade_tipo",
  "pelagem",
  "castrado",
  "vacinas",
  "doencas",
  "necessidades_especiais",
  "microchip",
  "origem",
  "situacao",
  "tutor_nome",
  "tutor_documento",
  "tutor_endereco",
  "tutor_cep",
] as const;

/** The columns' titles, as a person reads them in the PDF. */
export const REGISTER_LABELS: Record<(typeof REGISTER_COLUMNS)[number], string> = {
  nome: "Nome",
  especie: "Espécie",
  raca: "Raça",
  sexo: "Sexo",
  idade: "Idade",
  idade_tipo: "Idade real ou presumida",
  pelagem: "Pelagem",
  castrado: "Castrado",
  vacinas: "Vacinas",
  doencas: "Doenças",
  necessidades_especiais: "Necessidades especiais",
  microchip: "Microchip",
  origem: "Origem",
  situacao: "Situação",
  tutor_nome: "Tutor",
  tutor_documento: "CPF ou CNPJ do tutor",
  tutor_endereco: "Endereço do tutor",
  tutor_cep: "CEP do tutor",
};

type Organization = { nome: string; cnpj: string | null; cidade: string | null; uf: string | null };
type Tutor = { nome: string; documento: string; endereco: string; cep: string; adotadoEm: Date };

/** The latest dose of each vaccine, by name: "Antirrábica (23/10/2026); V10 (23/10/2026)". */
function vaccinesText(entries: HealthEntry[]): string {
  const latest = new Map<string, HealthEntry>();
  for (const entry of entries) {
    if (entry.tipo !== "vacina") continue;
    const key = vaccineKey(entry);
    if (!latest.has(key) || latest.get(key)!.data < entry.data) latest.set(key, entry);
  }
  return [...latest.values()]
    .sort((a, b) => (a.nome ?? "").localeCompare(b.nome ?? "", "pt-BR"))
    .map((entry) => `${entry.nome} (${formatDay(entry.data)})`)
    .join("; ");
}

/** Exams that read positive: "Leishmaniose: positivo (10/10/2026)". */
function diseasesText(entries: HealthEntry[]): string {
  return entries
    .filter((entry) => entry.tipo === "exame" && readsPositive(entry.resultado))
    .map((entry) => `${entry.nome}: ${entry.resultado} (${formatDay(entry.data)})`)
    .join("; ");
}

function toRow(pet: PetView, entries: HealthEntry[], organization: Organization, tutor: Tutor | null): RegisterRow {
  const place = organization.cidade ? `, ${organization.cidade} (${organization.uf})` : "";
  return {
    nome: pet.nome,
    especie: SPECIES_LABEL[pet.especie],
    raca: pet.raca ?? "",
    sexo: pet.sexo ? SEX_LABEL[pet.sexo] : "",
    idade: pet.idade,
    idade_tipo: "Presumida",
    pelagem: pet.pelagem ?? "",
    castrado: pet.castrado ? CASTRATION_LABEL[pet.castrado] : "",
    vacinas: vaccinesText(entries),
    doencas: diseasesText(entries),
    necessidades_especiais: pet.necessidadesEspeciais ?? "",
    microchip: pet.microchip ?? "",
    origem: `Organização de proteção animal: ${organization.nome}${place}`,
    situacao: tutor
      ? `Adotado em ${formatDay(dayInBrasilia(tutor.adotadoEm))}`
      : pet.status === "adotado"
        ? "Adotado (sem termo na Adopet)"
        : pet.emLarTemporario
          ? "Em lar temporário, sob a guarda da organização"
          : "Sob a guarda da organização",
    tutor_nome: tutor?.nome ?? organization.nome,
    tutor_documento: tutor ? tutor.documento : organization.cnpj ? formatCnpj(organization.cnpj) : "",
    tutor_endereco: tutor?.endereco ?? "",
    tutor_cep: tutor?.cep ?? "",
  };
}

/**
 * What the reader may see of an adopter (issue 63): an administrador of the organisation and the
 * adopter themself, everything; equipe, none of it (the columns left blank). The
 * organisation's own name and CNPJ, where it is the tutor, are no one's personal data.
 */
function tutorFor(tutor: Tutor | null, seesPeople: boolean): Tutor | null {
  return tutor && !seesPeople ? { ...tutor, nome: "", documento: "", endereco: "", cep: "" } : tutor;
}

/** An administrador's download that holds adopters' data goes in the organisation's log. */
async function logPersonalDownload(db: Db, actorId: string, organizationId: string, tutors: number) {
  if (tutors === 0) return;
  await recordActivity(db, {
    organizationId,
    actorId,
    acao: "dados_pessoais_baixados",
    detalhe: `registro do SinPatinhas, com os dados de ${tutors === 1 ? "1 tutor" : `${tutors} tutores`}`,
  });
}

/** The adopter, by the signed termo of the adoption not returned, if there is one. */
async function tutorOf(db: Db, vault: Vault, petId: string): Promise<Tutor | null> {
  const [adoption] = await db
    .select({ termoId: adoptions.termoId, adoptedAt: adoptions.adoptedAt })
    .from(adoptions)
    .where(and(eq(adoptions.petId, petId), isNull(adoptions.devolvidaEm), isNotNull(adoptions.termoId)))
    .orderBy(desc(adoptions.adoptedAt))
    .limit(1);
  if (!adoption) return null;
  const adopter = await termoAdopter(db, vault, adoption.termoId!);
  if (!adopter) return null;
  return {
    nome: adopter.nomeCompleto,
    documento: adopter.cpf,
    endereco: adopter.endereco,
    cep: adopter.cep,
    adotadoEm: new Date(adoption.adoptedAt),
  };
}

async function organizationOf(db: Db, organizationId: string): Promise<Organization | null> {
  const [row] = await db
    .select({ nome: organizations.nome, cnpj: organizations.cnpj, cidade: organizations.cidade, uf: organizations.uf })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row ?? null;
}

/**
 * The organisation's animals for the register, for its administradores and equipe (a foster
 * home 403, anyone else 404): every animal not removed, adopted ones with their adopter.
 */
export async function organizationRegister(
  db: Db,
  vault: Vault,
  actorId: string,
  organizationId: string,
): Promise<Result<RegisterRow[]>> {
  const power = await requirePower(db, actorId, organizationId, "cuidar");
  if (!power.ok) return power;
  const organization = await organizationOf(db, organizationId);
  if (!organization) return notFound("organization");
  const seesPeople = roleMay(power.value, "administrar");
  const animals = (await listOrganizationPets(db, organizationId)).filter((pet) => pet.status !== "removido");
  const records = await entriesOfPets(
    db,
    animals.map((pet) => pet.id),
  );
  const rows: RegisterRow[] = [];
  let tutors = 0;
  for (const pet of animals) {
    const tutor = await tutorOf(db, vault, pet.id);
    if (tutor) tutors += 1;
    rows.push(toRow(pet, records.get(pet.id) ?? [], organization, tutorFor(tutor, seesPeople)));
  }
  if (seesPeople) await logPersonalDownload(db, actorId, organizationId, tutors);
  return ok(rows);
}

/** One animal's row, for its team and its adopter (its foster 403: the register is its tutor's business). */
export async function petRegister(db: Db, vault: Vault, actorId: string, petId: string): Promise<Result<RegisterRow>> {
  const reader = await healthReaderOf(db, actorId, petId);
  if (!reader.ok) return reader;
  if (reader.value.role === "lar_temporario") return forbidden("health-register-tutor-only");
  const pet = await findPet(db, petId);
  const organization = await organizationOf(db, reader.value.organizationId);
  if (!pet || !organization) return notFound("pet");
  const records = await entriesOfPets(db, [petId]);
  const tutor = await tutorOf(db, vault, petId);
  // Its adopter reads their own; of the team, only an administrador reads them, in the log.
  const role = reader.value.role === "equipe" ? await roleIn(db, actorId, reader.value.organizationId!) : null;
  const seesPeople = reader.value.role === "adotante" || (role !== null && roleMay(role, "administrar"));
  if (role !== null && seesPeople) await logPersonalDownload(db, actorId, reader.value.organizationId!, tutor ? 1 : 0);
  return ok(toRow(pet, records.get(petId) ?? [], organization, tutorFor(tutor, seesPeople)));
}
