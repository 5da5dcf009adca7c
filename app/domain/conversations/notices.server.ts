import { and, asc, desc, eq, inArray, isNotNull, isNull, not } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { conversationMessages, conversations, lostFoundReports, organizations, pets, users } from "~/db/schema";
import { reportAnimalName } from "~/lib/lost-found";
import { teamToTell } from "~/domain/organizations/membership.server";
import { ConversationNotice, conversationNoticeSubject } from "~/emails/conversation-notice.server";
import { renderEmail } from "~/emails/render.server";
import type { Jobs } from "~/services/jobs.server";
import { sendMailOnce, type Mailer } from "~/services/mail.server";
import { publicName } from "~/domain/pets/pet-views.server";
import { byAdopter } from "./parties.server";

/**
 * E-mails about conversations (issue 20): a message still unread 10 minutes after it was
 * sent is e-mailed to its reader, with any others that piled up meanwhile in the same
 * e-mail; at most one e-mail per conversation and reader an hour.
 */
export const CONVERSATION_NOTICE_JOB = "conversation-notice";
export const NOTICE_DELAY_MS = 10 * 60_000;
const NOTICE_GAP_MS = 60 * 60_000;

/** The recipient of the adopter's messages: the team (issue 43), told as `teamToTell` says. */
export const TEAM = "equipe";

/** `recipientId`: the adopter's id, or TEAM (a job queued before teams: the caretaker's id, read as TEAM). */
export type ConversationNoticeJob = { conversationId: string; recipientId: string };

/** The notice's job at `at`: one waiting job per conversation and reader (the queue drops a second). */
function noticeAt(jobs: Jobs, notice: ConversationNoticeJob, at: Date, tx?: Db): Promise<void> {
  return jobs.send(CONVERSATION_NOTICE_JOB, notice, {
    tx,
    singletonKey: `${notice.conversationId}:${notice.recipientId}`,
    startAfter: at,
  });
}

/** Schedules the notice of a message just written, in the transaction that writes it. */
export function scheduleConversationNotice(
  jobs: Jobs,
  notice: ConversationNoticeJob,
  sentAt: Date,
  tx: Db,
): Promise<void> {
  return noticeAt(jobs, notice, new Date(sentAt.getTime() + NOTICE_DELAY_MS), tx);
}

/**
 * The job: e-mails the reader what they have not read nor been told of. Read meanwhile:
 * nothing. Told of this conversation within the hour: tried again when the hour is up. The
 * team's reader is the member it is assigned to, or else each administrador and membro da
 * equipe, by their own e-mail; the adopter reads the organisation's name as the author.
 */
export async function sendConversationNotice(
  db: Db,
  mailer: Mailer,
  jobs: Jobs,
  { conversationId, recipientId }: ConversationNoticeJob,
  publicUrl: string,
  now: Date,
): Promise<void> {
  const [conversation] = await db
    .select({
      petNome: pets.nome,
      report: { tipo: lostFoundReports.tipo, nome: lostFoundReports.nome, especie: lostFoundReports.especie },
      adopterId: conversations.adopterId,
      caretakerId: conversations.caretakerId,
      organizationId: conversations.organizationId,
      organizationNome: organizations.nome,
      assignedTo: conversations.assignedTo,
    })
    .from(conversations)
    .leftJoin(pets, eq(pets.id, conversations.petId))
    .leftJoin(lostFoundReports, eq(lostFoundReports.id, conversations.reportId))
    .leftJoin(organizations, eq(organizations.id, conversations.organizationId))
    .where(eq(conversations.id, conversationId))
    .limit(1);
  if (!conversation) return;
  const petNome = conversation.report ? reportAnimalName(conversation.report) : conversation.petNome!;
  const toAdopter = conversation.adopterId === recipientId;
  const fromAdopter = byAdopter(conversation.adopterId);
  const toReader = and(
    eq(conversationMessages.conversationId, conversationId),
    toAdopter ? not(fromAdopter) : fromAdopter,
  );
  const pending = await db
    .select({
      id: conversationMessages.id,
      texto: conversationMessages.texto,
      createdAt: conversationMessages.createdAt,
    })
    .from(conversationMessages)
    .where(and(toReader, isNull(conversationMessages.readAt), isNull(conversationMessages.notifiedAt)))
    .orderBy(asc(conversationMessages.createdAt), asc(conversationMessages.id));
  if (pending.length === 0) return;
  const oldest = new Date(pending[0]!.createdAt);
  if (now.getTime() - oldest.getTime() < NOTICE_DELAY_MS) {
    // Early (a clock ahead, a retry): back when the oldest is 10 minutes old.
    await noticeAt(jobs, { conversationId, recipientId }, new Date(oldest.getTime() + NOTICE_DELAY_MS));
    return;
  }
  const [last] = await db
    .select({ at: conversationMessages.notifiedAt })
    .from(conversationMessages)
    .where(and(toReader, isNotNull(conversationMessages.notifiedAt)))
    .orderBy(desc(conversationMessages.notifiedAt))
    .limit(1);
  const lastNotice = last?.at ? new Date(last.at) : null;
  if (lastNotice && now.getTime() - lastNotice.getTime() < NOTICE_GAP_MS) {
    await noticeAt(jobs, { conversationId, recipientId }, new Date(lastNotice.getTime() + NOTICE_GAP_MS));
    return;
  }
  const person = (id: string) =>
    db
      .select({ id: users.id, nome: publicName, email: users.email, suspendedAt: users.suspendedAt })
      .from(users)
      .where(eq(users.id, id))
      .then(([row]) => row);
  const adopter = await person(conversation.adopterId);
  if (!adopter) return;
  // About a report, its author alone reads the other side's messages, and signs theirs.
  const author = conversation.organizationId === null ? await person(conversation.caretakerId) : undefined;
  const readers = toAdopter
    ? [adopter]
    : conversation.organizationId === null
      ? author
        ? [author]
        : []
      : await teamToTell(db, conversation.organizationId, conversation.assignedTo).then(activeOnly(db));
  const authorNome = toAdopter ? (conversation.organizationNome ?? author?.nome ?? "") : adopter.nome;
  for (const reader of readers) {
    if (reader.suspendedAt) continue;
    const content = await renderEmail(
      ConversationNotice({
        recipientNome: reader.nome,
        authorNome,
        petNome,
        messages: pending.map(({ texto }) => ({ texto })),
        threadUrl: `${publicUrl}/adopet/mensagens/${conversationId}`,
      }),
    );
    await sendMailOnce(db, mailer, {
      to: reader.email,
      subject: conversationNoticeSubject({ authorNome, petNome }),
      ...content,
      idempotencyKey: `aviso-conversa.${pending.at(-1)!.id}.${reader.id}`,
    });
  }
  await db
    .update(conversationMessages)
    .set({ notifiedAt: now })
    .where(
      inArray(
        conversationMessages.id,
        pending.map(({ id }) => id),
      ),
    );
}

/** The team's members with whether their account is suspended (a suspended one is not e-mailed). */
function activeOnly(db: Db) {
  return async (team: { id: string; nome: string; email: string }[]) => {
    if (team.length === 0) return [];
    const suspended = await db
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          inArray(
            users.id,
            team.map((member) => member.id),
          ),
          isNotNull(users.suspendedAt),
        ),
      );
    const out = new Set(suspended.map((row) => row.id));
    return team.map((member) => ({ ...member, suspendedAt: out.has(member.id) ? new Date() : null }));
  };
}
