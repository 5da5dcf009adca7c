import { and, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { applications, termos, termoSignatures, users } from "~/db/schema";
import { teamToTell } from "~/domain/organizations/membership.server";
import { renderEmail } from "~/emails/render.server";
import { TermoIssuedEmail, termoIssuedSubject, TermoSignedEmail, termoSignedSubject } from "~/emails/termos.server";
import { sendMailOnce, type Mailer } from "~/services/mail.server";

/** The termo's e-mails, sent by the job queue once each: issued (to the adopter), signed by them (to the team). */

const termoUrl = (publicUrl: string, applicationId: string) =>
  `${publicUrl}/adopet/candidaturas/${applicationId}/termo`;

/** The job `TERMO_ISSUED_JOB`. */
export async function sendTermoIssuedNotice(db: Db, mailer: Mailer, termoId: string, publicUrl: string) {
  const [row] = await db
    .select({
      email: users.email,
      adopterNome: users.nome,
      petNome: termos.petNome,
      responsavelNome: termos.responsavelNome,
      applicationId: termos.applicationId,
      status: termos.status,
    })
    .from(termos)
    .innerJoin(users, eq(users.id, termos.adopterId))
    .where(eq(termos.id, termoId))
    .limit(1);
  // Signed, cancelled or deleted since, or an account gone.
  if (!row?.applicationId || row.status !== "emitido") return;
  const { email, applicationId, status: _status, ...props } = row;
  const content = await renderEmail(TermoIssuedEmail({ ...props, termoUrl: termoUrl(publicUrl, applicationId) }));
  await sendMailOnce(db, mailer, {
    to: email,
    subject: termoIssuedSubject(props),
    ...content,
    idempotencyKey: `termo-emitido.${termoId}`,
  });
}

/**
 * The job `TERMO_SIGNED_JOB`: tells the team (issue 43) the adopter signed, so that a member
 * with the role signs on the organisation's behalf: as `teamToTell` says.
 */
export async function sendTermoSignedNotice(db: Db, mailer: Mailer, termoId: string, publicUrl: string) {
  const [row] = await db
    .select({
      petNome: termos.petNome,
      applicationId: termos.applicationId,
      organizationId: applications.organizationId,
      assignedTo: applications.assignedTo,
      status: termos.status,
      adopterNome: termoSignatures.nomeCompleto,
    })
    .from(termos)
    .innerJoin(applications, eq(applications.id, termos.applicationId))
    .innerJoin(termoSignatures, and(eq(termoSignatures.termoId, termos.id), eq(termoSignatures.parte, "adotante")))
    .where(eq(termos.id, termoId))
    .limit(1);
  if (!row?.applicationId || row.status !== "assinado_adotante") return;
  for (const member of await teamToTell(db, row.organizationId, row.assignedTo)) {
    const props = { caretakerNome: member.nome, petNome: row.petNome, adopterNome: row.adopterNome };
    const content = await renderEmail(TermoSignedEmail({ ...props, termoUrl: termoUrl(publicUrl, row.applicationId) }));
    await sendMailOnce(db, mailer, {
      to: member.email,
      subject: termoSignedSubject(props),
      ...content,
      idempotencyKey: `termo-assinado.${termoId}.${member.id}`,
    });
  }
}
