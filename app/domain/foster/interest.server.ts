import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { pets, users } from "~/db/schema";
import { teamToTell } from "~/domain/organizations/membership.server";
import { FosterInterestEmail, fosterInterestSubject } from "~/emails/foster.server";
import { renderEmail } from "~/emails/render.server";
import { offerInWords } from "~/lib/foster";
import { firstName } from "~/lib/people";
import type { Jobs } from "~/services/jobs.server";
import { composeAndSendOnce, type Mailer } from "~/services/mail.server";
import { fail, notFound, ok, type Result } from "~/services/outcome.server";
import { takeAllowance } from "~/services/rate-limits.server";
import { ownOffer } from "./offers.server";

/**
 * `Posso ser lar temporário` (issue 44): a person sends their offer of a home to the team of an
 * animal that needs one. The team is e-mailed once per person and animal, with the first name,
 * the city and what is offered, and finds the offer on its foster page to invite them.
 */

export const FOSTER_INTEREST_JOB = "foster-interest";

/**
 * Sends the person's offer to the animal's team: an animal available and marked as needing a
 * home, an offer of theirs not paused (else `foster-offer`: they make or resume one first).
 */
export async function offerHomeFor(db: Db, jobs: Jobs, userId: string, petId: string): Promise<Result> {
  const [pet] = await db
    .select({ status: pets.status, precisa: pets.precisaLarTemporario })
    .from(pets)
    .where(eq(pets.id, petId))
    .limit(1);
  if (!pet || pet.status === "removido") return notFound("pet");
  if (pet.status !== "disponivel" || !pet.precisa) return fail({ kind: "conflict", reason: "foster-not-needed" });
  const offer = await ownOffer(db, userId);
  if (!offer || offer.pausado) return notFound("foster-offer");
  const allowed = await takeAllowance(db, "foster-account", userId);
  if (!allowed.ok) return allowed;
  await jobs.send(FOSTER_INTEREST_JOB, { petId, userId });
  jobs.wake(FOSTER_INTEREST_JOB);
  return ok();
}

/** The job: e-mails the animal's team (its assignee-less team: administradores and equipe), once per person and animal. */
export async function sendFosterInterest(
  db: Db,
  mailer: Mailer,
  { petId, userId }: { petId: string; userId: string },
  publicUrl: string,
): Promise<void> {
  const [pet] = await db
    .select({ nome: pets.nome, organizationId: pets.organizationId, precisa: pets.precisaLarTemporario })
    .from(pets)
    .where(eq(pets.id, petId));
  const [person] = await db.select({ nome: users.nome }).from(users).where(eq(users.id, userId));
  const offer = await ownOffer(db, userId);
  // Withdrawn, deleted, or the animal found a home meanwhile: nothing to tell.
  if (!pet || !person || !offer || offer.pausado || !pet.precisa) return;
  const nome = firstName(person.nome);
  for (const member of await teamToTell(db, pet.organizationId, null)) {
    await composeAndSendOnce(db, mailer, `lar-interesse.${petId}.${userId}.${member.id}`, async () => ({
      to: member.email,
      subject: fosterInterestSubject(nome, pet.nome),
      ...(await renderEmail(
        FosterInterestEmail({
          nome,
          pet: pet.nome,
          cidade: `${offer.cidade} (${offer.uf})`,
          oferta: offerInWords(offer),
          url: `${publicUrl}/adopet/organizacoes/${pet.organizationId}/lares?perto=${offer.cidadeIbge}`,
        }),
      )),
    }));
  }
}
