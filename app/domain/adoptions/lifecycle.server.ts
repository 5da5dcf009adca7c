import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { adoptions, applicationEvents, applications, pets, termos } from "~/db/schema";
import { scheduleCheckins } from "~/domain/termos/followups.server";
import type { ApplicationParty, ApplicationStatus } from "~/lib/applications";
import type { Jobs } from "~/services/jobs.server";
import { endPlacementsLeft } from "~/domain/foster/placements.server";

/**
 * The adoption's lifecycle from application to termo, in one module: moving applications between
 * statuses (a timeline row and an e-mail each), and the transitions that reach past the
 * application: the approval falling through (its termo cancelled, the animal available again,
 * the waiting list back) and the termo signed by both (the animal adopted, the waiting list
 * declined, the adoption recorded). Applications (app/domain/applications) and termos
 * (app/domain/termos) both move through here, and neither imports the other.
 */

/** The job: tells the adopter what changed on their application and what comes next. */
export const APPLICATION_STATUS_JOB = "application-status";

/** Moves applications to `status`, with a timeline row each and an e-mail to each adopter. */
export async function moveAll(
  tx: Db,
  jobs: Jobs,
  ids: string[],
  status: ApplicationStatus,
  actor: ApplicationParty,
  motivo: string | null,
): Promise<void> {
  if (ids.length === 0) return;
  const now = new Date();
  await tx
    .update(applications)
    .set({ status, updatedAt: now, ...(status === "recusada" && { motivo }) })
    .where(inArray(applications.id, ids));
  const events = await tx
    .insert(applicationEvents)
    .values(ids.map((applicationId) => ({ applicationId, status, actor, motivo, createdAt: now })))
    .returning({ id: applicationEvents.id });
  // The adopter hears of what the caretaker (or the system, for them) did; not of their own move.
  if (actor === "responsavel") {
    for (const event of events) await jobs.send(APPLICATION_STATUS_JOB, { eventId: event.id }, { tx });
  }
}

/** The open applications of a pet in these statuses, other than `except`. */
export async function applicationsOfPet(tx: Db, petId: string, statuses: ApplicationStatus[], except?: string) {
  const rows = await tx
    .select({ id: applications.id })
    .from(applications)
    .where(and(eq(applications.petId, petId), inArray(applications.status, statuses)))
    .for("update");
  return rows.map((row) => row.id).filter((id) => id !== except);
}

/**
 * A pet's status as its caretaker keeps it: a listing hidden by moderation (issue 22) is still
 * available or adopted underneath, and its applications go on.
 */
export const listedStatus = sql<string>`(case when ${pets.status} = 'oculto' then ${pets.statusBeforeHidden} else ${pets.status} end)`;

/**
 * An approved adoption fell through: the animal is available again, its waiting list back in
 * analysis. Not for an animal since adopted or removed (its waiting list stays closed). The
 * pet is locked by the caller.
 */
async function reopen(tx: Db, jobs: Jobs, petId: string): Promise<void> {
  const [pet] = await tx.select({ status: listedStatus }).from(pets).where(eq(pets.id, petId));
  if (pet?.status !== "disponivel") return;
  await tx.update(pets).set({ reservedAt: null }).where(eq(pets.id, petId));
  const waiting = await applicationsOfPet(tx, petId, ["em_espera"]);
  await moveAll(tx, jobs, waiting, "em_analise", "responsavel", null);
}

/**
 * An approved adoption fell through (the application declined or withdrawn, the caller moved
 * it): its termo, not yet signed by both, is cancelled, and the animal is available again with
 * its waiting list back in analysis. The pet is locked by the caller.
 */
export async function approvalFellThrough(tx: Db, jobs: Jobs, applicationId: string, petId: string): Promise<void> {
  await tx
    .update(termos)
    .set({ status: "cancelado", cancelledAt: new Date() })
    .where(and(eq(termos.applicationId, applicationId), inArray(termos.status, ["emitido", "assinado_adotante"])));
  await reopen(tx, jobs, petId);
}

/**
 * Before an adopter's account is deleted (with its applications): the animals approved for
 * them are available again, with their waiting lists back in analysis.
 */
export async function releaseApprovalsOf(tx: Db, jobs: Jobs, adopterId: string): Promise<void> {
  const approved = await tx
    .select({ petId: applications.petId })
    .from(applications)
    .where(and(eq(applications.adopterId, adopterId), eq(applications.status, "aprovada")));
  for (const { petId } of approved) {
    await tx.select({ id: pets.id }).from(pets).where(eq(pets.id, petId)).for("update");
    await reopen(tx, jobs, petId);
  }
}

/** The message the waiting list gets when the animal is adopted. */
const ADOPTED_ELSEWHERE =
  "O animal foi adotado por outra pessoa. Obrigado pelo interesse: há muitos outros esperando um lar.";

/** The animal was adopted (its termo signed): its waiting list is declined, each adopter told. The pet is locked by the caller. */
async function declineWaitingListOnAdoption(tx: Db, jobs: Jobs, petId: string): Promise<void> {
  const waiting = await applicationsOfPet(tx, petId, ["em_espera"]);
  await moveAll(tx, jobs, waiting, "recusada", "responsavel", ADOPTED_ELSEWHERE);
}

/**
 * Both signed: the animal is adopted (under a listing hidden by moderation too, which keeps
 * its own status), the application `adotada` (the adopter is e-mailed, as for every change),
 * and the adoption recorded, with its check-ins scheduled and its castration deadline.
 */
export async function completeAdoption(
  tx: Db,
  jobs: Jobs,
  ids: { termoId: string; applicationId: string; petId: string; prazoCastracao: string | null },
  now: Date,
): Promise<void> {
  const [pet] = await tx
    .update(pets)
    .set({
      status: sql`case when ${pets.status} = 'oculto' then ${pets.status} else 'adotado'::pet_status end`,
      statusBeforeHidden: sql`case when ${pets.status} = 'oculto' then 'adotado'::pet_status else ${pets.statusBeforeHidden} end`,
      reservedAt: null,
      updatedAt: now,
    })
    .where(eq(pets.id, ids.petId))
    .returning({ caretakerId: pets.caretakerId });
  // Adopted, it leaves its foster home.
  await endPlacementsLeft(tx, { petId: ids.petId }, now);
  const [application] = await tx
    .update(applications)
    .set({ status: "adotada", updatedAt: now })
    .where(eq(applications.id, ids.applicationId))
    .returning({
      adopterId: applications.adopterId,
      caretakerId: applications.caretakerId,
      organizationId: applications.organizationId,
    });
  const [event] = await tx
    .insert(applicationEvents)
    .values({ applicationId: ids.applicationId, status: "adotada", actor: "responsavel", createdAt: now })
    .returning({ id: applicationEvents.id });
  await jobs.send(APPLICATION_STATUS_JOB, { eventId: event!.id }, { tx });
  await declineWaitingListOnAdoption(tx, jobs, ids.petId);
  const caretakerId = pet?.caretakerId ?? application!.caretakerId;
  const [adoption] = await tx
    .insert(adoptions)
    .values({
      termoId: ids.termoId,
      applicationId: ids.applicationId,
      petId: ids.petId,
      adopterId: application!.adopterId,
      caretakerId,
      organizationId: application!.organizationId,
      adoptedAt: now,
      prazoCastracao: ids.prazoCastracao,
    })
    .returning({ id: adoptions.id });
  await scheduleCheckins(tx, { id: adoption!.id, organizationId: application!.organizationId, adoptedAt: now });
}
