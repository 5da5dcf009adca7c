import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { applications, fosterPlacements, pets, users } from "~/db/schema";
import { FosterVisitEmail, fosterVisitSubject } from "~/emails/foster.server";
import { renderEmail } from "~/emails/render.server";
import { formatDateTime } from "~/lib/dates";
import { firstName } from "~/lib/people";
import { composeAndSendOnce, type Mailer } from "~/services/mail.server";

/**
 * Adoption visits at a foster home (issue 44): the team arranges an application's `visita` step
 * at the home the animal is in, and that foster sees it on their page and is e-mailed. The
 * foster reads the adopter's first name and the day, nothing more; the adopter gets the
 * address from the team.
 */

export const FOSTER_VISIT_JOB = "foster-visit";

/** The animal's current stay in a foster home, if any (the caller holds the pet's lock). */
export async function currentStay(db: Db, petId: string): Promise<{ id: string; fosterId: string | null } | null> {
  const [stay] = await db
    .select({ id: fosterPlacements.id, fosterId: fosterPlacements.fosterId })
    .from(fosterPlacements)
    .where(and(eq(fosterPlacements.petId, petId), isNull(fosterPlacements.fim)))
    .limit(1);
  return stay ?? null;
}

export type FosterVisit = {
  petId: string;
  /** The adopter's first name. */
  nome: string;
  /** When, once agreed; null: the team will arrange the day. */
  em: Date | null;
};

/** The visits arranged at `fosterId`'s home for the animals with them now, soonest first (undated last). */
export async function visitsAtHome(db: Db, fosterId: string, petIds: string[]): Promise<FosterVisit[]> {
  if (petIds.length === 0) return [];
  const rows = await db
    .select({ petId: applications.petId, nome: users.nome, em: applications.visitaEm })
    .from(applications)
    .innerJoin(fosterPlacements, eq(fosterPlacements.id, applications.visitaPlacementId))
    .innerJoin(users, eq(users.id, applications.adopterId))
    .where(
      and(
        eq(applications.status, "visita"),
        eq(fosterPlacements.fosterId, fosterId),
        isNull(fosterPlacements.fim),
        inArray(applications.petId, petIds),
      ),
    )
    .orderBy(asc(applications.visitaEm), asc(applications.createdAt));
  return rows.map((row) => ({
    petId: row.petId,
    nome: firstName(row.nome),
    em: row.em ? new Date(row.em) : null,
  }));
}

/**
 * The job: tells the foster of a visit arranged (or changed) at their home. `version` tells one
 * arrangement from the next (the moment it was made), so each is e-mailed once.
 */
export async function sendFosterVisit(
  db: Db,
  mailer: Mailer,
  { applicationId, version }: { applicationId: string; version: string },
  publicUrl: string,
): Promise<void> {
  const [row] = await db
    .select({
      status: applications.status,
      em: applications.visitaEm,
      adopter: users.nome,
      pet: pets.nome,
      fosterId: fosterPlacements.fosterId,
      ended: fosterPlacements.fim,
    })
    .from(applications)
    .innerJoin(fosterPlacements, eq(fosterPlacements.id, applications.visitaPlacementId))
    .innerJoin(users, eq(users.id, applications.adopterId))
    .innerJoin(pets, eq(pets.id, applications.petId))
    .where(eq(applications.id, applicationId))
    .limit(1);
  // Decided, moved elsewhere or the stay over meanwhile: nothing to tell.
  if (!row || row.status !== "visita" || row.ended || !row.fosterId) return;
  const [foster] = await db
    .select({ email: users.email, nome: users.nome })
    .from(users)
    .where(eq(users.id, row.fosterId));
  if (!foster) return;
  const nome = firstName(row.adopter);
  await composeAndSendOnce(db, mailer, `lar-visita.${applicationId}.${version}`, async () => ({
    to: foster.email,
    subject: fosterVisitSubject(nome, row.pet),
    ...(await renderEmail(
      FosterVisitEmail({
        lar: firstName(foster.nome),
        nome,
        pet: row.pet,
        quando: row.em ? formatDateTime(new Date(row.em)) : null,
        url: `${publicUrl}/adopet/meus-lares`,
      }),
    )),
  }));
}
