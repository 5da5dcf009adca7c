import { and, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { termos, termoSignatures, users } from "~/db/schema";
import { renderEmail } from "~/emails/render.server";
import { TermoIssuedEmail, termoIssuedSubject, TermoSignedEmail, termoSignedSubject } from "~/emails/termos.server";
import { sendMailOnce, type Mailer } from "~/services/mail.server";

/** The termo's e-mails, sent by the job queue once each: issued (to the adopter), signed by them (to the caretaker). */

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

/** The job `TERMO_SIGNED_JOB`. */
export async function sendTermoSignedNotice(db: Db, mailer: Mailer, termoId: string, publicUrl: string) {
  const [row] = await db
    .select({
      email: users.email,
      caretakerNome: users.nome,
      petNome: termos.petNome,
      applicationId: termos.applicationId,
      status: termos.status,
      adopterNome: termoSignatures.nomeCompleto,
    })
    .from(termos)
    .innerJoin(users, eq(users.id, termos.caretakerId))
    .innerJoin(termoSignatures, and(eq(termoSignatures.termoId, termos.id), eq(termoSignatures.parte, "adotante")))
    .where(eq(termos.id, termoId))
    .limit(1);
  if (!row?.applicationId || row.status !== "assinado_adotante") return;
  const { email, applicationId, status: _status, ...props } = row;
  const content = await renderEmail(TermoSignedEmail({ ...props, termoUrl: termoUrl(publicUrl, applicationId) }));
  await sendMailOnce(db, mailer, {
    to: email,
    subject: termoSignedSubject(props),
    ...content,
    idempotencyKey: `termo-assinado.${termoId}`,
  });
}
