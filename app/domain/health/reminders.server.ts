import { and, between, eq, gte, inArray, isNull, lt, lte, ne, or, type SQL, type SQLWrapper } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { idIn } from "~/db/id-lists.server";
import { adoptions, fosterPlacements, petHealthEntries, pets, users } from "~/db/schema";
import { caringMembers } from "~/domain/organizations/membership.server";
import { HealthReminderEmail, healthReminderSubject } from "~/emails/health.server";
import { renderEmail } from "~/emails/render.server";
import { addDays, brasiliaTime, dayInBrasilia, formatDay } from "~/lib/dates";
import { DOSE_NOTICE_DAYS, dueDoses, type DueDose } from "~/lib/health";
import { listInWords } from "~/lib/pets";
import { firstName } from "~/lib/people";
import type { Jobs } from "~/services/jobs.server";
import { composeAndSendOnce, type Mailer } from "~/services/mail.server";
import { forbidden, ok, type Result } from "~/services/outcome.server";
import { doseColumns, entriesOf, HEALTH_REMINDER_JOB, healthReaderOf } from "./records.server";

/**
 * Health reminders (issue 45): each morning a sweep finds the animals with a dose due in 7 days
 * or today, or a medication to give today, and a job per animal e-mails whoever holds it: its
 * foster during a stay, else its adopter after the termo (unless they turned reminders off),
 * else its organisation's team. One e-mail per animal, person and day, however many sweeps and
 * workers run (the e-mail's key).
 */

export const HEALTH_SWEEP_JOB = "health-sweep";
export { HEALTH_REMINDER_JOB };

/** The hour in Brasília the morning's reminders go: before, a sweep (a start's catch-up) leaves them to the cron. */
const REMINDER_HOUR = 7;

/** The animals with something to remind today: a dose due in 7 days or today, a medication given today. */
export async function sweepHealthReminders(db: Db, jobs: Jobs, now: Date): Promise<number> {
  const today = dayInBrasilia(now);
  if (now < brasiliaTime(today, REMINDER_HOUR)) return 0;
  const rows = await db
    .selectDistinct({ petId: petHealthEntries.petId })
    .from(petHealthEntries)
    .innerJoin(pets, eq(pets.id, petHealthEntries.petId))
    .where(
      and(
        ne(pets.status, "removido"),
        or(
          inArray(petHealthEntries.proximaDose, [today, addDays(today, DOSE_NOTICE_DAYS)]),
          and(
            eq(petHealthEntries.tipo, "medicamento"),
            lte(petHealthEntries.data, today),
            or(isNull(petHealthEntries.ate), gte(petHealthEntries.ate, today)),
          ),
        ),
      ),
    );
  for (const { petId } of rows) {
    // A sweep run twice (a restart's catch-up) sends the job once while it waits.
    await jobs.send(HEALTH_REMINDER_JOB, { petId, dia: today }, { singletonKey: `${petId}:${today}` });
  }
  if (rows.length > 0) jobs.wake(HEALTH_REMINDER_JOB);
  return rows.length;
}

type Holder = { id: string; nome: string; email: string; adotante: boolean };

/**
 * Who holds the animal now: its foster during a stay; else its adopter after the termo, until
 * a return (nobody, if they turned reminders off); else, while it is the organisation's, its team.
 */
async function holdersOf(db: Db, petId: string): Promise<Holder[]> {
  const [pet] = await db
    .select({ status: pets.status, organizationId: pets.organizationId })
    .from(pets)
    .where(eq(pets.id, petId));
  if (!pet || pet.status === "removido") return [];
  const [foster] = await db
    .select({ id: users.id, nome: users.nome, email: users.email })
    .from(fosterPlacements)
    .innerJoin(users, eq(users.id, fosterPlacements.fosterId))
    .where(and(eq(fosterPlacements.petId, petId), isNull(fosterPlacements.fim), isNull(users.suspendedAt)));
  if (foster) return [{ ...foster, adotante: false }];
  const [adoption] = await db
    .select({ id: users.id, nome: users.nome, email: users.email, lembretes: adoptions.lembretesSaude })
    .from(adoptions)
    .innerJoin(users, eq(users.id, adoptions.adopterId))
    .where(and(eq(adoptions.petId, petId), isNull(adoptions.devolvidaEm), isNull(users.suspendedAt)));
  if (adoption) return adoption.lembretes ? [{ ...adoption, adotante: true }] : [];
  if (pet.status === "adotado") return [];
  return (await caringMembers(db, pet.organizationId)).map((member) => ({ ...member, adotante: false }));
}

function doseLine(dose: DueDose, today: string): string {
  const what = dose.tipo === "vacina" ? `Vacina ${dose.nome}` : dose.nome;
  return dose.dia === today
    ? `${what}: a dose é hoje (${formatDay(dose.dia)}).`
    : `${what}: a próxima dose vence em ${DOSE_NOTICE_DAYS} dias, em ${formatDay(dose.dia)}.`;
}

/** The job: the animal's reminders of `dia`, to each person who holds it, once. */
export async function sendHealthReminder(
  db: Db,
  mailer: Mailer,
  { petId, dia }: { petId: string; dia: string },
  publicUrl: string,
): Promise<void> {
  const [pet] = await db.select({ nome: pets.nome }).from(pets).where(eq(pets.id, petId));
  if (!pet) return;
  const entries = await entriesOf(db, petId);
  const doses = dueDoses(entries).filter((dose) => dose.dia === dia || dose.dia === addDays(dia, DOSE_NOTICE_DAYS));
  const medications = entries.filter(
    (entry) => entry.tipo === "medicamento" && entry.data <= dia && (entry.ate === null || entry.ate >= dia),
  );
  if (doses.length === 0 && medications.length === 0) return;
  const doseLines = doses.map((dose) => doseLine(dose, dia));
  const medicationLines = medications.map(
    (entry) => `${entry.nome}, ${entry.dose}: às ${listInWords(entry.horarios)}.`,
  );
  for (const holder of await holdersOf(db, petId)) {
    await composeAndSendOnce(db, mailer, `saude.${petId}.${dia}.${holder.id}`, async () => ({
      to: holder.email,
      subject: healthReminderSubject(pet.nome, doses.length),
      ...(await renderEmail(
        HealthReminderEmail({
          nome: firstName(holder.nome),
          pet: pet.nome,
          doses: doseLines,
          medicamentos: medicationLines,
          adotante: holder.adotante,
          url: `${publicUrl}/adopet/pets/${petId}/saude`,
        }),
      )),
    }));
  }
}

/** The doses past their day, by animal, for the lists of those who hold them (`meus-pets`, `meus-lares`). */
export async function overdueDoses(db: Db, petIds: PetIds, now: Date): Promise<Map<string, DueDose[]>> {
  return dosesDueBy(db, petIds, addDays(dayInBrasilia(now), -1));
}

/**
 * The animals with a dose late (only those doses), and those with doses from today to
 * DOSE_NOTICE_DAYS ahead and none late: what to catch up on and what to plan this week. One read
 * of the record for both (the team's `Hoje`, `Animais` and `Saúde`).
 */
export async function lateAndComingDoses(
  db: Db,
  petIds: PetIds,
  now: Date,
): Promise<{ late: Map<string, DueDose[]>; coming: Map<string, DueDose[]> }> {
  const today = dayInBrasilia(now);
  const due = await dosesDueBy(db, petIds, addDays(today, DOSE_NOTICE_DAYS));
  const late = new Map<string, DueDose[]>();
  const coming = new Map<string, DueDose[]>();
  for (const [petId, doses] of due) {
    const past = doses.filter((dose) => dose.dia < today);
    if (past.length > 0) late.set(petId, past);
    else coming.set(petId, doses);
  }
  return { late, coming };
}

/** An animal with a dose late, as lateAndComingDoses tells: its soonest due dose is before today. */
export function doseLate(now: Date): SQL {
  return lt(pets.proximaDose, dayInBrasilia(now));
}

/** An animal with a dose this week and none late, as lateAndComingDoses tells. */
export function doseComing(now: Date): SQL {
  const today = dayInBrasilia(now);
  return between(pets.proximaDose, today, addDays(today, DOSE_NOTICE_DAYS))!;
}

/** Animals by id, or a query of their ids (an organisation's, a foster home's). */
type PetIds = readonly string[] | SQLWrapper;

/**
 * The doses the record expects on or before `lastDay`, by animal (dueDoses: a dose given since
 * takes the place of the one it followed). Only the animals with such a next dose are read whole.
 */
async function dosesDueBy(db: Db, petIds: PetIds, lastDay: string): Promise<Map<string, DueDose[]>> {
  const due = new Map<string, DueDose[]>();
  if (Array.isArray(petIds) && petIds.length === 0) return due;
  // Only the animals whose next dose (written on the pet from its record) is due by then.
  const withDoseDue = db
    .select({ id: pets.id })
    .from(pets)
    .where(
      and(
        Array.isArray(petIds) ? idIn(pets.id, petIds) : inArray(pets.id, petIds as SQLWrapper),
        lte(pets.proximaDose, lastDay),
      ),
    );
  const rows = await db
    .select(doseColumns)
    .from(petHealthEntries)
    .where(
      and(
        inArray(petHealthEntries.tipo, ["vacina", "vermifugo", "antipulgas"]),
        inArray(petHealthEntries.petId, withDoseDue),
      ),
    );
  const byPet = new Map<string, typeof rows>();
  for (const row of rows) byPet.set(row.petId, [...(byPet.get(row.petId) ?? []), row]);
  for (const [petId, entries] of byPet) {
    const doses = dueDoses(entries).filter((dose) => dose.dia <= lastDay);
    if (doses.length > 0) due.set(petId, doses);
  }
  return due;
}

/** "Vacina V10 (desde 12/11/2026)": an overdue dose, as the lists show it. */
export function overdueText(dose: DueDose): string {
  const what = dose.tipo === "vacina" ? `Vacina ${dose.nome}` : dose.nome;
  return `${what} (desde ${formatDay(dose.dia)})`;
}

/** The adopter turns the animal's health reminders off, or on again. */
export async function setHealthReminders(db: Db, actorId: string, petId: string, on: boolean): Promise<Result> {
  const reader = await healthReaderOf(db, actorId, petId);
  if (!reader.ok) return reader;
  if (reader.value.role !== "adotante") return forbidden("health-reminders-adopter-only");
  await db
    .update(adoptions)
    .set({ lembretesSaude: on })
    .where(and(eq(adoptions.petId, petId), eq(adoptions.adopterId, actorId), isNull(adoptions.devolvidaEm)));
  return ok();
}

/** Whether the adopter gets the animal's health reminders (null: not its adopter). */
export async function healthRemindersOn(db: Db, actorId: string, petId: string): Promise<boolean | null> {
  const [adoption] = await db
    .select({ on: adoptions.lembretesSaude })
    .from(adoptions)
    .where(and(eq(adoptions.petId, petId), eq(adoptions.adopterId, actorId), isNull(adoptions.devolvidaEm)))
    .limit(1);
  return adoption ? adoption.on : null;
}
