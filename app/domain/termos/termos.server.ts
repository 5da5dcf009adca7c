import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { applications, organizations, pets, termos, termoTemplates, users } from "~/db/schema";
import { isUniqueViolation } from "~/db/errors.server";
import { applicationPartyOf } from "~/domain/applications/parties.server";
import { recordActivity } from "~/domain/organizations/activity-records.server";
import { formatCnpj } from "~/lib/organizations";
import { dayInBrasilia, formatDay } from "~/lib/dates";
import { SEX_LABEL, SPECIES_LABEL, type Sex, type Species } from "~/lib/pets";
import { DEFAULT_TERMO, fillPlaceholders, normalizeText, type Placeholder, type TermoStatus } from "~/lib/termos";
import type { Jobs } from "~/services/jobs.server";
import { fail, forbidden, invalid, notFound, ok, type Result } from "~/services/outcome.server";

/**
 * The termo de adoção (issue 21). The caretaker issues it on an approved application, from
 * their template, with the animal's data as it is that day; the adopter signs it with their CPF
 * and address; the caretaker countersigns. Then the PDF is made once and kept, the animal is
 * adopted and the application `adotada`. Each signature keeps its evidence: who, when, the
 * address and browser, and the SHA-256 of the exact text signed (docs/decisions/0025).
 * Here: the template and issuing. Reading: ./termo-reads.server.ts; signing:
 * ./termo-signatures.server.ts; the PDF and verifying it: ./termo-documents.server.ts; how long
 * they are kept: ./termo-retention.server.ts.
 */

export const TERMO_ISSUED_JOB = "termo-issued";
export const TERMO_SIGNED_JOB = "termo-signed";

/** How long a signed termo is kept (Código Civil, art. 205: ten years to claim on a contract). */
export const SIGNED_KEPT_YEARS = 10;
export const DAY_MS = 24 * 60 * 60 * 1000;

export const sha256 = (data: string | Buffer) => createHash("sha256").update(data).digest("hex");

// ——— The template ———

/** The organisation's template: its own, or the default one until it saves one (null: none yet). */
export async function getTemplate(db: Db, organizationId: string | null): Promise<string> {
  if (!organizationId) return DEFAULT_TERMO;
  const [row] = await db
    .select({ texto: termoTemplates.texto })
    .from(termoTemplates)
    .where(eq(termoTemplates.organizationId, organizationId))
    .limit(1);
  return row?.texto ?? DEFAULT_TERMO;
}

/**
 * Saves the organisation's template (checked by termoTemplateSchema); termos issued before keep
 * their text. The caller checked that `actorId` takes care of its animals; its log records it.
 */
export async function saveTemplate(db: Db, actorId: string, organizationId: string, texto: string): Promise<void> {
  const normalized = normalizeText(texto);
  await db.transaction(async (tx) => {
    await tx
      .insert(termoTemplates)
      .values({ organizationId, texto: normalized })
      .onConflictDoUpdate({ target: termoTemplates.organizationId, set: { texto: normalized, updatedAt: new Date() } });
    await recordActivity(tx, { organizationId, actorId, acao: "modelo_do_termo_alterado" });
  });
}

// ——— Issuing ———

type AnimalData = {
  nome: string;
  species: Species;
  sexo: Sex | null;
  microchip: string | null;
  castrado: "sim" | "nao" | "agendado" | null;
};

/** The animal's and the caretaker's placeholders, as the termo is issued. */
function issuedValues(animal: AnimalData, responsavel: string, prazo: string | null) {
  const values: Partial<Record<Placeholder, string>> = {
    "animal.nome": animal.nome,
    "animal.especie": animal.species === "outro" ? "animal" : SPECIES_LABEL[animal.species].toLowerCase(),
    "animal.sexo": animal.sexo ? SEX_LABEL[animal.sexo].toLowerCase() : "sexo não informado",
    "animal.microchip": animal.microchip ?? "sem microchip",
    "animal.castracao": castrationClause(animal.sexo, animal.castrado === "sim" ? null : prazo),
    "responsavel.nome": responsavel,
  };
  return values;
}

/** What the termo says of the castration, in the animal's gender. */
function castrationClause(sexo: Sex | null, prazo: string | null): string {
  const female = sexo === "femea";
  if (!prazo) return female ? "já está castrada" : "já está castrado";
  return `ainda não está ${female ? "castrada" : "castrado"}; o(a) ADOTANTE se compromete a ${female ? "castrá-la" : "castrá-lo"} até ${formatDay(prazo)} e a enviar o comprovante ao(à) RESPONSÁVEL`;
}

/** The latest day a castration may be set for: two years ahead. */
function castrationDeadline(prazo: string | undefined, fallback: string | null, today: string): Result<string> {
  const day = prazo ?? fallback;
  if (!day) return invalid("prazo_castracao", "castration-deadline");
  const latest = `${Number(today.slice(0, 4)) + 2}${today.slice(4)}`;
  // A real day: the parser rolls 2026-02-30 over to March, so the day must read back the same.
  const parsed = new Date(`${day}T12:00:00Z`);
  const real = !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === day;
  const valid = real && day >= today && day <= latest;
  return valid ? ok(day) : invalid("prazo_castracao", "castration-deadline");
}

export type ApplicationRow = {
  id: string;
  status: string;
  petId: string;
  adopterId: string;
  caretakerId: string;
  organizationId: string;
};

/**
 * Writes the termo of an approved application (its row locked by the caller): the template
 * with the animal's data and the organisation's (its name, and its CNPJ when it has one: the
 * termo is signed on its behalf) as they are now. The demo data issues one too.
 */
export async function writeTermo(
  tx: Db,
  row: ApplicationRow,
  prazoCastracao: string | undefined,
  now: Date,
): Promise<Result<string>> {
  const [animal] = await tx
    .select({
      nome: pets.nome,
      species: pets.species,
      sexo: pets.sexo,
      microchip: pets.microchip,
      castrado: pets.castrado,
      castracaoData: pets.castracaoData,
      responsavel: sql<string>`(select o.nome from ${organizations} o where o.id = ${row.organizationId})`,
      cnpj: sql<string | null>`(select o.cnpj from ${organizations} o where o.id = ${row.organizationId})`,
    })
    .from(pets)
    .where(eq(pets.id, row.petId));
  if (!animal) return notFound("pet");
  let prazo: string | null = null;
  if (animal.castrado !== "sim") {
    const deadline = castrationDeadline(prazoCastracao, animal.castracaoData, dayInBrasilia(now));
    if (!deadline.ok) return deadline;
    prazo = deadline.value;
  }
  const template = await getTemplate(tx, row.organizationId);
  const named = animal.cnpj ? `${animal.responsavel} (CNPJ ${formatCnpj(animal.cnpj)})` : animal.responsavel;
  const modelo = normalizeText(fillPlaceholders(template, issuedValues(animal, named, prazo)));
  const [termo] = await tx
    .insert(termos)
    .values({
      applicationId: row.id,
      petId: row.petId,
      adopterId: row.adopterId,
      caretakerId: row.caretakerId,
      organizationId: row.organizationId,
      modelo,
      petNome: animal.nome,
      responsavelNome: animal.responsavel.slice(0, 80),
      prazoCastracao: prazo,
      createdAt: now,
    })
    .returning({ id: termos.id });
  return ok(termo!.id);
}

/**
 * Locks the application's pet, first: the pet, the application, then its termo is the order a
 * move of the application locks them in (changeApplication), so they wait for each other and
 * never deadlock. False when there is no such application.
 */
export async function lockPetOf(tx: Db, applicationId: string): Promise<boolean> {
  const [target] = await tx
    .select({ petId: applications.petId })
    .from(applications)
    .where(eq(applications.id, applicationId));
  if (!target) return false;
  await tx.select({ id: pets.id }).from(pets).where(eq(pets.id, target.petId)).for("update");
  return true;
}

/**
 * The caretaker issues the termo of an approved application, from their template. An animal
 * not castrated needs the deadline (`prazoCastracao`, or the date its castration is scheduled
 * for). The adopter is e-mailed through the job queue.
 */
export async function issueTermo(
  db: Db,
  jobs: Jobs,
  input: { userId: string; applicationId: string; prazoCastracao?: string },
  now = new Date(),
): Promise<Result<{ id: string; status: TermoStatus }>> {
  try {
    const issued = await db.transaction(async (tx): Promise<Result<string>> => {
      if (!(await lockPetOf(tx, input.applicationId))) return notFound("application");
      const [row] = await tx
        .select({
          id: applications.id,
          status: applications.status,
          petId: applications.petId,
          adopterId: applications.adopterId,
          caretakerId: applications.caretakerId,
          organizationId: applications.organizationId,
        })
        .from(applications)
        .where(eq(applications.id, input.applicationId))
        .for("update");
      if (!row) return notFound("application");
      const party = await applicationPartyOf(tx, row, input.userId);
      if (!party) return notFound("application");
      if (party !== "responsavel") return forbidden("termo-caretaker-only");
      if (row.status !== "aprovada") return fail({ kind: "conflict", reason: "application-not-approved" });
      const termo = await writeTermo(tx, row, input.prazoCastracao, now);
      if (!termo.ok) return termo;
      await recordTermoActivity(tx, "termo_emitido", row, input.userId);
      await jobs.send(TERMO_ISSUED_JOB, { termoId: termo.value }, { tx });
      return ok(termo.value);
    });
    if (!issued.ok) return issued;
    jobs.wake(TERMO_ISSUED_JOB);
    return ok({ id: issued.value, status: "emitido" });
  } catch (error) {
    // Two issues of one application at the same moment: the index lets one through.
    if (isUniqueViolation(error)) return fail({ kind: "conflict", reason: "termo-exists" });
    throw error;
  }
}

/** What the issue form asks about: whether the animal is castrated, and the day it is scheduled for. */
export async function castrationOf(db: Db, petId: string) {
  const [row] = await db
    .select({ castrado: pets.castrado, castracaoData: pets.castracaoData })
    .from(pets)
    .where(eq(pets.id, petId))
    .limit(1);
  return { castrado: row?.castrado === "sim", agendadaPara: row?.castracaoData ?? null };
}

/** A termo issued or signed on the organisation's behalf, in its log (issue 43). */
export async function recordTermoActivity(
  tx: Db,
  acao: "termo_emitido" | "termo_assinado",
  application: { id: string; organizationId: string; adopterId: string; petId: string },
  actorId: string,
): Promise<void> {
  const [named] = await tx
    .select({ alvoNome: sql<string>`${users.nome} || ' (' || ${pets.nome} || ')'` })
    .from(users)
    .innerJoin(pets, eq(pets.id, application.petId))
    .where(eq(users.id, application.adopterId));
  await recordActivity(tx, {
    organizationId: application.organizationId,
    actorId,
    acao,
    alvoId: application.id,
    alvoNome: named?.alvoNome ?? null,
    alvoPessoaId: application.adopterId,
  });
}
