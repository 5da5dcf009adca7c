import { eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { applicationEvents, applications, pets, users } from "~/db/schema";
import { STATUS_FOR_ADOPTER, STATUS_LABEL } from "~/lib/applications";
import {
  NewApplicationEmail,
  newApplicationSubject,
  StatusChangeEmail,
  statusChangeSubject,
} from "~/emails/applications.server";
import { renderEmail } from "~/emails/render.server";
import { sendMailOnce, type Mailer } from "~/services/mail.server";

/**
 * The e-mails of applications, sent by the job queue once each (idempotency keys): a new
 * application to the caretaker, each change of status to the adopter.
 */

const applicationUrl = (publicUrl: string, id: string) => `${publicUrl}/adopet/candidaturas/${id}`;

/** The job `APPLICATION_NEW_JOB`: tells the caretaker. */
export async function sendNewApplicationNotice(
  db: Db,
  mailer: Mailer,
  applicationId: string,
  publicUrl: string,
): Promise<void> {
  const [row] = await db
    .select({
      email: users.email,
      caretakerNome: users.nome,
      petNome: pets.nome,
      adopterNome: sql<string>`(select nome from ${users} where id = ${applications.adopterId})`,
    })
    .from(applications)
    .innerJoin(users, eq(users.id, applications.caretakerId))
    .innerJoin(pets, eq(pets.id, applications.petId))
    .where(eq(applications.id, applicationId))
    .limit(1);
  // Deleted since (an account, the pet).
  if (!row) return;
  const { email, ...props } = row;
  const content = await renderEmail(
    NewApplicationEmail({ ...props, applicationUrl: applicationUrl(publicUrl, applicationId) }),
  );
  await sendMailOnce(db, mailer, {
    to: email,
    subject: newApplicationSubject(props),
    ...content,
    idempotencyKey: `candidatura-nova.${applicationId}`,
  });
}

/** The job `APPLICATION_STATUS_JOB`: tells the adopter what changed and what comes next. */
export async function sendStatusNotice(db: Db, mailer: Mailer, eventId: string, publicUrl: string): Promise<void> {
  const [row] = await db
    .select({
      email: users.email,
      adopterNome: users.nome,
      petNome: pets.nome,
      status: applicationEvents.status,
      motivo: applicationEvents.motivo,
      applicationId: applications.id,
    })
    .from(applicationEvents)
    .innerJoin(applications, eq(applications.id, applicationEvents.applicationId))
    .innerJoin(users, eq(users.id, applications.adopterId))
    .innerJoin(pets, eq(pets.id, applications.petId))
    .where(eq(applicationEvents.id, eventId))
    .limit(1);
  if (!row) return;
  const props = {
    adopterNome: row.adopterNome,
    petNome: row.petNome,
    statusLabel: STATUS_LABEL[row.status],
    explanation: STATUS_FOR_ADOPTER[row.status],
    motivo: row.motivo,
    applicationUrl: applicationUrl(publicUrl, row.applicationId),
  };
  const content = await renderEmail(StatusChangeEmail(props));
  await sendMailOnce(db, mailer, {
    to: row.email,
    subject: statusChangeSubject(props),
    ...content,
    idempotencyKey: `candidatura-status.${eventId}`,
  });
}
