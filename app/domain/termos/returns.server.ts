import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { adoptions, applicationEvents, applications, checkins, happyEndings, pets } from "~/db/schema";
import { APPLICATION_STATUS_JOB } from "~/domain/adoptions/lifecycle.server";
import { publicDataChanged } from "~/domain/pets/public-reads.server";
import { deleteStories } from "./happy-endings.server";
import { applicationParty } from "./termo-reads.server";
import { adoptionOf, adoptionParty } from "./followups.server";
import type { ApplicationParty } from "~/lib/applications";
import type { Jobs } from "~/services/jobs.server";
import { fail, notFound, ok, type Result } from "~/services/outcome.server";

/**
 * Devolução (issue 21): either party records that the animal went back to its caretaker, with
 * the reason. The application becomes `devolvida` (its timeline keeps who and why), the
 * follow-up ends (check-ins not yet sent are dropped; castration reminders stop), and the
 * adoption's record, its termo and the check-ins answered stay as history. The animal is
 * published again when its caretaker chooses: at once, from the same form, or later, by
 * marking it available on its edit page (which an adoption not returned refuses).
 */

/** The job: tells the caretaker when the adopter recorded the return (the adopter gets the status e-mail). */
export const ADOPTION_RETURNED_JOB = "adoption-returned";

export type ReturnInput = { motivo: string; publicar?: boolean };

export async function recordReturn(
  db: Db,
  jobs: Jobs,
  userId: string,
  applicationId: string,
  input: ReturnInput,
  now: Date,
): Promise<Result<{ party: ApplicationParty }>> {
  const recorded = await db.transaction(
    async (tx): Promise<Result<{ party: ApplicationParty; publicChange: boolean }>> => {
      const adoption = await adoptionOf(tx, applicationId, { lock: true });
      const party = adoption && (await adoptionParty(tx, userId, adoption));
      if (!adoption) return (await applicationParty(tx, userId, applicationId)) ? notAdopted : notFound("application");
      if (!party) return notFound("application");
      if (adoption.devolvidaEm) return fail({ kind: "conflict", reason: "adoption-returned" });
      await tx.update(adoptions).set({ devolvidaEm: now }).where(eq(adoptions.id, adoption.id));
      // A returned adoption is no happy ending: its story, if shared, goes.
      const storiesGone = await deleteStories(tx, eq(happyEndings.adoptionId, adoption.id));
      // The follow-up ends: what was not sent will not be.
      await tx.delete(checkins).where(and(eq(checkins.adoptionId, adoption.id), isNull(checkins.sentAt)));
      await tx
        .update(applications)
        .set({ status: "devolvida", updatedAt: now })
        .where(eq(applications.id, applicationId));
      const [event] = await tx
        .insert(applicationEvents)
        .values({ applicationId, status: "devolvida", actor: party, motivo: input.motivo, createdAt: now })
        .returning({ id: applicationEvents.id });
      await jobs.send(APPLICATION_STATUS_JOB, { eventId: event!.id }, { tx });
      if (party === "adotante") await jobs.send(ADOPTION_RETURNED_JOB, { eventId: event!.id }, { tx });
      const relisted = party === "responsavel" && input.publicar === true && adoption.petId !== null;
      if (relisted) await relist(tx, adoption.petId!, now);
      return ok({ party, publicChange: relisted || storiesGone > 0 });
    },
  );
  if (!recorded.ok) return recorded;
  jobs.wake(APPLICATION_STATUS_JOB);
  if (recorded.value.party === "adotante") jobs.wake(ADOPTION_RETURNED_JOB);
  if (recorded.value.publicChange) publicDataChanged(db);
  return ok({ party: recorded.value.party });
}

const notAdopted = fail({ kind: "conflict", reason: "not-adopted" });

/** The animal available again (under a listing hidden by moderation, the status it goes back to). */
async function relist(tx: Db, petId: string, now: Date): Promise<void> {
  await tx
    .update(pets)
    .set({
      status: sql`case when ${pets.status} = 'oculto' then ${pets.status} else 'disponivel'::pet_status end`,
      statusBeforeHidden: sql`case when ${pets.status} = 'oculto' then 'disponivel'::pet_status else ${pets.statusBeforeHidden} end`,
      reservedAt: null,
      updatedAt: now,
    })
    .where(and(eq(pets.id, petId), sql`${pets.status} <> 'removido'`));
}
