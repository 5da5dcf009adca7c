import { and, asc, count, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { adoptions, petHealthEntries, pets } from "~/db/schema";
import { isFostering } from "~/domain/foster/placements.server";
import { caresFor, requirePower } from "~/domain/organizations/membership.server";
import { publicDataChanged } from "~/domain/pets/public-reads.server";
import { addDays, dayInBrasilia, formatDay } from "~/lib/dates";
import { recordActivity } from "~/domain/organizations/activity-records.server";
import { trashHealthEntry } from "~/domain/organizations/trash-records.server";
import {
  DOSE_NOTICE_DAYS,
  derivedPetHealth,
  dueDoses,
  HEALTH_LIMITS,
  HEALTH_TYPE_LABEL,
  SEVERAL_ANIMALS_MAX,
  testedNegativeForFivFelv,
  type HealthEntry,
  type HealthRole,
} from "~/lib/health";
import { VACCINES_BY_SPECIES, type Species } from "~/lib/pets";
import { matchVaccine, type VaccineCode } from "~/lib/vaccines";
import type { HealthEntryInput } from "~/validation/health";
import type { Jobs } from "~/services/jobs.server";
import { fail, forbidden, invalid, notFound, ok, unlessStorageFull, type Result } from "~/services/outcome.server";
import { takeAllowance } from "~/services/rate-limits.server";
import { fileOfPet, filesOf, prepareHealthFiles, saveHealthFiles, type PreparedFile } from "./files.server";

/**
 * An animal's health record (issue 45). Read and written by the organisation's team (members
 * who take care of its animals), by the animal's foster while it stays with them, and by its
 * adopter once the adoption is signed (the record goes with the animal); anyone else gets 404.
 * The team changes any entry; a foster or an adopter changes the ones they wrote.
 */

type HealthReader = {
  role: HealthRole;
  organizationId: string;
  nome: string;
  species: Species;
  /** The day it was born, as near as the age it was published with says. */
  nascidoEm: string;
};

/** Who `actorId` is to the animal's record, or the pet's 404. */
export async function healthReaderOf(db: Db, actorId: string, petId: string): Promise<Result<HealthReader>> {
  const [pet] = await db
    .select({
      status: pets.status,
      organizationId: pets.organizationId,
      nome: pets.nome,
      species: pets.species,
      ageDays: pets.ageDays,
      publishedAt: pets.createdAt,
    })
    .from(pets)
    .where(eq(pets.id, petId))
    .limit(1);
  if (!pet || pet.status === "removido") return notFound("pet");
  const reader = {
    organizationId: pet.organizationId,
    nome: pet.nome,
    species: pet.species,
    nascidoEm: addDays(dayInBrasilia(new Date(pet.publishedAt)), -pet.ageDays),
  };
  if (await caresFor(db, actorId, pet.organizationId)) return ok({ ...reader, role: "equipe" });
  if (await isFostering(db, actorId, petId)) return ok({ ...reader, role: "lar_temporario" });
  const [adopted] = await db
    .select({ id: adoptions.id })
    .from(adoptions)
    .where(and(eq(adoptions.petId, petId), eq(adoptions.adopterId, actorId), isNull(adoptions.devolvidaEm)))
    .limit(1);
  if (adopted) return ok({ ...reader, role: "adotante" });
  return notFound("pet");
}

/** The column as the catalogue's code (written only from it, by columnsOf). */
const vaccineCodeColumn = sql<VaccineCode | null>`${petHealthEntries.vacina}`;

const entryColumns = {
  id: petHealthEntries.id,
  petId: petHealthEntries.petId,
  tipo: petHealthEntries.tipo,
  data: petHealthEntries.data,
  nome: petHealthEntries.nome,
  vacina: vaccineCodeColumn,
  produto: petHealthEntries.produto,
  lote: petHealthEntries.lote,
  proximaDose: petHealthEntries.proximaDose,
  clinica: petHealthEntries.clinica,
  resultado: petHealthEntries.resultado,
  motivo: petHealthEntries.motivo,
  dose: petHealthEntries.dose,
  horarios: petHealthEntries.horarios,
  ate: petHealthEntries.ate,
  gramas: petHealthEntries.gramas,
  observacoes: petHealthEntries.observacoes,
  authorId: petHealthEntries.authorId,
  autorPapel: petHealthEntries.autorPapel,
  criadoEm: petHealthEntries.createdAt,
};

/** The entries of animals, by animal, newest day first (no access check: the callers made it). */
export async function entriesOfPets(db: Db, petIds: string[]): Promise<Map<string, HealthEntry[]>> {
  const byPet = new Map<string, HealthEntry[]>();
  if (petIds.length === 0) return byPet;
  const rows = await db
    .select(entryColumns)
    .from(petHealthEntries)
    .where(inArray(petHealthEntries.petId, petIds))
    .orderBy(desc(petHealthEntries.data), desc(petHealthEntries.createdAt), asc(petHealthEntries.id));
  const files = await filesOf(
    db,
    rows.map((row) => row.id),
  );
  for (const row of rows) {
    const entry = { ...row, arquivos: files.get(row.id) ?? [], criadoEm: new Date(row.criadoEm) };
    byPet.set(row.petId, [...(byPet.get(row.petId) ?? []), entry]);
  }
  return byPet;
}

/** The entries of an animal, newest day first (no access check: the callers made it). */
export async function entriesOf(db: Db, petId: string): Promise<HealthEntry[]> {
  return (await entriesOfPets(db, [petId])).get(petId) ?? [];
}

/** One file of the animal's record, for who may read the record. */
export async function healthFile(
  db: Db,
  actorId: string,
  petId: string,
  fileId: string,
): Promise<Result<PreparedFile>> {
  const reader = await healthReaderOf(db, actorId, petId);
  if (!reader.ok) return reader;
  return fileOfPet(db, petId, fileId);
}

/** The animal's record, for who may read it, with how they stand to it. */
export async function healthRecord(
  db: Db,
  actorId: string,
  petId: string,
): Promise<Result<HealthReader & { entries: HealthEntry[] }>> {
  const reader = await healthReaderOf(db, actorId, petId);
  if (!reader.ok) return reader;
  return ok({ ...reader.value, entries: await entriesOf(db, petId) });
}

/** One entry of the animal's record, for who may read it. */
export async function findHealthEntry(
  db: Db,
  actorId: string,
  petId: string,
  entryId: string,
): Promise<Result<HealthEntry>> {
  const reader = await healthReaderOf(db, actorId, petId);
  if (!reader.ok) return reader;
  const [row] = await db
    .select(entryColumns)
    .from(petHealthEntries)
    .where(and(eq(petHealthEntries.id, entryId), eq(petHealthEntries.petId, petId)))
    .limit(1);
  if (!row) return notFound("health-entry");
  const files = await filesOf(db, [row.id]);
  return ok({ ...row, arquivos: files.get(row.id) ?? [], criadoEm: new Date(row.criadoEm) });
}

/**
 * The row's columns for an entry: every field of another kind cleared. A vaccine's name is matched
 * to the species' catalogue: "V10 Vanguard Plus" is V10, its brand the product (unless one was given).
 */
function columnsOf(input: HealthEntryInput, species: Species) {
  const cleared = {
    nome: null,
    vacina: null,
    produto: null,
    lote: null,
    proximaDose: null,
    clinica: null,
    resultado: null,
    motivo: null,
    dose: null,
    horarios: [] as string[],
    ate: null,
    gramas: null,
    observacoes: input.observacoes ?? null,
  };
  switch (input.tipo) {
    case "vacina": {
      const match = matchVaccine(species, input.nome);
      return {
        ...cleared,
        data: input.data,
        nome: match?.label ?? input.nome,
        vacina: match?.code ?? null,
        produto: input.produto ?? match?.produto ?? null,
        lote: input.lote ?? null,
        proximaDose: input.proxima_dose ?? null,
      };
    }
    case "vermifugo":
    case "antipulgas":
      return { ...cleared, data: input.data, produto: input.produto, proximaDose: input.proxima_dose ?? null };
    case "castracao":
      return { ...cleared, data: input.data, clinica: input.clinica ?? null };
    case "exame":
      return { ...cleared, data: input.data, nome: input.nome, resultado: input.resultado ?? null };
    case "consulta":
      return { ...cleared, data: input.data, motivo: input.motivo, clinica: input.clinica ?? null };
    case "medicamento":
      return {
        ...cleared,
        data: input.de,
        nome: input.nome,
        dose: input.dose,
        horarios: input.horarios,
        ate: input.ate ?? null,
      };
    case "peso":
      return { ...cleared, data: input.data, gramas: Math.round(input.kg * 1000) };
  }
}

/** What happened is recorded on its day or after: only a medication's course may start later. */
function checkDay(input: HealthEntryInput, now: Date): Result {
  if (input.tipo === "medicamento") return ok();
  return input.data > dayInBrasilia(now) ? invalid("data", "future-date") : ok();
}

/**
 * The pet's castration, vaccines and deworming, from its record where it has entries of them
 * (docs/decisions/0038): written whenever the record or the pet changes, in the same transaction.
 */
export async function deriveFromRecord(tx: Db, petId: string): Promise<void> {
  const [pet] = await tx.select({ species: pets.species }).from(pets).where(eq(pets.id, petId)).limit(1);
  if (!pet) return;
  const entries = await tx
    .select({ ...doseColumns, resultado: petHealthEntries.resultado })
    .from(petHealthEntries)
    .where(eq(petHealthEntries.petId, petId));
  const derived = derivedPetHealth(entries, VACCINES_BY_SPECIES[pet.species]);
  const changes = {
    fivFelvNegativo: testedNegativeForFivFelv(entries),
    ...nextDoseOf(entries),
    // The pet's castration day is a scheduled one's: done, the record has the day.
    ...(derived.castrado && { castrado: "sim" as const, castracaoData: null }),
    ...(derived.vacinas && { vacinas: derived.vacinas }),
    ...(derived.vermifugado && { vermifugado: true }),
  };
  await tx.update(pets).set(changes).where(eq(pets.id, petId));
}

/** What dueDoses reads of an entry. */
export const doseColumns = {
  id: petHealthEntries.id,
  petId: petHealthEntries.petId,
  tipo: petHealthEntries.tipo,
  nome: petHealthEntries.nome,
  vacina: vaccineCodeColumn,
  produto: petHealthEntries.produto,
  data: petHealthEntries.data,
  proximaDose: petHealthEntries.proximaDose,
  criadoEm: petHealthEntries.createdAt,
};

/** The pet's soonest due dose, as its record says it (dueDoses), to be written on the pet. */
function nextDoseOf(entries: Parameters<typeof dueDoses>[0]) {
  return { proximaDose: dueDoses(entries)[0]?.dia ?? null, proximaDoseARecalcular: false };
}

/** How many animals' next doses recalculateNextDoses works out in one statement. */
const RECALCULATED_AT_ONCE = 500;

/**
 * The next dose of every animal marked to have it worked out again (a migration marks them, when
 * the column is new or the rule changes), from its record, its vaccines not yet matched to the
 * catalogue matched first (their names as typed are kept). Run at each start, before serving;
 * returns how many animals it wrote.
 */
export async function recalculateNextDoses(db: Db): Promise<number> {
  let done = 0;
  for (;;) {
    const batch = await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      // Locked as a change to the record locks its animal; rows another server is working out
      // are skipped (it does them), so servers starting together neither wait nor deadlock.
      const marked = await tx
        .select({ id: pets.id, species: pets.species })
        .from(pets)
        .where(eq(pets.proximaDoseARecalcular, true))
        .limit(RECALCULATED_AT_ONCE)
        .for("update", { skipLocked: true });
      if (marked.length === 0) return 0;
      const ids = marked.map((pet) => pet.id);
      const entries = await tx
        .select(doseColumns)
        .from(petHealthEntries)
        .where(
          and(
            inArray(petHealthEntries.petId, ids),
            inArray(petHealthEntries.tipo, ["vacina", "vermifugo", "antipulgas"]),
          ),
        );
      const speciesOf = new Map(marked.map((pet) => [pet.id, pet.species]));
      const matched = matchVaccines(entries, speciesOf);
      if (matched.length > 0) {
        await tx.execute(sql`
          update ${petHealthEntries} set vacina = batch.vacina
          from jsonb_to_recordset(${JSON.stringify(matched)}::jsonb) as batch(id uuid, vacina text)
          where ${petHealthEntries.id} = batch.id`);
      }
      const byPet = new Map<string, typeof entries>();
      for (const entry of entries) byPet.set(entry.petId, [...(byPet.get(entry.petId) ?? []), entry]);
      const rows = ids.map((id) => ({ id, dia: nextDoseOf(byPet.get(id) ?? []).proximaDose }));
      // One statement for the batch: each animal's day, or null.
      await tx.execute(sql`
        update ${pets} set proxima_dose = batch.dia, proxima_dose_a_recalcular = false
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as batch(id uuid, dia date)
        where ${pets.id} = batch.id`);
      return ids.length;
    });
    if (batch === 0) return done;
    done += batch;
  }
}

/** The vaccine entries with no code that the catalogue now matches: given their code, and the rows to write. */
function matchVaccines(
  entries: { id: string; petId: string; tipo: string; nome: string | null; vacina: VaccineCode | null }[],
  speciesOf: Map<string, Species>,
) {
  const matched: { id: string; vacina: VaccineCode }[] = [];
  for (const entry of entries) {
    if (entry.tipo !== "vacina" || entry.vacina) continue;
    const match = matchVaccine(speciesOf.get(entry.petId)!, entry.nome ?? "");
    if (!match) continue;
    entry.vacina = match.code;
    matched.push({ id: entry.id, vacina: match.code });
  }
  return matched;
}

/** The job that e-mails an animal's reminders of a day (app/domain/health/reminders.server.ts). */
export const HEALTH_REMINDER_JOB = "health-reminder";

/**
 * An entry that makes a reminder due today (a next dose today or in a week, a medication given
 * today) was written after, or before, the morning's sweep: its reminder goes now, once (the
 * job's and the e-mail's keys), rather than a day late or never.
 */
async function remindIfDueToday(jobs: Jobs, petId: string, input: HealthEntryInput, now: Date) {
  const today = dayInBrasilia(now);
  const due =
    input.tipo === "medicamento"
      ? input.de <= today && (!input.ate || input.ate >= today)
      : "proxima_dose" in input &&
        (input.proxima_dose === today || input.proxima_dose === addDays(today, DOSE_NOTICE_DAYS));
  if (due) await jobs.send(HEALTH_REMINDER_JOB, { petId, dia: today }, { singletonKey: `${petId}:${today}` });
}

/** An entry in a few words, as the log and the Lixeira name it: "Vacina V10 de Tom em 05/12/2026". */
function entrySummary(
  tipo: HealthEntryInput["tipo"],
  entry: { nome: string | null; produto: string | null; data: string },
  pet: string,
) {
  const what = entry.nome ?? entry.produto;
  return `${HEALTH_TYPE_LABEL[tipo]}${what ? ` ${what}` : ""} de ${pet} em ${formatDay(entry.data)}`;
}

/** The fields a correction may change, as the log names them. */
const CHANGE_LABEL = {
  data: "data",
  nome: "nome",
  produto: "produto",
  lote: "lote",
  proximaDose: "próxima dose",
  clinica: "clínica",
  resultado: "resultado",
  motivo: "motivo",
  dose: "dose",
  ate: "último dia",
  gramas: "peso (g)",
  observacoes: "observações",
} as const;
const changeColumns = Object.fromEntries(
  Object.keys(CHANGE_LABEL).map((key) => [key, petHealthEntries[key as keyof typeof CHANGE_LABEL]]),
) as { [Key in keyof typeof CHANGE_LABEL]: (typeof petHealthEntries)[Key] };

/** What a correction changed, before and after: "próxima dose: 2026-12-10 → 2026-12-20; lote: — → A1". */
function changesOf(before: Record<string, unknown>, after: Record<string, unknown>): string {
  const shown = (value: unknown) => (value === null || value === undefined || value === "" ? "—" : String(value));
  return Object.entries(CHANGE_LABEL)
    .filter(([key]) => shown(before[key]) !== shown(after[key]))
    .map(([key, label]) => `${label}: ${shown(before[key])} → ${shown(after[key])}`)
    .join("; ");
}

/** Writes under the pet's row lock, so that two writers derive the pet's fields from the same record. */
async function writeRecord<T>(db: Db, petId: string, write: (tx: Db) => Promise<Result<T>>): Promise<Result<T>> {
  const result = await db.transaction(async (tx) => {
    await tx.select({ id: pets.id }).from(pets).where(eq(pets.id, petId)).for("update");
    const written = await write(tx as unknown as Db);
    if (written.ok) await deriveFromRecord(tx as unknown as Db, petId);
    return written;
  });
  if (result.ok) publicDataChanged(db);
  return result;
}

/** Adds an entry to the animal's record, with its files (checked by content); returns its id. */
export function addHealthEntry(
  db: Db,
  jobs: Jobs,
  actorId: string,
  petId: string,
  input: HealthEntryInput,
  now: Date,
  files: Buffer[] = [],
): Promise<Result<string>> {
  return unlessStorageFull(() => addEntry(db, jobs, actorId, petId, input, now, files));
}

async function addEntry(
  db: Db,
  jobs: Jobs,
  actorId: string,
  petId: string,
  input: HealthEntryInput,
  now: Date,
  files: Buffer[],
): Promise<Result<string>> {
  const reader = await healthReaderOf(db, actorId, petId);
  if (!reader.ok) return reader;
  const day = checkDay(input, now);
  if (!day.ok) return day;
  const allowed = await takeAllowance(db, "health-account", actorId);
  if (!allowed.ok) return allowed;
  // Who may write and the allowances first: no file is decoded for anyone else.
  let prepared: PreparedFile[] = [];
  if (files.length > 0) {
    const uploads = await takeAllowance(db, "upload-account", actorId, files.length);
    if (!uploads.ok) return uploads;
    const checked = await prepareHealthFiles(files, actorId);
    if (!checked.ok) return checked;
    prepared = checked.value;
  }
  const columns = columnsOf(input, reader.value.species);
  const added = await writeRecord(db, petId, async (tx) => {
    const [{ total }] = (await tx
      .select({ total: count() })
      .from(petHealthEntries)
      .where(eq(petHealthEntries.petId, petId))) as [{ total: number }];
    if (Number(total) >= HEALTH_LIMITS.entries) return fail({ kind: "conflict", reason: "health-record-full" });
    const [made] = await tx
      .insert(petHealthEntries)
      .values({
        petId,
        tipo: input.tipo,
        authorId: actorId,
        autorPapel: reader.value.role,
        createdAt: now,
        updatedAt: now,
        ...columns,
      })
      .returning({ id: petHealthEntries.id });
    await saveHealthFiles(tx, made!.id, prepared);
    await recordActivity(tx, {
      organizationId: reader.value.organizationId,
      actorId,
      acao: "registro_de_saude_criado",
      alvoId: petId,
      alvoNome: reader.value.nome,
      detalhe: entrySummary(input.tipo, columns, reader.value.nome),
    });
    return ok(made!.id);
  });
  if (added.ok) await remindIfDueToday(jobs, petId, input, now);
  return added;
}

/**
 * One entry for several of the organisation's animals at once (issue 62: a litter's vaccine), by
 * its administradores or equipe: all or none, each animal's record written as addHealthEntry
 * writes one (its derived fields, a reminder due today). Returns the entries' ids.
 */
export function addHealthEntryToSeveral(
  db: Db,
  jobs: Jobs,
  actorId: string,
  organizationId: string,
  petIds: readonly string[],
  input: HealthEntryInput,
  now: Date,
): Promise<Result<string[]>> {
  return unlessStorageFull(async () => {
    const power = await requirePower(db, actorId, organizationId, "cuidar");
    if (!power.ok) return power;
    const chosen = [...new Set(petIds)].sort();
    if (chosen.length === 0 || chosen.length > SEVERAL_ANIMALS_MAX) return invalid("animais", "animals-choice");
    const theirs = await db
      .select({ id: pets.id, species: pets.species, nome: pets.nome })
      .from(pets)
      .where(
        and(
          inArray(pets.id, chosen),
          eq(pets.organizationId, organizationId),
          inArray(pets.status, ["disponivel", "oculto"]),
        ),
      );
    if (theirs.length !== chosen.length) return invalid("animais", "animals-choice");
    const speciesOf = new Map(theirs.map((pet) => [pet.id, pet.species]));
    const day = checkDay(input, now);
    if (!day.ok) return day;
    const allowed = await takeAllowance(db, "health-account", actorId, chosen.length);
    if (!allowed.ok) return allowed;
    const written = await db.transaction(async (tx): Promise<Result<string[]>> => {
      const txDb = tx as unknown as Db;
      // Locked in one order (by id), as each single write locks its animal: no two writers deadlock.
      await tx.select({ id: pets.id }).from(pets).where(inArray(pets.id, chosen)).orderBy(asc(pets.id)).for("update");
      const sizes = await tx
        .select({ total: count() })
        .from(petHealthEntries)
        .where(inArray(petHealthEntries.petId, chosen))
        .groupBy(petHealthEntries.petId);
      if (sizes.some(({ total }) => Number(total) >= HEALTH_LIMITS.entries)) {
        return fail({ kind: "conflict", reason: "health-record-full" });
      }
      const made = await tx
        .insert(petHealthEntries)
        .values(
          chosen.map((petId) => ({
            petId,
            tipo: input.tipo,
            authorId: actorId,
            autorPapel: "equipe" as const,
            createdAt: now,
            updatedAt: now,
            ...columnsOf(input, speciesOf.get(petId)!),
          })),
        )
        .returning({ id: petHealthEntries.id });
      for (const petId of chosen) await deriveFromRecord(txDb, petId);
      const names = theirs.map((pet) => pet.nome).sort((a, b) => a.localeCompare(b, "pt-BR"));
      await recordActivity(txDb, {
        organizationId,
        actorId,
        acao: "registro_de_saude_criado",
        detalhe: entrySummary(input.tipo, columnsOf(input, theirs[0]!.species), names.join(", ")),
      });
      return ok(made.map((row) => row.id));
    });
    if (!written.ok) return written;
    publicDataChanged(db);
    for (const petId of chosen) await remindIfDueToday(jobs, petId, input, now);
    return written;
  });
}

/** Who may change an entry: the team any, a foster or an adopter their own. */
async function changer(db: Db, actorId: string, petId: string, entryId: string) {
  const reader = await healthReaderOf(db, actorId, petId);
  if (!reader.ok) return reader;
  const [entry] = await db
    .select({ tipo: petHealthEntries.tipo, authorId: petHealthEntries.authorId })
    .from(petHealthEntries)
    .where(and(eq(petHealthEntries.id, entryId), eq(petHealthEntries.petId, petId)))
    .limit(1);
  if (!entry) return notFound("health-entry");
  if (reader.value.role !== "equipe" && entry.authorId !== actorId) return forbidden("health-entry-own-only");
  const { species, organizationId, nome } = reader.value;
  return ok({ ...entry, species, organizationId, pet: nome });
}

/** Replaces an entry's fields (of the same kind: a kind is not changed, the entry is remade). */
export async function changeHealthEntry(
  db: Db,
  jobs: Jobs,
  actorId: string,
  petId: string,
  entryId: string,
  input: HealthEntryInput,
  now: Date,
): Promise<Result> {
  const allowed = await changer(db, actorId, petId, entryId);
  if (!allowed.ok) return allowed;
  if (allowed.value.tipo !== input.tipo) return invalid("tipo", "health-kind-fixed");
  const { species, organizationId, pet } = allowed.value;
  const day = checkDay(input, now);
  if (!day.ok) return day;
  const columns = columnsOf(input, species);
  const written = await writeRecord(db, petId, async (tx) => {
    const [before] = await tx.select(changeColumns).from(petHealthEntries).where(eq(petHealthEntries.id, entryId));
    const [changed] = await tx
      .update(petHealthEntries)
      .set({ ...columns, updatedAt: now })
      .where(and(eq(petHealthEntries.id, entryId), eq(petHealthEntries.tipo, input.tipo)))
      .returning({ id: petHealthEntries.id });
    if (!changed || !before) return notFound("health-entry");
    // Before and after, in the log's words.
    await recordActivity(tx, {
      organizationId,
      actorId,
      acao: "registro_de_saude_corrigido",
      alvoId: petId,
      alvoNome: pet,
      detalhe: changesOf(before, columns) || "nada mudou",
    });
    return ok();
  });
  if (written.ok) await remindIfDueToday(jobs, petId, input, now);
  return written;
}

/** Deletes an entry: to the organisation's Lixeira (issue 63), where an administrador may bring it back for 30 days. */
export async function removeHealthEntry(
  db: Db,
  actorId: string,
  petId: string,
  entryId: string,
  now = new Date(),
): Promise<Result> {
  const allowed = await changer(db, actorId, petId, entryId);
  if (!allowed.ok) return allowed;
  const { organizationId, pet, tipo } = allowed.value;
  return writeRecord(db, petId, async (tx) => {
    const [entry] = await tx
      .select({ nome: petHealthEntries.nome, produto: petHealthEntries.produto, data: petHealthEntries.data })
      .from(petHealthEntries)
      .where(eq(petHealthEntries.id, entryId));
    if (!entry) return notFound("health-entry");
    const resumo = entrySummary(tipo, entry, pet);
    await trashHealthEntry(tx, { organizationId, actorId, registroId: entryId, resumo, now });
    await tx.delete(petHealthEntries).where(eq(petHealthEntries.id, entryId));
    await recordActivity(tx, {
      organizationId,
      actorId,
      acao: "registro_de_saude_apagado",
      alvoId: petId,
      alvoNome: pet,
      detalhe: resumo,
    });
    return ok();
  });
}
