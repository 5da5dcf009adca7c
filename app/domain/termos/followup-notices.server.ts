import type { ReactElement } from "react";
import { eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { adoptions, applicationEvents, applications, checkins, happyEndings, pets, users } from "~/db/schema";
import {
  AdoptionReturnedEmail,
  adoptionReturnedSubject,
  CastrationReminderEmail,
  castrationReminderSubject,
  CheckinEmail,
  checkinSubject,
  CheckinUnansweredEmail,
  checkinUnansweredSubject,
  StorySharedEmail,
  storySharedSubject,
} from "~/emails/followups.server";
import { renderEmail } from "~/emails/render.server";
import { formatDay } from "~/lib/dates";
import { sendMailOnce, type Mailer } from "~/services/mail.server";
import { checkinToken } from "./followups.server";
import { teamToTell } from "~/domain/organizations/membership.server";

/** The follow-up's e-mails, each sent once by its job (idempotency keys). */

const adoptionUrl = (publicUrl: string, applicationId: string | null, section = "acompanhamento") =>
  `${publicUrl}/adopet/candidaturas/${applicationId ?? ""}#${section}`;

/** Who follows an adoption up: its organisation, and the member its application is assigned to. */
const adoptionTeam = {
  organizationId: adoptions.organizationId,
  assignedTo: sql<
    string | null
  >`(select ${applications.assignedTo} from ${applications} where ${applications.id} = ${adoptions.applicationId})`,
};

/** A notice, rendered and sent once (its key). */
async function sendOnce(
  db: Db,
  mailer: Mailer,
  { to, subject, email, key }: { to: string; subject: string; email: ReactElement; key: string },
) {
  await sendMailOnce(db, mailer, { to, subject, ...(await renderEmail(email)), idempotencyKey: key });
}

/** The adopter's name, in a notice to the caretaker (null if their account is gone). */
async function nameOf(db: Db, userId: string | null): Promise<string | null> {
  if (!userId) return null;
  const [user] = await db.select({ nome: users.nome }).from(users).where(eq(users.id, userId));
  return user?.nome ?? null;
}

/** The job `CHECKIN_EMAIL_JOB`: `Como está o {animal}?`, with its link. */
export async function sendCheckinEmail(db: Db, mailer: Mailer, checkinId: string, publicUrl: string) {
  const [row] = await db
    .select({
      email: users.email,
      adopterNome: users.nome,
      petNome: pets.nome,
      petSexo: pets.sexo,
      dia: checkins.dia,
      sentAt: checkins.sentAt,
      answeredAt: checkins.answeredAt,
      devolvidaEm: adoptions.devolvidaEm,
    })
    .from(checkins)
    .innerJoin(adoptions, eq(adoptions.id, checkins.adoptionId))
    .innerJoin(users, eq(users.id, adoptions.adopterId))
    .innerJoin(pets, eq(pets.id, adoptions.petId))
    .where(eq(checkins.id, checkinId))
    .limit(1);
  // Answered, or the animal returned, meanwhile.
  if (!row?.sentAt || row.answeredAt || row.devolvidaEm) return;
  const token = await checkinToken(db, checkinId, new Date(row.sentAt));
  const props = {
    adopterNome: row.adopterNome,
    petNome: row.petNome,
    petSexo: row.petSexo,
    dia: row.dia,
    // In the query, which the request log leaves out (a path it writes).
    checkinUrl: `${publicUrl}/adopet/acompanhamento?token=${token}`,
  };
  await sendOnce(db, mailer, {
    to: row.email,
    subject: checkinSubject(props),
    email: CheckinEmail(props),
    key: `checkin.${checkinId}`,
  });
}

/** The job `CHECKIN_UNANSWERED_JOB`: tells the team (issue 43), as `teamToTell` says. */
export async function sendCheckinUnanswered(db: Db, mailer: Mailer, checkinId: string, publicUrl: string) {
  const [row] = await db
    .select({
      ...adoptionTeam,
      petNome: pets.nome,
      dia: checkins.dia,
      answeredAt: checkins.answeredAt,
      applicationId: adoptions.applicationId,
      adopterId: adoptions.adopterId,
      devolvidaEm: adoptions.devolvidaEm,
    })
    .from(checkins)
    .innerJoin(adoptions, eq(adoptions.id, checkins.adoptionId))
    .innerJoin(pets, eq(pets.id, adoptions.petId))
    .where(eq(checkins.id, checkinId))
    .limit(1);
  if (!row?.organizationId || row.answeredAt || !row.adopterId || row.devolvidaEm) return;
  const adopter = await nameOf(db, row.adopterId);
  if (!adopter) return;
  for (const member of await teamToTell(db, row.organizationId, row.assignedTo)) {
    const props = {
      caretakerNome: member.nome,
      adopterNome: adopter,
      petNome: row.petNome,
      dia: row.dia,
      adoptionUrl: adoptionUrl(publicUrl, row.applicationId),
    };
    await sendOnce(db, mailer, {
      to: member.email,
      subject: checkinUnansweredSubject(props),
      email: CheckinUnansweredEmail(props),
      key: `checkin-sem-resposta.${checkinId}.${member.id}`,
    });
  }
}

/** The job `CASTRATION_REMINDER_JOB`. */
export async function sendCastrationReminder(
  db: Db,
  mailer: Mailer,
  { adoptionId, dias }: { adoptionId: string; dias: number },
  publicUrl: string,
) {
  const [row] = await db
    .select({
      email: users.email,
      adopterNome: users.nome,
      petNome: pets.nome,
      prazo: adoptions.prazoCastracao,
      castradoEm: adoptions.castradoEm,
      devolvidaEm: adoptions.devolvidaEm,
      applicationId: adoptions.applicationId,
    })
    .from(adoptions)
    .innerJoin(users, eq(users.id, adoptions.adopterId))
    .innerJoin(pets, eq(pets.id, adoptions.petId))
    .where(eq(adoptions.id, adoptionId))
    .limit(1);
  // Castrated since, returned, or gone.
  if (!row?.prazo || row.castradoEm || row.devolvidaEm) return;
  const props = {
    adopterNome: row.adopterNome,
    petNome: row.petNome,
    dias,
    prazo: formatDay(row.prazo),
    adoptionUrl: adoptionUrl(publicUrl, row.applicationId),
  };
  await sendOnce(db, mailer, {
    to: row.email,
    subject: castrationReminderSubject(props),
    email: CastrationReminderEmail(props),
    key: `castracao.${adoptionId}.${dias}`,
  });
}

/** The job `ADOPTION_RETURNED_JOB`: tells the team the adopter recorded the return, and why. */
export async function sendAdoptionReturned(db: Db, mailer: Mailer, eventId: string, publicUrl: string) {
  const [row] = await db
    .select({
      organizationId: applications.organizationId,
      assignedTo: applications.assignedTo,
      petNome: pets.nome,
      motivo: applicationEvents.motivo,
      applicationId: applications.id,
      adopterId: applications.adopterId,
    })
    .from(applicationEvents)
    .innerJoin(applications, eq(applications.id, applicationEvents.applicationId))
    .innerJoin(pets, eq(pets.id, applications.petId))
    .where(eq(applicationEvents.id, eventId))
    .limit(1);
  if (!row) return;
  const adopter = await nameOf(db, row.adopterId);
  for (const member of await teamToTell(db, row.organizationId, row.assignedTo)) {
    const props = {
      caretakerNome: member.nome,
      adopterNome: adopter ?? "Quem adotou",
      petNome: row.petNome,
      motivo: row.motivo ?? "",
      adoptionUrl: adoptionUrl(publicUrl, row.applicationId),
    };
    await sendOnce(db, mailer, {
      to: member.email,
      subject: adoptionReturnedSubject(props),
      email: AdoptionReturnedEmail(props),
      key: `devolucao.${eventId}.${member.id}`,
    });
  }
}

/** The job `STORY_SHARED_JOB`: tells the team a story waits for approval (once per version of it). */
export async function sendStoryShared(db: Db, mailer: Mailer, storyId: string, publicUrl: string) {
  const [row] = await db
    .select({
      ...adoptionTeam,
      petNome: pets.nome,
      historia: happyEndings.historia,
      status: happyEndings.status,
      updatedAt: happyEndings.updatedAt,
      applicationId: adoptions.applicationId,
      adopterId: adoptions.adopterId,
    })
    .from(happyEndings)
    .innerJoin(adoptions, eq(adoptions.id, happyEndings.adoptionId))
    .innerJoin(pets, eq(pets.id, adoptions.petId))
    .where(eq(happyEndings.id, storyId))
    .limit(1);
  // Decided or taken down meanwhile.
  if (!row?.organizationId || row.status !== "pendente" || !row.adopterId) return;
  const adopter = await nameOf(db, row.adopterId);
  if (!adopter) return;
  for (const member of await teamToTell(db, row.organizationId, row.assignedTo)) {
    const props = {
      caretakerNome: member.nome,
      adopterNome: adopter,
      petNome: row.petNome,
      historia: row.historia,
      adoptionUrl: adoptionUrl(publicUrl, row.applicationId, "final-feliz"),
    };
    await sendOnce(db, mailer, {
      to: member.email,
      subject: storySharedSubject(props),
      email: StorySharedEmail(props),
      key: `final-feliz.${storyId}.${new Date(row.updatedAt).getTime()}.${member.id}`,
    });
  }
}
