import { eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { applicationEvents, applications, pets, users } from "~/db/schema";
import { statusForAdopter, STATUS_LABEL } from "~/lib/applications";
import {
  NewApplicationEmail,
  newApplicationSubject,
  StatusChangeEmail,
  statusChangeSubject,
} from "~/emails/applications.server";
import { renderEmail } from "~/emails/render.server";
import { sendMailOnce, type Mailer } from "~/services/mail.server";
import { teamToTell } from "~/domain/organizations/membership.server";

/**
 * The e-mails of applications, sent by the job queue once each (idempotency keys): a new
 * application to the team, each change of status to the adopter.
 */

const applicationUrl = (publicUrl: string, id: string) => `${publicUrl}/adopet/candidaturas/${id}`;

/**
 * The job `APPLICATION_NEW_JOB`: tells the team, each member by their own e-mail: the member it is
 * assigned to, or else the organisation's administradores and equipe (issue 43).
 */
export async function sendNewApplicationNotice(
  db: Db,
  mailer: Mailer,
  applicationId: string,
  publicUrl: string,
): Promise<void> {
  const [application] = await db
    .select({
      organizationId: applications.organizationId,
      assignedTo: applications.assignedTo,
      petNome: pets.nome,
      adopterNome: sql<string>`(select nome from ${users} where id = ${applications.adopterId})`,
    })
    .from(applications)
    .innerJoin(pets, eq(pets.id, applications.petId))
    .where(eq(applications.id, applicationId))
    .limit(1);
  // Deleted since (an account, the pet).
  if (!application) return;
  const recipients = await teamToTell(db, application.organizationId, application.assignedTo);
  for (const recipient of recipients) {
    const props = { caretakerNome: recipient.nome, petNome: application.petNome, adopterNome: application.adopterNome };
    const content = await renderEmail(
      NewApplicationEmail({ ...props, applicationUrl: applicationUrl(publicUrl, applicationId) }),
    );
    await sendMailOnce(db, mailer, {
      to: recipient.email,
      subject: newApplicationSubject(props),
      ...content,
      idempotencyKey: `candidatura-nova.${applicationId}.${recipient.id}`,
    });
  }
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
      // The visit as it is now: a later change sends its own e-mail.
      currentStatus: applications.status,
      visitaLocal: applications.visitaLocal,
      visitaEm: applications.visitaEm,
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
    explanation: statusForAdopter(
      row.status,
      row.status === "visita" && row.currentStatus === "visita" && row.visitaLocal
        ? { local: row.visitaLocal, em: row.visitaEm ? new Date(row.visitaEm) : null }
        : null,
    ),
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
