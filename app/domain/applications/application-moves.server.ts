import { and, count, eq, isNull, sql } from "drizzle-orm";
import { type Db } from "~/db/client.server";
import { applicationNotes, applications, pets, users } from "~/db/schema";
import { isUniqueViolation } from "~/db/errors.server";
import {
  allowedMoves,
  STATUS_LABEL,
  type ApplicationParty,
  type ApplicationStatus,
  type VisitPlace,
} from "~/lib/applications";
import {
  APPLICATION_STATUS_JOB,
  applicationsOfPet,
  approvalFellThrough,
  listedStatus,
  moveAll,
} from "~/domain/adoptions/lifecycle.server";
import { type Jobs } from "~/services/jobs.server";
import { publicDataChanged } from "~/domain/pets/public-reads.server";
import { fail, forbidden, invalid, notFound, ok, type Result } from "~/services/outcome.server";
import type { ApplicationPatch } from "~/validation/applications";
import { caresFor } from "~/domain/organizations/membership.server";
import { recordActivity } from "~/domain/organizations/activity-records.server";
import { scheduleAssignmentNotice } from "~/domain/organizations/assignment-notices.server";
import { currentStay, FOSTER_VISIT_JOB } from "~/domain/foster/visits.server";
import { applicationPartyOf } from "./parties.server";

/** Moving an application along the caretaker's pipeline, by rule, and declining the waiting list. */

/**
 * A move of an application by one of its parties, and/or a private note or an assignment by
 * the team. Approving reserves the animal (one approval wins; a second gets a conflict) and
 * puts the other open applications on the waiting list; declining or withdrawing an approved
 * one reopens the animal. The team's moves and assignments go to the organisation's log.
 */
export async function changeApplication(
  db: Db,
  jobs: Jobs,
  actorId: string,
  id: string,
  patch: ApplicationPatch,
): Promise<Result<{ status: ApplicationStatus }>> {
  try {
    const result = await db.transaction(async (tx) => {
      // Locks in one order, the pet and then its applications: moves of one animal's
      // applications (an approval waitlists the others) wait for each other, never deadlock.
      const [found] = await tx.select({ petId: applications.petId }).from(applications).where(eq(applications.id, id));
      if (!found) return notFound("application");
      await tx.select({ id: pets.id }).from(pets).where(eq(pets.id, found.petId)).for("update");
      const [row] = await tx
        .select({
          status: applications.status,
          petId: applications.petId,
          adopterId: applications.adopterId,
          organizationId: applications.organizationId,
          assignedTo: applications.assignedTo,
          // How the log names it: the adopter and the animal.
          alvoNome: sql<string>`(select nome from users where id = ${applications.adopterId}) || ' (' ||
            (select nome from pets where id = ${applications.petId}) || ')'`,
        })
        .from(applications)
        .where(eq(applications.id, id))
        .for("update");
      if (!row) return notFound("application");
      const party = await applicationPartyOf(tx, row, actorId);
      if (!party) return notFound("application");
      const teamOnly = patch.nota !== undefined || patch.atribuida_a !== undefined || patch.visita !== undefined;
      if (teamOnly && party !== "responsavel") {
        return forbidden("application-caretaker-only");
      }
      const to = patch.status;
      const refused = to ? refusedMove(row.status, to, party) : null;
      if (refused) return refused;
      // The visit's place is settled before anything is written: a refusal leaves the application as it was.
      const visit = to === "visita" || patch.visita ? await arrangedVisit(tx, row, to, patch.visita) : null;
      if (visit && !visit.ok) return visit;
      const logged = {
        organizationId: row.organizationId,
        actorId,
        alvoId: id,
        alvoNome: row.alvoNome,
        alvoPessoaId: row.adopterId,
      };
      if (patch.atribuida_a !== undefined && patch.atribuida_a !== row.assignedTo) {
        const assignee = patch.atribuida_a;
        if (assignee !== null && !(await caresFor(tx, assignee, row.organizationId))) {
          return invalid("atribuida_a", "assignee");
        }
        await tx.update(applications).set({ assignedTo: assignee }).where(eq(applications.id, id));
        const [named] = assignee ? await tx.select({ nome: users.nome }).from(users).where(eq(users.id, assignee)) : [];
        await recordActivity(tx, {
          ...logged,
          acao: "candidatura_atribuida",
          detalhe: named?.nome ?? null,
          detalhePessoaId: assignee,
        });
        await scheduleAssignmentNotice(jobs, tx, { assignee, actorId, at: new Date() });
      }
      if (to) {
        if (to === "aprovada") {
          const reserved = await tx
            .update(pets)
            .set({ reservedAt: new Date() })
            .where(and(eq(pets.id, row.petId), sql`${listedStatus} = 'disponivel'`, isNull(pets.reservedAt)))
            .returning({ id: pets.id });
          if (reserved.length === 0) {
            const [pet] = await tx.select({ status: listedStatus }).from(pets).where(eq(pets.id, row.petId));
            return pet?.status === "disponivel"
              ? fail({ kind: "conflict", reason: "pet-reserved" })
              : fail({ kind: "gone", subject: "pet" });
          }
        }
        const motivo = to === "recusada" ? (patch.motivo ?? null) : null;
        if (visit) await setVisit(tx, jobs, id, visit.value);
        await moveAll(tx, jobs, [id], to, party, motivo);
        if (party === "responsavel") {
          const where = visit?.value.local === "lar_temporario" ? " no lar temporário" : "";
          const detalhe = motivo ? `${STATUS_LABEL[to]}: ${motivo}` : `${STATUS_LABEL[to]}${where}`;
          await recordActivity(tx, { ...logged, acao: "candidatura_movida", detalhe });
        }
        if (to === "aprovada") {
          const others = await applicationsOfPet(tx, row.petId, ["nova", "em_analise", "entrevista", "visita"], id);
          await moveAll(tx, jobs, others, "em_espera", "responsavel", null);
        }
        // An approved adoption that fell through: its termo, if any, is void.
        if (row.status === "aprovada") await approvalFellThrough(tx, jobs, id, row.petId);
      } else if (visit) {
        // The visit changed at the `visita` step: the adopter hears of it as of the step itself.
        await setVisit(tx, jobs, id, visit.value);
        await moveAll(tx, jobs, [id], "visita", party, null);
        const where = visit.value.local === "lar_temporario" ? " no lar temporário" : "";
        await recordActivity(tx, { ...logged, acao: "candidatura_movida", detalhe: `Visita remarcada${where}` });
      }
      if (patch.nota !== undefined) {
        await tx.insert(applicationNotes).values({ applicationId: id, texto: patch.nota });
      }
      return ok({ status: to ?? row.status, petChanged: to === "aprovada" || row.status === "aprovada" });
    });
    if (!result.ok) return result;
    jobs.wake(APPLICATION_STATUS_JOB);
    if (patch.visita || patch.status === "visita") jobs.wake(FOSTER_VISIT_JOB);
    if (result.value.petChanged) publicDataChanged(db);
    return ok({ status: result.value.status });
  } catch (error) {
    // Two approvals for one animal at the same moment: the index lets one through.
    if (isUniqueViolation(error)) return fail({ kind: "conflict", reason: "pet-reserved" });
    throw error;
  }
}

type ArrangedVisit = { local: VisitPlace; em: Date | null; placementId: string | null };

/**
 * Where and when the `visita` step happens: on a move to it (the adopter's home unless said),
 * or a change while at it. At the foster home only for an animal in one now (that stay's
 * foster sees it).
 */
async function arrangedVisit(
  tx: Db,
  row: { status: ApplicationStatus; petId: string },
  to: ApplicationStatus | undefined,
  input: ApplicationPatch["visita"],
): Promise<Result<ArrangedVisit>> {
  if (!to && row.status !== "visita") return fail({ kind: "conflict", reason: "visit-step", field: "visita" });
  const local = input?.local ?? "casa_de_quem_adota";
  const em = input?.em ?? null;
  if (local === "casa_de_quem_adota") return ok({ local, em, placementId: null });
  const stay = await currentStay(tx, row.petId);
  if (!stay) return invalid("visita", "visit-no-foster");
  return ok({ local, em, placementId: stay.id });
}

/** Records the visit's place and day; one at a foster home is e-mailed to that foster. */
async function setVisit(tx: Db, jobs: Jobs, id: string, visit: ArrangedVisit): Promise<void> {
  const [saved] = await tx
    .update(applications)
    .set({ visitaLocal: visit.local, visitaEm: visit.em, visitaPlacementId: visit.placementId })
    .where(eq(applications.id, id))
    .returning({ id: applications.id });
  if (saved && visit.placementId) {
    await jobs.send(FOSTER_VISIT_JOB, { applicationId: id, version: String(Date.now()) }, { tx });
  }
}

function refusedMove(from: ApplicationStatus, to: ApplicationStatus, party: ApplicationParty) {
  if (allowedMoves(from, party).includes(to)) return null;
  // Withdrawing is the adopter's, every other move the caretaker's (403); theirs, but not from here: 409.
  const mover: ApplicationParty = to === "desistiu" ? "adotante" : "responsavel";
  if (party !== mover) {
    return forbidden(mover === "adotante" ? "application-adopter-only" : "application-caretaker-only");
  }
  return fail({ kind: "conflict", reason: "application-move" });
}

/** Declines the pet's whole waiting list with one message. */
export async function declineWaitingList(
  db: Db,
  jobs: Jobs,
  userId: string,
  petId: string,
  motivo: string,
): Promise<Result<{ declined: number }>> {
  const declined = await db.transaction(async (tx) => {
    // The pet first, as every move locks it (changeApplication).
    const [pet] = await tx
      .select({ organizationId: pets.organizationId, nome: pets.nome })
      .from(pets)
      .where(eq(pets.id, petId))
      .for("update");
    if (!pet || !(await caresFor(tx, userId, pet.organizationId))) return notFound("pet");
    const waiting = await applicationsOfPet(tx, petId, ["em_espera"]);
    await moveAll(tx, jobs, waiting, "recusada", "responsavel", motivo);
    if (waiting.length > 0) {
      await recordActivity(tx, {
        organizationId: pet.organizationId,
        actorId: userId,
        acao: "lista_de_espera_recusada",
        alvoId: petId,
        alvoNome: pet.nome,
        detalhe: motivo,
      });
    }
    return ok({ declined: waiting.length });
  });
  if (declined.ok) jobs.wake(APPLICATION_STATUS_JOB);
  return declined;
}

/** How many applications wait on the pet's list (the pipeline offers to decline them). */
export async function countWaiting(db: Db, petId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(applications)
    .where(and(eq(applications.petId, petId), eq(applications.status, "em_espera")));
  return row?.total ?? 0;
}
