import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { auditLog, pets, users } from "~/db/schema";
import { ModerationNoticeEmail, type ModerationNoticeProps } from "~/emails/moderation.server";
import { renderEmail } from "~/emails/render.server";
import { sendMailOnce, type Mailer } from "~/services/mail.server";
import type { ModerationNotice } from "./reports.server";

/**
 * The e-mails of moderation (issue 22), sent by the job queue once each: a listing hidden by
 * reports, and every operator action that changes what someone has on the site.
 */

type Notice = { to: string; subject: string; props: ModerationNoticeProps };

/** The job `MODERATION_NOTICE_JOB`. */
export async function sendModerationNotice(
  db: Db,
  mailer: Mailer,
  notice: ModerationNotice,
  publicUrl: string,
  contato: string | null,
): Promise<void> {
  const idempotencyKey =
    "auditId" in notice ? `moderacao.${notice.auditId}` : `moderacao.denuncias.${notice.petId}.${notice.hiddenAt}`;
  const mail =
    "auditId" in notice
      ? await actionNotice(db, notice.auditId, publicUrl, contato)
      : await hiddenByReports(db, notice.petId, publicUrl);
  // Gone since (the account, the listing), or an action nobody needs telling of.
  if (!mail) return;
  const content = await renderEmail(ModerationNoticeEmail(mail.props));
  await sendMailOnce(db, mailer, { to: mail.to, subject: mail.subject, ...content, idempotencyKey });
}

async function petAndCaretaker(db: Db, petId: string) {
  const [row] = await db
    .select({ petNome: pets.nome, nome: users.nome, email: users.email })
    .from(pets)
    .innerJoin(users, eq(users.id, pets.caretakerId))
    .where(eq(pets.id, petId))
    .limit(1);
  return row;
}

async function hiddenByReports(db: Db, petId: string, publicUrl: string): Promise<Notice | null> {
  const row = await petAndCaretaker(db, petId);
  if (!row) return null;
  return {
    to: row.email,
    subject: `Seu anúncio de ${row.petNome} está em análise`,
    props: {
      nome: row.nome,
      paragraphs: [
        `Algumas pessoas denunciaram o anúncio de ${row.petNome}, e ele ficou oculto até a equipe de moderação da Adopet analisá-lo.`,
        "Você não precisa fazer nada agora. Se estiver tudo certo, o anúncio volta a aparecer, e avisaremos você por email.",
      ],
      motivo: null,
      contato: null,
      link: { href: `${publicUrl}/adopet/meus-pets`, label: "Ver meus pets" },
    },
  };
}

async function actionNotice(
  db: Db,
  auditId: string,
  publicUrl: string,
  contato: string | null,
): Promise<Notice | null> {
  const [entry] = await db.select().from(auditLog).where(eq(auditLog.id, auditId)).limit(1);
  if (!entry) return null;
  if (entry.alvoTipo === "pet") {
    const row = await petAndCaretaker(db, entry.alvoId);
    if (!row) return null;
    const myPets = { href: `${publicUrl}/adopet/meus-pets`, label: "Ver meus pets" };
    if (entry.acao === "ocultar_anuncio") {
      return {
        to: row.email,
        subject: `Seu anúncio de ${row.petNome} foi ocultado`,
        props: {
          nome: row.nome,
          paragraphs: [
            `A equipe de moderação da Adopet ocultou o anúncio de ${row.petNome}: ele não aparece mais nas buscas nem tem página pública.`,
          ],
          motivo: entry.motivo,
          contato,
          link: myPets,
        },
      };
    }
    return {
      to: row.email,
      subject: `Seu anúncio de ${row.petNome} voltou a aparecer`,
      props: {
        nome: row.nome,
        paragraphs: [
          `A equipe de moderação da Adopet analisou o anúncio de ${row.petNome}, e ele voltou a aparecer no site.`,
        ],
        motivo: null,
        contato: null,
        link: { href: `${publicUrl}/adopet/pets/${entry.alvoId}`, label: `Ver o anúncio de ${row.petNome}` },
      },
    };
  }
  const [person] = await db
    .select({ nome: users.nome, email: users.email })
    .from(users)
    .where(eq(users.id, entry.alvoId))
    .limit(1);
  if (!person) return null;
  if (entry.acao === "suspender_conta") {
    return {
      to: person.email,
      subject: "Sua conta na Adopet foi suspensa",
      props: {
        nome: person.nome,
        paragraphs: [
          "A equipe de moderação da Adopet suspendeu a sua conta. Enquanto ela estiver suspensa, você não consegue entrar, e os seus anúncios ficam ocultos.",
        ],
        motivo: entry.motivo,
        contato,
        link: null,
      },
    };
  }
  if (entry.acao === "restaurar_conta") {
    return {
      to: person.email,
      subject: "Sua conta na Adopet foi reativada",
      props: {
        nome: person.nome,
        paragraphs: [
          "A equipe de moderação da Adopet reativou a sua conta: você já pode entrar, e os seus anúncios voltaram a aparecer.",
        ],
        motivo: null,
        contato: null,
        link: { href: `${publicUrl}/adopet/login`, label: "Entrar na Adopet" },
      },
    };
  }
  return null;
}
