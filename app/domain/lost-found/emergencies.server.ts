import { and, count, desc, eq, gte, inArray, isNotNull, isNull, lte, or } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { cities, emergencies, emergencyShelters, lostFoundReports, organizations } from "~/db/schema";
import { dayInBrasilia } from "~/lib/dates";
import { caresFor } from "~/domain/organizations/membership.server";
import { resolveCity } from "~/domain/places/cities.server";
import type { Jobs } from "~/services/jobs.server";
import { fail, invalid, notFound, ok, unlessStorageFull, type Failure, type Result } from "~/services/outcome.server";
import { takeAllowance } from "~/services/rate-limits.server";
import type { EmergencyInput, ShelterAnimal } from "~/validation/lost-found";
import { insertReport, placeReport, preparePhotos, wakeReportJobs, type ReportPlace } from "./reports.server";

/**
 * Emergencies (issue 47): after a flood, thousands of rescued animals wait in shelters while
 * their families search group by group. An operator opens an emergency for an area (a list of
 * cities) and days; during it, organisations register the animals their shelters took in, in
 * bulk, as found reports of the emergency: searchable in one place by features and photo, and
 * matched against a family's lost report first.
 */

export type EmergencyView = {
  id: string;
  nome: string;
  cidades: { codigo: number; nome: string; uf: string }[];
  inicio: string;
  fim: string | null;
  /** Today (in Brasília) is within its days: shelters still register animals. */
  ativa: boolean;
  animais: number;
};

/** An operator opens an emergency; for anyone else there is no such thing (404). */
export async function openEmergency(
  db: Db,
  user: { id: string; operador: boolean },
  input: EmergencyInput,
): Promise<Result<string>> {
  if (!user.operador) return notFound("emergency");
  const codes: number[] = [];
  for (const [index, name] of input.cidades.entries()) {
    const city = await resolveCity(db, name);
    if (!city.ok) return invalid("cidades", "unknown-city", index);
    codes.push(city.value.codigo);
  }
  const [row] = await db
    .insert(emergencies)
    .values({
      nome: input.nome,
      cidades: [...new Set(codes)],
      inicio: input.inicio,
      fim: input.fim ?? null,
      createdBy: user.id,
    })
    .returning({ id: emergencies.id });
  return ok(row!.id);
}

/** The emergencies under way, the latest first: the lost and found list leads families to their animals. */
export async function listActiveEmergencies(db: Db, now = new Date()): Promise<{ id: string; nome: string }[]> {
  const today = dayInBrasilia(now);
  return db
    .select({ id: emergencies.id, nome: emergencies.nome })
    .from(emergencies)
    .where(and(lte(emergencies.inicio, today), or(isNull(emergencies.fim), gte(emergencies.fim, today))))
    .orderBy(desc(emergencies.inicio))
    .limit(5);
}

/** An emergency as anyone reads it: its area, its days, how many animals shelters registered. */
export async function findEmergency(db: Db, id: string, now = new Date()): Promise<Result<EmergencyView>> {
  const [row] = await db.select().from(emergencies).where(eq(emergencies.id, id)).limit(1);
  if (!row) return notFound("emergency");
  const [area, [counted]] = await Promise.all([
    db
      .select({ codigo: cities.codigo, nome: cities.nome, uf: cities.uf })
      .from(cities)
      .where(inArray(cities.codigo, row.cidades)),
    db.select({ total: count() }).from(lostFoundReports).where(eq(lostFoundReports.emergencyId, id)),
  ]);
  const today = dayInBrasilia(now);
  return ok({
    id: row.id,
    nome: row.nome,
    cidades: area.sort((a, b) => a.nome.localeCompare(b.nome, "pt-BR")),
    inicio: row.inicio,
    fim: row.fim,
    ativa: row.inicio <= today && (row.fim === null || today <= row.fim),
    animais: counted?.total ?? 0,
  });
}

/**
 * Whether an organisation registers shelter animals in an emergency (issue 60): a verified one,
 * or one an operator admitted to it.
 */
async function mayShelter(db: Db, emergencyId: string, organizationId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .leftJoin(
      emergencyShelters,
      and(eq(emergencyShelters.organizationId, organizations.id), eq(emergencyShelters.emergencyId, emergencyId)),
    )
    .where(
      and(
        eq(organizations.id, organizationId),
        or(isNotNull(organizations.verifiedAt), isNotNull(emergencyShelters.organizationId)),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** Of `organizationIds`, those that may register animals in the emergency. */
export async function sheltersAmong(db: Db, emergencyId: string, organizationIds: string[]): Promise<Set<string>> {
  const allowed = new Set<string>();
  for (const id of organizationIds) if (await mayShelter(db, emergencyId, id)) allowed.add(id);
  return allowed;
}

/**
 * An operator admits an organisation to an emergency's intake (an unverified shelter the team
 * knows); for anyone else there is no such thing (404).
 */
export async function admitShelter(
  db: Db,
  user: { id: string; operador: boolean },
  emergencyId: string,
  organizationId: string,
): Promise<Result> {
  if (!user.operador) return notFound("emergency");
  const found = await findEmergency(db, emergencyId);
  if (!found.ok) return found;
  const [organization] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  if (!organization) return notFound("organization");
  await db.insert(emergencyShelters).values({ emergencyId, organizationId, admittedBy: user.id }).onConflictDoNothing();
  return ok();
}

/**
 * A member of an organisation's team (administrador or equipe) registers the animals its
 * shelter took in during an active emergency, found in the emergency's area, a photo each: all
 * of them or none (a refusal names the animal by its position, `animais.2.cidade`). They are
 * found reports of the emergency, by the organisation, compared at once with the lost ones.
 */
export async function registerShelterAnimals(
  db: Db,
  jobs: Jobs,
  userId: string,
  emergencyId: string,
  { organizationId, animals, photos }: { organizationId: string; animals: ShelterAnimal[]; photos: Buffer[] },
  now = new Date(),
): Promise<Result<string[]>> {
  const found = await findEmergency(db, emergencyId, now);
  if (!found.ok) return found;
  if (!(await caresFor(db, userId, organizationId))) return fail({ kind: "forbidden", rule: "emergency-shelter-only" });
  if (!(await mayShelter(db, emergencyId, organizationId))) {
    return fail({ kind: "forbidden", rule: "emergency-verified-only" });
  }
  if (!found.value.ativa) return fail({ kind: "conflict", reason: "emergency-ended" });
  if (photos.length !== animals.length) return invalid("fotos", "one-photo-each");
  const area = new Set(found.value.cidades.map((city) => city.codigo));
  const places: ReportPlace[] = [];
  for (const [index, animal] of animals.entries()) {
    const place = await placeReport(db, animal, now);
    if (!place.ok) return ofAnimal(place.failure, index);
    if (!area.has(place.value.city.codigo)) return invalid(`animais.${index}.cidade`, "outside-emergency");
    places.push(place.value);
  }
  const allowed = await takeAllowance(db, "lost-found-shelter", userId);
  if (!allowed.ok) return allowed;
  const prepared = await preparePhotos(photos, userId);
  if (!prepared.ok) return prepared;
  const made = await unlessStorageFull(() =>
    db.transaction(async (tx) => {
      const ids: string[] = [];
      for (const [index, animal] of animals.entries()) {
        ids.push(
          await insertReport(
            tx as unknown as Db,
            jobs,
            {
              userId,
              input: { ...animal, tipo: "encontrado" },
              place: places[index]!,
              photos: [prepared.value[index]!],
              emergency: { emergencyId, organizationId },
            },
            now,
          ),
        );
      }
      return ok(ids);
    }),
  );
  if (made.ok) wakeReportJobs(jobs);
  return made;
}

/** A failure about one animal's field, named by its position in `animais`. */
function ofAnimal(failure: Failure, index: number): Result<never> {
  return fail(
    "field" in failure && failure.field ? { ...failure, field: `animais.${index}.${failure.field}` } : failure,
  );
}
